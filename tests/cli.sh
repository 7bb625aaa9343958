#!/usr/bin/env bash
# The command line as users meet it: list, sum, bad configs (exit status 2,
# FILE:LINE, no results file), a run's CSV schema, no overwriting, user
# kernels from a .so, the correctness gate, interrupted runs.
# usage: tests/cli.sh BIN [SO [SHIM]]   (EMULATOR=qemu-ppc to run BIN under it)
set -u
BIN=$1
SO=${2:-}
SHIM=${3:-}
# shellcheck disable=SC2206 # EMULATOR is a command and its arguments
CB=(${EMULATOR:-} "$BIN")
SUITE=cli
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# --- list
"${CB[@]}" list --csv > "$T/list.csv"
ok "list --csv header" [ "$(head -n 1 "$T/list.csv")" = "kernel,arch,op,prefetch,description,runs" ]
ok "list --csv has ref, word32, c64" grep -q '^ref,generic,csum,no,' "$T/list.csv"
ok "list --csv: c64-prefetch takes a distance" grep -q '^c64-prefetch,generic,csum,yes,' "$T/list.csv"
if grep -q '^v0,' "$T/list.csv"; then
	for k in v0 tuned unroll4; do
		ok "list --csv: ppc32 kernel $k" grep -q "^$k,ppc32,csum,no," "$T/list.csv"
	done
	ok "list --csv: unroll4-dcbt takes a distance" grep -q '^unroll4-dcbt,ppc32,csum,yes,' "$T/list.csv"
