#!/usr/bin/env bash
# The workloads from the command line: load = busy (and that no load
# process outlives a run, however it ends), cache = ring with its rx
# prefetch policies, sizes = mix:FILE from text and from captures made by
# tests/make-capture, and the errors bad mixes and captures give.
# usage: tests/workloads.sh BIN MAKE-CAPTURE [SO]  (EMULATOR=qemu-ppc ...)
set -u
BIN=$1
MKCAP=$2
SO=${3:-}
# shellcheck disable=SC2206 # EMULATOR is a command and its arguments
CB=(${EMULATOR:-} "$BIN")
SUITE=workloads
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
LOAD=csumbench-load

col() { grep -v '^#' "$2" | head -n 1 | tr , '\n' | grep -nx "$1" | cut -d: -f1; }

# survivors: load processes left, after up to 30 s for the kernel to
# deliver their death signals (at once when none is left)
survivors() {
	wait_until 30 eval '! pgrep -x "$LOAD" > /dev/null'
	pgrep -x "$LOAD" | wc -l
}

ok "no load process before the tests" [ "$(survivors)" = 0 ]

# --- a busy run: rows, metadata, p99
"${CB[@]}" run -q --set kernels=ref,c64 --set sizes=64,1500 --set samples=120 \
	--set load=idle,busy --set roofline=none -o "$T/busy.csv" > /dev/null 2> "$T/err"; rc=$?
ok "load = idle, busy: exit 0" [ $rc = 0 ]
ok "load = idle, busy: a row per kernel, size and load (2 x 2 x 2 + floors)" \
	bash -c "[ \$(grep -c '^\(ref\|c64\),generic,csum,\(64\|1500\),0,warm,none,none,\(idle\|busy\),none,' '$T/busy.csv') = 8 ] &&
		[ \$(grep -c '^empty,harness,csum,[0-9]*,0,warm,none,none,\(idle\|busy\),none,' '$T/busy.csv') = 4 ]"
ok "busy: the load's CPUs, kinds and whether it shares the measured CPU" \
	all has "$T/busy.csv" '^# load_busy: stream sched on CPU(s) ' -- \
		has "$T/busy.csv" '^# load_stream: one process per load CPU' -- \
		has "$T/busy.csv" '^# load_shares_measured_cpu: \(yes\|no\)'
ok "120 samples: ticks_p99 between the median and the max" \
	awk -F, -v p="$(col ticks_p99 "$T/busy.csv")" -v m="$(col ticks_median "$T/busy.csv")" \
		-v x="$(col ticks_max "$T/busy.csv")" \
		'!/^#/ && $1 != "kernel" { if ($p == "" || $p + 0 < $m - 0.01 || $p + 0 > $x + 0.01) exit 1; n++ } END { exit n != 12 }' "$T/busy.csv"
ok "a finished busy run leaves no load process" [ "$(survivors)" = 0 ]
if [ "$(nproc)" -gt 1 ] && [ -z "${EMULATOR:-}" ]; then
	ok "more than one CPU: the load stays off the measured CPU" \
		grep -q '^# load_shares_measured_cpu: no$' "$T/busy.csv"
fi
"${CB[@]}" run -q --set kernels=c64 --set sizes=64 --set samples=3 --set load=busy \
	--set load_cpus=0 --set cpu=0 -o "$T/one.csv" > /dev/null 2> "$T/err"; rc=$?
ok "load_cpus = the measured CPU: the results say the load shares it" \
	all exit_is 0 -- has "$T/one.csv" '^# load_shares_measured_cpu: yes'
if [ -n "${EMULATOR:-}" ]; then
	# as SCHED_FIFO an emulated burst left the others 20 us in thousands
	ok "emulated: the bursting streamer is a plain task, and the results say why" \
		grep -q '^# load_stream_bursts: .* as a plain task (emulated: ' "$T/one.csv"
elif [ "$(id -u)" = 0 ]; then
	ok "as root: the bursting streamer is SCHED_FIFO 1" \
		grep -q '^# load_stream_bursts: .* as SCHED_FIFO 1: ' "$T/one.csv"
fi
"${CB[@]}" run -q --set load=busy --set load_cpus=255 -o "$T/no.csv" > /dev/null 2> "$T/err"; rc=$?
ok "load_cpus naming a CPU this process may not use: exit 2, why" \
	all exit_is 2 -- has "$T/err" 'load_cpus.*CPU 255 is not one this process may use' -- [ ! -e "$T/no.csv" ]

