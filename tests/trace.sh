#!/usr/bin/env bash
# csumbench trace (README, "Real traffic"): its refusals and its cleanup
# here, against folders made to look like tracefs and against this
# machine's own; then on the virtual boards (sam460ex, ppc32; x86_64,
# Debian's kernel), where make trace counts the lengths the kernel sums
# while the board's init makes traffic of known sizes: the mix must hold
# exactly the calls that traffic makes, replay on the board (make bench
# sends it beside the config) and here; each trace must count its own
# interval, not the traffic before or after it, even beside another
# trace (tests/trace-window.c, on the board); and a trace stopped by
# SIGINT, SIGTERM or SIGKILL must leave tracefs as it found it
# (tests/trace-signals.c, on the board).
# usage: tests/trace.sh PPC32-BUILD-DIR X86_64-STATIC-BUILD-DIR
set -u
SUITE=trace
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
PPC=$1 X86=$2
HOSTBIN=build/$(uname -m | sed 's/^aarch64$/arm64/')/csumbench
MAKE=${MAKE:-make}
SPEC='hist:keys=len:vals=hitcount:sort=len:size=16384'

# 1. The command line and the output file, checked before any tracing.
for s in 0 -1 abc 1e9 1e-310 ''; do
	"$HOSTBIN" trace --seconds "$s" -o "$T/x.mix" > /dev/null 2> "$T/err"
	ok "--seconds '$s': exit 2, what it expects" \
		all [ $? = 2 ] -- has "$T/err" 'expected a number of seconds above 0, up to 86400'
done
"$HOSTBIN" trace stray > /dev/null 2> "$T/err"
ok "a stray word: exit 2" all [ $? = 2 ] -- has "$T/err" "unexpected 'stray'"
echo keep > "$T/old.mix"
"$HOSTBIN" trace --tracefs "$T/nowhere" -o "$T/old.mix" > /dev/null 2> "$T/err"
ok "-o an existing file: exit 2, never replaced" \
	all [ $? = 2 ] -- has "$T/err" 'already exists; results are never replaced' -- file_is "$T/old.mix" keep
"$HOSTBIN" trace -o "$T/no/such/dir/x.mix" > /dev/null 2> "$T/err"
ok "-o into a folder that is not there: exit 2, naming it" \
	all [ $? = 2 ] -- has "$T/err" 'no/such/dir: no such folder'
"$HOSTBIN" trace --tracefs "$T/nowhere" -o "$T/a.mix" > /dev/null 2> "$T/err"
ok "--tracefs a folder that is not there: exit 1, naming it" \
	all [ $? = 1 ] -- has "$T/err" 'nowhere: no such folder' -- [ ! -e "$T/a.mix" ]

"$HOSTBIN" trace --emulated --tracefs "$T/nowhere" -o "$T/a.mix" > /dev/null 2> "$T/err"
ok "--emulated is an option (what it marks is checked on the virtual boards below)" \
	all [ $? = 1 ] -- has "$T/err" 'nowhere: no such folder'

# 2. Folders made to look like tracefs: what the kernel lacks is named,
# and what was set up before the refusal is taken down.
mkdir -p "$T/fs0" "$T/fs1" "$T/fs2/events"
"$HOSTBIN" trace --tracefs "$T/fs0" -o "$T/a.mix" > /dev/null 2> "$T/err"
ok "no kprobe_events: exit 1, names CONFIG_KPROBE_EVENTS, no mix" \
	all [ $? = 1 ] -- has "$T/err" 'needs CONFIG_KPROBES and CONFIG_KPROBE_EVENTS' -- [ ! -e "$T/a.mix" ]
: > "$T/fs1/kprobe_events"
echo "tracing mini-HOWTO" > "$T/fs1/README"
"$HOSTBIN" trace --tracefs "$T/fs1" -o "$T/a.mix" > /dev/null 2> "$T/err"
ok "no hist triggers in README: exit 1, names CONFIG_HIST_TRIGGERS" \
	all [ $? = 1 ] -- has "$T/err" 'needs CONFIG_HIST_TRIGGERS' -- [ ! -s "$T/fs1/kprobe_events" ]
