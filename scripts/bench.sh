#!/usr/bin/env bash
# make bench: run CONFIG with BIN here, under an emulator, or on a board
# over ssh, and leave the CSV pair in results/ (or $CSUMBENCH_RESULTS_DIR).
# usage: scripts/bench.sh ARCH HOST_ARCH BIN CONFIG RUNNER [CPU [QEMU_CPU [SPACE]]]
#   CPU is the build's preset; QEMU_CPU the qemu-user CPU model it runs
#   under (harness/arch/*/arch.mk), "none" where qemu-user cannot run it; SPACE
#   user or kernel (csumbench.ko: loaded by hand here and over ssh, built
#   for the board's kernel and loaded by its init on a virtual board;
#   CSB_CROSS_COMPILE and CSB_LOOP_ALIGN give the module's build).
set -eu
arch=$1 host_arch=$2 bin=$3 config=$4 runner=$5 cpu=${6:-} qemu_cpu=${7:-} space=${8:-}
case $space in
"") space_args=() ;;
user | kernel) space_args=(--set "space=$space") ;;
*) echo "make bench: SPACE=$space: expected user or kernel" >&2; exit 2 ;;
esac
# SET="key=value ...": config keys over the config's, as --set gives
# them (each word one; the config's own keys and values checked by the
# harness).
read -r -a set_words <<< "${SET:-}"
for w in ${set_words[@]+"${set_words[@]}"}; do
	if [[ ! $w =~ ^[a-z][a-z0-9_]*=. ]]; then
		echo "make bench: SET: '$w': expected KEY=VALUE words (csumbench run --help lists the keys)" >&2
		exit 2
	fi
	space_args+=(--set "$w")
done
# RUNNER is a command and its arguments, split at spaces.
read -r -a runner_cmd <<< "$runner"
out=${CSUMBENCH_RESULTS_DIR:-results}
here_dir=$(cd "$(dirname "$0")" && pwd)

if [ ! -f "$config" ]; then
	echo "make bench: CONFIG=$config: no such file (see configs/)" >&2
	exit 2
fi
mkdir -p -- "$out"

# shellcheck source=scripts/remote.sh
. "$here_dir/remote.sh"

# The size mix the config replays, for the runners that take the config
# elsewhere (the board gets it as sizes.mix beside the config).
mix=$(config_mix "make bench" "$config") || exit 2

# place DIR STEM: DIR's STEM* files into $out (scripts/place.sh: whole,
# under the first free suffix for the set, nothing replaced).  On failure
# DIR is kept, and named.
keep=
place() {
	local from=$1 stem=$2 files=() f placed
	for f in "$from/$stem"*; do
		[ -f "$f" ] && files+=("$f")
	done
	if [ ${#files[@]} = 0 ]; then
		echo "make bench: the run left no results" >&2
		return 1
	fi
	if ! placed=$("$here_dir/place.sh" "$out" "$stem" "${files[@]}"); then
		keep=$from
		echo "make bench: the results are kept in $from" >&2
		return 1
	fi
	printf '%s\n' "$placed" | sed 's/^/fetched to this machine: /'
	if [ ! -f "$from/$stem.csv" ]; then
		echo "make bench: $stem.csv did not come back (only:" \
			"$(cd "$from" && echo "$stem"*))" >&2
		return 1
	fi
}

case "$runner" in
"")
	if [ "$arch" != "$host_arch" ]; then
		echo "make bench: $bin is built for $arch and this is $host_arch;" \
			"give RUNNER=qemu-ppc (emulated, timings not real) or" \
			"RUNNER=\"ssh root@board\"" >&2
		exit 2
	fi
	exec "$bin" run -c "$config" -o "$out/" ${space_args[@]+"${space_args[@]}"}
	;;
model)
	# The core model (docs/model.md): qemu-ppc with its plugin times
	# the kernels as the preset's core would, an estimate every output
	# marks.  The model's clock counts core cycles: cycles_per_tick 1.
	if [ "$arch" != ppc32 ]; then
		echo "make bench: RUNNER=model models 32-bit PowerPC cores: give" \
			"ARCH=ppc32 CPU=8xx (or e300c2, e300c3, 464, 440, e500)" >&2
		exit 2
	fi
	if [ "$space" = kernel ]; then
		echo "make bench: RUNNER=model runs in user space only" >&2
		exit 2
	fi
	exec "$here_dir/model.sh" "${CSB_MODEL_PLUGIN:?}" "$cpu" "$qemu_cpu" "$bin" \
		run -c "$config" -o "$out/" --set timer=model --set cycles_per_tick=auto \
		--set runner="model:$cpu" ${space_args[@]+"${space_args[@]}"}
	;;
