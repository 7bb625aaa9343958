#!/usr/bin/env bash
# make bench for ppc32 under qemu-ppc, as the README gives it: one CSV
# marked emulated, a row for every kernel x distance x cache state.
set -u
SUITE=bench-ppc32
# shellcheck source=tests/lib.sh
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
	all has "$csv" '^# timer: mftb' -- has "$csv" '^# cycles_per_tick_source: config'
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
	all has "$csv" '^pipelined-dcbt,ppc32,csum,65536,0,cold,160,' -- \
		has "$csv" '^pipelined-dcbt,ppc32,csum,16384,0,warm,96,'
ok "the empty kernel's floor: 6 sizes x warm/cold" \
	[ "$(grep -c "^empty,harness,csum,[0-9]*,0,\(warm\|cold\),none,none,idle,none,0,,1,mftb," "$csv")" = 12 ]
ok "flush check skipped under emulation, and said so" grep -q '^# flush_check: not checked: emulated' "$csv"
ok "cache line from auxv, flushed with dcbf" \
	all has_line "$csv" '# cache_line: 32' -- \
		has_line "$csv" '# cache_line_source: auxv AT_DCACHEBSIZE' -- \
		has "$csv" '^# cold_flush: dcbf'
ok "cpu_model: qemu's default CPU named by its PVR, and the emulator" \
	grep -Eq '^# cpu_model: PVR 0x[0-9a-f]{8}, emulated \(qemu-ppc; /proc/cpuinfo is the host.s\)$' "$csv"

# A CPU preset runs under its own qemu CPU model (-mcpu=464 emits
# dlmzb., which qemu's default lacks), named in the CSV; a preset that
# qemu-user cannot run is refused before anything runs.
mkdir "$T/464"
CSUMBENCH_RESULTS_DIR=$T/464 make -s bench ARCH=ppc32 \
	CPU=464 RUNNER=qemu-ppc CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err"; rc=$?
csv=$(ls "$T/464"/apm82181-*[0-9].csv 2> /dev/null)
ok "CPU=464 RUNNER=qemu-ppc: exit 0, the pair and the summary" \
	all exit_is 0 -- [ -f "$csv" ] -- has "$T/out" '^EMULATED RUN' -- lacks "$T/err" 'uncaught target signal'
ok "CPU=464: the CSV names the emulated core (PPC460EX/GT) and -cpu 460exb" \
	grep -q "^# cpu_model: PPC460EX/GT, PVR 0x[0-9a-f]*, emulated (qemu-ppc -cpu 460exb; " "$csv"
for cpu in e500 8xx; do
	CSUMBENCH_RESULTS_DIR=$T/$cpu make -s bench ARCH=ppc32 CROSS_COMPILE=powerpc-linux-gnu- \
		CPU=$cpu RUNNER=qemu-ppc CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err"; rc=$?
	ok "CPU=$cpu RUNNER=qemu-ppc: refused before building or running, saying why and what to use" \
		all [ "$rc" != 0 ] -- \
			has "$T/err" "qemu-user cannot run a CPU=$cpu build" -- \
			has "$T/err" 'RUNNER="ssh root@board"' -- \
			dir_empty "$T/$cpu" -- \
			[ ! -s "$T/out" ] -- \
			lacks "$T/err" gcc
done
# A machine without qemu-user's emulators on PATH: installed as make test
# installs them, or a line naming the package, never "exec: not found".
mkdir "$T/noqemu" "$T/noqemu-sbin" "$T/nq"
cp -s /usr/bin/* "$T/noqemu/" 2> /dev/null
cp -s /usr/sbin/* "$T/noqemu-sbin/" 2> /dev/null
rm -f "$T"/noqemu/qemu-*
PATH=$T/noqemu:$T/noqemu-sbin CSUMBENCH_RESULTS_DIR=$T/nq make -s bench ARCH=ppc32 \
	CPU=464 RUNNER=qemu-ppc CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err"; rc=$?
ok "RUNNER=qemu-ppc where no qemu-ppc is on PATH: exit 2, naming qemu-user, nothing run" \
	all exit_is 2 -- \
		has "$T/err" qemu-user -- \
		lacks "$T/err" 'not found' -- \
		dir_empty "$T/nq"
finish