fi
ok "list --csv: the empty pseudo-kernel, arch harness" grep -q '^empty,harness,csum,no,' "$T/list.csv"
# The csum kernels that run on this CPU (the last field: yes, or why
# not); the others must say why they cannot.
mapfile -t KERNELS < <(tail -n +2 "$T/list.csv" | grep -v '^[^,]*,harness,' | grep '^[^,]*,[^,]*,csum,' | grep ',yes$' | cut -d, -f1)
mapfile -t UNRUN < <(tail -n +2 "$T/list.csv" | grep '^[^,]*,[^,]*,csum,' | grep -v ',yes$' | cut -d, -f1)
ok "list --csv: some csum kernels run here" [ ${#KERNELS[@]} -ge 3 ]
for k in "${UNRUN[@]}"; do
	"${CB[@]}" sum -k "$k" /dev/null > /dev/null 2> "$T/err"; rc=$?
	ok "sum -k $k: cannot run on this CPU, says why, exit 2" \
		all exit_is 2 -- has "$T/err" "kernel '$k' cannot run on this CPU: needs "
done

# --- sum: RFC 1071's example, for every kernel
printf '\x00\x01\xf2\x03\xf4\xf5\xf6\xf7' > "$T/rfc"
for k in "${KERNELS[@]}"; do
	ok "sum -k $k: RFC 1071 example" [ "$("${CB[@]}" sum -k "$k" "$T/rfc")" = "ddf2 220d  $T/rfc" ]
done
head -c 4099 /dev/urandom > "$T/odd"
want=$("${CB[@]}" sum -k ref "$T/odd")
"${CB[@]}" sum -k empty "$T/rfc" > /dev/null 2> "$T/err"; rc=$?
ok "sum -k empty: refused, not a checksum" \
	all exit_is 1 -- has "$T/err" 'not a checksum'
for k in "${KERNELS[@]}"; do
	ok "sum -k $k --align 3: odd-length file agrees with ref" \
		[ "$("${CB[@]}" sum -k "$k" --align 3 "$T/odd")" = "$want" ]
done
"${CB[@]}" sum -k nosuch "$T/rfc" 2> "$T/err"; rc=$?
ok "sum: unknown kernel exits 2 and lists the kernels" \
	all exit_is 2 -- has "$T/err" 'expected one of:.*ref.*c64'

# --- bad configs: exit 2, FILE:LINE: message, no results file
bad() { # bad FILE LINE FRAGMENT
	local out="$T/bad-out" rc
	rm -rf "$out"; mkdir "$out"
	"${CB[@]}" run -q -c "$1" -o "$out/" > /dev/null 2> "$T/err"; rc=$?
	if [ $rc = 2 ] && grep -q "^$1:$2: .*$3" "$T/err" && [ -z "$(ls -A "$out")" ]; then
		passed "$1: exit 2, '$1:$2: ...$3'"
	else
		failed "$1: exit $rc, expected 2 and '$1:$2: ...$3'"
		diag "got: $(cat "$T/err")"
	fi
}
C=tests/configs
bad $C/bad-unknown-key.conf 2 "unknown key 'sizez', expected one of: kernels sizes"
bad $C/bad-duplicate-key.conf 3 "key 'sizes' given twice (first at line 1)"
bad $C/bad-no-equals.conf 2 "no '=' in 'kernels ref', expected key = value"
bad $C/bad-empty-value.conf 2 "empty value for 'sizes'"
bad $C/bad-number.conf 1 "malformed number '12x8'"
bad $C/bad-range.conf 1 "range '64..1500' has no step"
bad $C/bad-zero-step.conf 1 "step 0"
bad $C/bad-factor.conf 4 "never grows"
bad $C/bad-kernel.conf 1 "unknown kernel 'nosuch', expected one of:.* ref"
bad $C/bad-cache.conf 1 "unknown cache state 'tepid', expected warm, cold, cold-read, cold-ring, ring and/or after-switch"
bad $C/bad-size-zero.conf 1 "size 0 out of range, expected 1 to 1073741824"
bad $C/bad-size-large.conf 1 "size 2147483648 out of range"
bad $C/bad-samples-negative.conf 1 "negative sample count '-5'"
bad $C/bad-prefetch-negative.conf 1 "negative prefetch distance"
bad $C/bad-timer.conf 1 "unknown timer 'sundial', expected one of: auto"
bad $C/bad-cpu.conf 2 "cpu 'two', expected auto, none or a CPU number"
bad $C/bad-empty-list.conf 2 "empty item in list 'warm, , cold'"
bad $C/bad-order.conf 2 "order 'shuffled', expected rounds or sequential"
bad $C/bad-seed.conf 1 "seed '-3', expected auto or a number"
bad $C/bad-code-offset.conf 2 "code offset 64 out of range, expected none or 0 to 63"
bad $C/bad-repeat.conf 2 "repeat count 0 out of range, expected 1 to 1000"
bad $C/bad-suffix-overflow.conf 1 "number '17179869185G' is too large"
{ printf 'kernels = ref\nsizes = '; head -c 2000 /dev/zero | tr '\0' '6'; echo; } > "$T/long.conf"
bad "$T/long.conf" 2 "line longer than 1024 characters"
{ printf 'samples = 3\n'; head -c 64 /dev/urandom | tr -d '\n' | sed 's/^/\x01\x00/'; } > "$T/binary.conf"
bad "$T/binary.conf" 2 "binary data (byte 0x01 at column 1)"
"${CB[@]}" run -q -c "$T/missing.conf" -o "$T/m/" > /dev/null 2> "$T/err"; rc=$?
ok "missing config: exit 2 and its name" \
	all exit_is 2 -- has "$T/err" "^$T/missing.conf: cannot open config: No such file" -- [ ! -e "$T/m" ]
"${CB[@]}" run -q --set aligns=0..4095/1 --set sizes=1..65536/1 -o "$T/s/" > /dev/null 2> "$T/err"; rc=$?
ok "a sweep of a billion points is refused before it starts" \
	all exit_is 2 -- has "$T/err" 'expand to [0-9]* points, expected at most 1000000' -- [ ! -e "$T/s" ]
"${CB[@]}" run -q --set kernel_timeout=0 -o "$T/s/" > /dev/null 2> "$T/err"; rc=$?
ok "--set kernel_timeout=0: exit 2, the range said" \
	all exit_is 2 -- has "$T/err" "kernel_timeout '0', expected auto or seconds from 0.01 to 86400" -- [ ! -e "$T/s" ]
"${CB[@]}" run -q --set sizes=0 -o "$T/s/" > /dev/null 2> "$T/err"; rc=$?
ok "--set sizes=0: exit 2 naming the argument" \
	all exit_is 2 -- has "$T/err" '--set sizes=0: sizes: size 0 out of range'

# A --set replaces its key's line whole: the line is not read, so a
# mistake in it is not the run's (a line no --set replaces still is).
"${CB[@]}" run -n -c $C/bad-size-zero.conf --set sizes=64 > "$T/out" 2> "$T/err"; rc=$?
ok "--set sizes=64 over a config's bad sizes line: that line is not checked" \
	all exit_is 0 -- has "$T/out" '^ref 64 0 warm none in-place$' -- [ ! -s "$T/err" ]
"${CB[@]}" run -n -c $C/bad-kernel.conf --set 'kernels = ref' --set sizes=64 > "$T/out" 2> "$T/err"; rc=$?
ok "--set 'kernels = ref' (spaces) over an unknown kernel's line: not checked" \
	all exit_is 0 -- has "$T/out" '^ref 64 0 warm none in-place$'
"${CB[@]}" run -n -c $C/bad-size-zero.conf --set samples=3 > /dev/null 2> "$T/err"; rc=$?
ok "--set of another key: the bad line is still reported at its line" \
	all exit_is 2 -- has "$T/err" "^$C/bad-size-zero.conf:1: sizes: size 0 out of range"

# --- dry run: the points a config expands to
n=$("${CB[@]}" run -n -c $C/good-tiny.conf | head -n 1)
# word32: 2 sizes x 2 aligns x 2 caches; c64-prefetch the same x 2
# distances; the roofline (roofline = auto: in a run that prefetches, the
# load's prefetching variant) as c64-prefetch; the floors of csum and load
# at 2 sizes x 2 aligns x 2 caches
ok "dry run of good-tiny.conf: 56 points" \
	[ "$n" = "56 points (16 of them the floor, each op's empty kernel), 3 samples each:" ]

# col NAME FILE: the number of a column, from the header line
col() { grep -v '^#' "$2" | head -n 1 | tr , '\n' | grep -nx "$1" | cut -d: -f1; }

# --- a real run: files, schema, rows
mkdir "$T/res"
"${CB[@]}" run -q -c $C/good-tiny.conf -o "$T/res/" > /dev/null 2> "$T/err"; rc=$?
ok "run good-tiny.conf exits 0" [ $rc = 0 ]
csv=$(ls "$T"/res/good-tiny-*[0-9].csv 2> /dev/null)
samples=$(ls "$T"/res/good-tiny-*-samples.csv 2> /dev/null)
ok "run writes <config>-<host>-<stamp>.csv and -samples.csv" \
	all [ -f "$csv" ] -- [ -f "$samples" ] -- entries_are 2 "$T/res"
hdr="kernel,arch,op,size,align,cache,prefetch,code_offset,load,rx_prefetch,code_mod64,loop_mod64,repeat,timer,samples,iters,ticks_min,ticks_median,ticks_mean,ticks_max,ticks_p99,ticks_stddev,ticks_iqr,outliers,floor_ticks,cycles_per_tick,cycles_per_byte,cycles_per_byte_net,bytes_per_cycle,cycles_per_kb,ns_per_call,mb_per_s,roofline_fraction,preempted,region_steps,call_min,call_p99,call_p999,call_max,call_mean,below_overhead,call_max_unpreempted,calls_preempted,calls_below_step"
ok "CSV header, columns in order" [ "$(grep -v '^#' "$csv" | head -n 1)" = "$hdr" ]
ok "CSV: 56 rows of 44 fields" \
	[ "$(grep -v '^#' "$csv" | tail -n +2 | awk -F, 'NF == 44' | wc -l)" = 56 ]
ok "CSV: one '# op:' line for each op the run times (csum, load), its words as data" \
	all has_line "$csv" '# op: csum|cost=byte|size=buffer size|axis=buffer size (bytes)|word=buffers|about=csum_partial; sizes are bytes summed' -- \
	has "$csv" '^# op: load|cost=byte|' -- lines_are 2 <(grep '^# op:' "$csv")
ok "CSV: '# timer_counts:' says what the timer's ticks are" \
	has "$csv" '^# timer_counts: \(cycles\|timebase\|other\)$'
roof=$(sed -n 's/^# roofline: \([^ ]*\) (auto: .*/\1/p' "$csv")
ok "CSV: '# roofline:' names the load kernel auto chose ($roof)" \
	grep -q "^$roof,[a-z0-9_]*,load," "$csv"
ok "CSV: the roofline prefetches, at every size, align and cache and distance" \
	bash -c "case '$roof' in load*-prefetch) true ;; *) false ;; esac &&
		[ \"\$(grep -c '^$roof,[a-z0-9_]*,load,[0-9]*,[01],\(warm\|cold\),\(none\|64\),none,' '$csv')\" = 16 ]"
# Every checksum row: its bytes/cycle over the roofline's best (of its
# distances) at its size, align and cache (the same repeat: there is
# one), to what the 4 printed decimals of each allow.
ok "CSV: roofline_fraction = bytes_per_cycle / the roofline's" \
	awk -F, -v b="$(col bytes_per_cycle "$csv")" -v f="$(col roofline_fraction "$csv")" \
		-v r="$roof" '/^#/ || $1 == "kernel" { next }
		$1 == r { k = $4 "," $5 "," $6; if ($b > roof[k]) roof[k] = $b; next }
		$3 == "csum" && $1 != "empty" { want[NR] = $4 "," $5 "," $6; bpc[NR] = $b; got[NR] = $f; n++ }
		END { if (n != 24) { print "rows: " n > "/dev/stderr"; exit 1 }
		      for (i in want) {
			# (a roofline below the timer overhead at every distance,
			# as under emulation: no ceiling, so no fraction)
			if (!(roof[want[i]] > 0)) { if (got[i] != "") bad = 1; continue }
			# (nor for a row itself below the overhead: no figure)
			if (!(bpc[i] > 0)) { if (got[i] != "") bad = 1; continue }
			x = bpc[i] / roof[want[i]]
			# (both bytes/cycle printed to 4 decimals: at 0.008 that
			# alone is 0.6% of the quotient)
			tol = 0.0002 + 0.001 * x + x * (0.00006 / bpc[i] + 0.00006 / roof[want[i]])
			if ((x - got[i]) ^ 2 > tol ^ 2) {
				print "line " i ": " want[i] " bpc " bpc[i] " over " roof[want[i]] \
					" is " x ", the CSV says " got[i] > "/dev/stderr"; bad = 1 } }
		      exit bad }' "$csv"
ok "CSV: floors and the roofline's own rows have none" \
	awk -F, -v f="$(col roofline_fraction "$csv")" -v r="$roof" \
		'!/^#/ && ($1 == "empty" || $1 == "load-empty" || $1 == r) && $f != "" { exit 1 }' "$csv"
ok "CSV: every row idle, rx_prefetch none; ticks_p99 empty under 100 samples" \
	awk -F, -v l="$(col load "$csv")" -v x="$(col rx_prefetch "$csv")" \
		-v p="$(col ticks_p99 "$csv")" \
		'!/^#/ && $1 != "kernel" && ($l != "idle" || $x != "none" || $p != "") { exit 1 }' "$csv"
for key in timer timer_overhead_ticks timer_resolution_ticks cycles_per_tick \
	cycles_per_tick_source add_chain_cycles_per_tick tick_hz tick_hz_source \
	cpu_model compiler kernel_cflags emulated cache_line cache_line_source \
	largest_cache largest_cache_source cache_per_core cache_per_core_source cold_flush \
	flush_check order seed run_id samples_per_point repeat; do
	ok "CSV metadata has '# $key:'" grep -q "^# $key: " "$csv"
done
# An emulated run's core and clock are the emulator's: said on their
# lines (a whole virtual board's /proc/cpuinfo names its core as a real
# one would), and only then.
marked() { # marked CSV yes|no
	if [ "$2" = yes ]; then
		grep -q '^# cpu_model: .*, emulated' "$1" &&
			grep -q '^# core_clock: [0-9]* MHz calibrated (emulated: the pace the emulator ran the add chain at, not a clock of the board; ' "$1"
	else
		! grep -q '^# \(cpu_model\|core_clock\): .*emulated' "$1"
	fi
}
emu=$(sed -n 's/^# emulated: //p' "$csv")
ok "CSV: cpu_model and core_clock marked emulated exactly when the run is ($emu)" marked "$csv" "$emu"
"${CB[@]}" run --set kernels=word32 --set sizes=64 --set samples=3 --set emulated=yes \
	-o "$T/emu.csv" > "$T/emu.out" 2> "$T/err"
ok "emulated = yes: its cpu_model and core_clock say so" \
	marked "$T/emu.csv" yes
ok "... and the summary, on each table's own lines (a table is pasted alone)" \
	bash -c "head -n 1 '$T/emu.out' | grep -q '^EMULATED RUN' &&
		[ \$(grep -c '^op .*; EMULATED, not real):\$' '$T/emu.out') = \$(grep -c '^op ' '$T/emu.out') ] &&
		[ \$(grep -c '^Harness floor (.*), ticks per call (EMULATED):' '$T/emu.out') = \$(grep -c '^op ' '$T/emu.out') ] &&
		[ \$(grep -c '^op ' '$T/emu.out') -ge 1 ]"
# The flush just before the calls translates every line: the TLB is
# warm, and the CSV and the README's table say so (eviction: as its
# stream leaves it).
ok "CSV: '# cold_flush:' states the TLB the cold calls start with" \
	grep -Eq '^# cold_flush: .*; (TLB warm: the flush just before the calls translated every line|TLB as the stream leaves it: it touches no buffer)$' "$csv"
ok "docs/methodology.md: the cold row's TLB is the flush's, warm" \
	grep -q '^| `cold` | [^|]* | warm: the flush just before translated every line |' docs/methodology.md
ok "CSV: order is rounds by default, with its seed" \
	all has_line "$csv" '# order: rounds' -- has_ere "$csv" '^# seed: [0-9]+$'
ok "CSV: c64-prefetch rows at none and 64, warm and cold" \
	[ "$(grep -c '^c64-prefetch,generic,csum,1500,1,\(warm\|cold\),\(none\|64\),none,' "$csv")" = 4 ]
ok "CSV: the empty kernel's floor at every size, align and cache: 8 rows" \
	[ "$(grep -c '^empty,harness,csum,[0-9]*,[01],\(warm\|cold\),none,none,' "$csv")" = 8 ]
ok "CSV: built-in kernels start on 64 bytes (code_mod64 0)" \
	awk -F, -v m="$(col code_mod64 "$csv")" '!/^#/ && $1 != "kernel" && $m != 0 { exit 1 }' "$csv"
# Under emulation a timer may not advance over a short batch (qemu's
# arm64 CNTVCT), so 0 is accepted there; natively warm rows must be > 0.
# A median below the overhead subtracted is counted (below_overhead) and
# leaves the row's figures empty: only under emulation or for the floor.
ok "CSV: ticks >= 0 (> 0 warm, natively); cycles/byte from the median, net from it less the floor" \
	awk -F, -v emu="${EMULATOR:-}" -v t="$(col ticks_median "$csv")" \
		-v k="$(col cycles_per_tick "$csv")" -v c="$(col cycles_per_byte "$csv")" \
		-v n="$(col cycles_per_byte_net "$csv")" -v f="$(col floor_ticks "$csv")" \
		-v bo="$(col below_overhead "$csv")" \
		'!/^#/ && $1 != "kernel" {
		if ($t == "") {
			if (!($bo > 0) || $c != "" || $n != "") exit 1
			if (emu == "" && $1 != "empty" && $1 != "load-empty") exit 1
			next
		}
		if ($c < 0 || $t < 0) exit 1
		if (emu == "" && $6 == "warm" && $1 != "empty" && ($c <= 0 || $t <= 0)) exit 1
		if (($t * $k / $4 - $c) ^ 2 > 0.0001 * $c ^ 2 + 1e-8) exit 1
		# (no net figure where there is no floor, or where the median
		# fell below it: noise under emulation, never a time below 0)
		if ($n == "") { if ($f != "" && $t > $f) exit 1; next }
		if ((($t - $f) * $k / $4 - $n) ^ 2 > 0.0001 * $c ^ 2 + 1e-8) exit 1 }' "$csv"
ok "samples CSV: 3 rounds for each of 56 points, numbered 1 to 3" \
	bash -c "[ \$(grep -v '^#' '$samples' | tail -n +2 | wc -l) = 168 ] &&
		[ \"\$(grep -v '^#' '$samples' | tail -n +2 | cut -d, -f11,12 | sort -u | tr '\n' ' ')\" = '1,1 1,2 1,3 ' ]"

# --- repeat and sequential order
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 --set repeat=2 \
	--set order=sequential -o "$T/rep.csv" > /dev/null 2> "$T/err"; rc=$?
ok "repeat = 2: a row per point and repeat" \
	all exit_is 0 -- \
		count_is 2 "$T/rep.csv" '^word32,generic,csum,64,0,warm,none,none,idle,none,0,,[12],' -- \
		has_line "$T/rep.csv" '# order: sequential' -- \
		has "$T/rep.csv" '^# repeat: 2$'

# --- code placement
case "$BIN" in
*-sanitize/*)
	"${CB[@]}" run -q --set kernels=c64 --set code_offset=0,16 -o "$T/newdir/" > /dev/null 2> "$T/err"; rc=$?
	ok "code_offset in a sanitizer build: refused, exit 2, nothing created" \
		all exit_is 2 -- has "$T/err" 'code_offset.*sanitizer build' -- [ ! -e "$T/newdir" ]
	;;
*)
	"${CB[@]}" run -q --set kernels=c64,word32 --set sizes=1500 --set samples=3 \
		--set code_offset=0,16,32,48 -o "$T/off.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "code_offset = 0,16,32,48: copies verified and timed, code_mod64 = offset" \
		bash -c "[ $rc = 0 ] && [ \$(grep -c '^c64,generic,csum,1500,0,warm,none,\(0,idle,none,0\|16,idle,none,16\|32,idle,none,32\|48,idle,none,48\),' '$T/off.csv') = 4 ] &&
			[ \$(grep -c '^word32,generic,csum,1500,0,warm,none,[0-9]*,' '$T/off.csv') = 4 ]"
	;;
esac

# --- a cold buffer of 16 MiB (K x slot overflowed a 32-bit size_t once)
"${CB[@]}" run -q --set kernels=word32 --set sizes=16M --set samples=1 \
	--set cache=cold -o "$T/big.csv" > /dev/null 2> "$T/err"; rc=$?
ok "cold 16 MiB buffers: timed" \
	all exit_is 0 -- has "$T/big.csv" '^word32,generic,csum,16777216,0,cold,'

# --- cold_calls = K: every cold region's calls fixed by the config, not
# found per run (runs to be compared then time alike)
"${CB[@]}" run -q --set kernels=word32 --set sizes=64,1500 --set cache=cold --set samples=3 \
	--set cold_calls=8 --set roofline=none -o "$T/k8.csv" > /dev/null 2> "$T/err"; rc=$?
ks=$(awk -F, -v k="$(col iters "$T/k8.csv")" '!/^#/ && $1 != "kernel" { print $k }' "$T/k8.csv" | sort -u)
ok "cold_calls = 8: every cold row, the floors' too, times 8 calls a region, and says so" \
	all exit_is 0 -- \
		[ "$ks" = 8 ] -- \
		count_is 4 "$T/k8.csv" '^[a-z0-9]*,[a-z0-9]*,csum,[0-9]*,0,cold,' -- \
		has "$T/k8.csv" '^# cold_calls: 8, the config.s: K of every cold region'
"${CB[@]}" run -q --set cold_calls=0 -o "$T/k0/" > /dev/null 2> "$T/err"; rc=$?
ok "cold_calls = 0: exit 2, the range said" \
	all exit_is 2 -- has "$T/err" "cold_calls '0', expected auto or 1 to 256 calls per cold region" -- [ ! -e "$T/k0" ]

# --- cold-ring
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 \
	--set cache=cold-ring -o "$T/ring.csv" > /dev/null 2> "$T/err"; rc=$?
ok "cache = cold-ring: rows and the ring in the metadata" \
	all exit_is 0 -- \
		has "$T/ring.csv" '^word32,generic,csum,64,0,cold-ring,' -- \
		has_ere "$T/ring.csv" '^# cold_ring_64: [0-9]+ buffers 64 bytes apart'

# --- a preset cycles_per_tick far from the add chain's reading
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 \
	--set cycles_per_tick=500 -o "$T/preset.csv" > /dev/null 2> "$T/err"; rc=$?
if [ -z "${EMULATOR:-}" ]; then
	ok "a preset 500 cycles/tick that the chain contradicts: warned on stderr and in the CSV" \
		all exit_is 0 -- \
			has "$T/err" 'WARNING: cycles_per_tick is 500.0000 (config) but the add chain reads' -- \
			has "$T/preset.csv" '^# warning: cycles_per_tick is 500.0000 (config) but the add chain reads'
else
	ok "emulated: the chain means nothing, no preset warning" \
		bash -c "[ $rc = 0 ] && ! grep -q 'add chain reads' '$T/err' '$T/preset.csv'"
fi

# --- never replace a result
echo precious > "$T/keep.csv"
"${CB[@]}" run -q -c $C/good-tiny.conf -o "$T/keep.csv" > /dev/null 2> "$T/err"; rc=$?
ok "an existing -o file is refused with exit 2 and kept" \
	all exit_is 2 -- file_is "$T/keep.csv" precious -- has "$T/err" 'already exists'

# --- an interrupted run leaves nothing
mkdir "$T/int"
# (SIGTERM: a background job of a script ignores SIGINT.)
"${CB[@]}" run -q --set sizes=1M --set cache=cold --set samples=1000000 \
	-o "$T/int/" > /dev/null 2> /dev/null &
pid=$!
sleep 1
kill -TERM $pid; wait $pid 2> /dev/null; rc=$?
ok "an interrupted run leaves no file" all [ "$rc" != 0 ] -- dir_empty "$T/int"


# --- never lose a result, never hang (issue 8)
Q=(-q --set kernels=ref --set sizes=64 --set samples=3)
native_plain() { [ -z "${EMULATOR:-}" ] && case "$BIN" in *-sanitize/*) false ;; *) true ;; esac; }

# 1. a device, pipe or link is never replaced, --force or not
mkfifo "$T/fifo"
"${CB[@]}" run "${Q[@]}" -o "$T/fifo" --force 2> "$T/err"; rc=$?
ok "-o FIFO --force: refused, exit 2, the pipe kept, no samples file" \
	all exit_is 2 -- \
		[ -p "$T/fifo" ] -- \
		[ ! -e "$T/fifo-samples.csv" ] -- \
		has "$T/err" 'is not a regular file (a pipe)'
ln -s /dev/null "$T/devlink.csv"
"${CB[@]}" run "${Q[@]}" -o "$T/devlink.csv" --force 2> "$T/err"; rc=$?
ok "-o LINK --force: refused, the link kept" \
	all exit_is 2 -- [ -L "$T/devlink.csv" ] -- has "$T/err" 'a symbolic link'

# 3. runs in the same second into one folder: each keeps its pair
mkdir "$T/same"
for i in 1 2 3; do
	{ "${CB[@]}" run "${Q[@]}" -o "$T/same/" 2> /dev/null; echo "exit $?" > "$T/rc$i"; } &
done
wait
for i in 4 5 6; do "${CB[@]}" run "${Q[@]}" -o "$T/same/" 2> /dev/null; echo "exit $?" > "$T/rc$i"; done
ok "six runs into one folder, three at once: six pairs, all exit 0" \
	bash -c "[ \$(ls '$T/same' | grep -c -- '-samples\.csv$') = 6 ] &&
		[ \$(ls '$T/same' | wc -l) = 12 ] && [ \$(cat '$T'/rc[1-6] | grep -cx 'exit 0') = 6 ]"
ok "each results file has its rows" \
	bash -c "for f in '$T'/same/*[0-9].csv; do grep -q '^ref,generic,csum,64,' \"\$f\" || exit 1; done"

# 6. long paths are written whole, or refused before the run
L=$(printf 'd%.0s' {1..200})
LP="$T/long/$L/$L/$L/$L/$L"
mkdir -p "$LP"
"${CB[@]}" run "${Q[@]}" -o "$LP/" 2> "$T/err"; rc=$?
ok "a folder path of 1000+ characters: the full name is written" \
	bash -c "[ $rc = 0 ] && ls '$LP' | grep -Eq '^defaults-.*-[0-9]{8}-[0-9]{6}\.csv$' &&
		ls '$LP' | grep -Eq '^defaults-.*-[0-9]{8}-[0-9]{6}-samples\.csv$'"
"${CB[@]}" run "${Q[@]}" -o "$LP/$(printf 'x%.0s' {1..250}).csv" 2> "$T/err"; rc=$?
ok "a file name past the filesystem's limit: refused before the run, exit 2" \
	all exit_is 2 -- has "$T/err" 'is too long' -- entries_are 2 "$LP"

# 8. an endless line is stopped at the limit, not read whole
timeout 20 "${CB[@]}" run -q -c /dev/zero -o "$T/z/" > /dev/null 2> "$T/err"; rc=$?
ok "run -c /dev/zero: exit 2 at once, binary data at line 1, nothing created" \
	all exit_is 2 -- has "$T/err" '^/dev/zero:1: binary data (byte 0x00 at column 1)' -- [ ! -e "$T/z" ]
{ printf 'kernels = ref\nsizes = '; head -c 100000 /dev/zero | tr '\0' '6'; } > "$T/endless.conf"
"${CB[@]}" run -q -c "$T/endless.conf" -o "$T/z/" > /dev/null 2> "$T/err"; rc=$?
ok "a 100000-character line with no end: line too long, exit 2" \
	all exit_is 2 -- has "$T/err" 'endless.conf:2: line longer than 1024'

# 9. linear in points: a failing kernel over 300000 sizes and alignments
if [ -n "$SO" ]; then
	timeout 60 "${CB[@]}" run -q --set "kernels=$SO:csum_user_wrong" --set sizes=1..100000/1 \
		--set aligns=0..2/1 --set samples=1 --set roofline=none -o "$T/lin.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "600000 points of a failing kernel: refused in seconds, not half an hour" \
		all exit_is 1 -- has "$T/err" 'no kernel passed' -- [ ! -e "$T/lin.csv" ]
fi
timeout 120 "${CB[@]}" run --check --set kernels=ref,word32,c64-prefetch --set prefetch=none,64 \
	--set roofline=none \
	--set sizes=1..2000/1 --set aligns=0..49/1 > "$T/out" 2> "$T/err"; rc=$?
ok "run --check: 300000 passing points gated at every size and alignment" \
	all exit_is 0 -- has "$T/out" '^ok: 3 kernel(s) at 2000 size(s) and 50 alignment(s) agree with their reference'

# 10. sum streams: any length, constant memory
head -c $((3 * 1024 * 1024 + 1)) /dev/zero > "$T/multi"
printf '\x01\x02' | dd of="$T/multi" conv=notrunc 2> /dev/null
printf '\xff' | dd of="$T/multi" bs=1 seek=$((2 * 1024 * 1024)) conv=notrunc 2> /dev/null
printf '\x07' | dd of="$T/multi" bs=1 seek=$((3 * 1024 * 1024)) conv=notrunc 2> /dev/null
for k in "${KERNELS[@]}"; do
	ok "sum -k $k: 3 MiB + 1 in chunks, words across chunk ends: 0102+ff00+0700" \
		[ "$("${CB[@]}" sum -k "$k" --align 5 "$T/multi")" = "0703 f8fc  $T/multi" ]
done
ok "sum from standard input, in chunks" \
	[ "$("${CB[@]}" sum -k c64 - < "$T/multi")" = "0703 f8fc  -" ]
cp "$T/rfc" "$T/-k"
# shellcheck disable=SC2206 # as CB
ABS=(${EMULATOR:-} "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")")
ok "sum -- ends the options: a file named -k" \
	[ "$(cd "$T" && "${ABS[@]}" sum -k ref -- -k)" = "ddf2 220d  -k" ]
if native_plain; then
	(ulimit -v 400000; timeout 3 "${CB[@]}" sum -k ref /dev/zero > /dev/null 2> "$T/err"); rc=$?
	ok "sum /dev/zero in 400 MB of address space: still streaming when stopped (no abort)" \
		[ $rc = 124 ]
	truncate -s $((2 * 1024 * 1024 * 1024 + 1)) "$T/big"
	printf '\xab' | dd of="$T/big" bs=1 seek=$((2 * 1024 * 1024 * 1024)) conv=notrunc 2> /dev/null
	(ulimit -v 400000; "${CB[@]}" sum -k c64 "$T/big" > "$T/out" 2> "$T/err"); rc=$?
	ok "sum of a 2 GiB + 1 file in 400 MB of address space: ab00 54ff" \
		bash -c "[ $rc = 0 ] && [ \"\$(cat '$T/out')\" = 'ab00 54ff  $T/big' ]"
	rm -f "$T/big"
fi

# 14. a value listed twice is one point
n=$("${CB[@]}" run -n --set roofline=none --set kernels=ref,word32,ref --set sizes=64,64,100..200/36,136 \
	--set aligns=0,0,1 --set cache=warm | head -n 1)
ok "duplicate sizes, aligns and kernels: 4 sizes x 2 aligns x (2 kernels + floor) = 24 points" \
	[ "$n" = "24 points (8 of them the floor, each op's empty kernel), 31 samples each:" ]
n=$("${CB[@]}" run -n --set roofline=none --set kernels=c64-prefetch --set sizes=64 --set prefetch=none,64,64,0..128/64 | head -n 1)
ok "duplicate prefetch distances: none, 0, 64, 128 and the floor = 5 points" \
	[ "$n" = "5 points (1 of them the floor, each op's empty kernel), 31 samples each:" ]

# 16. output that cannot be written is an error
if [ -w /dev/full ]; then
	for cmd in "sum -k ref $T/rfc" "list" "run -n -c $C/good-tiny.conf" "calibrate" \
		"run ${Q[*]} -o -"; do
		"${CB[@]}" $cmd > /dev/full 2> "$T/err"; rc=$?
		ok "$cmd > /dev/full: exit 1 and why" \
			all exit_is 1 -- has "$T/err" 'cannot write standard output: No space left'
	done
fi

# 19. smaller things
printf '\xef\xbb\xbfsizes = 64\nkernels = ref\nsamples = 3\n' > "$T/bom.conf"
"${CB[@]}" run -q -c "$T/bom.conf" -o "$T/bom.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a config saved with a UTF-8 byte-order mark is read" \
	all exit_is 0 -- has "$T/bom.csv" '^ref,generic,csum,64,'
printf 'sizes = 64\nkernels = r\0ef\n' > "$T/nul.conf"
bad "$T/nul.conf" 2 "binary data (byte 0x00 at column 12)"
if native_plain; then
	n=$(ulimit -v 300000; "${CB[@]}" run -n --set sizes=1G --set kernels=ref --set roofline=none | head -n 1)
	ok "run -n --set sizes=1G allocates nothing (300 MB of address space)" \
		[ "$n" = "2 points (1 of them the floor, each op's empty kernel), 31 samples each:" ]

	# A config's .so path is found beside the config, as a mix is (a
	# --set's, from the working folder, above)
	mkdir "$T/sodir"
	cp "$SO" "$T/sodir/lib.so"
	printf 'kernels = lib.so:csum_user, ./lib.so:csum_user_wrong\nsizes = 64\nroofline = none\n' > "$T/sodir/so.conf"
	"${CB[@]}" run -n -c "$T/sodir/so.conf" > "$T/out" 2> "$T/err"; rc=$?
	ok "kernels = lib.so:SYM in a config: the .so beside the config, named by that path" \
		all exit_is 0 -- \
			has "$T/out" "^$T/sodir/lib.so:csum_user 64 " -- \
			has "$T/out" "^$T/sodir/lib.so:csum_user_wrong 64 " ||
		cat "$T/err"
	# shellcheck disable=SC2206 # as CB
	CBABS=(${EMULATOR:-} "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")")
	(cd "$T/sodir" && "${CBABS[@]}" run -n -c so.conf > "$T/out" 2> "$T/err"); rc=$?
	ok "a config named from its own folder: the .so found there too" \
		all exit_is 0 -- has "$T/out" '^lib.so:csum_user 64 '
fi
"${CB[@]}" run "${Q[@]:1}" -o - > "$T/stdout.csv" 2> "$T/err"; rc=$?
ok "run -o -: says the samples file is not written, on stderr and in the CSV" \
	all exit_is 0 -- \
		has "$T/err" 'samples file is not written' -- \
		has "$T/stdout.csv" '^# samples_file: not written' -- \
		has "$T/stdout.csv" '^ref,generic,csum,64,'

# 4, 5. filesystems without hard links or RENAME_NOREPLACE; signals
# during the final write (an LD_PRELOAD shim, host builds)
if [ -n "$SHIM" ]; then
	SHIM_NOLINK=1 LD_PRELOAD=$SHIM "${CB[@]}" run "${Q[@]}" -o "$T/nolink.csv" 2> "$T/err"; rc=$?
	ok "no hard links (vfat, exFAT): results written" \
		all exit_is 0 -- has "$T/nolink.csv" '^ref,' -- [ -f "$T/nolink-samples.csv" ]
	mkdir "$T/norn"
	SHIM_NOLINK=1 SHIM_NORENAME2=1 LD_PRELOAD=$SHIM "${CB[@]}" run "${Q[@]}" -o "$T/norn/" 2> "$T/err"; rc=$?
	ok "no hard links and no RENAME_NOREPLACE: results written, nothing else left" \
		bash -c "[ $rc = 0 ] && [ \$(ls '$T/norn' | wc -l) = 2 ] && grep -q '^ref,' '$T'/norn/*[0-9].csv"
	echo precious > "$T/norn/taken.csv"
	SHIM_NORENAME2=1 LD_PRELOAD=$SHIM "${CB[@]}" run "${Q[@]}" -o "$T/norn/taken.csv" 2> "$T/err"; rc=$?
	ok "no RENAME_NOREPLACE: an existing file is still refused" \
		all exit_is 2 -- file_is "$T/norn/taken.csv" precious
	mkdir "$T/nohup"
	SHIM_SIGNAL=1 LD_PRELOAD=$SHIM bash -c 'trap "" HUP; exec "$@"' sh \
		"${CB[@]}" run "${Q[@]}" -o "$T/nohup/" 2> /dev/null; rc=$?
	ok "an ignored SIGHUP (nohup) during the final write stays ignored: results written" \
		all exit_is 0 -- entries_are 2 "$T/nohup"
	for sig in 2 15; do
		for at in 1 2; do
			mkdir "$T/sig$sig$at"
			# (in a shell of its own, which reports the death quietly;
			# env --default-signal: under a shell without job control,
			# as in make test run as a background job, SIGINT comes
			# ignored, and csumbench rightly keeps it so)
			SHIM_SIGNAL=$sig SHIM_SIGNAL_AT=$at LD_PRELOAD=$SHIM bash -c '"$@"; exit $?' \
				sh env --default-signal=INT "${CB[@]}" run "${Q[@]}" -o "$T/sig$sig$at/" 2> /dev/null; rc=$?
			ok "signal $sig during the final write (file $at): killed by it, no file left" \
				bash -c "[ $rc = $((128 + sig)) ] && [ -z \"\$(ls -A '$T/sig$sig$at')\" ]"
		done
	done
fi

# 7, 17. kernels that hang or exit (user kernels from a .so)
if [ -n "$SO" ]; then
	# The test kernels count their calls in a static, which each of the R
	# copies a layout draws from (layouts, on by default) has its own of:
	# runs that misbehave after N calls load one.
	KT=(--set kernel_timeout=0.3 --set layouts=1)
	# timed KERNEL OUT csumbench-args...: runs them with -o OUT.csv and
	# KERNEL misbehaving after twice the calls a one-sample run of it
	# makes (the gate, finding its batch, a sample), so among the 1000
	# samples of a run whatever the build's speed; stderr in $T/err, the
	# exit status in rc.  A busy moment can make finding the batch take
	# more calls than that, and the misdeed fall before the first sample
	# ("nothing was measured", or the gate's "at len N"): then it is
	# tried again with twice the calls, up to four times, so that what
	# is tested is a misdeed among the samples.
	timed() {
		local k=$1 out=$2 n try; shift 2
		CSUM_TEST_AFTER=1000000000 CSUM_TEST_COUNT=$T/count "${CB[@]}" run -q \
			--set layouts=1 --set "kernels=ref,$SO:$k" --set sizes=64 \
			--set samples=1 -o - > /dev/null 2>&1
		n=$(($(cat "$T/count") * 2))
		for try in 1 2 3 4; do
			rm -f "$out".* "$out"-*
			CSUM_TEST_AFTER=$n "${CB[@]}" "$@" -o "$out.csv" > /dev/null 2> "$T/err"; rc=$?
			grep -q 'nothing was measured\| at len [0-9]' "$T/err" || return 0
			diag "note: $k misbehaved after $n calls, before the first sample (try $try); again with $((n * 2))"
			n=$((n * 2))
		done
	}
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_hang" --set sizes=64 --set samples=3 \
		"${KT[@]}" -o "$T/hang.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a kernel that hangs in the gate: stopped, named (even with -q), the others timed" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_hang: did not return within .* s at len 0' -- \
			has "$T/hang.csv" '^ref,generic,csum,64,' -- \
			lacks "$T/hang.csv" "^$SO:csum_user_hang," -- \
			has "$T/hang.csv" '^# failed: .*csum_user_hang: did not return'
	timed csum_user_hang "$T/hang2" run -q --set "kernels=ref,$SO:csum_user_hang" \
		--set sizes=64 --set samples=1000 "${KT[@]}"
	ok "a kernel that hangs while timed: stopped, its rows dropped, the run goes on" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_hang: did not return within [0-9.]* s while timed' -- \
			count_is 1 "$T/hang2.csv" '^ref,generic,csum,' -- \
			lacks "$T/hang2.csv" "^$SO:csum_user_hang," -- \
			[ ! -e "$T/hang2-partial.csv" ]
	timed csum_user_hang_libc "$T/libc" run -q --set "kernels=ref,$SO:csum_user_hang_libc" \
		--set sizes=64 --set samples=1000 "${KT[@]}"
	ok "a kernel hung in the C library: the run stops, names it, keeps what it measured as partial" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_hang_libc: did not return.*not safe' -- \
			[ ! -e "$T/libc.csv" ] -- \
			has "$T/libc-partial.csv" '^# partial: the run stopped early: .*csum_user_hang_libc' -- \
			count_is 1 "$T/libc-partial.csv" '^ref,generic,csum,64,' -- \
			lacks "$T/libc-partial.csv" "^$SO:csum_user_hang_libc," -- \
			[ -f "$T/libc-partial-samples.csv" ]
	timed csum_user_block "$T/block" run -q --set "kernels=ref,$SO:csum_user_block" \
		--set sizes=64 --set samples=1000 --set kernel_timeout=0.1 --set layouts=1
	ok "a kernel blocked in a system call, using no CPU: stopped after 10 times the limit" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_block: did not return within [0-9.]* s while timed' -- \
			has "$T/block-partial.csv" '^ref,'
	"${CB[@]}" run -q --set kernels=ref,c64 --set sizes=64 --set samples=4000 \
		--set kernel_timeout=0.2 -o "$T/stopped.csv" > /dev/null 2> "$T/err" &
	pid=$!
	sleep 0.5; kill -STOP $pid; sleep 1; kill -CONT $pid; wait $pid; rc=$?
	ok "a run stopped for 1 s (Ctrl-Z, fg) is not a hung kernel: every row kept" \
		bash -c "[ $rc = 0 ] && [ \$(grep -c '^\(ref\|c64\|empty\),' '$T/stopped.csv') = 3 ] && ! grep -q 'did not return' '$T/err'"
	timeout 20 "${CB[@]}" sum -k "$SO:csum_user_hang" "$T/rfc" > /dev/null 2> "$T/err"; rc=$?
	ok "sum with a kernel that hangs: stopped, exit 1, named" \
		all exit_is 1 -- has "$T/err" 'csum_user_hang: did not return'
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_exit" --set sizes=64 -o "$T/exit.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a kernel that calls exit(0) in the gate: exit 1, named, nothing written" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_exit: called exit() during a call' -- \
			[ ! -e "$T/exit.csv" ] -- \
			[ ! -e "$T/exit-partial.csv" ]
	timed csum_user_exit "$T/exit2" run -q --set "kernels=ref,$SO:csum_user_exit" \
		--set sizes=64 --set samples=1000 --set layouts=1
	ok "a kernel that calls exit(0) while timed: exit 1, the rest kept as partial" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_exit: called exit()' -- \
			has "$T/exit2-partial.csv" '^ref,generic,csum,64,' -- \
			lacks "$T/exit2-partial.csv" "^$SO:csum_user_exit,"
	timed csum_user_exit "$T/exitj" run -q --set "kernels=ref,$SO:csum_user_exit" \
		--set sizes=64 --set samples=1000 --set layouts=1 --set "format=csv,json"
	ok "format = csv, json, and a kernel that exits while timed: partial CSV, JSON and samples" \
		all exit_is 1 -- \
			[ -s "$T/exitj-partial.csv" ] -- \
			[ -s "$T/exitj-partial.json" ] -- \
			[ -s "$T/exitj-partial-samples.csv" ] -- \
			[ ! -e "$T/exitj.csv" ] -- \
			[ ! -e "$T/exitj.json" ] -- \
			has "$T/err" exitj-partial.json
	# The same with layouts on (the default): the code the watchdog saw
	# exit is one of the kernel's copies, and its rows leave all the same.
	# (each copy counts its own calls: 20000 samples pass the count in
	# each whatever share of them it gets)
	timed csum_user_exit "$T/exit3" run -q --set "kernels=ref,$SO:csum_user_exit" \
		--set sizes=64 --set samples=20000
	ok "a kernel that calls exit(0) while timed from a layout copy: exit 1, its rows gone" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_exit: called exit()' -- \
			has "$T/exit3-partial.csv" '^ref,generic,csum,64,' -- \
			lacks "$T/exit3-partial.csv" "^$SO:csum_user_exit," -- \
			has_line "$T/exit3-partial.csv" '# layouts: 8'
	"${CB[@]}" sum -k "$SO:csum_user_exit" "$T/rfc" > /dev/null 2> "$T/err"; rc=$?
	ok "sum with a kernel that calls exit(0): exit 1, named" \
		all exit_is 1 -- has "$T/err" 'csum_user_exit: called exit()'

	# 11. the gate covers every size the run times, and sum the file
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_nocarry,$SO:csum_user_wrong_big" \
		--set sizes=64,1M --set samples=3 -o "$T/carry.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a kernel that drops carries past 128 KiB and one wrong above 100000 B: caught at 1 MiB, not timed" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_nocarry: len 1048576, align 0, sum 0xffffffff, 0xff data' -- \
			has "$T/err" 'csum_user_wrong_big: len 1048576' -- \
			count_is 2 "$T/carry.csv" '^ref,' -- \
			lacks "$T/carry.csv" "^$SO:"
	head -c 200000 /dev/urandom > "$T/200k"
	"${CB[@]}" sum -k "$SO:csum_user_wrong_big" "$T/200k" > "$T/out" 2> "$T/err"; rc=$?
	ok "sum: a kernel wrong on the file's length is caught against ref, no sum printed" \
		all exit_is 1 -- has "$T/err" "csum_user_wrong_big disagrees with ref on $T/200k, bytes 0 to 200000" -- [ ! -s "$T/out" ]

	# 14. one .so symbol by two paths is one kernel
	n=$("${CB[@]}" run -n --set roofline=none --set "kernels=$SO:csum_user,$(cd "$(dirname "$SO")" && pwd)/$(basename "$SO"):csum_user" \
		--set sizes=64 | head -n 1)
	ok "a .so kernel named by two paths: one kernel" \
		[ "$n" = "2 points (1 of them the floor, each op's empty kernel), 31 samples each:" ]
fi

# --- cpu = auto with every CPU busy: the shares labelled, and a warning
# at the start that the CSV keeps (not under an emulator: the loops
# would slow the suites beside it)
if [ -z "${EMULATOR:-}" ]; then
	hogs=()
	for c in $(awk '/^Cpus_allowed_list/ { n = split($2, r, ","); for (i = 1; i <= n; i++) {
		if (split(r[i], ab, "-") == 2) for (c = ab[1]; c <= ab[2]; c++) printf "%d ", c
		else printf "%d ", r[i] } }' /proc/self/status); do
		if command -v taskset > /dev/null; then
			taskset -c "$c" sh -c 'while :; do :; done' &
		else
			sh -c 'while :; do :; done' &
		fi
		hogs+=($!)
	done
	# (until each loop has run: utime in /proc/PID/stat)
	ran() { [ "$(awk '{ print $14 }' "/proc/$1/stat" 2> /dev/null || echo 0)" -gt 0 ]; }
	for h in "${hogs[@]}"; do
		wait_until 60 ran "$h"
	done
	"${CB[@]}" run --set kernels=ref --set sizes=64 --set samples=3 --set roofline=none \
		-o "$T/hog.csv" > /dev/null 2> "$T/hog.err"; rc=$?
	kill "${hogs[@]}"; wait "${hogs[@]}" 2> /dev/null
	ok "cpu = auto, every CPU busy: the shares said to be idle ones" \
		all exit_is 0 -- \
			has "$T/hog.csv" '^# cpu_pinned: [0-9]* (cpu = auto: CPU [0-9]*, .*(idle [0-9]*%' -- \
			lacks "$T/hog.csv" 'all about as idle' || cat "$T/hog.err"
	ok "cpu = auto, every CPU busy: warned at the start and in the CSV" \
		bash -c "head -n 2 '$T/hog.err' | grep -q '^csumbench: WARNING: cpu = auto: no CPU this process may use was idle at the start' &&
			grep -q '^# warning: cpu = auto: no CPU this process may use was idle at the start (over 50 ms of /proc/stat the idlest was idle [0-9]*%, CPU [0-9]* taken)' '$T/hog.csv'"
fi

# --- calibrate
"${CB[@]}" calibrate > "$T/cal" 2> /dev/null
ok "calibrate prints a cycles-per-tick and how it was found" \
	grep -Eq '^cycles per tick: +[0-9]+\.[0-9]+ \((add chain|timer counts|config)' "$T/cal"
[ -n "${EMULATOR:-}" ] ||
	ok "natively nothing in it says emulated" bash -c "! grep -qi emulated '$T/cal'"
CSUMBENCH_EMULATOR=cli.sh "${CB[@]}" calibrate > "$T/cal-emu" 2> /dev/null
ok "emulated: calibrate says so first, and its core clock is the emulator's pace" \
	bash -c "head -n 1 '$T/cal-emu' | grep -qx \"EMULATED: every figure below is the emulator's, not a board's\" &&
		grep -q '^core clock: .*; emulated: the pace the emulator runs at, not a clock of the board\$' '$T/cal-emu'"

# --- user kernels from a shared object (host builds)
if [ -n "$SO" ]; then
	"${CB[@]}" run -q --set "kernels=$SO:csum_user" -o "$T/so.csv" > /dev/null 2> "$T/err"; rc=$?
	ok ".so kernel: verified and timed" \
		all exit_is 0 -- has "$T/so.csv" "^$SO:csum_user,so,csum,1500,"
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_wrong" -o "$T/wrong.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a wrong .so kernel is reported, never timed, exit 1" \
		all exit_is 1 -- \
			has "$T/err" 'FAILED correctness check' -- \
			lacks "$T/wrong.csv" "^$SO:csum_user_wrong," -- \
			has "$T/wrong.csv" '^# failed: ' -- \
			has "$T/wrong.csv" '^ref,'
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_overread" -o "$T/over.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a .so kernel reading past its buffer is caught by the gate, not a crash" \
		all exit_is 1 -- \
			has "$T/err" 'csum_user_overread: read outside its buffer' -- \
			has "$T/over.csv" '^ref,'
	"${CB[@]}" run -q --set "kernels=$T/none.so:f" -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a missing .so: exit 2 and why" all exit_is 2 -- has "$T/err" 'cannot load'
	ok "sum with a .so kernel" [ "$("${CB[@]}" sum -k "$SO:csum_user" "$T/rfc")" = "ddf2 220d  $T/rfc" ]
	"${CB[@]}" run -q --set "kernels=$SO:copy_user" --set samples=3 -o "$T/socopy.csv" > /dev/null 2> "$T/err"; rc=$?
	ok ".so kernel of op csum_copy (symbol_op): gated and timed as one" \
		all exit_is 0 -- \
			has "$T/socopy.csv" "^$SO:copy_user,so,csum_copy,1500," -- \
			has "$T/socopy.csv" '^copy-empty,harness,csum_copy,1500,'
	"${CB[@]}" run -q --set "kernels=$SO:odd_user" -o "$T/x.csv" > /dev/null 2> "$T/err"; rc=$?
	ok ".so naming an op there is not: exit 2 and the ops there are" \
		all exit_is 2 -- has "$T/err" "odd_user_op names op 'crc32', expected csum, ip_fast_csum or csum_copy"
fi

# --- issue 9: ops other than csum
"${CB[@]}" list --csv > "$T/list.csv"
ok "list --csv: ip_fast_csum and csum_copy kernels, each op's empty floor" \
	all has "$T/list.csv" '^ip-ref,generic,ip_fast_csum,no,' -- \
		has "$T/list.csv" '^copy-split,generic,csum_copy,no,' -- \
		has "$T/list.csv" '^copy-c64,generic,csum_copy,no,' -- \
		has "$T/list.csv" '^ip-empty,harness,ip_fast_csum,no,' -- \
		has "$T/list.csv" '^copy-empty,harness,csum_copy,no,'
"${CB[@]}" list > "$T/list.txt"
ok "list: one block per op, headed by its contract" \
	all has "$T/list.txt" '^op ip_fast_csum: uint16_t f(const void \*iph, unsigned int ihl)' -- \
		has "$T/list.txt" '^op csum_copy: uint32_t f(const void \*src, void \*dst'
n=$("${CB[@]}" run -n -c configs/ip-fast-csum.conf | head -n 1)
nip=$(grep -c ',ip_fast_csum,no,' "$T/list.csv")
ok "configs/ip-fast-csum.conf: every ip kernel ($((nip - 1))) x 4 lengths x 2 caches + floor" \
	[ "$n" = "$(( (nip - 1) * 8 + 8 )) points (8 of them the floor, each op's empty kernel), 31 samples each:" ]
"${CB[@]}" run -n -c configs/csum-copy.conf > "$T/dry" 2>&1
ok "configs/csum-copy.conf: csum_copy kernels only, at 32, 1024, 1500" \
	all lacks_ere "$T/dry" '^(c64|ref|ip-)' -- \
		has "$T/dry" '^copy-split 1024 0 cold none' -- \
		has "$T/dry" '^copy-empty 32 0 warm none'
n=$("${CB[@]}" run -n --set kernels=c64,ip-ref,copy-c64 --set ops=csum,csum_copy | head -n 1)
ok "ops filters the kernels named: c64 and copy-c64, the roofline, three floors" \
	[ "$n" = "6 points (3 of them the floor, each op's empty kernel), 31 samples each:" ]
printf 'kernels = ip-ref, c64\nsizes = 20, 1500\n' > "$T/ipsize.conf"
bad "$T/ipsize.conf" 2 "sizes: 1500 is not an IPv4 header length: ip_fast_csum expects a multiple of 4 from 20 to 60 bytes (kernel ip-ref is op ip_fast_csum)"
printf 'kernels = all\nops = csum, crc\n' > "$T/badop.conf"
bad "$T/badop.conf" 2 "ops: unknown op 'crc', expected one of: csum ip_fast_csum csum_copy"
printf 'kernels = c64\nops = csum_copy\n' > "$T/noop.conf"
bad "$T/noop.conf" 2 "ops: no kernel left to run"
"${CB[@]}" sum -k copy-c64 "$T/rfc" > "$T/out" 2> "$T/err"; rc=$?
ok "sum refuses a kernel of another op, exit 2" \
	all exit_is 2 -- has "$T/err" "kernel 'copy-c64' is op csum_copy; sum takes csum kernels" -- [ ! -s "$T/out" ]
"${CB[@]}" run -q -c configs/csum-copy.conf --set samples=3 --set cache=warm,cold,cold-ring \
	--set sizes=32,1500 -o "$T/copy.csv" > "$T/out" 2> "$T/err"; rc=$?
# 2 sizes x 3 caches of each kernel (x 3 distances if it takes one), and the floor
ncopy=$(awk -F, '$3 == "csum_copy" { n += $4 == "yes" ? 3 : 1 } END { print n * 6 }' "$T/list.csv")
ok "csum-copy.conf runs: each csum_copy kernel and copy-empty at 2 sizes x 3 caches ($ncopy rows)" \
	bash -c "[ $rc = 0 ] && [ \$(grep -c '^[^#,]*,[^,]*,csum_copy,' '$T/copy.csv') = $ncopy ]"
"${CB[@]}" run -q --set kernels=c64,copy-c64 --set cache=cold-ring --set sizes=1500 \
	--set samples=3 -o "$T/ring2.csv" > /dev/null 2> "$T/err"; rc=$?
nring=$(grep -c '^[^#,]*,[^,]*,[^,]*,1500,0,cold-ring,' "$T/ring2.csv")
ok "cold-ring: a ring per point ($nring), csum_copy's written into" \
	all exit_is 0 -- \
		has_ere "$T/ring2.csv" '^# cold_ring_1500: [0-9]+ buffers' -- \
		has_ere "$T/ring2.csv" '^# cold_ring_1500_written: [0-9]+ buffers' -- \
		[ "$nring" -ge 4 ] -- \
		has "$T/ring2.csv" "^# cold_ring: $nring ring(s), one per point"
"${CB[@]}" run -c configs/ip-fast-csum.conf --set samples=3 --set sizes=20,60 \
	-o "$T/ip.csv" > "$T/out" 2> "$T/err"; rc=$?
ok "ip-fast-csum.conf runs; the summary gives cycles per call for it" \
	all exit_is 0 -- \
		has "$T/ip.csv" '^ip-ref,generic,ip_fast_csum,60,0,cold,' -- \
		has "$T/out" '^op ip_fast_csum: fastest kernel, cycles/call' -- \
		has "$T/out" '^Harness floor (ip-empty), ticks per call\( (EMULATED)\)\{0,1\}:'

# A one-entry kernel (kernel.h's one_entry) gets its own table beside the
# fastest per size: its figure and share of the roofline at every size.
if grep -q '^sized-avx2,x86_64,csum,no,.*,yes$' "$T/list.csv" && [ -z "${EMULATOR:-}" ]; then
	"${CB[@]}" run --set kernels=sized-avx2,c64 --set sizes=64,1500 --set cache=warm,cold \
		--set samples=3 -o "$T/one.csv" > "$T/out" 2> "$T/err"; rc=$?
	ok "the summary's one-entry table: sized-avx2 at each size and cache, with its share" \
		all exit_is 0 -- \
			has "$T/out" "^op csum: sized-avx2, one entry point, cycles/byte and % of roofline:$" -- \
			has_ere "$T/out" '^      size  warm {16}cold$' -- \
			has_ere "$T/out" '^        64  [0-9.]+ (at roof|[0-9]+%) +[0-9.]+ (at roof|[0-9]+%)$' -- \
			has_ere "$T/out" '^      1500  [0-9.]+ (at roof|[0-9]+%) +[0-9.]+ (at roof|[0-9]+%)$' -- \
			lacks "$T/out" '^op csum: c64, one entry'
	"${CB[@]}" run --set kernels=sized-avx2 --set sizes=64 --set cache=warm --set samples=3 \
		--set emulated=yes -o "$T/one-emu.csv" > "$T/out" 2> "$T/err"; rc=$?
	ok "an emulated run's one-entry table says EMULATED in its header" \
		all exit_is 0 -- \
			has "$T/out" "^op csum: sized-avx2, one entry point, cycles/byte and % of roofline; EMULATED, not real:$"
fi

# Memory that runs out: said, what for and how much, exit 1 (2 for sizes
# refused before anything is made); never blamed on a kernel, never
# SIGABRT, no results file.
case "$BIN ${EMULATOR:-}" in
*-sanitize/* | *qemu*) ;;	# their own mappings refuse a ulimit -v
*)
	mkdir "$T/oom"
	(ulimit -v 400000; "${CB[@]}" run --set kernels=c64 --set sizes=1G --set cache=ring \
		-o "$T/oom/" > "$T/out" 2> "$T/err"); rc=$?
	ok "sizes = 1G under ulimit -v 400000: exit 2 at sizes, memory named, no kernel blamed" \
		all exit_is 2 -- \
			has "$T/err" 'sizes (--set): the largest size needs at least [0-9]* MiB' -- \
			lacks "$T/err" FAILED -- \
			dir_empty "$T/oom"
	(ulimit -v 200000; "${CB[@]}" run --set kernels=c64 --set sizes=64..6400/64 \
		--set samples=1000000 -o "$T/oom/" > "$T/out" 2> "$T/err"); rc=$?
	ok "samples that cannot be kept: exit 2 before anything runs, what they need" \
		bash -c "[ $rc = 2 ] && grep -q 'samples = 1000000 x repeat = 1 at [0-9]* points keep [0-9]* MiB of samples' '$T/err' &&
			[ -z \"\$(ls -A '$T/oom')\" ]" ;;
esac
if [ -n "$SHIM" ]; then
	mkdir -p "$T/oom"
	SHIM_MMAP_MAX=$((12 << 20)) LD_PRELOAD=$SHIM "${CB[@]}" run -q --set kernels=c64 \
		--set sizes=16M --set samples=3 -o "$T/oom/" > "$T/out" 2> "$T/err"; rc=$?
	ok "no memory for the gate's 16 MiB buffer: exit 1, out of memory, not the kernel's failure" \
		all exit_is 1 -- \
			has "$T/err" '^csumbench: out of memory: the correctness gate.s buffer between guard pages ([0-9]* bytes, 16.0 MiB): Cannot allocate memory' -- \
			lacks "$T/err" FAILED -- \
			dir_empty "$T/oom"
	SHIM_MALLOC_MAX=$((1 << 20)) LD_PRELOAD=$SHIM "${CB[@]}" run -q --set kernels=c64 \
		--set sizes=64 --set samples=200000 -o "$T/oom/" > "$T/out" 2> "$T/err"; rc=$?
	ok "no memory for a point's samples: exit 1 naming it and the bytes, no SIGABRT" \
		all exit_is 1 -- \
			has "$T/err" '^csumbench: out of memory: a point.s samples (1600000 bytes, 1.5 MiB)' -- \
			dir_empty "$T/oom"
fi


# Each config key is described once (harness/config/keys.c): run --help
# lists every key from that table, and docs/configs.md's config block shows
# each of them and no other (runner commented out: make bench sets it).
"${CB[@]}" run --help > "$T/help" 2>&1
sed -n 's/^  \([a-z_]*\) = .*/\1/p' "$T/help" | sort > "$T/help-keys"
awk '/^## Configs$/ { c = 1 } c && /^```ini$/ { b = 1; next } b && /^```$/ { exit }
	b && /^(# )?[a-z_]+ *=/ { sub(/^# /, ""); sub(/ *=.*/, ""); print }' docs/configs.md |
	sort > "$T/readme-keys"
ok "run --help lists every config key ($(wc -l < "$T/help-keys") of them)" \
	bash -c "[ \$(wc -l < '$T/help-keys') -ge 29 ] && grep -qx samples '$T/help-keys' &&
		grep -q '^      1 to 1000000: rounds' '$T/help'"
ok "docs/configs.md's config block has the same keys as run --help" \
	diff "$T/help-keys" "$T/readme-keys"
ok "run --help fits 80 columns" bash -c "! awk 'length > 80' '$T/help' | grep -q ."
"${CB[@]}" run --list-keys | sort > "$T/list-keys"
ok "run --list-keys: the keys of run --help" diff "$T/help-keys" "$T/list-keys"

# --- options, through getopt_long in every command
"${CB[@]}" run -nq --set=samples=3 --set=kernels=c64 --set sizes=64 > "$T/nq" 2> "$T/nq.err"; rc=$?
ok "run -nq --set=k=v: bundled flags and --opt=value" \
	all exit_is 0 -- has "$T/nq" '^c64 64 0 warm none in-place$' -- has "$T/nq" '3 samples each' -- [ ! -s "$T/nq.err" ]
mkdir "$T/quiet"
"${CB[@]}" run -q --set samples=3 --set kernels=c64 --set sizes=64 --set cache=warm \
	--set roofline=none -o "$T/quiet/" > "$T/q.out" 2> /dev/null; rc=$?
ok "run -q: no summary, but where the results went is said (the two files, nothing else)" \
	bash -c "[ $rc = 0 ] && [ \$(wc -l < '$T/q.out') = 2 ] &&
		f=\$(sed -n 's|^wrote ||p' '$T/q.out') && [ -s \"\$f\" ] && case \$f in '$T/quiet/'*.csv) ;; *) exit 1 ;; esac &&
		grep -qx \"  and \${f%.csv}-samples.csv\" '$T/q.out'"
# The CSV names the build: the binary's SHA-256 and the build's options.
ok "# build: the SHA-256 of the binary that ran, its size, and the build's options" \
	bash -c "grep -Eq '^# build: sha256 [0-9a-f]{64} \([0-9]+ bytes, /proc/self/exe\); pcap (yes|no), libpfm (yes|no), static (yes|no), sanitize (yes|no)' '$T/quiet/'*[0-9].csv &&
		grep -q \"^# build: sha256 \$(sha256sum < '$BIN' | cut -d' ' -f1) \" '$T/quiet/'*[0-9].csv"
"${CB[@]}" run --dry-run --quiet --config="$T/none.conf" > /dev/null 2> "$T/cfg.err"; rc=$?
ok "run --config=FILE: the file is read (and missing: exit 2)" \
	all exit_is 2 -- has "$T/cfg.err" "$T/none.conf"
"${CB[@]}" run -n -q -s samples=2 -s kernels=ref --set sizes=64 > "$T/s" 2>&1
ok "run -s KEY=VALUE, repeated" grep -q '2 samples each' "$T/s"
"${CB[@]}" run --bogus > "$T/o" 2> "$T/e"; rc=$?
ok "run --bogus: exit 2, named, and where help is" \
	all exit_is 2 -- has "$T/e" "^csumbench run: unknown option '--bogus'" -- has "$T/e" "^try 'csumbench run --help'" -- [ ! -s "$T/o" ]
"${CB[@]}" run -c > /dev/null 2> "$T/e"; rc=$?
ok "run -c without its file: exit 2, naming the argument" \
	all exit_is 2 -- has "$T/e" "^csumbench run: option '-c' needs a value (CONFIG)"
"${CB[@]}" run --force=yes > /dev/null 2> "$T/e"; rc=$?
ok "run --force=yes: a flag takes no argument, exit 2" \
	all exit_is 2 -- has "$T/e" "option '--force' takes no value"
"${CB[@]}" run -n stray > /dev/null 2> "$T/e"; rc=$?
ok "run with an operand: exit 2, named" all exit_is 2 -- has "$T/e" "unexpected 'stray'"
"${CB[@]}" sum -k ref - < "$T/rfc" > "$T/o" 2>&1
ok "sum -k ref -: standard input, a word among the options" grep -qx 'ddf2 220d  -' "$T/o"
"${CB[@]}" list --csv --names > /dev/null 2> "$T/e"; rc=$?
ok "list --csv --names: one or the other, exit 2" all exit_is 2 -- has "$T/e" 'not both'
"${CB[@]}" run --quiet -xn > /dev/null 2> "$T/e"
ok "an unknown letter in a bundle is the one named" grep -q "unknown option '-x'" "$T/e"
"${CB[@]}" sum "$T/rfc" --kernel=ref --align=3 > "$T/o" 2>&1
ok "sum FILE --kernel=ref --align=3: options after the file" grep -q "^ddf2 220d  $T/rfc\$" "$T/o"
"${CB[@]}" check --window=0.05 > /dev/null 2>&1; rc=$?
ok "check --window=0.05: taken (exit 0 or 1, not 2)" test "$rc" != 2
# Every command's --help lists the options its parser takes: each
# "--name" of the help is accepted as an option (not "unknown").
for cmd in run sum list calibrate events check tune; do
	"${CB[@]}" "$cmd" --help > "$T/h-$cmd" 2>&1; rc=$?
	opts=$(grep '^  -' "$T/h-$cmd" | grep -o -- '--[a-z][a-z-]*' | sort -u | grep -v -- '--help')
	ok "$cmd --help: exit 0, usage and an option list" \
		all exit_is 0 -- has "$T/h-$cmd" "^usage: csumbench $cmd" -- has "$T/h-$cmd" '^  -h, --help '
	bad=
	for o in $opts; do
		# (--opt=x: an option's argument is never the --help after it,
		# so nothing runs or is written)
		"${CB[@]}" "$cmd" "$o=x" --help > /dev/null 2> "$T/e"
		grep -q 'unknown option' "$T/e" && bad="$bad $o"
	done
	ok "$cmd --help names only options $cmd takes${bad:+ (not:$bad)}" test -z "$bad"
done
finish
