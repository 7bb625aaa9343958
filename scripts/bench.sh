#!/usr/bin/env bash
# make bench: run CONFIG with BIN here, under an emulator, or on a board
# over ssh, and leave the CSV pair in results/ (or $CSUMBENCH_RESULTS_DIR).
# usage: scripts/bench.sh ARCH HOST_ARCH BIN CONFIG RUNNER
set -eu
arch=$1 host_arch=$2 bin=$3 config=$4 runner=$5
out=${CSUMBENCH_RESULTS_DIR:-results}

if [ ! -f "$config" ]; then
	echo "make bench: CONFIG=$config: no such file (see configs/)" >&2
	exit 2
fi
mkdir -p "$out"

# place DIR STEM: moves DIR's STEM* files into $out under the first free
# suffix for the whole set (STEM, STEM-2, ...).  A name is claimed with
# noclobber (O_EXCL) before a file is moved onto it; nothing is replaced.
place() {
	local from=$1 stem=$2 n=1 s f final claimed files
	files=$(cd "$from" && ls -- "$stem"* 2> /dev/null) || files=
	[ -n "$files" ] || { echo "make bench: the run left no results" >&2; return 1; }
	while :; do
		s=$stem
		[ $n -gt 1 ] && s=$stem-$n
		claimed=()
		for f in $files; do
			final=$out/$s${f#"$stem"}
			# noclobber opens a pipe or a link to a device without
			# O_EXCL: anything there already is a taken name.
			if [ -e "$final" ] || [ -L "$final" ] ||
				! (set -C; : > "$final") 2> /dev/null; then
				rm -f "${claimed[@]}"
				claimed=()
				break
			fi
			claimed+=("$final")
		done
		[ ${#claimed[@]} -gt 0 ] && break
		n=$((n + 1))
		if [ $n -gt 999 ]; then
			echo "make bench: cannot create $out/$stem.csv or any -N of it" >&2
			return 1
		fi
	done
	for f in $files; do
		final=$out/$s${f#"$stem"}
		mv -f "$from/$f" "$final"
		echo "fetched $final"
	done
	case " $(echo $files) " in
	*" $stem.csv "*) ;;
	*) echo "make bench: $stem.csv did not come back (only: $(echo $files))" >&2
	   return 1 ;;
	esac
}

case "$runner" in
"")
	if [ "$arch" != "$host_arch" ]; then
		echo "make bench: $bin is built for $arch and this is $host_arch;" \
			"give RUNNER=qemu-ppc (emulated, timings not real) or" \
			"RUNNER=\"ssh root@board\"" >&2
		exit 2
	fi
	exec "$bin" run -c "$config" -o "$out/"
	;;
qemu-*)
	# The harness also sees qemu-user from /proc/cpuinfo; this makes sure.
	CSUMBENCH_EMULATOR=$runner exec $runner "$bin" run -c "$config" -o "$out/"
	;;
ssh\ *)
	# Copied with ssh and cat rather than scp: boards running dropbear
	# often have no scp or sftp server.  Files are named here, with this
	# machine's clock (boards without an RTC start in 1970) and the
	# board's name from RUNNER (or BOARD=), and never replace a file.
	board=${BOARD:-${runner##* }}
	board=$(printf '%s' "${board##*@}" | tr -c 'A-Za-z0-9._-' '_')
	stem=$(basename "$config" .conf)-$board-$(date +%Y%m%d-%H%M%S)
	dir=/tmp/csumbench-$$-$RANDOM
	name=$(basename "$config")
	$runner "mkdir -p $dir/results && cat > $dir/csumbench && chmod +x $dir/csumbench" < "$bin"
	$runner "cat > $dir/$name" < "$config"
	status=0
	$runner "cd $dir && ./csumbench run -c $name -o results/$stem.csv --set runner=ssh:$board" || status=$?
	files=$($runner "ls $dir/results") || files=
	here=$(mktemp -d)
	trap 'rm -rf "$here"' EXIT
	for f in $files; do
		if ! $runner "cat $dir/results/$f" > "$here/$f"; then
			echo "make bench: could not fetch $f from the board" >&2
			rm -f "$here/$f"
			status=1
		fi
	done
	$runner "rm -rf $dir"
	place "$here" "$stem" || status=1
	exit $status
	;;
vboard:*)
	# A real ppc kernel under qemu-system-ppc (scripts/vboard.sh): the
	# binary and config go in its initrd, the CSV pair comes back over
	# the console, checked.  Nothing in there can tell it is emulated,
	# so the runner says so.
	machine=${runner#vboard:}
	cpu=$(scripts/vboard.sh preset "$machine") || exit 2	# it names the machines
	if [ "$arch" != ppc32 ]; then
		echo "make bench: RUNNER=$runner boots a 32-bit PowerPC kernel;" \
			"build for it: make bench ARCH=ppc32${cpu:+ CPU=$cpu} RUNNER=$runner" >&2
		exit 2
	fi
	stem=$(basename "$config" .conf)-vboard-$machine-$(date +%Y%m%d-%H%M%S)
	here=$(mktemp -d)
	trap 'rm -rf "$here"' EXIT
	name=$(basename "$config" | tr -c 'A-Za-z0-9._\n-' '_')
	echo "/csumbench/csumbench run -c /csumbench/$name -o /results/$stem.csv" \
		"--set emulated=yes --set runner=$runner" > "$here/cmds"
	status=0
	scripts/vboard.sh run "$machine" "$here/out" "$here/cmds" \
		csumbench="$bin" "$name=$config" > /dev/null || status=$?
	[ -d "$here/out" ] && place "$here/out" "$stem" || status=1
	exit $status
	;;
*)
	# Any other wrapper, e.g. RUNNER="taskset -c 1" or "nice -n -5".
	exec $runner "$bin" run -c "$config" -o "$out/"
	;;
esac
