#!/bin/sh
# On the device under test, from boards/lava/csumbench.yaml: fetches the static
# binary, runs CONFIG, reports each point (lava-cases.sh) and prints the
# CSV pair into the job log between the virtual board's markers, so
# "scripts/vboard.sh fetch job.log results/" recovers them, checked.
# usage: boards/lava/lava-run.sh BINARY CONFIG [EMULATED]   (POSIX sh, busybox)
bin=$1 config=$2 emulated=${3:-auto}
here=$(cd "$(dirname "$0")" && pwd)
# (a new folder: none another user of the device could have made first)
dir=$(mktemp -d "${TMPDIR:-/tmp}/csumbench-lava.XXXXXX") && mkdir "$dir/results" || exit 1
case=lava-test-case
# Outside LAVA (trying it by hand): the cases are printed.
command -v $case > /dev/null 2>&1 || case="echo lava-test-case"
LAVA_TEST_CASE=$case
export LAVA_TEST_CASE

case $bin in
http://* | https://* | ftp://*)
	if command -v wget > /dev/null 2>&1; then
		wget -q -O "$dir/csumbench" "$bin"
	else
		curl -fsSL -o "$dir/csumbench" "$bin"
	fi ;;
"") echo "csumbench: no BINARY given (a URL or a path in the repository)" >&2 ;;
*) cp "$bin" "$dir/csumbench" ;;
esac
if [ ! -s "$dir/csumbench" ] || ! chmod +x "$dir/csumbench"; then
	$case csumbench-binary --result fail
	exit 0
fi
$case csumbench-binary --result pass

# (at most 40 characters: the runner key takes 63)
host=$({ cat /proc/sys/kernel/hostname 2> /dev/null || hostname; } | tr -c 'A-Za-z0-9._\n-' '_' | cut -c1-40)
stem=$(basename "$config" .conf)-lava-$host-$(date +%Y%m%d-%H%M%S)
set -- run -c "$config" -o "$dir/results/$stem.csv" --set "runner=lava:$host"
[ "$emulated" = yes ] && set -- "$@" --set emulated=yes
"$dir/csumbench" "$@"
status=$?
# A run stopped by a hung kernel leaves its rows in -partial files.
csv=$dir/results/$stem.csv
[ -f "$csv" ] || csv=$dir/results/$stem-partial.csv
if [ $status = 0 ] && [ -f "$csv" ]; then
	$case csumbench-run --result pass
else
	$case csumbench-run --result fail
fi
[ -f "$csv" ] && "$here/lava-cases.sh" "$csv"

# The files into the log, framed as the virtual board's init frames them.
if command -v cksum > /dev/null 2>&1; then
	n=0
	for f in "$dir/results"/*; do
		[ -f "$f" ] || continue
		b=$(basename "$f")
		echo "@@csumbench-file $b $(wc -c < "$f" | tr -d ' ') $(cksum < "$f" | cut -d' ' -f1)"
		cat "$f"
		[ -z "$(tail -c 1 "$f")" ] || echo
		echo "@@csumbench-file-end $b"
		n=$((n + 1))
	done
	echo "@@csumbench-done $status files $n 0 s"
else
	echo "lava-run.sh: no cksum(1) here (busybox's lacks it): the CSVs are" \
		"not framed in the log; they are in $dir/results" >&2
fi
exit 0
