#!/usr/bin/env bash
# Kernel space (space = kernel, csumbench.ko, docs/kernel-space.md):
# the module built for Debian's x86-64 kernel headers (compile only:
# nothing here can load a module) and for the virtual board's kernel;
# make bench SPACE=kernel on that board; its kernel rebuilt with a dcbt
# patch made here from the installed linux-source, and timed and
# disassembled from the bytes the module reads; the device's requests
# and refusals, the gate refusing a kernel made wrong, and what a config
# or a command line asks that the module cannot do; a correct kernel
# never called hung or failed for the module's own limits, and no
# figure below 0.
# usage: tests/kspace.sh BUILD-DIR (the static ppc32 build for the board)
set -u
SUITE=kspace
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
B=$1
M=sam460ex
HOSTBIN=build/$(uname -m | sed 's/^aarch64$/arm64/')/csumbench
MAKE=${MAKE:-make}

# 1. What needs no device: refusals here, on the host.
"$HOSTBIN" run -o - --set space=kernel > /dev/null 2> "$T/err"
ok "space = kernel without the module: exit 2" [ $? = 2 ]
ok "... naming the key, the device and what to do" \
	grep -q '^csumbench: space (--set): /dev/csumbench: .*make module.*insmod' "$T/err"
"$HOSTBIN" run -o - --set kernels=kernel:csum_partial > /dev/null 2> "$T/err"
ok "a kernel:NAME kernel without the module: exit 2, saying it is csumbench.ko's" \
	all [ $? = 2 ] -- has "$T/err" 'kernel:csum_partial is timed in the kernel, by csumbench.ko'
"$HOSTBIN" run -o - --set space=both > /dev/null 2> "$T/err"
ok "space = both: exit 2, expected user or kernel" \
	all [ $? = 2 ] -- has "$T/err" "space 'both', expected user or kernel"
printf 'space = kernel\nsamples = 3\n' > "$T/k.conf"
"$HOSTBIN" run -o - -c "$T/k.conf" > /dev/null 2> "$T/err"
ok "space = kernel in a config file: the file and line named" \
	grep -q "^$T/k.conf:1: space: /dev/csumbench" "$T/err"
$MAKE -s bench SPACE=sideways > /dev/null 2> "$T/err"
ok "make bench SPACE=sideways: refused" \
	all [ $? != 0 ] -- has "$T/err" 'SPACE=sideways: expected user or kernel'
$MAKE -s bench ARCH=ppc32 CPU=464 RUNNER=qemu-ppc SPACE=kernel > /dev/null 2> "$T/err"
ok "make bench SPACE=kernel under qemu-user: refused, naming a runner that has a kernel" \
	grep -q 'qemu-user has none; give RUNNER=vboard:sam460ex' "$T/err"
$MAKE -s module ARCH=ppc32 KDIR="$T/nowhere" > /dev/null 2> "$T/err"
ok "make module KDIR=a folder with no kernel tree: refused, saying what is expected" \
	grep -q "KDIR=$T/nowhere: no configured kernel build tree there" "$T/err"

odd=$T/'we ird$(touch ran)"x'
mkdir -p "$odd"
(cd "$T" && $MAKE -s -C "$OLDPWD" module ARCH=ppc32 KDIR="$odd" > /dev/null 2> "$T/err")
ok "make module KDIR= with a quote and a \$(...) in it: taken literally, never run" \
	bash -c "[ ! -e '$T/ran' ] && grep -qF 'ird\$(touch ran)\"x: no configured kernel' '$T/err'"

# 2. csumbench.ko for Debian's x86-64 kernel: compiled and linked by
# its kbuild, never loaded.
hdr=$(find /usr/src -maxdepth 1 -name 'linux-headers-*-amd64' | sort -V | tail -n 1)
ok "Debian's linux-headers-amd64 is installed" [ -n "$hdr" ]
if [ -n "$hdr" ]; then
	ko=$($MAKE -s module ARCH=x86_64 KDIR="$hdr" 2> "$T/x86.log")
	ok "csumbench.ko builds for ${hdr#/usr/src/linux-headers-}" [ -f "$ko" ]
	ok "... without a warning" bash -c "! grep -B3 -A3 'warning:' '$T/x86.log'"
	readelf -p .modinfo "$ko" > "$T/x86.modinfo" 2> /dev/null
	ok "its vermagic is that kernel's" \
		grep -q "vermagic=${hdr#/usr/src/linux-headers-} " "$T/x86.modinfo"
	ok "it is GPL, as a module must be" grep -q 'license=GPL$' "$T/x86.modinfo"
	nm "$ko" > "$T/x86.nm"
	ok "the x86-64 scalar kernels are in it" all has "$T/x86.nm" ' T csum_x86_64_adc1$' -- \
		has "$T/x86.nm" ' T csum_x86_64_adc2$' -- \
		has "$T/x86.nm" ' T ip_fast_csum_x86_64_adc$'
	ok "and the kernel's own csum_partial and csum_partial_copy_nocheck are called" \
		all has "$T/x86.nm" ' U csum_partial$' -- has "$T/x86.nm" ' U csum_partial_copy_nocheck$'
	ok "no vector kernel went in (their registers are not the module's)" \
		lacks "$T/x86.nm" avx
