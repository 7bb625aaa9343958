#!/usr/bin/env bash
# make plot: figures (PNG and SVG) beside a results CSV, and before/after
# bars when given two runs.  csumreport checks the CSV and lays out the
# figures; gnuplot reads the CSV itself.
# usage: plot/plot.sh CSUMREPORT RESULTS [KERNEL] [BEFORE AFTER [BK AK]]
set -u
report=$1 results=$2 kernel=${3:-} before=${4:-} after=${5:-} bk=${6:-} ak=${7:-}
here=$(dirname "$0")

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

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
written=()

# figure SCRIPT NAME VARS...: runs one script; on failure, or on a panel
# with nothing to draw, leaves no file.  Other warnings are passed on.
figure() {
	local script=$1 name=$2; shift 2
	if gnuplot -e "$*" "$here/$script" 2> "$T/gnuplot.err" &&
		! grep -q 'no valid points' "$T/gnuplot.err"; then
		grep . "$T/gnuplot.err" >&2
		written+=("$stem-$name.png" "$stem-$name.svg")
		return 0
	fi
	cat "$T/gnuplot.err" >&2
	rm -f "$stem-$name.png" "$stem-$name.svg"
	return 1
}

rc=0
"$report" gpvars "$results" ${kernel:+--kernel "$kernel"} --data "$T/points.csv" \
	> "$T/vars" || exit 2
stem=${results%.csv}
vars="data='$T/points.csv'; stem='$stem'; vars='$T/vars'"
if grep -q '^pf_kernel = ""' "$T/vars"; then
	echo "plot: $results has no prefetching kernel: no prefetch figure" >&2
else
	figure prefetch.gp prefetch "$vars" || rc=1
fi
figure size.gp size "$vars" || rc=1

if [ -n "$before" ]; then
	specs=()
	[ -n "$bk" ] && specs+=(--before-kernel "$bk")
	[ -n "$ak" ] && specs+=(--after-kernel "$ak")
	b=$(basename "${before%.csv}")
	stem=${after%.csv}
	"$report" compare "$before" "$after" "${specs[@]}" --csv "$T/cmp.csv" > "$T/cmp.txt" || exit 2
	"$report" gpvars "$after" > "$T/after.vars" || exit 2
	cpu=$(sed -n 's/^cpu = "\(.*\)"$/\1/p' "$T/after.vars" | tr -d "'")
	n=$(sed -n 's/^samples = //p' "$T/after.vars")
	title="$cpu: cycles per byte, median of $n samples; before: $b, after: $(basename "$stem")${bk:+ ($bk vs $ak)}"
	grep -q '^EMULATED' "$T/cmp.txt" && title="$title  [EMULATED: not real timings]"
	figure compare.gp "vs-$b" "cmp='$T/cmp.csv'; stem='$stem-vs-$b'; title_text='$title'" || rc=1
fi
for f in "${written[@]}"; do
	echo "wrote $f"
done
exit $rc