# --- no survivors, however a busy run ends
# (env --default-signal: a script's background job would ignore SIGINT)
for sig in INT TERM KILL; do
	mkdir "$T/sig$sig"
	env --default-signal=INT "${CB[@]}" run -q --set kernels=c64 --set sizes=1500 \
		--set load=busy --set samples=1000000 -o "$T/sig$sig/" > /dev/null 2> /dev/null &
	pid=$!
	# (the load starts with timing, after the pools are made: a while
	# on a fresh machine)
	wait_until 300 pgrep -x "$LOAD" > /dev/null
	n=$(pgrep -x "$LOAD" | wc -l)
	kill -$sig $pid; wait $pid 2> /dev/null; rc=$?
	left=$(survivors)
	ok "SIG$sig during a busy run ($n load processes): none survives ($left), no file" \
		all [ "$n" -ge 2 ] -- [ "$rc" != 0 ] -- [ "$left" = 0 ] -- dir_empty "$T/sig$sig"
done
if [ -n "$SO" ]; then
	"${CB[@]}" run -q --set "kernels=c64,$SO:csum_user_wrong" --set sizes=64 \
		--set samples=3 --set load=busy -o "$T/wrong.csv" > /dev/null 2> "$T/err"; rc=$?; left=$(survivors)
	ok "a kernel failing the gate in a busy run: exit 1, the others timed, no survivor" \
		all exit_is 1 -- \
			has "$T/wrong.csv" '^c64,generic,csum,64,0,warm,none,none,busy,' -- \
			[ "$left" = 0 ]
	# twice the calls of a one-sample run: past the gate, within timing
	# (layouts = 1: the kernel counts its calls in a static, which each
	# loaded copy of its file would have its own of)
	CSUM_TEST_AFTER=1000000000 CSUM_TEST_COUNT=$T/count "${CB[@]}" run -q --set layouts=1 \
		--set "kernels=$SO:csum_user_exit" --set sizes=64 --set samples=1 -o - > /dev/null 2>&1
	after=$(($(cat "$T/count") * 2))
	mkdir "$T/exit"
	# (samples enough that the calls surely pass $after whatever batch a
	# noisy moment calibrates: the run ends there, so they cost nothing)
	CSUM_TEST_AFTER=$after "${CB[@]}" run -q --set "kernels=c64,$SO:csum_user_exit" \
		--set sizes=64 --set samples=20000 --set load=busy --set layouts=1 -o "$T/exit/" > /dev/null 2> "$T/err"; rc=$?; left=$(survivors)
	ok "a kernel that ends the process in a busy sample: partial results, no survivor" \
		bash -c "[ $rc != 0 ] && ls '$T/exit' | grep -q partial && [ $left = 0 ]"
	"${CB[@]}" run -q --set "kernels=$SO:csum_user_hang" --set kernel_timeout=0.3 \
		--set sizes=64 --set samples=3 --set load=busy -o "$T/hang.csv" > /dev/null 2> "$T/err"; rc=$?; left=$(survivors)
	ok "a kernel that hangs in a busy run: stopped, no survivor" \
		all exit_is 1 -- [ "$left" = 0 ]
fi

# a load process killed mid-run: the run stops, keeps what it measured
# (mid-run: once a round of samples is done, said on stderr)
mkdir "$T/lost"
"${CB[@]}" run --set kernels=c64 --set sizes=1500 --set load=idle,busy \
	--set samples=1000000 -o "$T/lost/" > /dev/null 2> "$T/lost.err" &
pid=$!
wait_until 300 grep -q '^\[[1-9][0-9]*/1000000\] rounds' "$T/lost.err"
kill -KILL "$(pgrep -x "$LOAD" | head -n 1)"
# (the run notices at its next busy sample and stops)
wait_until 300 eval '! kill -0 $pid 2> /dev/null'
kill -TERM $pid 2> /dev/null; wait $pid; rc=$?
left=$(survivors)
ok "a load process killed mid-run: exit 1, why, partial results, no survivor" \
	bash -c "[ $rc = 1 ] && grep -q 'the busy load .*; the run stops' '$T/lost.err' &&
		ls '$T/lost' | grep -q partial && [ $left = 0 ]"

# a load process killed as soon as it is there, starting or not: said
# at once as a worker that ended, not waited for as one that is slow
mkdir "$T/early"
"${CB[@]}" run -q --set kernels=c64 --set sizes=1500 --set load=busy \
	--set samples=1000000 -o "$T/early/" > /dev/null 2> "$T/early.err" &