qemu-*)
	# The preset's CPU model, unless the runner names one: gcc's
	# -mcpu=464 emits instructions (dlmzb.) that qemu's default lacks.
	cpu_args=()
	case " $runner " in
	*" -cpu "*) ;;
	*)
		if [ "$qemu_cpu" = none ]; then
			echo "make bench: qemu-user cannot run a CPU=$cpu build: QEMU's" \
				"model of that core has no classic FPU, and libc's setjmp" \
				"stores floating point (stfd) there; run it on the board" \
				"(RUNNER=\"ssh root@board\")$([ "$cpu" = e500 ] &&
				echo " or a virtual board (RUNNER=vboard:ppce500)")" >&2
			exit 2
		fi
		[ -z "$qemu_cpu" ] || cpu_args=(-cpu "$qemu_cpu") ;;
	esac
	# The harness also sees qemu-user from /proc/cpuinfo; this makes
	# sure, and names the CPU it emulates.
	if [ "$space" = kernel ]; then
		echo "make bench: SPACE=kernel runs in a kernel: qemu-user has none;" \
			"give RUNNER=vboard:sam460ex (or a board over ssh)" >&2
		exit 2
	fi
	# qemu-user's emulators, installed as make test installs them
	if ! command -v -- "${runner_cmd[0]}" > /dev/null; then
		"$here_dir/need.sh" qemu-user || {
			echo "make bench: RUNNER=$runner needs Debian's qemu-user (apt-get install qemu-user)" >&2
			exit 2
		}
		if ! command -v -- "${runner_cmd[0]}" > /dev/null; then
			echo "make bench: RUNNER=$runner: qemu-user is installed but no" \
				"${runner_cmd[0]} is on PATH (its emulators: qemu-ppc, qemu-aarch64, qemu-x86_64, ...)" >&2
			exit 2
		fi
	fi
	CSUMBENCH_EMULATOR="$runner${cpu_args[*]:+ ${cpu_args[*]}}" \
		exec "${runner_cmd[@]}" "${cpu_args[@]}" "$bin" run -c "$config" -o "$out/" \
		${space_args[@]+"${space_args[@]}"}
	;;