fi

# 3. csumbench.ko for the board's kernel, and make bench SPACE=kernel
# there, as docs/kernel-space.md has it.
kdir=$(scripts/vboard.sh kernel "$M")
ok "the $M kernel keeps its build tree for modules" [ -f "$kdir/build/Module.symvers" ]
ko=$($MAKE -s module ARCH=ppc32 KDIR="$kdir/build" 2> "$T/ppc.log")
ok "csumbench.ko builds for the $M kernel" [ -f "$ko" ]
ok "... without a warning" bash -c "! grep -B3 -A3 'warning:' '$T/ppc.log'"
readelf -p .modinfo "$ko" > "$T/ppc.modinfo" 2> /dev/null
ok "its vermagic is that kernel's release" \
	grep -q "vermagic=$(cat "$kdir/build/include/config/kernel.release") " "$T/ppc.modinfo"
nm "$ko" > "$T/ppc.nm"
ok "it holds the harness's ppc32 kernels" all has "$T/ppc.nm" ' T csum_ppc32_pipelined$' -- \
	has "$T/ppc.nm" ' T csum_ppc32_pipelined_dcbt$' -- \
	has "$T/ppc.nm" ' T csum_copy_ppc32_dcbt$'
ok "and calls the kernel's __csum_partial and csum_partial_copy_generic" \
	all has "$T/ppc.nm" ' U __csum_partial$' -- has "$T/ppc.nm" ' U csum_partial_copy_generic$'

CSUMBENCH_RESULTS_DIR=$T/res $MAKE -s bench ARCH=ppc32 CPU="${B##*ppc32-}" \
	RUNNER=vboard:$M SPACE=kernel CONFIG=configs/kernel-space.conf \
	> "$T/bench.out" 2> "$T/bench.err"
st=$?
ok "make bench SPACE=kernel RUNNER=vboard:$M" [ $st = 0 ]
[ $st = 0 ] || tail -n 20 "$T/bench.err"
csv=$(find "$T/res" -name "kernel-space-vboard-$M-*.csv" ! -name '*-samples.csv' | head -n 1)
ok "its results came back" [ -n "$csv" ]
[ -n "$csv" ] || csv=$T/none
ok "# space: kernel" grep -qx '# space: kernel' "$csv"
ok "# emulated: yes" grep -qx '# emulated: yes' "$csv"
ok "the gate ran in the kernel and through it" grep -q '^# kernel_gate: every kernel' "$csv"
ok "# kernel_function: __csum_partial, its address, size and sha256" \
	grep -Eq '^# kernel_function: __csum_partial 0xc[0-9a-f]{7} [1-9][0-9]* [0-9a-f]{64} kernel:csum_partial$' "$csv"
ok "the timer is the timebase, read in the module by get_cycles()" \
	all has "$csv" '^# timer: mftb ' -- has "$csv" '^# kernel_timer: get_cycles(): the timebase'
ok "the cold flush is the kernel's flush_dcache_range" \
	grep -q "^# cold_flush: csumbench.ko's, flush_dcache_range" "$csv"
# every kernel at both sizes, warm and cold, with a positive median
awk -F, '/^#/ || $1 == "kernel" || $1 == "empty" { next }
	{ if ($18 > 0 && $27 > 0) seen[$1 " " $4 " " $6 " " $7] = 1 }
	END { for (k in seen) print k }' "$csv" | sort > "$T/rows"
for k in "kernel:csum_partial none" "pipelined none" "pipelined-dcbt none" "pipelined-dcbt 64"; do
	for s in 64 1500; do
		for c in warm cold; do
			echo "${k% *} $s $c ${k#* }"
		done
	done