pid=$!
wait_until 300 pgrep -x "$LOAD" > /dev/null
kill -KILL "$(pgrep -x "$LOAD" | head -n 1)"
wait_until 300 eval '! kill -0 $pid 2> /dev/null'
kill -TERM $pid 2> /dev/null; wait $pid; rc=$?
left=$(survivors)
ok "a load process killed as it starts: exit 1, a worker ended, no survivor" \
	all exit_is 1 -- \
		has "$T/early.err" 'a worker ended (killed?) while the load started\|the busy load lost a worker' -- \
		[ "$left" = 0 ]

# --- cache = ring: the three policies
"${CB[@]}" run -q --set kernels=c64 --set sizes=1500 --set cache=ring \
	--set rx_prefetch=none,current,next --set samples=5 -o "$T/ring.csv" > /dev/null 2> "$T/err"; rc=$?
ok "cache = ring: a row per policy, per packet and per KB" \
	bash -c "[ $rc = 0 ] && [ \$(grep -c '^c64,generic,csum,1500,0,ring,none,none,idle,\(none\|current\|next\),' '$T/ring.csv') = 3 ] &&
		[ \$(grep -c '^empty,harness,csum,1500,0,ring,none,none,idle,' '$T/ring.csv') = 3 ]"
ok "ring: iters is rx_batch (64 descriptors a sample); cycles_per_kb = 1024 x cycles_per_byte" \
	awk -F, -v i="$(col iters "$T/ring.csv")" -v b="$(col cycles_per_byte "$T/ring.csv")" \
		-v k="$(col cycles_per_kb "$T/ring.csv")" \
		'!/^#/ && $1 != "kernel" { if ($i != 64 || ($k - 1024 * $b) ^ 2 > 0.01 + 1e-6 * $k ^ 2) exit 1 }' "$T/ring.csv"
ok "ring: the ring and its pool in the metadata" \
	all has "$T/ring.csv" '^# rx_ring: 256 descriptors, 64 walked per sample' -- \
		has "$T/ring.csv" '^# rx_pool_1500: [0-9]* buffers'

# --- sizes = mix: a text mix, and captures made here
"${CB[@]}" run -q -c configs/replay.conf --set samples=5 -o "$T/mix.csv" > /dev/null 2> "$T/err"; rc=$?
ok "configs/replay.conf (imix.mix beside it): size = mix rows, warm and ring" \
	all exit_is 0 -- \
		has "$T/mix.csv" '^ref,generic,csum,mix,0,warm,' -- \
		has "$T/mix.csv" '^ref,generic,csum,mix,0,ring,' -- \
		has "$T/mix.csv" '^# mix: configs/imix.mix: 12 packets, mean 340.3 B, min 40, max 1500'
lo=$(sed -n 's/^# mix_walked: .* walked: \([0-9.]*\) to \([0-9.]*\) B .*/\1/p' "$T/mix.csv")
hi=$(sed -n 's/^# mix_walked: .* walked: \([0-9.]*\) to \([0-9.]*\) B .*/\2/p' "$T/mix.csv")
ok "mix: per byte is per call over the bytes walked ($lo to $hi B, near the mean 340.3)" \
	awk -F, -v lo="$lo" -v hi="$hi" -v t="$(col ticks_median "$T/mix.csv")" \
		-v k="$(col cycles_per_tick "$T/mix.csv")" -v c="$(col cycles_per_byte "$T/mix.csv")" \
		'!/^#/ && $1 != "kernel" { b = $t * $k / $c; if (b < lo * 0.999 || b > hi * 1.001) exit 1 }
		END { exit !(lo > 250 && hi < 450) }' "$T/mix.csv"
"$MKCAP" "$T/cap.pcap" && "$MKCAP" --pcapng "$T/cap.pcapng" &&
	"$MKCAP" --no-payloads "$T/acks.pcap" && head -c 30 "$T/cap.pcap" > "$T/cut.pcap"