ssh\ *)
	# Copied with ssh and cat rather than scp: boards running dropbear
	# often have no scp or sftp server.  Files are named here, with this
	# machine's clock (boards without an RTC start in 1970) and the
	# board's name from RUNNER (or BOARD=), and never replace a file.
	# On the board every word of ours is quoted and the results have
	# fixed names (out*.csv), whatever the config is called.
	board=$(board_name "$runner")
	stem=$(basename -- "$config" .conf)-$board-$(date +%Y%m%d-%H%M%S)
	name=$(basename -- "$config")
	board_open "make bench" "$bin" || exit 1
	dir=$board_dir
	mkdir "$here/config"
	board_config "$config" "$mix" "$here/config/$name"
	"${runner_cmd[@]}" "cat > $dir/$(q "$name")" < "$here/config/$name"
	[ -z "$mix" ] || "${runner_cmd[@]}" "cat > $dir/sizes.mix" < "$mix"
	status=0
	# The board's own "wrote" lines name its folder, apart from the
	# "fetched" lines of the files here.
	remote_args=
	for w in ${space_args[@]+"${space_args[@]}"}; do remote_args+=" $(q "$w")"; done
	"${runner_cmd[@]}" "cd $dir && ./csumbench run -c $(q "$name") -o results/out.csv --set runner=ssh:$board$remote_args" < /dev/null |
		sed -u -e "s|^wrote results/|board: wrote $dir/results/|" \
			-e "s|^  and results/|board:   and $dir/results/|"
	status=${PIPESTATUS[0]}
	mkdir "$here/got"
	board_fetch "$dir/results" '^out(-partial)?((-samples)?\.csv|\.json)$' "$here/got" 2> >(sed 's/^/make bench: /' >&2) ||
		status=1
	for f in "$here"/got/*; do
		[ ! -f "$f" ] || mv -- "$f" "$here/$stem${f#"$here"/got/out}"
	done
	place "$here" "$stem" || status=1
	exit $status
	;;
vboard:*)
	# A real kernel under qemu-system (scripts/vboard.sh): the
	# binary and config go in its initrd, the CSV pair comes back over
	# the console, checked.  Nothing in there can tell it is emulated,
	# so the runner says so.  One name for the config and the results
	# on both sides, in the characters the board takes.
	vboard_for "make bench" "$runner" "$arch" || exit 2
	here=$(mktemp -d)
	trap '[ -n "$keep" ] || rm -rf "$here"' EXIT
	# scripts/vboard.sh in the background, waited for: a signal to this
	# script alone (make passes TERM to its child only) reaches it at
	# once, and it stops its kernel build or its board before we go.
	vb=
	vboard() { # vboard OUT ARGS...: scripts/vboard.sh ARGS, stdout in OUT
		local out=$1 st=0
		shift
		"$here_dir/vboard.sh" "$@" > "$out" &
		vb=$!
		wait "$vb" || st=$?
		vb=
		return $st
	}
	stop_vboard() {
		trap '' INT TERM HUP
		if [ -n "$vb" ]; then
			kill -TERM "$vb" 2> /dev/null || true
			wait "$vb" || true
		fi
		exit 130
	}
	trap stop_vboard INT TERM HUP
	# The board's kernel first (built, or waited for: minutes), and
	# csumbench.ko for it, so that the results are named with the time
	# the run starts.
	vboard "$here/kdir" kernel "$machine" || exit 2
	kdir=$(cat "$here/kdir")
	files=(csumbench="$bin")
	[ -z "$mix" ] || files+=(sizes.mix="$mix")
	if [ "$space" = kernel ]; then
		# csumbench.ko built against the board's kernel (patched where
		# VBOARD_PATCH says), loaded by its init
		ko=$("$here_dir/module.sh" "$arch" "$kdir/build" "${CSB_CROSS_COMPILE-$([ "$arch" = ppc32 ] && echo powerpc-linux-gnu-)}" \
			"${CSB_LOOP_ALIGN:-32}" 2> "$here/module.log") ||
			{ cat "$here/module.log" >&2; exit 2; }
		files+=(csumbench.ko="$ko")
	fi
	# (its init splits a command at spaces and quotes nothing: a SET word
	# there is of the characters a config's values need, no others)
	for w in ${space_args[@]+"${space_args[@]}"}; do
		if [[ ! $w =~ ^[A-Za-z0-9._,@:=+/-]+$ ]]; then
			echo "make bench: SET word '$w' on a virtual board: only letters, digits and ._,@:=+/- there" >&2
			exit 2
		fi
	done
	base=$(safe "$(basename -- "$config" .conf)")
	stem=$base-vboard-$machine-$(date +%Y%m%d-%H%M%S)
	echo "/csumbench/csumbench run -c /csumbench/$base.conf -o /results/$stem.csv" \
		"--set emulated=yes --set runner=$runner${space_args[*]:+ ${space_args[*]}}" > "$here/cmds"
	mkdir "$here/config"
	board_config "$config" "$mix" "$here/config/$base.conf"
	files+=("$base.conf=$here/config/$base.conf")
	status=0
	vboard /dev/null run "$machine" "$here/out" "$here/cmds" "${files[@]}" || status=$?
	if [ -d "$here/out" ]; then
		place "$here/out" "$stem" || status=1
	else
		status=1
	fi
	# Whatever went wrong, the board's console says most about it.
	[ $status = 0 ] || vboard_keep_console "make bench"
	exit $status
	;;
*)
	# Any other wrapper, e.g. RUNNER="taskset -c 1" or "nice -n -5".
	exec "${runner_cmd[@]}" "$bin" run -c "$config" -o "$out/"
	;;
esac
