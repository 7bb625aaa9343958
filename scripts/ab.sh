#!/usr/bin/env bash
# make ab: OLD against NEW with csumbench ab, here or under an emulator.
# usage: scripts/ab.sh ARCH HOST_ARCH BIN CPU QEMU_CPU
# The sides and settings come in the environment, taken literally by
# make: OLD NEW KSRC PATCH CONFIG RUNNER SPACE SET PROCESSES FAIL_ABOVE;
# the build's in CSB_*: CC, CROSS_COMPILE, ARCH_CFLAGS, LINUX_CFLAGS,
# L1_SHIFT, BUILD, MAKE, REPORT.
#
# A side is a kernel of the build (c64, c64-prefetch@128), a
# path/lib.so:symbol, or a checksum file of a Linux tree as it is there
# (arch/powerpc/lib/checksum_32.S, arch/x86/lib/csum-partial_64.c,
# arch/arm64/lib/csum.c, lib/checksum.c); KSRC=tree PATCH=file makes
# OLD the tree's file and NEW the same file patched.  A Linux file is
# compiled here against csumbench's compatibility headers
# (kernels/linux/) into a binary of its own, its functions in the kernel
# table as old:NAME and new:NAME; nothing of it is copied into the tree.
set -eu
arch=$1 host_arch=$2 bin=$3 cpu=$4 qemu_cpu=$5
here_dir=$(cd "$(dirname "$0")" && pwd)
OLD=${OLD:-} NEW=${NEW:-} KSRC=${KSRC:-} PATCH=${PATCH:-}
RUNNER=${RUNNER:-} SPACE=${SPACE:-} SET=${SET:-} PROCESSES=${PROCESSES:-}
MODEL_VERDICT=${MODEL_VERDICT:-}
FAIL_ABOVE=${FAIL_ABOVE:-} CONFIG=${CONFIG:-configs/ab.conf}
KDIR=${KDIR:-/lib/modules/$(uname -r)/build}
out=${CSUMBENCH_RESULTS_DIR:-results}

die() { echo "make ab: $*" >&2; echo "ab: exit 2, bad input: as said above" >&2; exit 2; }

# The checksum files csumbench can build, by their path in a tree, and
# the architecture each is for ("any": lib/checksum.c).
known_files="arch/powerpc/lib/checksum_32.S:ppc32 arch/x86/lib/csum-partial_64.c:x86_64 arch/arm64/lib/csum.c:arm64 lib/checksum.c:any"

# rel_of FILE: its path in a tree, one of the known ones; empty if none.
rel_of() {
	local f=$1 k rel
	for k in $known_files; do
		rel=${k%:*}
		case /$f in */"$rel") echo "$rel"; return ;; esac
	done
}

# arch_of REL: the architecture its file is for.
arch_of() {
	local k
	for k in $known_files; do
		[ "${k%:*}" != "$1" ] || { echo "${k#*:}"; return; }
	done
}

# A side that names a source file (a kernel's name never ends so).
is_file_side() {
	case $1 in *.c | *.S) true ;; *) false ;; esac
}

[ -f "$CONFIG" ] || die "CONFIG=$CONFIG: no such file (see configs/)"