printf 'not a capture at all\n' > "$T/text.pcap"
if "${CB[@]}" list 2>&1 | grep -q 'captures: pcap'; then
	for f in cap.pcap cap.pcapng; do
		"${CB[@]}" run -q --set sizes=mix:$T/$f --set cache=warm,ring --set samples=3 \
			-o "$T/$f.csv" > /dev/null 2> "$T/err"; rc=$?
		ok "replay of $f: 7 payloads of 10 frames, 5 right, 1 wrong, 1 without a checksum" \
			all exit_is 0 -- \
				has "$T/$f.csv" '^# mix_capture: 10 frames, 7 TCP/UDP payloads replayed in capture order, their own bytes; checksums the packets carry: 5 right, 1 wrong, 1 UDP without one' -- \
				has "$T/$f.csv" "^# mix: $T/$f: 7 packets, mean 472.7 B, min 33, max 1400" -- \
				has "$T/$f.csv" '^c64,generic,csum,mix,0,ring,'
	done
	if [ -n "$SO" ]; then
		"${CB[@]}" run --check --set "kernels=$SO:csum_user" --set sizes=mix:$T/cap.pcap \
			--set roofline=none \
			> "$T/out" 2> "$T/err"; rc=$?
		ok "--check with a capture: a user kernel checked on every packet" \
			all exit_is 0 -- has "$T/out" '^ok: 1 kernel'
	fi
	s=$(stat -c %s "$T/cap.pcap")
	head -c $((s - 20)) "$T/cap.pcap" > "$T/end.pcap"
	"${CB[@]}" run -q --set kernels=c64 --set sizes=mix:$T/end.pcap --set samples=3 \
		-o "$T/end.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a capture whose last frame is cut short: the frames before it replayed, a warning" \
		all exit_is 0 -- \
			has "$T/err" "WARNING: $T/end.pcap: frame 10: truncated" -- \
			has "$T/end.csv" "^# warning: $T/end.pcap ends in a frame cut short" -- \
			has "$T/end.csv" '^# mix_capture: 9 frames, 7 TCP/UDP payloads'
	# replay_made FLAG NAME: the capture make-capture writes with FLAG
	# (pcapng for NAME.pcapng) replayed into NAME.csv; rc its exit.
	replay_made() {
		local ng=()
		[[ $2 = *.pcapng ]] && ng=(--pcapng)
		"$MKCAP" "$1" "${ng[@]}" "$T/$2"
		"${CB[@]}" run -q --set kernels=c64 --set sizes=mix:$T/$2 --set samples=3 \
			-o "$T/$2.csv" > /dev/null 2> "$T/err"; rc=$?
	}
	# Linux cooked v2, as tcpdump -i any writes it on Debian 12.
	for f in sll2.pcap sll2.pcapng; do
		replay_made --sll2 $f
		ok "replay of $f (LINUX_SLL2): the same 7 payloads, 5 right, 1 wrong, 1 without" \
			all exit_is 0 -- has "$T/$f.csv" '^# mix_capture: 10 frames, 7 TCP/UDP payloads replayed in capture order, their own bytes; checksums the packets carry: 5 right, 1 wrong, 1 UDP without one'
	done
	# Damage before the end is no cut: an error at the record's offset.
	for f in damaged.pcap damaged.pcapng; do
		replay_made --damaged $f
		ok "$f: a bad record before good frames: exit 2, the file and byte named, nothing written" \
			all exit_is 2 -- \
				has "$T/err" "$T/$f: damaged at byte [0-9]*, the record after frame 2: " -- \
				[ ! -e "$T/$f.csv" ]
	done
	# A capture larger than the memory the process may have: refused
	# before it is read, with why; a dry run reads it through, keeping
	# nothing.  (Not under a sanitizer or an emulator, whose own
	# mappings a ulimit -v would refuse.)
	case "$BIN ${EMULATOR:-}" in
	*-sanitize/* | *qemu*) ;;
	*)
		tail -c +25 "$T/cap.pcap" > "$T/rec"
		for _ in $(seq 15); do cat "$T/rec" "$T/rec" > "$T/rec2" && mv "$T/rec2" "$T/rec"; done
		{ head -c 24 "$T/cap.pcap"; cat "$T/rec"; } > "$T/big.pcap"
		rm -f "$T/rec"
		(ulimit -v 100000; "${CB[@]}" run -q --set kernels=c64 --set sizes=mix:$T/big.pcap \
			-o "$T/big.csv" > /dev/null 2> "$T/err"); rc=$?
		ok "a $(($(stat -c %s "$T/big.pcap") >> 20)) MiB capture under ulimit -v 100000: exit 2, named, why" \
			all exit_is 2 -- \
				has "$T/err" "$T/big.pcap: a capture of [0-9]* MiB, and this process may allocate [0-9]* MiB more" -- \
				[ ! -e "$T/big.csv" ]
		(ulimit -v 100000; "${CB[@]}" run -n --set kernels=c64 --set sizes=mix:$T/big.pcap \
			> "$T/out" 2> "$T/err"); rc=$?
		ok "run -n of that capture under the same limit: its points, no packet kept" \
			all exit_is 0 -- has "$T/out" '^c64 mix 0 warm none'
		rm -f "$T/big.pcap" ;;
	esac
	"${CB[@]}" run -q --set sizes=mix:$T/acks.pcap -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a capture without payloads: exit 2, named, why" \
		all exit_is 2 -- has "$T/err" "$T/acks.pcap: no TCP or UDP payloads in its 2 frame(s)" -- [ ! -e "$T/x.csv" ]
	"${CB[@]}" run -q --set sizes=mix:$T/cut.pcap -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a capture libpcap cannot read: exit 2, named, libpcap's reason" \
		all exit_is 2 -- has "$T/err" "$T/cut.pcap: frame 1: truncated" -- [ ! -e "$T/x.csv" ]
else
	"${CB[@]}" run -q --set sizes=mix:$T/cap.pcap -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a build without libpcap refuses a capture, and says why" \
		all exit_is 2 -- has "$T/err" 'cap.pcap is a packet capture, and this build has no libpcap'
fi
"${CB[@]}" run -q --set sizes=mix:$T/text.pcap -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a .pcap that is text: read as a mix, refused at its line" \
	all exit_is 2 -- has "$T/err" "$T/text.pcap:1: expected .size weight."
printf '\xef\xbb\xbf1500 1\n40 2\n' > "$T/bom.mix"
"${CB[@]}" run -q --set kernels=c64 --set sizes=mix:$T/bom.mix --set samples=3 \
	-o "$T/bom.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a mix that starts with a UTF-8 byte-order mark: read, as configs are" \
	all exit_is 0 -- has "$T/bom.csv" "^# mix: $T/bom.mix: 3 packets, mean 526.7 B, min 40, max 1500"

"${CB[@]}" run -q --set kernels=c64 --set sizes=mix:configs/imix.mix --set rx_batch=1 \
	--set samples=3 -o "$T/walk.csv" > /dev/null 2> "$T/err"; rc=$?
walked=$(sed -n 's/^# mix_walked: .* walked: \([0-9.]*\) to .*/\1/p' "$T/walk.csv")
ok "a mix walked in part (3 of 12 packets): per byte over the bytes walked ($walked B), said" \
	awk -F, -v w="$walked" -v t="$(col ticks_median "$T/walk.csv")" -v k="$(col cycles_per_tick "$T/walk.csv")" \
		-v c="$(col cycles_per_byte "$T/walk.csv")" \
		'$1 == "c64" { n++; if (w == "" || ($t * $k / w - $c) ^ 2 > 0.0001 * $c ^ 2) exit 1 } END { exit n != 1 }' "$T/walk.csv"
