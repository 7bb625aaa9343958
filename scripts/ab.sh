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
FAIL_ABOVE=${FAIL_ABOVE:-} CONFIG=${CONFIG:-configs/ab.conf}
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
ab_bin=$bin
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
	printf '/* make ab: the sides of %s */\n%s' "$key" "$defs" > "$work/ab.def"
	cmp -s "$work/ab.def" "$dir/ab.def" || cp "$work/ab.def" "$dir/ab.def"
	"$CSB_MAKE" -s --no-print-directory ab-link AB_DIR="$dir" >&2 || die "the binary with the sides' files did not link"
	ab_bin=$dir/csumbench
fi

args=(ab -c "$CONFIG" -o "$out/" --report "$CSB_REPORT")
read -r -a sets <<< "$SET"
for s in ${sets[@]+"${sets[@]}"}; do args+=(--set "$s"); done
case $SPACE in "") ;; user | kernel) args+=(--set "space=$SPACE") ;; *) die "SPACE=$SPACE: expected user or kernel" ;; esac
[ -z "$PROCESSES" ] || args+=(--processes "$PROCESSES")
[ -z "$FAIL_ABOVE" ] || args+=(--fail-above "$FAIL_ABOVE")
# the command the paste block quotes: this one, as make was given it
cmd="make ab"
for v in OLD NEW KSRC PATCH ARCH CPU RUNNER SPACE CONFIG SET PROCESSES FAIL_ABOVE; do
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

status=0
case $RUNNER in
"")
	[ "$arch" = "$host_arch" ] || die "$ab_bin is built for $arch and this is $host_arch; give RUNNER=qemu-ppc (emulated: figures only) or RUNNER=\"ssh root@board\""
	"$ab_bin" "${args[@]}" -- "$old_kernel" "$new_kernel" || status=$?
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
*)
	die "RUNNER=$RUNNER: make ab runs here or under qemu-user (RUNNER=qemu-ppc); on a board, copy $ab_bin there and run csumbench ab"
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
