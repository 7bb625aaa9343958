#!/usr/bin/env bash
# The x86-64 virtual board: Debian's own kernel (linux-image-amd64,
# downloaded, never installed here) under qemu-system-x86_64, the same
# initrd scheme as the ppc boards.  A short user-space sweep there, and
# kernel space: csumbench.ko built against the matching
# linux-headers-amd64, loaded by the board's init, timing the kernel's
# own csum_partial.  (csumbench trace there: tests/trace.sh.)
# usage: tests/vboard-x86.sh (the static build: make RUNNER=vboard:x86_64)
set -u
SUITE=vboard-x86_64
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
MAKE=${MAKE:-make}
M=x86_64

kdir=$(scripts/vboard.sh kernel $M 2> "$T/kernel.err")
ok "the board's kernel: Debian's package, its version recorded" \
	all [ -f "$kdir/vmlinuz" ] -- has_ere "$kdir/version" '^linux-image-[0-9.]+-[0-9]+-amd64 [0-9][^ ]*$'
read -r pkg ver < "$kdir/version"
release=${pkg#linux-image-}
ok "... the one linux-image-amd64 names, as apt knows it" \
	bash -c "apt-cache depends linux-image-amd64 | grep -q 'Depends: $pkg\$' &&
		apt-cache show --no-all-versions $pkg | grep -qx 'Version: $ver'"
ok "... with the matching linux-headers as its build folder" \
	[ "$(readlink "$kdir/build")" = "/usr/src/linux-headers-$release" ]
ok "scripts/vboard.sh list names it, arch x86_64" \
	bash -c "scripts/vboard.sh list | grep -q '^x86_64 ' && [ \"\$(scripts/vboard.sh arch $M)\" = x86_64 ]"

# A short sweep in user space.
printf '%s\n' "kernels = ref, c64, adc1" "sizes = 64, 1500" "aligns = 0" \
	"cache = warm, cold" "prefetch = none" "samples = 5" > "$T/short.conf"
CSUMBENCH_RESULTS_DIR="$T/res" VBOARD_TIMEOUT=300 \
	$MAKE -s bench RUNNER=vboard:$M CONFIG="$T/short.conf" > "$T/out" 2> "$T/err"
ok "make bench RUNNER=vboard:x86_64: exit 0" [ $? = 0 ] || tail -n 20 "$T/err"
ok "... the runner names Debian's kernel and how it ran (KVM or TCG)" \
	all has "$T/err" "^vboard: x86_64 runs Debian's $pkg $ver" -- \
		has "$T/err" '^vboard: x86_64 under \(KVM\|TCG\)'
csv=$(find "$T/res" -name "short-vboard-$M-*.csv" ! -name '*-samples.csv' | head -n 1)
ok "... the CSV came back" [ -n "$csv" ]
csv=${csv:-/dev/null}
ok "... x86_64, user space, marked emulated, the board's name" \
	all has_line "$csv" '# arch: x86_64' -- \
		has_line "$csv" '# space: user' -- \
		has "$csv" '^# emulated: yes' -- \
		has_line "$csv" '# host: vboard_x86_64'
for k in ref c64 adc1; do
	for s in 64 1500; do
		for c in warm cold; do
			ok "... $k $s B $c: a row, cycles per byte a number" \
				grep -Eq "^$k,[a-z0-9_]+,csum,$s,0,$c,none,.*,[0-9]+\.[0-9]+," "$csv"
		done
	done
done

# VBOARD_PATCH there: nothing is built to patch (Debian's kernel boots
# as packaged), so refused, saying why, before anything boots.
echo 'a patch never applied' > "$T/x.patch"
CSUMBENCH_RESULTS_DIR="$T/pres" VBOARD_PATCH="$T/x.patch" \
	$MAKE -s bench RUNNER=vboard:$M CONFIG="$T/short.conf" > /dev/null 2> "$T/perr"
ok "make bench VBOARD_PATCH=... RUNNER=vboard:x86_64: exit 2, saying why, nothing in results" \
	bash -c "[ $? = 2 ] && grep -q \"^vboard: VBOARD_PATCH: the x86_64 board boots Debian's own kernel (linux-image-amd64, as packaged): nothing is built here to patch\" '$T/perr' &&
		! grep -q 'booting' '$T/perr' && [ -z \"\$(ls -A '$T/pres' 2> /dev/null)\" ]"
echo '/csumbench/csumbench list' > "$T/pcmds"
VBOARD_PATCH="$T/x.patch" scripts/vboard.sh run $M "$T/pgot" "$T/pcmds" > /dev/null 2> "$T/perr"
ok "... and so does scripts/vboard.sh run" \
	all [ $? = 2 ] -- has "$T/perr" '^vboard: VBOARD_PATCH: the x86_64 board' -- lacks "$T/perr" booting

# Kernel space: the module for Debian's kernel, the kernel's own
# csum_partial beside the module's adc loops.
CSUMBENCH_RESULTS_DIR="$T/kres" VBOARD_TIMEOUT=300 \
	$MAKE -s bench RUNNER=vboard:$M SPACE=kernel CONFIG=configs/kernel-space-x86_64.conf \
	> "$T/kout" 2> "$T/kerr"
ok "make bench SPACE=kernel on it: exit 0" [ $? = 0 ] || tail -n 20 "$T/kerr"
csv=$(find "$T/kres" -name "kernel-space-x86_64-vboard-$M-*.csv" ! -name '*-samples.csv' | head -n 1)
csv=${csv:-/dev/null}
ok "... kernel space, Debian's release, its timer" \
	all has_line "$csv" '# space: kernel' -- \
		has "$csv" "^# kernel_release: $release" -- \
		has "$csv" '^# kernel_timer: '
ok "... # kernel_function: csum_partial, its address, size and sha256" \
	grep -Eq '^# kernel_function: csum_partial 0xffffffff[0-9a-f]{8} [1-9][0-9]* [0-9a-f]{64} kernel:csum_partial$' "$csv"
for k in kernel:csum_partial adc1 adc2; do
	ok "... $k: warm and cold rows at 64 and 1500 B" \
		bash -c "[ \$(grep -Ec '^$k,[a-z0-9_]+,csum,(64|1500),0,(warm|cold),' '$csv') = 4 ]"
done
finish
