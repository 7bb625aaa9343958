#!/usr/bin/env bash
# A ppc32 build under a given qemu CPU, so the Book E (440) and e300 paths
# run: the timebase read the build uses (a CPU preset encodes mftb as
# mfspr 268/269 for Book E and as the mftb opcode for e300; a generic
# build probes), and a short run of every ppc32 kernel of each op.
# usage: tests/ppc32-cpu.sh BUILD-DIR QEMU-CPU [mfspr|mftb]
set -u
BUILD=$1 QCPU=$2 WANT=${3:-}
SUITE=ppc32-cpu-$QCPU
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
CB=(qemu-ppc -cpu "$QCPU" "$BUILD/csumbench")

# read_asm exists in preset builds: mfspr is primary opcode 31, extended
# 339 (0x7c..42a6 for r3 and SPR 269); mftb's extended opcode is 371 (..42e6).
if [ -n "$WANT" ]; then
	word=$(powerpc-linux-gnu-objdump -d "$BUILD/csumbench" |
		awk '/<read_asm>:/ { on = 1; next }
			on && /:\t/ && $2 == "7c" && $4 == "42" { print $2 $3 $4 $5; exit }')
	case $WANT in
	mfspr) re='^7c..42a6$' ;;
	*) re='^7c..42e6$' ;;
	esac
	ok "the timebase read of this preset is $WANT (first word $word)" \
		bash -c "[[ '$word' =~ $re ]]"
fi

"${CB[@]}" run -o "$T/r.csv" --set kernels=pipelined,pipelined-dcbt,unroll4-dcbt \
	--set sizes=64,1500 --set cache=warm,cold --set prefetch=none,64 \
	--set samples=3 --set timer=mftb > "$T/out" 2> "$T/err"; rc=$?
ok "csum kernels run under -cpu $QCPU (exit $rc)" [ $rc = 0 ]
ok "timer mftb, marked emulated" \
	all has "$T/r.csv" '^# timer: mftb (PowerPC timebase' -- has "$T/r.csv" '^# emulated: yes'
ok "pipelined-dcbt at none and 64, warm and cold, 2 sizes" \
	[ "$(grep -c '^pipelined-dcbt,ppc32,csum,' "$T/r.csv")" = 8 ]
"${CB[@]}" run -o "$T/c.csv" -c configs/csum-copy.conf --set samples=3 \
	--set timer=mftb > "$T/out" 2> "$T/err"; rc=$?
ok "configs/csum-copy.conf runs under -cpu $QCPU (exit $rc)" [ $rc = 0 ]
for k in copy-ppc32 copy-ppc32-nodcbz; do
	ok "$k: 3 sizes x warm/cold" [ "$(grep -c "^$k,ppc32,csum_copy,[0-9]*,0,\(warm\|cold\),none," "$T/c.csv")" = 6 ]
	ok "$k-dcbt at 64 and 128: 3 sizes x warm/cold x 2" \
		[ "$(grep -c "^$k-dcbt,ppc32,csum_copy,[0-9]*,0,\(warm\|cold\),\(64\|128\)," "$T/c.csv")" = 12 ]
done
"${CB[@]}" run -o "$T/i.csv" -c configs/ip-fast-csum.conf --set samples=3 \
	--set timer=mftb > "$T/out" 2> "$T/err"; rc=$?
ok "configs/ip-fast-csum.conf runs under -cpu $QCPU (exit $rc)" [ $rc = 0 ]
for k in ip-mainline ip-unrolled; do
	ok "$k: 4 header lengths x warm/cold" \
		[ "$(grep -c "^$k,ppc32,ip_fast_csum,\(20\|24\|40\|60\),0,\(warm\|cold\)," "$T/i.csv")" = 8 ]
done
"${CB[@]}" run --check --set kernels=ip-mainline --set sizes=20 --set aligns=2 > "$T/out" 2> "$T/err"; rc=$?
ok "ppc32 ip kernels at align 2: refused by the gate (4-byte aligned headers)" \
	all exit_is 1 -- has "$T/err" 'ip-mainline: takes 4-byte aligned headers only'
finish
