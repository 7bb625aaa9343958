#!/usr/bin/env bash
# make bench for ppc32 under qemu-ppc, as the README gives it: one CSV
# marked emulated, a row for every kernel x distance x cache state.
set -u
SUITE=bench-ppc32
. "$(dirname "$0")/lib.sh"

CSUMBENCH_RESULTS_DIR=$T make -s bench ARCH=ppc32 CROSS_COMPILE=powerpc-linux-gnu- \
	RUNNER=qemu-ppc CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err"
ok "make bench exits 0" [ $? = 0 ]
csv=$(ls "$T"/apm82181-*[0-9].csv 2> /dev/null)
ok "one results CSV" [ -f "$csv" ]
ok "marked '# emulated: yes'" grep -q '^# emulated: yes$' "$csv"
ok "stderr warns that timings are not real" grep -q 'WARNING: running under emulation' "$T/err"
ok "the summary says so too" grep -q '^EMULATED RUN' "$T/out"
ok "timer mftb at 1 cycle per tick from the config" \
	bash -c "grep -q '^# timer: mftb' '$csv' && grep -q '^# cycles_per_tick_source: config' '$csv'"
for k in v0 tuned unroll4 pipelined; do
	ok "$k: 6 sizes x warm/cold, entry on 64 bytes, loop on 32" \
		[ "$(grep -c "^$k,ppc32,csum,[0-9]*,0,\(warm\|cold\),none,none,idle,none,0,\(0\|32\),1,mftb," "$csv")" = 12 ]
done
for d in none 64 96 128 160 256; do
	for k in unroll4-dcbt pipelined-dcbt; do
		ok "$k at $d: 6 sizes x warm/cold" \
			[ "$(grep -c "^$k,ppc32,csum,[0-9]*,0,\(warm\|cold\),$d,none,idle,none,0,\(0\|32\),1,mftb," "$csv")" = 12 ]
	done
done
ok "sizes of one packet and GRO-sized buffers: 64 to 65536" \
	bash -c "grep -q '^pipelined-dcbt,ppc32,csum,65536,0,cold,160,' '$csv' &&
		grep -q '^pipelined-dcbt,ppc32,csum,16384,0,warm,96,' '$csv'"
ok "the empty kernel's floor: 6 sizes x warm/cold" \
	[ "$(grep -c "^empty,harness,csum,[0-9]*,0,\(warm\|cold\),none,none,idle,none,0,,1,mftb," "$csv")" = 12 ]
ok "flush check skipped under emulation, and said so" grep -q '^# flush_check: not checked: emulated' "$csv"
ok "cache line from auxv, flushed with dcbf" \
	bash -c "grep -q '^# cache_line: 32 (auxv AT_DCACHEBSIZE)' '$csv' && grep -q '^# cold_flush: dcbf' '$csv'"
finish