done | sort > "$T/want"
ok "rows of kernel:csum_partial, pipelined and pipelined-dcbt, 64 and 1500 B, warm and cold" \
	diff "$T/want" "$T/rows"
ok "the module's floors (empty) are the floor rows" \
	grep -q '^empty,module,csum,1500,0,cold,' "$csv"
# cold regions take the module's buffers: no user-space pool is made
ok "no user-space cold pool or huge pages said (none made)" \
	lacks_ere "$csv" '^# (cold_pool|huge_pages):'
ok "# kernel_buffers: the module's, its page and its 256 cold slots a page apart" \
	grep -Eq "^# kernel_buffers: csumbench.ko's own, vmalloc'd in [0-9]+-byte pages, .*; for cold regions 256 source and destination slots [0-9]+ bytes apart, a page between each two" "$csv"
# no time below 0: the overhead is this boot's, and a figure below it none
nonneg() { # nonneg CSV: no field of a row below 0
	awk -F, '/^#/ || $1 == "kernel" { next } { for (i = 1; i <= NF; i++) if ($i ~ /^-[0-9]/) { print FILENAME ": " $0; exit 1 } }' "$1"
}
ok "no figure below 0 in the kernel-space CSV" nonneg "$csv"
ok "# kernel_overhead_ticks: measured in this boot, above 0" \
	grep -Eq '^# kernel_overhead_ticks: [0-9]*[1-9][0-9]*\.[0-9] \(median of 101 empty regions' "$csv"
plain=$(sed -n 's/^# kernel_function: \(.*\) kernel:csum_partial$/\1/p' "$csv")

# 4. A patch under review: one dcbt in __csum_partial's 16-byte loop,
# made now from the installed source with sed and diff, the board's
# kernel rebuilt with it (VBOARD_PATCH), timed and its code dumped.
mkdir -p "$T/p/a/arch/powerpc/lib" "$T/p/b/arch/powerpc/lib"
cp "$kdir/tree/arch/powerpc/lib/checksum_32.S" "$T/p/a/arch/powerpc/lib/"
sed -e 's|^21:\tsrwi\.\tr6,r4,4\t\t/\* # blocks of 4 words to do \*/$|&\n\tli\tr9,64\t\t/* dcbt 64 bytes ahead */|' \
	-e 's|^22:\tlwz\tr0,4(r3)$|22:\tdcbt\tr3,r9\n\tlwz\tr0,4(r3)|' \
	"$T/p/a/arch/powerpc/lib/checksum_32.S" > "$T/p/b/arch/powerpc/lib/checksum_32.S"
# (labels without dates: the same patch, the same cached kernel, each run)
(cd "$T/p" && diff -u --label a/arch/powerpc/lib/checksum_32.S \
	--label b/arch/powerpc/lib/checksum_32.S a/arch/powerpc/lib/checksum_32.S \
	b/arch/powerpc/lib/checksum_32.S) > "$T/dcbt.patch"
ok "the patch adds a dcbt to the loop and the distance before it" \
	bash -c "[ \$(grep -c '^+' '$T/dcbt.patch') = 4 ] && grep -q '^+22:	dcbt	r3,r9$' '$T/dcbt.patch' &&
		grep -q '^+	li	r9,64' '$T/dcbt.patch'"
echo 'this is not a patch' > "$T/bad.patch"
VBOARD_PATCH=$T/bad.patch scripts/vboard.sh kernel "$M" > /dev/null 2> "$T/err"
ok "a patch that does not apply: refused before any build, named" \
	all [ $? = 2 ] -- has "$T/err" 'VBOARD_PATCH: .*bad.patch does not apply to linux-source-6.1'
VBOARD_PATCH=$T/gone.patch scripts/vboard.sh kernel "$M" > /dev/null 2> "$T/err"
ok "a patch that is not there: refused, named" \
	grep -q "VBOARD_PATCH: $T/gone.patch: no such file" "$T/err"
pkdir=$(VBOARD_PATCH=$T/dcbt.patch scripts/vboard.sh kernel "$M" 2> "$T/pbuild.err")
ok "the patched kernel is built beside the plain one, its key the patch's" \
	bash -c "[ -f '$pkdir/vmlinux' ] && [ '$pkdir' != '$kdir' ] && [ '${pkdir#"$kdir"}' != '$pkdir' ]"
ok "... rebuilding only what the patch touched" \
	bash -c "[ \$(grep -c '^  AS      arch/powerpc/lib/checksum_32.o' '$pkdir/build.log') = 1 ] &&
		[ \$(grep -c '^  CC ' '$pkdir/build.log') -lt 50 ]"
