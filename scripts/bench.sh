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
	$runner "cd $dir && ./csumbench run -c $name -o results/$stem.csv" || status=$?
	files=$($runner "ls $dir/results") || files=
	# The first free suffix for the whole set: -2, -3...  A name is
	# claimed with noclobber (O_EXCL) before the file is moved onto it.
	n=1
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
		[ -z "$files" ] || [ ${#claimed[@]} -gt 0 ] && break
		n=$((n + 1))
		if [ $n -gt 999 ]; then
			echo "make bench: cannot create $out/$stem.csv or any -N of it" >&2
			$runner "rm -rf $dir"
			exit 1
		fi
	done
	for f in $files; do
		final=$out/$s${f#"$stem"}
		if $runner "cat $dir/results/$f" > "$final.part$$" &&
			mv -f "$final.part$$" "$final"; then
			echo "fetched $final"
		else
			echo "make bench: could not fetch $f from the board" >&2
			rm -f "$final.part$$" "$final"
			status=1
		fi
	done
	$runner "rm -rf $dir"
	exit $status
	;;
*)
	# Any other wrapper, e.g. RUNNER="taskset -c 1" or "nice -n -5".
	exec $runner "$bin" run -c "$config" -o "$out/"
	;;
esac