# A run killed outright (pid 4194303 is not one) left a probe and its
# trigger; this kernel's csum_partial (x86-64) takes a probe, but no
# hist file appears: the probe made is removed again.
if [ "$(uname -m)" = x86_64 ] && grep -q ' csum_partial$' /proc/kallsyms; then
	printf '      hist trigger\t- If set, event hits are aggregated\n' > "$T/fs2/README"
	echo "p:csumbench_4194303/csum_partial csum_partial len=%si:u32" > "$T/fs2/kprobe_events"
	mkdir -p "$T/fs2/events/csumbench_4194303/csum_partial"
	echo "$SPEC [active]" > "$T/fs2/events/csumbench_4194303/csum_partial/trigger"
	"$HOSTBIN" trace --tracefs "$T/fs2" -o "$T/a.mix" > /dev/null 2> "$T/err"
	st=$?
	ok "a killed run's trigger is removed" \
		grep -qx "!$SPEC" "$T/fs2/events/csumbench_4194303/csum_partial/trigger"
	ok "... and its probe, saying so" all has_line "$T/fs2/kprobe_events" '-:csumbench_4194303/csum_partial' -- \
		has "$T/err" 'removed csumbench_4194303/csum_partial, left by a run that ended without cleaning up (pid 4194303)'
	g=$(sed -n 's/^p:\(csumbench_[0-9]*\)\/csum_partial csum_partial len=%si:u32$/\1/p' "$T/fs2/kprobe_events" |
		grep -v 4194303 | head -n 1)
	ok "its own probe: csum_partial's length from %si, as a u32" [ -n "$g" ]
	ok "no hist file for it: exit 1, CONFIG_HIST_TRIGGERS named" \
		all [ "$st" = 1 ] -- has "$T/err" "no events/$g/csum_partial/hist.*CONFIG_HIST_TRIGGERS"
	ok "... and the probe it made is removed" grep -qx -- "-:$g/csum_partial" "$T/fs2/kprobe_events"
	ok "... nothing else written to kprobe_events" \
		[ "$(grep -c -v "4194303\|$g" "$T/fs2/kprobe_events")" = 0 ]
fi

# A run killed between setting the function filter and switching the
# tracer left the filter on the checksum routines alone (and its probe):
# recognised by its content whatever the tracer, nop or function_graph,
# and cleared, so that it is not taken for someone else's and put back;
# a filter on anything else, or one beside a csumbench trace still
# running (pid $$, this shell), is left alone.
case $(uname -m) in x86_64 | aarch64) sym=csum_partial ;; *) sym= ;; esac
stale_filter() { # stale_filter NAME TRACER FILTER LIVE: the fake tracefs
	local d=$T/$1
	mkdir -p "$d/events"
	printf '      hist trigger\t- If set, event hits are aggregated\n' > "$d/README"
	echo "p:csumbench_4194303/$sym $sym len=%si:u32" > "$d/kprobe_events"
	[ "$4" = 0 ] || echo "p:csumbench_$$/$sym $sym len=%si:u32" >> "$d/kprobe_events"
	echo "$2" > "$d/current_tracer"
	printf '%s\n' "$3" > "$d/set_ftrace_filter"
	"$HOSTBIN" trace --tracefs "$d" -o "$T/a.mix" > /dev/null 2> "$d.err"
}
if [ -n "$sym" ]; then
	stale_filter nopf nop "$sym" 0
	ok "a killed run's filter ($sym) with the tracer nop: cleared, saying so" \
		all [ ! -s "$T/nopf/set_ftrace_filter" ] -- \
			file_is "$T/nopf/current_tracer" nop -- \
			has "$T/nopf.err" "function filter (set_ftrace_filter: $sym), now cleared\$"
	stale_filter graphf function_graph "$sym" 0
	ok "... with the tracer function_graph: cleared, the tracer nop" \
		all [ ! -s "$T/graphf/set_ftrace_filter" ] -- \
			file_is "$T/graphf/current_tracer" nop -- \
			has "$T/graphf.err" 'now cleared, and its function-graph tracer (now nop)'
	stale_filter userf nop "tcp_sendmsg [kernel]" 0
	ok "a filter on anything else is left alone" \
		bash -c "[ \"\$(cat '$T/userf/set_ftrace_filter')\" = 'tcp_sendmsg [kernel]' ] && ! grep -q 'now cleared' '$T/userf.err'"
	stale_filter livef function_graph "$sym" 1
	ok "ours beside a csumbench trace still running: left alone" \
		all file_is "$T/livef/set_ftrace_filter" "$sym" -- \
			file_is "$T/livef/current_tracer" function_graph -- \
			lacks "$T/livef.err" 'now cleared'
fi