ok "... and the plain kernel's source is untouched" \
	lacks "$kdir/tree/arch/powerpc/lib/checksum_32.S" 'dcbt	r3,r9'
pko=$($MAKE -s module ARCH=ppc32 KDIR="$pkdir/build" 2> "$T/pko.log")
ok "csumbench.ko builds for the patched kernel" [ -f "$pko" ]
powerpc-linux-gnu-gcc -static -O2 -Wall -Wextra -Imodule -o "$T/kspace-ioctl" \
	tests/kspace-ioctl.c 2> "$T/ioctl-build.log"
ok "the device test builds" [ -x "$T/kspace-ioctl" ]
cat > "$T/short.conf" <<'CONF'
kernels  = kernel:csum_partial
sizes    = 1500
cache    = warm
samples  = 5
CONF
{
	echo "/csumbench/csumbench run -q -c /csumbench/short.conf -o /results/patched.csv" \
		"--set emulated=yes --set space=kernel"
	echo "/csumbench/csumbench code kernel:csum_partial > /results/code.txt"
	# a file of 2 chunks, through the kernel's csum_partial
	echo "/csumbench/csumbench sum -k kernel:csum_partial /csumbench/csumbench > /results/ksum.txt"
	echo "/csumbench/csumbench run --check --set space=kernel --set kernels=kernel:csum_partial" \
		"--set sizes=1M --set aligns=0 --set cache=warm > /results/check-1m.txt"
	echo "/csumbench/csumbench run --check --set space=kernel --set kernels=pipelined-dcbt" \
		"--set prefetch=none,0..2048/64 --set sizes=64 --set aligns=0 --set cache=warm > /results/check-dists.txt"
	echo "/csumbench/csumbench run --check --set space=kernel --set kernels=pipelined" \
		"--set sizes=1..4097/1 --set aligns=0 --set cache=warm > /results/check-sizes.txt"
	echo "/csumbench/kspace-ioctl --reload /csumbench/csumbench.ko > /results/ioctl.txt"
	# after the reload, pipelined answers one off
	echo "/csumbench/csumbench run -q -c /csumbench/short.conf -o /results/wrong.csv" \
		"--set emulated=yes --set space=kernel --set kernels=pipelined,pipelined-dcbt" \
		"--set prefetch=64"
} > "$T/cmds"
VBOARD_PATCH=$T/dcbt.patch scripts/vboard.sh run "$M" "$T/got" "$T/cmds" \
	csumbench="$B/csumbench" csumbench.ko="$pko" kspace-ioctl="$T/kspace-ioctl" \
	short.conf="$T/short.conf" > "$T/fetched" 2> "$T/run.err"
log=$T/got/.console-$M.log
# the board's Nth command: its exit status, and what it said on the console
status_of() { grep '^@@csumbench-exit ' "$log" | sed -n "$1{s/.* status //;p}"; }
said_by() { awk -v n="$1" '/^@@csumbench-run /{ c++; next } /^@@csumbench-exit /{ if (c == n) exit; next } c == n' "$log"; }
ok "the patched board loaded the module and ran the commands" \
	all has "$log" '^@@csumbench-module /csumbench/csumbench.ko loaded' -- \
		has "$log" '^@@csumbench-exit /csumbench/csumbench status 0'
