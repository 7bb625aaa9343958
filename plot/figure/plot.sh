#!/usr/bin/env bash
# make plot: figures (PNG and SVG) beside a results CSV, and before/after
# the change from one to the other when given two runs.  csumreport
# checks the CSV, lays out the figures and writes the points gnuplot
# draws.
# usage: plot/figure/plot.sh CSUMREPORT RESULTS [KERNEL] [BEFORE AFTER [BK AK]] [OP]
#                     [ERRORBARS]
#   (by position: CSUMREPORT RESULTS KERNEL BEFORE AFTER BK AK OP
#   ERRORBARS; empty ones are not given).  ERRORBARS: empty or none for
#   lines alone, iqr for whiskers over each point's interquartile range
#   (of the samples in RESULTS-samples.csv).
#
# A figure never mixes ops.  A file of one op gives STEM-size and
# STEM-prefetch-KERNEL for each prefetching kernel; a file of several
# gives STEM-OP-size and STEM-OP-prefetch-KERNEL for each op (or for OP
# alone), each with its op's axes; the roofline's op (load) only when
# OP=load.  A run with
# load = idle, busy adds STEM-load (bars, min/max whiskers); one with
# cache = ring adds STEM-rx (throughput by rx_prefetch policy).  The
# change from BEFORE (named B) to AFTER (STEM): STEM-vs-B-KERNELS, or
# STEM-vs-B-KERNELS-OP for each op of the pairs when AFTER has several,
# or where BK or AK picks the kernels compared, STEM-AK-vs-B-BK; a
# panel per cache state, each on its own scale, which its title says.
# Figures are named by what they show, so one never replaces another's.
# KERNEL (K,K@D,...) picks the kernels drawn, each op's its own: a
# prefetching K at each of its distances, K@D at D; the size figure is
# then STEM-size-K+K@D.  An emulated run's figures say so first, on a
# line of their own.
#
# gnuplot takes its settings as program text (-e), where a quote in a path
# would end a string.  So it never sees a path of the user's: it runs in a
# temporary folder, on files there with names of ours, and the figures are
# moved out by the shell.
set -u
report=$1 results=$2 kernel=${3:-} before=${4:-} after=${5:-} bk=${6:-} ak=${7:-}
op=${8:-} errorbars=${9:-}
here=$(cd "$(dirname "$0")" && pwd) || exit 2
case $errorbars in
'' | none) errorbars=0 ;;
iqr) errorbars=1 ;;
*)
	echo "make plot: ERRORBARS='$errorbars', expected iqr or none (or nothing)" >&2
	exit 2
	;;
esac

if ! command -v gnuplot > /dev/null; then
	# (an installed copy has no scripts/need.sh to install it with)
	{ [ -x "$here/../../scripts/need.sh" ] && "$here/../../scripts/need.sh" gnuplot-nox; } || {
		echo "make plot: needs gnuplot (apt-get install gnuplot-nox)" >&2
		exit 2
	}
fi
if [ -n "$before$after" ] && { [ -z "$before" ] || [ -z "$after" ]; }; then
	echo "make plot: give both BEFORE= and AFTER=" >&2
	exit 2
fi
[ -z "$results" ] && results=$after
if [ -z "$results" ]; then
	echo "make plot: no results CSV: run make bench first, or give RESULTS=file.csv" >&2
	exit 2
fi

if ! T=$(mktemp -d) || [ ! -d "$T" ]; then
	echo "make plot: cannot make a temporary folder (TMPDIR=${TMPDIR:-/tmp}); nothing drawn" >&2
	exit 2
fi
trap 'rm -rf "$T"' EXIT
# The scripts load plot/figure/common.gp from where gnuplot runs.
mkdir "$T/plot" && ln -s "$here" "$T/plot/figure" || exit 2
written=()

