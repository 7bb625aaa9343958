#!/usr/bin/env bash
# make trace: csumbench trace here, on a board over ssh, or on a virtual
# board while its init makes traffic; the size mix lands in results/ (or
# $CSUMBENCH_RESULTS_DIR) as trace-<board>-<date>.mix, never over a file.
# usage: scripts/trace.sh ARCH HOST_ARCH BIN RUNNER SECONDS
#   RUNNER: empty (this machine; root), "ssh root@board", vboard:MACHINE.
set -eu
arch=$1 host_arch=$2 bin=$3 runner=$4 seconds=${5:-10}
out=${CSUMBENCH_RESULTS_DIR:-results}
here_dir=$(cd "$(dirname "$0")" && pwd)
read -r -a runner_cmd <<< "$runner"

if [[ ! $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ] || [ "$seconds" -gt 86400 ]; then
	echo "make trace: SECONDS=$seconds: expected a whole number of seconds, 1 to 86400" >&2
	exit 2
fi
mkdir -p -- "$out"

# shellcheck source=scripts/remote.sh
. "$here_dir/remote.sh"

# fetched FILE: FILE into $out under its own name, or kept where it is.
fetched() {
	if ! "$here_dir/place.sh" --each "$out" "$1" | sed 's/^/fetched to this machine: /'; then
		echo "make trace: the mix is kept in $1" >&2
		keep=1
		return 1
	fi
}

keep=
case $runner in
"")
	if [ "$arch" != "$host_arch" ]; then
		echo "make trace: $bin is built for $arch and this is $host_arch;" \
			"give RUNNER=\"ssh root@board\" or RUNNER=vboard:MACHINE" >&2
		exit 2
	fi
	exec "$bin" trace --seconds "$seconds" -o "$out/"
	;;
ssh\ *)
	board=$(board_name "$runner")
	name=trace-$board-$(date +%Y%m%d-%H%M%S).mix
	board_open "make trace" "$bin" || exit 1
	dir=$board_dir
	status=0
	"${runner_cmd[@]}" "$dir/csumbench trace --seconds $seconds -o $dir/out.mix" < /dev/null ||
		status=$?
	if [ $status = 0 ]; then
		if "${runner_cmd[@]}" "cat $dir/out.mix" < /dev/null > "$here/$name" &&
			[ -s "$here/$name" ]; then
			fetched "$here/$name" || status=1
		else
			echo "make trace: could not fetch the mix from the board" >&2
			status=1
		fi
	fi
	exit $status
	;;
vboard:*)
	# The board's init starts the trace, makes traffic through a TUN
	# device for it (boards/traffic.c: from when the trace counts, or 2 s
	# in if it counts sooner, for 4 s less than the trace), and waits for
	# both.
	vboard_for "make trace" "$runner" "$arch" || exit 2
	if [ "$seconds" -lt 5 ]; then
		echo "make trace: SECONDS=$seconds: a virtual board's trace takes 5 or more" \
			"(its traffic starts once the trace counts, 2 s in at the soonest," \
			"and runs 4 s less)" >&2
		exit 2
	fi
	name=trace-vboard-$machine-$(date +%Y%m%d-%H%M%S).mix
	here=$(mktemp -d)
	trap '[ -n "$keep" ] || rm -rf "$here"' EXIT
	{
		# (nothing in the board can tell it is emulated: said here)
		echo "/csumbench/csumbench trace --emulated --seconds $seconds -o /results/$name > /results/trace.txt &"
		echo "/csumbench/traffic --after 2 --when-traced --seconds $((seconds - 4)) > /results/traffic.txt"
		echo "wait"
	} > "$here/cmds"
	status=0
	"$here_dir/vboard.sh" run "$machine" "$here/out" "$here/cmds" csumbench="$bin" \
		> /dev/null || status=$?
	# (the board's own "wrote" and "replay" lines name its folder)
	for f in trace.txt traffic.txt; do
		[ ! -f "$here/out/$f" ] || sed -e '/^wrote \/results\//d' -e '/^replay: /d' \
			-e "s/^/board: /" "$here/out/$f"
	done
	if [ -f "$here/out/$name" ]; then
		fetched "$here/out/$name" && echo "replay: sizes = mix:$out/$name" || status=1
	else
		status=1
	fi
	[ $status = 0 ] || vboard_keep_console "make trace"
	exit $status
	;;
*)
	exec "${runner_cmd[@]}" "$bin" trace --seconds "$seconds" -o "$out/"
	;;
esac