# 3. This machine's own tracefs: traced, or refused naming the kernel
# option (this kind of machine has no kprobe events); either way tracefs
# is left mounted or not as it was, with no probe of ours.
grep ' tracefs ' /proc/mounts > "$T/mounts-before"
"$HOSTBIN" trace --seconds 1 -o "$T/host.mix" > "$T/out" 2> "$T/err"
st=$?
grep ' tracefs ' /proc/mounts > "$T/mounts-after"
ok "this machine: a mix (exit 0), or exit 1 naming a kernel option or root" \
	bash -c "[ $st = 0 ] && [ -s '$T/host.mix' ] || { [ $st = 1 ] && grep -q 'CONFIG_\|needs root' '$T/err'; }"
ok "... tracefs left mounted as it was" cmp -s "$T/mounts-before" "$T/mounts-after"
tfs=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
ok "... no csumbench probe left" \
	bash -c "[ -z '$tfs' ] || ! grep -q csumbench_ '$tfs/kprobe_events' 2> /dev/null"
if command -v setpriv > /dev/null && [ "$(id -u)" = 0 ]; then
	nb=$(mktemp -d) && chown 65534 "$nb"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$HOSTBIN" trace --seconds 1 -o "$nb/t.mix" > /dev/null 2> "$T/err"
	st=$?
	ok "as nobody: exit 1, needs root (or the kernel option it lacks)" \
		all [ "$st" = 1 ] -- has "$T/err" 'needs root\|CONFIG_' -- [ ! -e "$nb/t.mix" ]
	rm -rf "$nb"
fi