"${CB[@]}" run -q --set kernels=c64 --set sizes=64 --set ring=1 --set samples=3 \
	-o "$T/ring1.csv" > /dev/null 2> "$T/err"; rc=$?
ok "ring = 1 without cache = ring: nothing to refuse" [ $rc = 0 ]
"${CB[@]}" run -q --set cache=ring --set rx_prefetch=next --set ring=1 -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
ok "rx_prefetch = next a whole ring ahead: exit 2, the key set last named" \
	all exit_is 2 -- has "$T/err" 'ring (--set): rx_prefetch_ahead 1 and ring 1'

# bad mixes from a config: the config's line, then the mix's
mkdir "$T/conf"
printf '40 7\n576 four\n' > "$T/conf/bad.mix"
printf 'kernels = ref\nsizes = mix:bad.mix\n' > "$T/conf/bad.conf"
"${CB[@]}" run -q -c "$T/conf/bad.conf" -o "$T/conf/" > /dev/null 2> "$T/err"; rc=$?
ok "a bad mix: exit 2, config line and mix line, nothing written" \
	all exit_is 2 -- \
		has "$T/err" "^$T/conf/bad.conf:2: sizes: $T/conf/bad.mix:2: weight .four." -- \
		entries_are 2 "$T/conf"
printf 'kernels = ref\nsizes = mix:missing.mix\n' > "$T/conf/missing.conf"
"${CB[@]}" run -q -c "$T/conf/missing.conf" -o "$T/conf/" > /dev/null 2> "$T/err"; rc=$?
ok "a missing mix: exit 2, named" \
	all exit_is 2 -- has "$T/err" 'missing.mix: cannot open'
"${CB[@]}" run -q --set kernels=ip-ref --set sizes=mix:configs/imix.mix -o "$T/conf/" > /dev/null 2> "$T/err"; rc=$?
ok "a mix whose sizes an op cannot take: exit 2, the mix and the op named" \
	all exit_is 2 -- has "$T/err" 'configs/imix.mix: [0-9]* is not an IPv4 header length'
"${CB[@]}" run -q --set sizes=mix:configs/imix.mix --set cache=cold -o "$T/conf/" > /dev/null 2> "$T/err"; rc=$?
ok "a mix in cache = cold: exit 2, expected warm or ring" \
	all exit_is 2 -- has "$T/err" 'expected cache = warm and/or ring'

ok "no load process after the tests" [ "$(survivors)" = 0 ]
finish