# KSRC and PATCH: OLD the tree's file, NEW it patched.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
if [ -n "$PATCH$KSRC" ]; then
	[ -n "$KSRC" ] && [ -n "$PATCH" ] || die "KSRC= and PATCH= go together: a Linux tree and a patch for it (-p1)"
	[ -z "$OLD$NEW" ] || die "KSRC= and PATCH= make OLD and NEW; give those, or OLD= and NEW=, not both"
	[ -d "$KSRC" ] || die "KSRC=$KSRC: no such folder (a Linux tree, such as linux-source-6.1's)"
	[ -f "$PATCH" ] || die "PATCH=$PATCH: no such file (a patch for KSRC, -p1)"
	# the files it changes, as -p1 names them
	mapfile -t touched < <(sed -n 's|^+++ [^/]*/\([^[:space:]]*\).*|\1|p' -- "$PATCH" | sort -u)
	[ ${#touched[@]} -gt 0 ] || die "PATCH=$PATCH: no '+++ b/FILE' line: not a patch (diff -u, -p1)"
	rel=
	for t in "${touched[@]}"; do
		r=$(rel_of "$t")
		if [ "$r" != "$t" ]; then
			die "PATCH=$PATCH changes $t; csumbench builds only the checksum files ($(for k in $known_files; do printf '%s ' "${k%:*}"; done| sed 's/ $//'))"
		fi
		a=$(arch_of "$r")
		if [ "$a" = "$arch" ] || { [ "$a" = any ] && [ -z "$rel" ]; }; then rel=$r; fi
	done
	[ -n "$rel" ] || die "PATCH=$PATCH changes no checksum file for ARCH=$arch (it changes: ${touched[*]})"
	[ -f "$KSRC/$rel" ] || die "KSRC=$KSRC has no $rel"
	for t in "${touched[@]}"; do
		mkdir -p "$work/patched/$(dirname "$t")"
		[ ! -f "$KSRC/$t" ] || cp -- "$KSRC/$t" "$work/patched/$t"
	done
	# (no fuzz: NEW is exactly the tree's file with the patch applied)
	if ! patch -d "$work/patched" -p1 --batch --forward --fuzz=0 --dry-run -s < "$PATCH" > "$work/patch.log" 2>&1; then
		sed 's/^/  | /' "$work/patch.log" >&2
		die "PATCH=$PATCH does not apply to $KSRC/$rel (-p1)"
	fi
	patch -d "$work/patched" -p1 --batch --forward --fuzz=0 -s < "$PATCH" > /dev/null
	OLD=$KSRC/$rel
	NEW=$work/patched/$rel
	new_label="$rel with $(basename -- "$PATCH")"
fi
[ -n "$OLD" ] && [ -n "$NEW" ] || die "give OLD= and NEW= (a kernel such as c64 or c64-prefetch@128, path/lib.so:symbol, or a Linux checksum file such as arch/powerpc/lib/checksum_32.S of a tree), or KSRC=tree PATCH=file"

# One Linux file side: its source (and what it needs beside it) into
# $work/src/SIDE, compiled, its global functions renamed csb_SIDE_NAME.
ab_bin=$bin ab_dir=
defs=
linux_side() {
	local side=$1 file=$2 label=$3 rel a root inc srcs=() s o objs=() sym name op asm=()
	[ -f "$file" ] || die "${side^^}=$file: no such file"
	rel=$(rel_of "$file")
	[ -n "$rel" ] || die "${side^^}=$file: not a checksum file csumbench builds; expected a tree's $(for k in $known_files; do printf '%s, ' "${k%:*}"; done | sed 's/, $//')"
	a=$(arch_of "$rel")
	[ "$a" = any ] || [ "$a" = "$arch" ] || die "${side^^}=$file is $a code and this build is ARCH=$arch (give ARCH=$a)"
	root=${file%"$rel"}
	inc=$a
	[ "$a" != any ] || inc=generic
	# (gcc takes no --: a name starting with - is made ./-name)
	case $file in -*) file=./$file ;; esac
	srcs=("$file")
	# arm64's csum.c is do_csum: lib/checksum.c's csum_partial sums
	# through it, as an arm64 kernel does
	if [ "$rel" = arch/arm64/lib/csum.c ]; then
		if [ -f "${root}lib/checksum.c" ]; then srcs+=("${root}lib/checksum.c")
		elif [ -n "$KSRC" ] && [ -f "$KSRC/lib/checksum.c" ]; then srcs+=("$KSRC/lib/checksum.c")
		else die "${side^^}=$file: arm64's csum_partial is lib/checksum.c's over csum.c's do_csum, and ${root}lib/checksum.c is not there"; fi
	fi
	mkdir -p "$work/obj"
	for s in "${srcs[@]}"; do
		o=$work/obj/$side-${#objs[@]}.o
		asm=()
		case $s in *.S) asm=(-D__ASSEMBLY__) ;; esac
		# (-Wa,--noexecstack: the kernel's .S files say nothing of a stack)
		# shellcheck disable=SC2086 # the flags are make's, word by word
		if ! $CSB_CC $CSB_ARCH_CFLAGS $CSB_LINUX_CFLAGS -D__KERNEL__ ${asm[@]+"${asm[@]}"} \
			-DCSB_L1_CACHE_SHIFT="${CSB_L1_SHIFT:-5}" -I"kernels/linux/$inc" \
			-Ikernels/linux/include -Wa,--noexecstack -c -o "$o" "$s" 2> "$work/cc.log"; then
			sed 's/^/  | /' "$work/cc.log" >&2
			die "${side^^}=$file does not build with csumbench's compatibility headers (kernels/linux/); the compiler's words above"
		fi
		objs+=("$o")
	done
	"${CSB_CROSS_COMPILE}ld" -r -o "$work/obj/$side.o" "${objs[@]}"
	local renames=() ops=()
	while read -r _ _ sym; do
		[[ $sym =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
		renames+=(--redefine-sym "$sym=csb_${side}_$sym")
		case $sym in
		csum_partial | __csum_partial) op=csum ;;
		ip_fast_csum) op=ip_fast_csum ;;
		csum_partial_copy_generic)
			echo "make ab: ${side^^}: csum_partial_copy_generic: built, not gated or timed: its contract since Linux 5.10 (no sum in, ~0 to start, 0 on a fault) is not csumbench's csum_copy op's (a sum in, the partial sum out)" >&2
			continue ;;
		*) echo "make ab: ${side^^}: $sym is not an op csumbench times (csum_partial, ip_fast_csum); built, not timed" >&2; continue ;;
		esac
		ops+=("$op:$sym")
	done < <("${CSB_CROSS_COMPILE}nm" -g --defined-only "$work/obj/$side.o" | awk '$2 == "T"')
	[ ${#ops[@]} -gt 0 ] || die "${side^^}=$file defines no csum_partial (or __csum_partial, ip_fast_csum)"
	"${CSB_CROSS_COMPILE}objcopy" "${renames[@]}" "$work/obj/$side.o" "$work/obj/side-$side.o"
	# SPACE=kernel: the file itself, for the module's build (one file a
	# side: arm64's csum_partial is two)
	if [ "$SPACE" = kernel ]; then
		[ ${#srcs[@]} = 1 ] || die "${side^^}=$file: SPACE=kernel builds one file a side into csumbench.ko, and arm64's csum_partial is lib/checksum.c over csum.c; time it in user space (no SPACE)"
		cp -- "$file" "$work/obj/linux-$side.${file##*.}"
	fi
	local sha
	sha=$(sha256sum < "$file" | cut -c1-16)
	# (the label goes into a C string: only characters that stay text)
	label=$(printf '%s' "$label" | tr -c 'A-Za-z0-9_./@+ ,=-' '_')
	for op in "${ops[@]}"; do
		name=${op#*:}
		defs+="KERNEL(${op%%:*}, \"$side:$name\", csb_${side}_$name, linux_tree, \"$label, sha256 $sha...\")"$'\n'
		[ "${op%%:*}" != csum ] || printf -v "${side}_kernel" '%s' "$side:$name"
	done
	echo "make ab: ${side^^} is $file: $(for op in "${ops[@]}"; do printf '%s:%s ' "$side" "${op#*:}"; done)" >&2
}

old_kernel=$OLD new_kernel=$NEW
if is_file_side "$OLD"; then linux_side old "$OLD" "Linux $(rel_of "$OLD")"; fi
if is_file_side "$NEW"; then linux_side new "$NEW" "${new_label:-Linux $(rel_of "$NEW")}"; fi
if [ -n "$defs" ]; then
	# the binary for these sides: its key the objects' and flags'
	key=$(cat "$work"/obj/side-*.o | sha256sum | cut -c1-16)
	dir=$CSB_BUILD/ab/$key
	mkdir -p "$dir"
	cp "$work"/obj/side-*.o "$dir/"
	[ "$SPACE" != kernel ] || cp "$work"/obj/linux-* "$dir/"
	printf '/* make ab: the sides of %s */\n%s' "$key" "$defs" > "$work/ab.def"
	cmp -s "$work/ab.def" "$dir/ab.def" || cp "$work/ab.def" "$dir/ab.def"
	"$CSB_MAKE" -s --no-print-directory ab-link AB_DIR="$dir" >&2 || die "the binary with the sides' files did not link"
	ab_bin=$dir/csumbench
	ab_dir=$dir
fi

args=(ab -c "$CONFIG" -o "$out/" --report "$CSB_REPORT")
read -r -a sets <<< "$SET"
for s in ${sets[@]+"${sets[@]}"}; do args+=(--set "$s"); done
case $SPACE in "") ;; user | kernel) args+=(--set "space=$SPACE") ;; *) die "SPACE=$SPACE: expected user or kernel" ;; esac
[ -z "$PROCESSES" ] || args+=(--processes "$PROCESSES")
[ -z "$FAIL_ABOVE" ] || args+=(--fail-above "$FAIL_ABOVE")
# the command the paste block quotes: this one, as make was given it
cmd="make ab"
for v in OLD NEW KSRC PATCH ARCH CPU RUNNER SPACE CONFIG SET PROCESSES FAIL_ABOVE MODEL_VERDICT; do
	case $v in
	OLD | NEW) [ -z "$KSRC" ] || continue ;;
	ARCH) [ "$arch" != "$host_arch" ] || continue; val=$arch ;;
	CPU) val=$cpu ;;
	esac
	case $v in ARCH | CPU) ;; *) val=${!v} ;; esac
	[ "$v" != CONFIG ] || [ "$val" != configs/ab.conf ] || continue
	[ -n "$val" ] || continue
	case $val in *[!-A-Za-z0-9_./@:,+=]*) cmd+=" $v='${val//\'/\'\\\'\'}'" ;; *) cmd+=" $v=$val" ;; esac
