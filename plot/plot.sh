#!/usr/bin/env bash
# make plot: figures (PNG and SVG) beside a results CSV, and before/after
# bars when given two runs.  csumreport checks the CSV, lays out the
# figures and writes the points gnuplot draws.
# usage: plot/plot.sh CSUMREPORT RESULTS [KERNEL] [BEFORE AFTER [BK AK]]
#
# gnuplot takes its settings as program text (-e), where a quote in a path
# would end a string.  So it never sees a path of the user's: it runs in a
# temporary folder, on files there with names of ours, and the figures are
# moved out by the shell.
set -u
report=$1 results=$2 kernel=${3:-} before=${4:-} after=${5:-} bk=${6:-} ak=${7:-}
here=$(cd "$(dirname "$0")" && pwd) || exit 2

if ! command -v gnuplot > /dev/null; then
	"$here/../scripts/need.sh" gnuplot-nox || {
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
# The scripts load plot/common.gp from where gnuplot runs.
ln -s "$here" "$T/plot" || exit 2
written=()

# gp_string TEXT: TEXT as a gnuplot single-quoted string, where only a
# quote is special (written twice); line breaks become spaces.
gp_string() {
	local s=${1//$'\n'/ }
	printf "'%s'" "${s//\'/\'\'}"
}

# figure SCRIPT OUT DEST VARS: runs one script in $T, which draws OUT.png
# and OUT.svg there, and moves them to DEST.png and DEST.svg.  On failure,
# or on a panel with nothing to draw, it leaves no file at DEST.  Other
# warnings are passed on.
figure() {
	local script=$1 out=$2 dest=$3 vars=$4
	if (cd "$T" && gnuplot -e "$vars" "plot/$script") 2> "$T/gnuplot.err" &&
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
"$report" gpvars "$results" ${kernel:+--kernel "$kernel"} --data "$T/points.csv" \
	> "$T/vars" || exit 2
stem=${results%.csv}
vars="data='points.csv'; vars='vars'; stem='fig'"
if grep -q '^pf_kernel = ""' "$T/vars"; then
	echo "plot: $results has no prefetching kernel: no prefetch figure" >&2
else
	figure prefetch.gp fig-prefetch "$stem-prefetch" "$vars" || rc=1
fi
figure size.gp fig-size "$stem-size" "$vars" || rc=1

if [ -n "$before" ]; then
	specs=()
	[ -n "$bk" ] && specs+=(--before-kernel "$bk")
	[ -n "$ak" ] && specs+=(--after-kernel "$ak")
	b=$(basename -- "${before%.csv}")
	stem=${after%.csv}
	"$report" compare "$before" "$after" "${specs[@]}" --csv "$T/cmp.csv" > "$T/cmp.txt" || exit 2
	"$report" gpvars "$after" > "$T/after.vars" || exit 2
	# gpvars escapes \ and " in its strings; undone here.
	cpu=$(sed -n 's/^cpu = "\(.*\)"$/\1/p' "$T/after.vars" | sed 's/\\\(.\)/\1/g')
	n=$(sed -n 's/^samples = //p' "$T/after.vars")
	title="$cpu: cycles per byte, median of $n samples; before: $b, after: $(basename -- "$stem")${bk:+ ($bk vs $ak)}"
	grep -q '^EMULATED' "$T/cmp.txt" && title="$title  [EMULATED: not real timings]"
	figure compare.gp fig "$stem-vs-$b" \
		"cmp='cmp.csv'; stem='fig'; title_text=$(gp_string "$title")" || rc=1
fi
for f in "${written[@]}"; do
	echo "wrote $f"
done
exit $rc