# 4. The virtual boards: make trace while the board makes traffic.
# traffic.c sends N rounds of: UDP over IPv4 with 100 and 1000 bytes,
# over IPv6 with 200 and 1200, an ICMP echo with 56 bytes over IPv4 and
# 72 over IPv6; each comes back through the device as the peer's.  Its
# lines "traffic: KIND SIZE B  sent N  received N" give N; it starts
# when the trace counts (--when-traced).
# predicted ARCH N: "length calls" lines, what the kernel must have
# summed (Linux 6.1; a TUN device has no checksum offload):
#  - each UDP payload twice by the copy: from user space as sent, and
#    to user space as received (skb_copy_and_csum_datagram_msg);
#  - each echo's payload once (ping_getfrag's copy from user space),
#    and the reply whole, 8 + payload, when it arrives (icmp_rcv,
#    icmpv6_rcv: __skb_checksum_complete);
#  - the 8-byte UDP and ICMP headers, constant lengths: on x86-64
#    csum_partial is always called, 10 times a round (UDP: 2 per
#    datagram; ICMP: 1 per echo, as sent); on ppc32 never, as its
#    csum_partial is inline and sums a constant length itself, so
#    nothing of 8 bytes reaches __csum_partial;
#  - and on both, 4 calls of length 0 a round (one per UDP datagram
#    received), which the mix leaves out and counts in a # line.
predicted() { # predicted N EIGHTS-PER-ROUND
	local n=$1
	[ "$2" = 0 ] || echo "8 $(($2 * n))"
	printf '%s %s\n' 56 "$n" 64 "$n" 72 "$n" 80 "$n" \
		100 $((2 * n)) 200 $((2 * n)) 1000 $((2 * n)) 1200 $((2 * n))
}
# counts_ok NAME MIX N EIGHTS-PER-ROUND: the mix holds each length N
# rounds make with exactly its calls (the weights are the calls: a mix
# of fewer than a million), and their calls of length 0.  The lengths
# tell the families apart: the payloads (56, 72, 100...) are the
# copy's, the echo replies (64, 80) and headers (8) csum_partial's.
counts_ok() {
	local name=$1 mix=$2 n=$3 eights=$4 f0
	predicted "$n" "$eights" | sort -k1,1 > "$mix.want"
	awk '!/^#/' "$mix" > "$mix.got"
	# shellcheck disable=SC2154 # fail: lib.sh's count
	f0=$fail
	ok "$name: the traffic's lengths, each with exactly the calls $n rounds make" \
		bash -c "join '$mix.want' <(sort -k1,1 '$mix.got') | awk '\$2 != \$3 { print; bad = 1 } END { exit bad }' &&
			[ \$(join '$mix.want' <(sort -k1,1 '$mix.got') | wc -l) = \$(wc -l < '$mix.want') ]"
	[ $fail = "$f0" ] || { echo "want:"; cat "$mix.want"; echo "got:"; cat "$mix.got"; }
	ok "$name: and 4 calls of length 0 a round, left out of the mix, counted" \
		grep -qx "# not in the mix: $((4 * n)) calls of length 0" "$mix"
}
board_trace() { # board_trace MACHINE EIGHTS-PER-ROUND [MAKE-ARGS...]
	local m=$1 eights=$2 mix n total known st inmix
	shift 2
	rm -rf "$T/res-$m"
	CSUMBENCH_RESULTS_DIR="$T/res-$m" VBOARD_TIMEOUT=300 \
		$MAKE -s trace RUNNER="vboard:$m" SECONDS=6 "$@" > "$T/$m.out" 2> "$T/$m.err"
	st=$?
	ok "$m: make trace RUNNER=vboard:$m: exit 0" [ $st = 0 ]
	[ $st = 0 ] || { tail -n 15 "$T/$m.err" "$T/$m.out"; return; }
	mix=$(find "$T/res-$m" -name "trace-vboard-$m-*.mix" | head -n 1)
	ok "$m: the mix is in results/ as trace-vboard-$m-DATE.mix" [ -n "$mix" ]
	[ -n "$mix" ] || return
	cp "$mix" "$T/$m.mix"
	n=$(awk '$1 == "board:" && $2 == "traffic:" { print $7 }' "$T/$m.out" | sort -u)
	ok "$m: every kind of traffic went round the same number of times, all came back" \
		bash -c "[ \"\$(echo '$n' | wc -l)\" = 1 ] && [ '$n' -gt 10 ] &&
			! awk '\$2 == \"traffic:\" && \$7 != \$9 { bad = 1 } END { exit !bad }' '$T/$m.out'"
	ok "$m: no framing line (@@) in make trace's output" \
		bash -c "! grep -q '@@' '$T/$m.out' '$T/$m.err'"
	ok "$m: the summary counted calls and names the commonest lengths" \
		all has "$T/$m.out" '^board:   all  *[1-9][0-9]* ' -- has "$T/$m.out" '^board:   commonest lengths:'
	ok "$m: the summary says the board is emulated, and marks each rate and duration" \
		bash -c "grep -qx 'board:   emulated (--emulated):' '$T/$m.out' &&
			grep -q '^board:   all  *[0-9]*  *[0-9.]* emulated\$' '$T/$m.out' &&
			! awk '\$1 == \"board:\" && NF == 4 && \$4 ~ /^[0-9]+\\.[0-9]\$/ { bad = 1 }
				\$1 == \"board:\" && NF == 6 && \$6 ~ /^[0-9]+\$/ { bad = 1 } END { exit !bad }' '$T/$m.out'"
	ok "$m: the summary fits 72 columns" \
		bash -c "sed -n 's/^board: //p' '$T/$m.out' | grep -v '^traffic: \|^wrote \|^replay: ' > '$T/$m.sum' && width_ok '$T/$m.sum'"
	counts_ok "$m" "$T/$m.mix" "$n" "$eights"
	total=$(sed -n 's/^# calls: \([0-9]*\),.*/\1/p' "$T/$m.mix")
	known=$(awk -v z=$((4 * n)) '{ s += $2 } END { print s + z }' "$T/$m.mix.want")
	ok "$m: little else (the device's own packets): 95% or more of the calls" \
		bash -c "[ -n '$total' ] && [ \$(( $known * 100 / $total )) -ge 95 ]"
	ok "$m: the mix says the board is emulated: its calls per second and durations marked" \
		bash -c "grep -qx '# emulated: yes' '$T/$m.mix' && grep -q '^# warning: emulated (--emulated): ' '$T/$m.mix' &&
			grep -q '^# calls: [0-9]*, [0-9.]* per second (emulated; ' '$T/$m.mix' &&
			! grep '^# duration: ' '$T/$m.mix' | grep -qv '(its own work included; emulated): '"
	ok "$m: the # lines name the kernel, the functions, the interval, the calls" \
		all has "$T/$m.mix" '^# kernel: Linux 6\.1' -- \
			has "$T/$m.mix" '^# functions: ' -- \
			has "$T/$m.mix" '^# interval: [0-9.]* s from 20' -- \
			has "$T/$m.mix" '^# calls: [1-9]'
	# the mix replayed on the board, by make bench: sent beside the config
	inmix=$(awk '!/^#/ { s += $2 } END { print s }' "$T/$m.mix")
	mkdir -p "$T/replay-$m"
	cp "$T/$m.mix" "$T/replay-$m/traced.mix"
	printf '%s\n' "kernels = ref" "sizes = mix:traced.mix" "cache = warm" \
		"prefetch = none" "samples = 3" > "$T/replay-$m/traced.conf"
	CSUMBENCH_RESULTS_DIR="$T/replay-$m/res" VBOARD_TIMEOUT=300 $MAKE -s bench \
		RUNNER="vboard:$m" CONFIG="$T/replay-$m/traced.conf" "$@" > /dev/null 2> "$T/$m-bench.err"
	ok "$m: make bench replays it there (the mix sent beside the config)" \
		bash -c "[ $? = 0 ] && grep -q '^# mix: /csumbench/sizes.mix: $inmix packets' '$T'/replay-$m/res/traced-vboard-$m-*[0-9].csv &&
			grep -q '^ref,generic,csum,mix,' '$T'/replay-$m/res/traced-vboard-$m-*[0-9].csv"
	# the mix replayed here
	"$HOSTBIN" run -o "$T/$m-replay.csv" --set "sizes=mix:$T/$m.mix" --set kernels=ref,word32 \
		--set samples=3 --set cache=warm --set prefetch=none > /dev/null 2> "$T/$m-replay.err"
	ok "$m: the mix replays here (sizes = mix:FILE)" \
		all [ $? = 0 ] -- \
			has "$T/$m-replay.csv" "^# mix: .*$m.mix" -- \
			has "$T/$m-replay.csv" '^ref,generic,csum,mix,' || tail -n 5 "$T/$m-replay.err"
}
# board_checks MACHINE EIGHTS-PER-ROUND BUILD-DIR GCC...: on the board,
# tests/trace-window.c (each trace counts its own interval: traffic
# before, during and after it, and a second trace inside the first's;
# a trace killed with only its function filter set), then
# tests/trace-signals.c.
board_checks() {
	local m=$1 eights=$2 b=$3 p rounds
	shift 3
	for p in trace-window trace-signals; do
		"$@" -static -O2 -Wall -Wextra -o "$T/$p-$m" tests/$p.c 2> "$T/ts.log" ||
			cat "$T/ts.log"
	done
	{
		echo "/csumbench/trace-window /csumbench/csumbench /csumbench/traffic /results > /results/window.txt"
		echo "/csumbench/trace-signals /csumbench/csumbench /csumbench/traffic /results > /results/signals.txt"
	} > "$T/cmds-$m"
	rm -rf "$T/sig-$m"
	VBOARD_TIMEOUT=600 scripts/vboard.sh run "$m" "$T/sig-$m" "$T/cmds-$m" csumbench="$b/csumbench" \
		trace-window="$T/trace-window-$m" trace-signals="$T/trace-signals-$m" \
		> /dev/null 2> "$T/sig-$m.err"
	ok "$m: traffic sent before, during and after traces, held still (trace-window)" \
		grep -qx 'trace-window: all ok' "$T/sig-$m/window.txt"
	grep '^FAIL' "$T/sig-$m/window.txt" 2> /dev/null
	rounds=$T/sig-$m/window.rounds
	for p in window first second; do
		if [ -f "$T/sig-$m/$p.mix" ] && grep -q "^$p [0-9]" "$rounds" 2> /dev/null; then
			counts_ok "$m: $p trace" "$T/sig-$m/$p.mix" "$(awk -v p=$p '$1 == p { print $2 }' "$rounds")" "$eights"
		else
			ok "$m: $p trace: its mix and rounds came back" false
		fi
	done
	ok "$m: a second trace says it runs beside the first" \
		grep -q 'beside the csumbench trace of pid [0-9]*; each counts its own interval' "$T/sig-$m/second.err"
	ok "$m: stopped by a signal, the trace leaves tracefs as it was (trace-signals)" \
		grep -qx 'trace-signals: all ok' "$T/sig-$m/signals.txt"
	grep '^FAIL' "$T/sig-$m/signals.txt" 2> /dev/null
}

board_trace sam460ex 0 ARCH=ppc32 CPU=464
board_checks sam460ex 0 "$PPC" powerpc-linux-gnu-gcc -mcpu=powerpc
board_trace x86_64 10
# Debian's kernel has the function tracer but not
# CONFIG_KPROBE_EVENTS_ON_NOTRACE: the assembly copy is refused, said so,
# and its C callers counted (the counts above check they see every copy)
ok "x86_64: the refused copy routine is named, with the option, and its callers probed" \
	all has "$T/x86_64.err" 'csum_partial_copy_generic refused a probe, so its callers are probed instead' -- \
		has "$T/x86_64.err" CONFIG_KPROBE_EVENTS_ON_NOTRACE=y -- \
		has "$T/x86_64.mix" '^# functions: csum_partial (len %si) csum_and_copy_from_user (len %dx) csum_and_copy_to_user (len %dx) csum_partial_copy_nocheck (len %dx)$'
board_checks x86_64 10 "$X86" gcc
finish
