#!/usr/bin/env bash
# x86-64 kernels that need CPU features: what list says against what the
# CPU has, and the same binary under qemu-x86_64 CPU models without them
# (Nehalem: no AVX, ADX; max: AVX2 and ADX, no AVX-512), where such a
# kernel is listed as unavailable, a config naming it is an error (exit
# 2, FILE:LINE, the reason), kernels = all leaves it out, the roofline
# falls back, and the kernels that do run there pass the gate.
# usage: tests/cpufeat.sh BIN
set -u
BIN=$(realpath "$1")
SUITE=cpufeat
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

flag() { grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -qx "$1"; }
runs() { # runs LIST.CSV KERNEL: its runs column
	awk -F, -v k="$2" '$1 == k { print $NF }' "$1"
}

# --- natively: list agrees with /proc/cpuinfo
"$BIN" list --csv > "$T/list.csv"
ok "list --csv ends in the runs column" \
	[ "$(head -n 1 "$T/list.csv")" = "kernel,arch,op,prefetch,description,runs" ]
ok "adc1, adc2 and c64 need nothing" \
	[ "$(runs "$T/list.csv" adc1)$(runs "$T/list.csv" adc2)$(runs "$T/list.csv" c64)" = yesyesyes ]
check_native() { # KERNEL FLAG... : runs here exactly when every flag is there
	local k=$1 f want=yes; shift
	for f in "$@"; do flag "$f" || want=no; done
	if [ $want = yes ]; then
		ok "$k runs here, as /proc/cpuinfo has $*" [ "$(runs "$T/list.csv" "$k")" = yes ]
	else
		ok "$k does not run here: /proc/cpuinfo lacks one of $*" \
			grep -q "^$k,.*,needs " "$T/list.csv"
	fi
}
check_native adx adx
check_native avx2 avx2
check_native avx2-prefetch avx2
check_native avx512 avx512f avx512bw
check_native avx512-vnni avx512f avx512bw avx512_vnni
check_native sized-avx512 avx512f avx512bw avx512_vnni bmi2
check_native sized-avx2 avx2
check_native load-avx2 avx2
check_native load-avx512 avx512f avx512bw

if ! command -v qemu-x86_64 > /dev/null; then
	failed "needs qemu-x86_64 (qemu-user)"
	finish
	exit
fi

# --- Nehalem: none of them
Q=(qemu-x86_64 -cpu Nehalem "$BIN")
"${Q[@]}" list > "$T/nehalem.txt" 2>&1
for k in adx:ADX avx2:AVX2 avx2-prefetch:AVX2 avx512:AVX-512BW \
	 avx512-vnni:AVX-512BW load-avx2:AVX2 load-avx512:AVX-512BW \
	 sized-avx512:AVX-512BW sized-avx2:AVX2; do
	ok "Nehalem: list says ${k%%:*} needs ${k#*:}" \
		grep -A1 -E "^  ${k%%:*} +x86_64" "$T/nehalem.txt" \
		| grep -q "unavailable: needs ${k#*:}$"
done
ok "Nehalem: adc2 has no feature line" \
	bash -c "! grep -A1 -E '^  adc2 +x86_64' '$T/nehalem.txt' | grep -q unavailable"

printf 'kernels = c64, avx2\nsizes = 64\n' > "$T/avx2.conf"
(cd "$T" && "${Q[@]}" run -o out.csv -c avx2.conf > /dev/null 2> err.txt)
rc=$?
ok "Nehalem: a config naming avx2 exits 2 ($rc)" [ $rc = 2 ]
ok "  with FILE:LINE and the reason" grep -q "avx2.conf:1: kernels: kernel 'avx2' cannot run on this CPU: needs AVX2" "$T/err.txt"
ok "  and no results file" [ ! -e "$T/out.csv" ]
"${Q[@]}" run --set kernels=avx512 > /dev/null 2> "$T/err2.txt"
rc=$?
ok "Nehalem: --set kernels=avx512 exits 2 ($rc), needs AVX-512BW" \
	all exit_is 2 -- has "$T/err2.txt" 'needs AVX-512BW'
"${Q[@]}" run --set roofline=load-avx2 > /dev/null 2> "$T/err3.txt"
rc=$?
ok "Nehalem: roofline = load-avx2 exits 2 ($rc) with the reason and the choices" \
	bash -c "[ $rc = 2 ] && grep -q \"roofline: 'load-avx2' cannot run on this CPU: needs AVX2, expected auto, none or a load kernel that runs here: load load-prefetch$\" '$T/err3.txt'"
"${Q[@]}" run --dry-run --set sizes=64 > "$T/dry.txt" 2>&1
ok "Nehalem: kernels = all leaves out what cannot run" \
	all has "$T/dry.txt" adc2 -- lacks_ere "$T/dry.txt" 'avx|adx'
ok "Nehalem: the roofline falls back to load" grep -qE '^ *load +' "$T/dry.txt"

# --- max: AVX2 and ADX, no AVX-512; those that run pass the gate
Q=(qemu-x86_64 -cpu max "$BIN")
"${Q[@]}" list --csv > "$T/max.csv"
ok "max: avx2 and adx run" [ "$(runs "$T/max.csv" avx2)$(runs "$T/max.csv" adx)" = yesyes ]
ok "max: avx512 does not" [ "$(runs "$T/max.csv" avx512)" = "needs AVX-512BW" ]
"${Q[@]}" run --check --set ops=csum,load \
	--set kernels=adc1,adc2,adx,avx2,avx2-prefetch,sized-avx2,load-avx2,load-avx2-prefetch \
	--set prefetch=none,64,256 --set sizes=1,31,32,33,63,64,95,127,128,129,1500,65537 \
	--set aligns=0,1,3,7 > "$T/check.txt" 2>&1
rc=$?
ok "max: adx, avx2, sized-avx2, load-avx2 and its prefetching variant pass the gate under emulation ($rc)" \
	all exit_is 0 -- has "$T/check.txt" '^ok: 8 kernel'
"${Q[@]}" run --dry-run --set sizes=64 > "$T/drymax.txt" 2>&1
ok "max: the roofline is load-avx2" grep -qE '^ *load-avx2 +' "$T/drymax.txt"
finish
