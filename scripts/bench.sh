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
	# often have no scp or sftp server.
	dir=/tmp/csumbench-$$
	name=$(basename "$config")
	$runner "mkdir -p $dir/results && cat > $dir/csumbench && chmod +x $dir/csumbench" < "$bin"
	$runner "cat > $dir/$name" < "$config"
	status=0
	$runner "cd $dir && ./csumbench run -c $name -o results/" || status=$?
	for f in $($runner "ls $dir/results"); do
		$runner "cat $dir/results/$f" > "$out/$f.part" && mv "$out/$f.part" "$out/$f"
		echo "fetched $out/$f"
	done
	$runner "rm -rf $dir"
	exit $status
	;;
*)
	# Any other wrapper, e.g. RUNNER="taskset -c 1" or "nice -n -5".
	exec $runner "$bin" run -c "$config" -o "$out/"
	;;
esac