done
args+=(--command "$cmd")
mkdir -p -- "$out"

# A board's run, judged here: the board's csumbench ab writes the two
# files (--no-verdict), they come back, and this machine's csumreport
# compares them as csumbench ab would have.
# board_args: what the board's csumbench ab is given (its own -c and
# -o, and --no-verdict, are the runner's).
beside_sets=()
for s in ${sets[@]+"${sets[@]}"}; do beside_sets+=(--set "$s"); done
board_args=(${beside_sets[@]+"${beside_sets[@]}"})
[ -z "$SPACE" ] || board_args+=(--set "space=$SPACE")
[ -z "$PROCESSES" ] || board_args+=(--processes "$PROCESSES")

# judge_here GOT BOARD: GOT's ab-old-*.csv and ab-new-*.csv (and their
# -samples.csv) into $out as ab-old-BOARD-DATE..., whole and never over
# a file there, then csumreport compare of the two; sets status.
judge_here() {
	local got=$1 board=$2 side f n='' i names=() kern=() placed
	for side in old new; do
		names=()
		for f in "$got"/ab-"$side"-*.csv; do
			case $f in *-samples.csv) ;; *) [ ! -f "$f" ] || names+=("$f") ;; esac
		done
		if [ ${#names[@]} != 1 ] || [ ! -f "${names[0]%.csv}-samples.csv" ]; then
			echo "make ab: the board's ab-$side results did not come back whole" >&2
			status=2
			return
		fi
		# the side as compare names it, from the file (checked: it
		# becomes an argument, never a word of a command)
		kern+=("$(sed -n 's/^# ab_kernel: \([^ ]*\) .*/\1/p' -- "${names[0]}" | head -n 1)")
		if [[ ! ${kern[-1]} =~ ^[A-Za-z0-9_.:@/+-]+$ ]]; then
			echo "make ab: ${names[0]##*/}: no '# ab_kernel:' line naming its side" >&2
			status=2
			return
		fi
		mv -- "${names[0]}" "$got/keep-$side.csv"
		mv -- "${names[0]%.csv}-samples.csv" "$got/keep-$side-samples.csv"
	done
	# names free here for all five files, the first suffix that is
	for i in '' -2 -3 -4 -5 -6 -7 -8 -9; do
		n=$i
		for f in ab-old-"$board-$stamp$i".csv ab-old-"$board-$stamp$i"-samples.csv \
			ab-new-"$board-$stamp$i".csv ab-new-"$board-$stamp$i"-samples.csv \
			ab-"$board-$stamp$i".txt ab-beside-"$board-$stamp$i".csv; do
			[ ! -e "$out/$f" ] || n=taken
		done
		[ "$n" = taken ] || break
	done
	mkdir "$got/named"
	for side in old new; do
		mv -- "$got/keep-$side.csv" "$got/named/ab-$side-$board-$stamp$n.csv"
		mv -- "$got/keep-$side-samples.csv" "$got/named/ab-$side-$board-$stamp$n-samples.csv"
	done
	# SPACE=kernel on a virtual board: the run beside the board kernel's own
	[ ! -f "$got/beside.csv" ] || mv -- "$got/beside.csv" "$got/named/ab-beside-$board-$stamp$n.csv"
	[ ! -f "$got/beside-samples.csv" ] ||
		mv -- "$got/beside-samples.csv" "$got/named/ab-beside-$board-$stamp$n-samples.csv"
	if ! placed=$("$here_dir/place.sh" --each "$out" "$got"/named/*); then
		echo "make ab: the board's results could not be placed in $out (above)" >&2
		status=2
		return
	fi
	printf '%s\n' "$placed" | grep -v -- '-samples\.csv$' | sed 's/^/fetched to this machine: /'
	local judge=("$CSB_REPORT" compare --before-kernel "${kern[0]}" --after-kernel "${kern[1]}"
		--paste "$out/ab-$board-$stamp$n.txt" --command "$cmd")
	[ -z "$FAIL_ABOVE" ] || judge+=(--fail-above "$FAIL_ABOVE")
	judge+=(-- "$out/ab-old-$board-$stamp$n.csv" "$out/ab-new-$board-$stamp$n.csv")
	"${judge[@]}" || status=$?
	beside=
	[ ! -f "$out/ab-beside-$board-$stamp$n.csv" ] || beside=$out/ab-beside-$board-$stamp$n.csv
}

# The board's csumbench ab says where to judge its files; here that is
# done for it.
quiet_no_verdict() {
	sed -u '/^csumbench ab: no verdict here: --no-verdict/,/^  csumreport compare /d' >&2
}

# SPACE=kernel: csumbench.ko with the sides (the Linux files as the
# kernel builds them) for the kernel tree in $1; its path.
module_with_sides() {
	local ko
	case $old_kernel$new_kernel in *.so:*) die "SPACE=kernel times kernels in csumbench.ko; a .so side runs in user space" ;; esac
	ko=$(CSB_AB_DIR=${ab_dir:-} "$here_dir/module.sh" "$arch" "$1" \
		"${CSB_CROSS_COMPILE-$([ "$arch" = ppc32 ] && echo powerpc-linux-gnu-)}" \
		"${CSB_LOOP_ALIGN:-32}" 2> "$work/module.log") ||
		{ sed 's/^/  | /' "$work/module.log" >&2; die "csumbench.ko with the sides did not build for $1"; }
	echo "make ab: csumbench.ko with both sides: $ko" >&2
	printf '%s\n' "$ko"
}

status=0
# the date in the names of a board's files: this machine's, as the run
# starts (a board without a clock starts in 1970)
stamp=$(date +%Y%m%d-%H%M%S)
case $RUNNER in
"")
	[ "$arch" = "$host_arch" ] || die "$ab_bin is built for $arch and this is $host_arch; give RUNNER=qemu-ppc (emulated: figures only) or RUNNER=\"ssh root@board\""
	if [ "$SPACE" = kernel ]; then
		# the module with both sides, loaded here for the run
		ko=$(module_with_sides "$KDIR") || exit 2
		! grep -q '^csumbench ' /proc/modules 2> /dev/null ||
			die "csumbench.ko is loaded: unload it first (rmmod csumbench); make ab loads its own, with both sides"
		insmod "$ko" || die "could not load $ko (root is needed: sudo make ab ...)"
		# (unloaded on every way out, an interrupt too)
		trap 'rmmod csumbench || echo "make ab: could not unload csumbench.ko (rmmod csumbench)" >&2
			rm -rf "$work"' EXIT
		"$ab_bin" "${args[@]}" -- "$old_kernel" "$new_kernel" || status=$?
	else
		"$ab_bin" "${args[@]}" -- "$old_kernel" "$new_kernel" || status=$?
	fi
	;;
model)
	# The core model (docs/model.md): model deltas, figures only unless
	# MODEL_VERDICT=1 (an estimate is never a board's verdict alone).
	[ "$arch" = ppc32 ] || die "RUNNER=model models 32-bit PowerPC cores: give ARCH=ppc32 CPU=8xx (or e300c2, e300c3, 464, 440, e500)"
	[ "$SPACE" != kernel ] || die "RUNNER=model runs in user space only"
	model_args=(--set timer=model --set cycles_per_tick=auto --set "runner=model:$cpu")
	[ "${MODEL_VERDICT:-}" != 1 ] || model_args+=(--force-verdict)
	"$here_dir/model.sh" "${CSB_MODEL_PLUGIN:?}" "$cpu" "$qemu_cpu" "$ab_bin" \
		"${args[@]}" "${model_args[@]}" -- "$old_kernel" "$new_kernel" || status=$?
	;;
qemu-*)
	read -r -a runner_cmd <<< "$RUNNER"
	cpu_args=()
	case " $RUNNER " in
	*" -cpu "*) ;;
	*)
		[ "$qemu_cpu" != none ] || die "qemu-user cannot run a CPU=$cpu build (see make bench); run it on the board"
		[ -z "$qemu_cpu" ] || cpu_args=(-cpu "$qemu_cpu") ;;
	esac
	[ "$SPACE" != kernel ] || die "SPACE=kernel runs in a kernel: qemu-user has none; give RUNNER=vboard:sam460ex"
	command -v -- "${runner_cmd[0]}" > /dev/null || "$here_dir/need.sh" qemu-user ||
		die "RUNNER=$RUNNER needs Debian's qemu-user (apt-get install qemu-user)"
	CSUMBENCH_EMULATOR="$RUNNER${cpu_args[*]:+ ${cpu_args[*]}}" \
		"${runner_cmd[@]}" "${cpu_args[@]}" "$ab_bin" "${args[@]}" -- "$old_kernel" "$new_kernel" || status=$?
	;;
ssh\ *)
	# One binary holding both sides goes to the board (with ssh and cat:
	# boards running dropbear often lack scp), runs csumbench ab there,
	# and the files come back to be judged here.  On the board every
	# word of ours is quoted.
	read -r -a runner_cmd <<< "$RUNNER"
	# shellcheck source=scripts/remote.sh
	. "$here_dir/remote.sh"
	case $old_kernel$new_kernel in *.so:*) die "a .so side runs here only; on a board, give kernels or Linux files" ;; esac
	mix=$(config_mix "make ab" "$CONFIG") || exit 2
	board=$(board_name "$RUNNER")
	ko=
	if [ "$SPACE" = kernel ]; then
		# the module for the kernel the board runs: KDIR= its build tree
		rel=$(cat "$KDIR/include/config/kernel.release" 2> /dev/null) || rel=
		brel=$("${runner_cmd[@]}" "uname -r" < /dev/null) || brel=
		[ -n "$rel" ] && [ "$rel" = "$brel" ] ||
			die "SPACE=kernel: the board runs Linux ${brel:-(no answer)} and KDIR=$KDIR is ${rel:-no built kernel tree}; give KDIR= the board kernel's build tree"
		ko=$(module_with_sides "$KDIR") || exit 2
	fi
	trap '[ -z "$board_dir" ] || "${runner_cmd[@]}" "rm -rf $board_dir" < /dev/null ||
		echo "make ab: could not remove $board_dir on the board" >&2; rm -rf "$work"' EXIT
	board_send "$ab_bin" || die "the board could not be reached or written (above)"
	dir=$board_dir
	name=$(safe "$(basename -- "$CONFIG")")
	board_config "$CONFIG" "$mix" "$work/board.conf"
	"${runner_cmd[@]}" "cat > $dir/$name" < "$work/board.conf"
	[ -z "$mix" ] || "${runner_cmd[@]}" "cat > $dir/sizes.mix" < "$mix"
	remote="./csumbench ab -c $name -o results/ --no-verdict --set runner=ssh:$board"
	for w in ${board_args[@]+"${board_args[@]}"} -- "$old_kernel" "$new_kernel"; do remote+=" $(q "$w")"; done
	if [ -n "$ko" ]; then
		"${runner_cmd[@]}" "cat > $dir/csumbench.ko" < "$ko"
		# (a csumbench.ko the board has loaded is the user's: not ours
		# to unload)
		remote="if grep -q '^csumbench ' /proc/modules; then echo 'csumbench.ko is loaded on the board: unload it first (rmmod csumbench)' >&2; exit 2; fi
			insmod $dir/csumbench.ko || exit 2
			$remote; st=\$?; rmmod csumbench; exit \$st"
	fi
	st=0
	"${runner_cmd[@]}" "cd $dir && $remote" < /dev/null 2> >(quiet_no_verdict) |
		sed -u -e "s|^wrote results/|board: wrote $dir/results/|" \
			-e "s|^  and results/|board:   and $dir/results/|" || true
	st=${PIPESTATUS[0]}
	[ "$st" = 0 ] || die "csumbench ab on the board exited $st (above)"
	mkdir "$work/got"
	board_fetch "$dir/results" '^ab-(old|new)-[A-Za-z0-9._-]+\.csv$' "$work/got" 2> >(sed 's/^/make ab: /' >&2) ||
		die "the board's results did not all come back"
	judge_here "$work/got" "$board"
	;;
vboard:*)
	# A real kernel under qemu-system (scripts/vboard.sh): one boot runs
	# csumbench ab, and with SPACE=kernel also one run of both sides
	# beside the board kernel's own csum_partial; the files come back
	# over its console, checked, and are judged here.  Emulated:
	# figures only.
	machine=${RUNNER#vboard:}
	"$here_dir/vboard.sh" preset "$machine" > /dev/null || exit 2
	board_arch=$("$here_dir/vboard.sh" arch "$machine") || exit 2
	[ "$arch" = "$board_arch" ] || die "RUNNER=$RUNNER boots a $board_arch kernel; build for it: ARCH=$board_arch CPU=$("$here_dir/vboard.sh" preset "$machine")"
	case $old_kernel$new_kernel in *.so:*) die "a .so side runs here only; on a board, give kernels or Linux files" ;; esac
	# shellcheck source=scripts/remote.sh
	. "$here_dir/remote.sh"
	mix=$(config_mix "make ab" "$CONFIG") || exit 2
	# (its init splits a command at spaces and quotes nothing)
	for w in ${board_args[@]+"${board_args[@]}"} "$old_kernel" "$new_kernel"; do
		[[ $w =~ ^[A-Za-z0-9._,@:=+/-]+$ ]] || die "'$w' on a virtual board: only letters, digits and ._,@:=+/- there"
	done
	"$here_dir/vboard.sh" kernel "$machine" > "$work/kdir" || die "no kernel for $machine (above)"
	kdir=$(cat "$work/kdir")
	files=(csumbench="$ab_bin")
	board_config "$CONFIG" "$mix" "$work/ab.conf"
	files+=(ab.conf="$work/ab.conf")
	[ -z "$mix" ] || files+=(sizes.mix="$mix")
	run="/csumbench/csumbench run -c /csumbench/ab.conf --set emulated=yes --set runner=$RUNNER"
	{
		echo "/csumbench/csumbench ab -c /csumbench/ab.conf -o /results/ --no-verdict" \
			"--set emulated=yes --set runner=$RUNNER ${board_args[*]} -- $old_kernel $new_kernel"
		if [ "$SPACE" = kernel ]; then
			echo "$run --set space=kernel --set repeat=1 --set kernels=kernel:csum_partial,$old_kernel,$new_kernel" \
				"${beside_sets[*]} -o /results/beside.csv"
		fi
	} > "$work/cmds"
	if [ "$SPACE" = kernel ]; then
		ko=$(module_with_sides "$kdir/build") || exit 2
		files+=(csumbench.ko="$ko")
	fi
	mkdir "$work/got"
	"$here_dir/vboard.sh" run "$machine" "$work/got" "$work/cmds" "${files[@]}" > /dev/null \
		2> >(quiet_no_verdict) || die "the virtual board's run failed (above)"
	judge_here "$work/got" "vboard-$machine"
	if [ -n "$beside" ]; then
		echo
		echo "Beside the board kernel's own csum_partial: one run in the same"
		echo "boot, one process (figures only, no verdict): $beside"
		"$CSB_REPORT" table --metric cpb "$beside" || true
	fi
	;;
*)
	die "RUNNER=$RUNNER: make ab runs here, under qemu-user (RUNNER=qemu-ppc), on a board (RUNNER=\"ssh root@board\") or on a virtual board (RUNNER=vboard:sam460ex)"
	;;
esac
case $status in
0)
	if [ -n "$FAIL_ABOVE" ]; then echo "ab: exit 0, judged: no point changed slower than $FAIL_ABOVE%"
	else echo "ab: exit 0, judged: a verdict for every point (FAIL_ABOVE=PCT makes a slowdown exit 1)"; fi ;;
1) echo "ab: exit 1, slower: a point changed slower than $FAIL_ABOVE%" ;;
3) echo "ab: exit 3, inconclusive: no verdict, as said above" ;;
*) echo "ab: exit $status, bad input or a failure: as said above" ;;
esac
exit "$status"
