#!/bin/sh
# On the device under test, from lava/csumbench.yaml: fetches the static
# binary, runs CONFIG, reports each point (lava-cases.sh) and prints the
# CSV pair into the job log between the virtual board's markers, so
# "scripts/vboard.sh fetch job.log results/" recovers them, checked.
# usage: lava/lava-run.sh BINARY CONFIG [EMULATED]   (POSIX sh, busybox)
bin=$1 config=$2 emulated=${3:-auto}
here=$(cd "$(dirname "$0")" && pwd)
dir=/tmp/csumbench-lava
rm -rf "$dir" && mkdir -p "$dir/results" || exit 1
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

host=$({ cat /proc/sys/kernel/hostname 2> /dev/null || hostname; } | tr -c 'A-Za-z0-9._\n-' '_')
stem=$(basename "$config" .conf)-lava-$host-$(date +%Y%m%d-%H%M%S)
set -- run -c "$config" -o "$dir/results/$stem.csv" --set "runner=lava:$host"
[ "$emulated" = yes ] && set -- "$@" --set emulated=yes
"$dir/csumbench" "$@"
status=$?
if [ ! -f "$dir/results/$stem.csv" ]; then
	$case csumbench-run --result fail
	exit 0
fi
[ $status = 0 ] && $case csumbench-run --result pass || $case csumbench-run --result fail
"$here/lava-cases.sh" "$dir/results/$stem.csv"

# The pair into the log, framed as the virtual board's init frames it.
if command -v cksum > /dev/null 2>&1; then
	for f in "$dir/results"/*; do
		n=$(basename "$f")
		echo "@@csumbench-file $n $(wc -c < "$f" | tr -d ' ') $(cksum < "$f" | cut -d' ' -f1)"
		cat "$f"
		[ -z "$(tail -c 1 "$f")" ] || echo
		echo "@@csumbench-file-end $n"
	done
	echo "@@csumbench-done $status 0 s"
fi
exit 0