psum=$(sha256sum < "$T/dcbt.patch" | cut -c1-64)
ok "the patched kernel's results say so: # vboard_patch: the patch and its sha256" \
	bash -c "for f in patched.csv patched-samples.csv wrong.csv; do
			[ \"\$(grep -c '^# vboard_patch: ' '$T/got/'\$f)\" = 1 ] &&
			grep -qx '# vboard_patch: $T/dcbt.patch $psum' '$T/got/'\$f || exit 1
		done"
ok "... the plain kernel's do not, nor a file that is not a CSV of results" \
	bash -c "! grep -q '^# vboard_patch:' '$csv' '$T/got/code.txt'"
patched=$(sed -n 's/^# kernel_function: \(.*\) kernel:csum_partial$/\1/p' "$T/got/patched.csv" 2> /dev/null)
read -r psym _ psize psha <<< "$patched"
read -r _ _ size sha <<< "$plain"
ok "# kernel_function: differs with the patch (sha256 $sha -> $psha)" \
	all [ -n "$psha" ] -- [ -n "$sha" ] -- [ "$psha" != "$sha" ] -- [ "$psym" = __csum_partial ]
ok "... and is two instructions longer ($size -> $psize bytes)" [ "$psize" = $((size + 8)) ]
# The same patch through make bench, as docs/kernel-space.md gives it.
CSUMBENCH_RESULTS_DIR=$T/resp $MAKE -s bench ARCH=ppc32 CPU="${B##*ppc32-}" RUNNER=vboard:$M SPACE=kernel \
	CONFIG=configs/kernel-space.conf VBOARD_PATCH=$T/dcbt.patch > "$T/pbench.out" 2> "$T/pbench.err"
st=$?
pcsv=$(find "$T/resp" -name "kernel-space-vboard-$M-*.csv" ! -name '*-samples.csv' 2> /dev/null | head -n 1)
ok "make bench ... SPACE=kernel VBOARD_PATCH=dcbt.patch: the patched __csum_partial timed" \
	all [ "$st" = 0 ] -- \
		[ -n "$pcsv" ] -- \
		has_line "$pcsv" "# kernel_function: $patched kernel:csum_partial" -- \
		has "$pcsv" '^kernel:csum_partial,[a-z0-9_]*,csum,1500,0,warm,'
[ $st = 0 ] || tail -n 20 "$T/pbench.err"
ok "csumbench code gives the same function as the results" \
	bash -c "[ \"\$(head -n 1 '$T/got/code.txt')\" = '# $patched kernel:csum_partial' ]"
grep -v '^#' "$T/got/code.txt" | tr -d '\n' | perl -ne 'print pack("H*", $_)' > "$T/code.bin"
ok "its bytes are the ones the sha256 names" \
	[ "$(sha256sum < "$T/code.bin" | cut -c1-64)" = "$psha" ]
# (as the 464 decodes it: the default names this form dcbtct)
powerpc-linux-gnu-objdump -D -b binary -m powerpc:common -M 464 -EB "$T/code.bin" > "$T/code.dis"
ok "the patched function holds a dcbt, from its bytes" grep -Eq '\sdcbt\s+r?3,r?9$' "$T/code.dis"
powerpc-linux-gnu-objdump -d -M 464 --disassemble=__csum_partial "$kdir/vmlinux" > "$T/plain.dis"
ok "the plain kernel's __csum_partial has none" \
	all has "$T/plain.dis" adde -- lacks "$T/plain.dis" dcbt
# A call through the module costs its own bytes and a request, whatever
# the run's largest call: a correct kernel is never called hung.
"$HOSTBIN" sum -k ref "$B/csumbench" > "$T/hsum.txt"
ok "csumbench sum -k kernel:csum_partial of a 2-chunk file: exit 0, the sum ref gives" \
	bash -c "[ '$(status_of 3)' = 0 ] && [ \"\$(cut -c1-9 '$T/got/ksum.txt')\" = \"\$(cut -c1-9 '$T/hsum.txt')\" ] &&
		grep -q ' /csumbench/csumbench\$' '$T/got/ksum.txt'"
said_by 3 > "$T/said3"
ok "... not called hung" lacks "$T/said3" 'did not return'
ok "run --check at 1 MiB in kernel space: exit 0, every kernel agrees" \
	bash -c "[ '$(status_of 4)' = 0 ] && grep -q '^ok: 1 kernel(s) at 1 size(s) and 1 alignment(s) agree' '$T/got/check-1m.txt'"
# The module's limits are no kernel's failure: 33 distances, 4097 sizes.
ok "run --check of pipelined-dcbt at none and 33 distances: exit 0, it agrees" \
	bash -c "[ '$(status_of 5)' = 0 ] && grep -q '^ok: 1 kernel(s) at 1 size(s) and 1 alignment(s) agree' '$T/got/check-dists.txt'"
said_by 5 > "$T/said5"
ok "... with no failure said" lacks "$T/said5" 'FAILED\|refused'
ok "run --check of pipelined at 4097 sizes: exit 0, it agrees" \
	bash -c "[ '$(status_of 6)' = 0 ] && grep -q '^ok: 1 kernel(s) at 4097 size(s) and 1 alignment(s) agree' '$T/got/check-sizes.txt'"
ok "no figure below 0 in the patched kernel's CSV" nonneg "$T/got/patched.csv"
results <(sed -n 's/^\(ok\|FAIL\) /&/p' "$T/got/ioctl.txt" 2> /dev/null)
ok "the device test ran to its end" grep -qx 'kspace-ioctl: all ok' "$T/got/ioctl.txt"
ok "a kernel the in-kernel gate refuses is not timed, and the run says why" \
	all has "$log" 'FAILED correctness check, not timed: pipelined at len 1500 align 0, .*(csumbench.ko.s gate, in the kernel)' -- \
		has "$log" '^@@csumbench-exit /csumbench/csumbench status 1'
ok "... the others are" all has "$T/got/wrong.csv" '^pipelined-dcbt,module,csum,1500,0,warm,64,' -- \
	lacks "$T/got/wrong.csv" '^pipelined,'
# 5. make ab SPACE=kernel on the board (docs/comparing.md):
# the tree's checksum_32.S and the same file with the dcbt patch, both
# compiled into csumbench.ko as the kernel compiles its own, timed in one
# boot beside the board kernel's own __csum_partial; emulated, so
# figures and no verdict.
# (as written in the README and docs/: tests/examples.sh binds the tree and the patch)
cp "$T/dcbt.patch" "$T/0001-csum-dcbt.patch"
CSUMBENCH_RESULTS_DIR=$T/rab $MAKE -s ab KSRC="$kdir/tree" PATCH="$T/0001-csum-dcbt.patch" ARCH=ppc32 CPU="${B##*ppc32-}" \
	RUNNER=vboard:$M SPACE=kernel > "$T/ab.out" 2> "$T/ab.err"
ok "make ab KSRC= PATCH= RUNNER=vboard:$M SPACE=kernel: ends 'ab: exit 3, inconclusive'" \
	bash -c "tail -n 1 '$T/ab.out' | grep -q '^ab: exit 3, inconclusive'" ||
	{ tail -n 15 "$T/ab.err"; tail -n 5 "$T/ab.out"; }
ok "... in one boot" [ "$(grep -c '^vboard: booting' "$T/ab.err")" = 1 ]
abko=$(sed -n 's/^make ab: csumbench.ko with both sides: //p' "$T/ab.err" | head -n 1)
powerpc-linux-gnu-objdump -d -M 464 "${abko:-$T/none}" > "$T/abko.dis" 2> /dev/null
ok "both files inside csumbench.ko, renamed, their exports dropped" \
	bash -c "nm '$abko' | grep -q ' T csb_old___csum_partial$' && nm '$abko' | grep -q ' T csb_new___csum_partial$' &&
		! nm '$abko' | grep -q '__ksymtab'"
ok "... the new side holds the patch's dcbt, the old side none" \
	bash -c "sed -n '/<csb_new___csum_partial>:/,/^\$/p' '$T/abko.dis' | grep -q 'dcbt' &&
		! sed -n '/<csb_old___csum_partial>:/,/^\$/p' '$T/abko.dis' | grep -q 'dcbt'"
aold=$(ls "$T"/rab/ab-old-vboard-$M-*[0-9].csv 2> /dev/null)
anew=$(ls "$T"/rab/ab-new-vboard-$M-*[0-9].csv 2> /dev/null)
ok "each side timed in kernel space, in processes of its own, emulated" \
	bash -c "for f in '$aold' '$anew'; do grep -qx '# space: kernel' \"\$f\" && grep -qx '# emulated: yes' \"\$f\" &&
		grep -q '^# processes: 3 ' \"\$f\" || exit 1; done &&
		grep -q '^old:__csum_partial,module,csum,1500,0,warm,' '$aold' && grep -q '^new:__csum_partial,module,csum,1500,0,warm,' '$anew'"
ok "... EMULATED said first in the summary and the paste block" \
	bash -c "grep -q 'EMULATED' '$T/ab.out' && head -n 1 \"\$(ls '$T'/rab/ab-vboard-$M-*[0-9].txt)\" | grep -q '^EMULATED'"
beside=$(ls "$T"/rab/ab-beside-vboard-$M-*[0-9].csv 2> /dev/null)
ok "... and both beside the board kernel's own, in the same boot" \
	bash -c "for k in kernel:csum_partial old:__csum_partial new:__csum_partial; do
			grep -q \"^\$k,[a-z]*,csum,1500,0,warm,\" '$beside' || exit 1
		done && grep -q 'kernel:csum_partial' '$T/ab.out'"
ok "no figure below 0 in the sides' CSVs" bash -c "for f in '$aold' '$anew' '$beside'; do
		awk -F, '/^#/ || \$1 == \"kernel\" { next } { for (i = 1; i <= NF; i++) if (\$i ~ /^-[0-9]/) exit 1 }' \"\$f\" || exit 1
	done"
finish