# gp_string TEXT: TEXT as a gnuplot single-quoted string, where only a
# quote is special (written twice); line breaks become spaces.
gp_string() {
	local s=${1//\'/\'\'}
	printf "'%s'" "${s//$'\n'/\'.\"\\n\".\'}"
}

# safe NAME: an op, a kernel (name@distance) or kernels joined by + as
# part of a file name (a CSV may say anything, a slash too, which would
# leave the folder): other characters as _, and a name over 64
# characters cut to 48 and its checksum, so it fits and stays its own.
safe() {
	local s=${1//[^A-Za-z0-9_.@+-]/_}
	[ ${#s} -le 64 ] || s=${s:0:48}-$(printf '%s' "$1" | cksum | cut -d' ' -f1)
	printf '%s' "$s"
}

# gpvar NAME FILE: a string csumreport gpvars wrote, single-quoted with
# its quotes doubled, as it was.
gpvar() {
	sed -n "s/^$1 = '\(.*\)'\$/\1/p" "$2" | sed "s/''/'/g"
}

# gp_panels CSV PREFIX: the change figure's panels, one per cache state
# of CSV (csumreport compare --csv, one op's rows; columns by name) in
# the order they come: PREFIX-N.csv each, header and that state's rows.
# On stdout their layout for compare.gp: n_panels, panel_cache[] (each
# a single-quoted string), each panel's bars' place in bar_labels[]
# (panel_first[], panel_n[]) and its y extent (panel_lo[], panel_hi[]:
# of the changes and the intervals' ends that are numbers, and 0).  A
# label loses its cache state, which its panel names.
gp_panels() {
	awk -F, -v q="'" -v pre="$2" '
	function num(v) { return v ~ /^[-+]?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
	function grow(p, v) {
		if (!num(v)) return
		v += 0
		if (v < lo[p]) lo[p] = v
		if (v > hi[p]) hi[p] = v
	}
	NR == 1 {
		for (i = 1; i <= NF; i++) col[$i] = i
		head = $0
		next
	}
	{
		c = $col["cache"]
		if (!(c in panel)) {
			panel[c] = ++np; name[np] = c; lo[np] = 0; hi[np] = 0
			print head > (pre "-" np ".csv")
		}
		p = panel[c]
		print > (pre "-" p ".csv")
		l = $col["label"]
		if (substr(l, length(l) - length(c)) == " " c)
			l = substr(l, 1, length(l) - length(c) - 1)
		else if ((k = index(l, " " c " @")) > 0)
			l = substr(l, 1, k - 1) substr(l, k + length(c) + 1)
		n[p]++; lab[p, n[p]] = l
		grow(p, $col["change_pct"]); grow(p, $col["ci_low_pct"]); grow(p, $col["ci_high_pct"])
	}
	END {
		printf "n_panels = %d\n", np
		printf "array panel_cache[%d]\narray panel_first[%d]\narray panel_n[%d]\n", np, np, np
		printf "array panel_lo[%d]\narray panel_hi[%d]\n", np, np
		for (p = 1; p <= np; p++) total += n[p]
		printf "array bar_labels[%d]\n", total ? total : 1
		for (p = 1; p <= np; p++) {
			s = name[p]; gsub(q, q q, s)
			printf "panel_cache[%d] = %s%s%s\n", p, q, s, q
			printf "panel_first[%d] = %d\npanel_n[%d] = %d\n", p, at, p, n[p]
			printf "panel_lo[%d] = %.6g\npanel_hi[%d] = %.6g\n", p, lo[p], p, hi[p]
			for (j = 1; j <= n[p]; j++) {
				s = lab[p, j]; gsub(q, q q, s)
				printf "bar_labels[%d] = %s%s%s\n", at + j, q, s, q
			}
			at += n[p]
		}
	}' "$1"
}

# runs VARS: "N samples x R repeats" of the run gpvars described in VARS.
runs() {
	local n r
	n=$(sed -n 's/^samples = //p' "$1")
	r=$(sed -n 's/^repeats = //p' "$1")
	printf '%s samples x %s repeat' "$n" "${r:-1}"
	[ "${r:-1}" = 1 ] || printf s
}

# figure SCRIPT OUT DEST VARS: runs one script in $T, which draws OUT.png
# and OUT.svg there, and moves them to DEST.png and DEST.svg.  On failure,
# or on a panel with nothing to draw, it leaves no file at DEST.  Other
# warnings are passed on.
figure() {
	local script=$1 out=$2 dest=$3 vars=$4
	if (cd "$T" && gnuplot -e "$vars" "plot/figure/$script") 2> "$T/gnuplot.err" &&
		! grep -q 'no valid points' "$T/gnuplot.err" &&
		mv -f "$T/$out.png" "$dest.png" && mv -f "$T/$out.svg" "$dest.svg"; then
		grep . "$T/gnuplot.err" >&2
		written+=("$dest.png" "$dest.svg")
		return 0
	fi
	cat "$T/gnuplot.err" >&2
	rm -f "$T/$out.png" "$T/$out.svg" "$dest.png" "$dest.svg"
	return 1
}

rc=0
"$report" gpvars "$results" --ops > "$T/ops" || exit 2
mapfile -t all_ops < "$T/ops"
ops=("${all_ops[@]}")
[ -n "$op" ] && ops=("$op")
vars="data='points.csv'; vars='vars'; stem='fig'; errorbars=$errorbars"
quartiles=()
[ "$errorbars" = 1 ] && quartiles=(--quartiles)
for o in "${ops[@]}"; do
	# (the roofline's own loads: its ceiling is in the other ops'
	# figures; figures of its own only when asked, OP=load)
	if [ "$o" = load ] && [ "$op" != load ] && [ ${#all_ops[@]} -gt 1 ]; then
		echo "plot: no figures of op load (the roofline's loads) unless asked: OP=load" >&2
		continue
	fi
	stem=${results%.csv} where=$results
	if [ ${#all_ops[@]} -gt 1 ]; then
		stem=$stem-$(safe "$o") where="$results, op $o,"
	fi
	"$report" gpvars "$results" --op "$o" ${kernel:+--kernel "$kernel"} \
		"${quartiles[@]}" --data "$T/points.csv" --load-data "$T/load" --rx-data "$T/rx" \
		> "$T/vars" || exit 2
	npf=$(sed -n 's/^n_pf_kernels = //p' "$T/vars")
	if [ "$(wc -l < "$T/points.csv")" -le 1 ]; then
		echo "plot: $where has no sizes but a mix: no size or prefetch figure" >&2
	elif [ -n "$kernel" ] && grep -qx 'n_lines = 0' "$T/vars"; then
		echo "plot: $where: KERNEL=$kernel names none of its kernels: no size or prefetch figure" >&2
	else
		[ "$npf" = 0 ] && echo "plot: $where has no prefetching kernel${kernel:+ in KERNEL=}: no prefetch figure" >&2
		# A distance figure per prefetching kernel, named with it
		for ((i = 1; i <= npf; i++)); do
			figure prefetch.gp fig-prefetch \
				"$stem-prefetch-$(safe "$(gpvar "pf_kernels\\[$i\\]" "$T/vars")")" "$vars; pfi=$i" || rc=1
		done
		if grep -qx 'n_lines = 0' "$T/vars"; then
			echo "plot: $where: every kernel prefetches: no size figure unless KERNEL=NAME@D (or NAME) draws them" >&2
		else
			figure size.gp fig-size "$stem-size${kernel:+-$(safe "${kernel//,/+}")}" "$vars" || rc=1
		fi
	fi
	# load = idle, busy: bars with whiskers; cache = ring: the policies
	if grep -q '^load_panels = [1-9]' "$T/vars"; then
		figure load.gp fig-load "$stem-load" "$vars; panel='load'" || rc=1
	fi
	if grep -q '^rx_panels = [1-9]' "$T/vars"; then
		figure rx.gp fig-rx "$stem-rx" "$vars; panel='rx'" || rc=1
	fi
done

if [ -n "$before" ]; then
	nl='"\n"'	# gnuplot's newline, between single-quoted parts
	nl_text=$'\n'	# a line break in a title (gp_string writes it as nl)
	specs=()
	[ -n "$bk" ] && specs+=(--before-kernel "$bk")
	[ -n "$ak" ] && specs+=(--after-kernel "$ak")
	[ -n "$op" ] && specs+=(--op "$op")
	b=$(basename -- "${before%.csv}")
	stem=${after%.csv}
	# (the kernels compared in the name: another pair's figure stays)
	name_ak=${ak:+-$(safe "$ak")} name_bk=${bk:+-$(safe "$bk")}
	# (3: inconclusive, no verdict: the bars are drawn, none starred,
	# and the title says so)
	crc=0
	"$report" compare "$before" "$after" "${specs[@]}" --csv "$T/cmp.csv" > "$T/cmp.txt" || crc=$?
	[ $crc = 0 ] || [ $crc = 3 ] || exit 2
	# The bars' ops (their op column), in order: a figure each.
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "op") c = i; next }
		c && !seen[$c]++ { print $c }' "$T/cmp.csv" > "$T/cmp.ops"
	mapfile -t cops < "$T/cmp.ops"
	"$report" gpvars "$after" --ops > "$T/after.ops" || exit 2
	mapfile -t after_ops < "$T/after.ops"
	i=0
	for o in "${cops[@]}"; do
		i=$((i + 1))
		if [ "$o" = load ] && [ "$op" != load ] && [ ${#cops[@]} -gt 1 ]; then
			echo "plot: no change figure of op load (the roofline's loads) unless asked: OP=load" >&2
			continue
		fi
		OPNAME=$o awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "op") c = i; print; next }
			$c == ENVIRON["OPNAME"]' "$T/cmp.csv" > "$T/cmp$i.csv"
		"$report" gpvars "$after" --op "$o" > "$T/after.vars" || exit 2
		# the other side's samples and repeats (its op: the same pairs)
		"$report" gpvars "$before" --op "$o" > "$T/before.vars" 2> /dev/null ||
			cp "$T/after.vars" "$T/before.vars"
		cpu=$(gpvar cpu "$T/after.vars")
		unit=$(gpvar unit "$T/after.vars")
		dest=$stem$name_ak-vs-$b$name_bk what=
		# (no kernels chosen: the kernels of the bars, in the name too)
		if [ -z "$bk$ak" ]; then
			dest=$dest-$(safe "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "kernel") c = i; next }
				c && !seen[$c]++ { printf "%s%s", n++ ? "+" : "", $c }' "$T/cmp$i.csv")")
		fi
		if [ ${#after_ops[@]} -gt 1 ]; then
			dest=$dest-$(safe "$o") what="$o, "
		fi
		# The title in lines: EMULATED where it is, the CPU, what is
		# compared, what @D means, then each side (on one line, two
		# runs' file names ran past the figure's edges).
		title="$cpu$nl_text${what}change in $unit, after / before - 1${bk:+; $bk (before) vs $ak (after)}"
		grep -q '^EMULATED' "$T/cmp.txt" && title="EMULATED: not real timings$nl_text$title"
		grep -q '^WARNING: different builds' "$T/cmp.txt" &&
			title="$title  [different builds: see csumreport compare]"
		if [ $crc = 3 ] && ! grep -q '^EMULATED' "$T/cmp.txt"; then
			why=$(sed -n 's/^Inconclusive: //p' "$T/cmp.txt" | head -n 1)
			case $why in
			"both sides were timed within one process"*) why="one run, both sides within one process" ;;
			"each run is one process"* | "each run's repeats"*) why="each run one process" ;;
			*processes*) why="too few processes" ;;
			*) why="too few repeats" ;;
			esac
			title="$title  [inconclusive, no verdict: $why]"
		fi
		nw=$(grep -c '^WARNING (' "$T/cmp.txt")
		[ "$nw" = 0 ] || title="$title  [$nw warning(s): see csumreport compare]"
		# What "@128" on a bar means, said once
		if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "label") c = i; next }
			c && $c ~ / @/ { f = 1 } END { exit !f }' "$T/cmp$i.csv"; then
			title="$title$nl_text@D: prefetching D bytes ahead (no @D: without prefetch)"
		fi
		if [ "$before" -ef "$after" ]; then
			sides=$(gp_string "one run: $b ($(runs "$T/after.vars"))")
		else
			sides=$(gp_string "before: $b ($(runs "$T/before.vars"))").$nl.$(gp_string "after: $(basename -- "$stem") ($(runs "$T/after.vars"))")
		fi
		# The whiskers' key: the intervals' levels, adjusted as compare's
		# p is where it judged (its table's "adj. CI")
		ci_text="95% interval"
		if grep -q ' adj\. CI ' "$T/cmp.txt"; then
			ci_text="interval adjusted as p is, $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "ci_level") c = i; next }
				c && $(c - 3) !~ /nan/ { v = $c * 100; if (!n++ || v < lo) lo = v; if (n == 1 || v > hi) hi = v }
				END { if (!n) lo = hi = 95; printf (lo == hi ? "%g%%" : "%g%% to %g%%"), lo, hi }' "$T/cmp$i.csv")"
		fi
		gp_panels "$T/cmp$i.csv" "$T/cmp$i" > "$T/panels$i"
		figure compare.gp fig "$dest" "cmp='cmp$i'; panels='panels$i'; stem='fig'; title_text=$(gp_string "$title").$nl.$sides; ylabel_text=$(gp_string "change in $unit (%; above 0: slower)"); ci_text=$(gp_string "$ci_text")" || rc=1
	done
fi
for f in "${written[@]}"; do
	echo "wrote $f"
done
exit $rc
