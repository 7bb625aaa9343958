#!/usr/bin/env bash
# The command line as users meet it: list, sum, bad configs (exit status 2,
# FILE:LINE, no results file), a run's CSV schema, no overwriting, user
# kernels from a .so, the correctness gate, interrupted runs.
# usage: tests/cli.sh BIN [SO]   (EMULATOR=qemu-ppc to run BIN under it)
set -u
BIN=$1
SO=${2:-}
CB=(${EMULATOR:-} "$BIN")
SUITE=cli
. "$(dirname "$0")/lib.sh"

# --- list
"${CB[@]}" list --csv > "$T/list.csv"
ok "list --csv header" [ "$(head -n 1 "$T/list.csv")" = "kernel,arch,op,prefetch,description" ]
ok "list --csv has ref, word32, c64" grep -q '^ref,generic,csum,no,' "$T/list.csv"
ok "list --csv: c64-prefetch takes a distance" grep -q '^c64-prefetch,generic,csum,yes,' "$T/list.csv"
if grep -q '^v0,' "$T/list.csv"; then
	for k in v0 tuned unroll4; do
		ok "list --csv: ppc32 kernel $k" grep -q "^$k,ppc32,csum,no," "$T/list.csv"
	done
	ok "list --csv: unroll4-dcbt takes a distance" grep -q '^unroll4-dcbt,ppc32,csum,yes,' "$T/list.csv"
fi
ok "list --csv: the empty pseudo-kernel, arch harness" grep -q '^empty,harness,csum,no,' "$T/list.csv"
mapfile -t KERNELS < <(tail -n +2 "$T/list.csv" | grep -v '^[^,]*,harness,' | cut -d, -f1)

# --- sum: RFC 1071's example, for every kernel
printf '\x00\x01\xf2\x03\xf4\xf5\xf6\xf7' > "$T/rfc"
for k in "${KERNELS[@]}"; do
	ok "sum -k $k: RFC 1071 example" [ "$("${CB[@]}" sum -k "$k" "$T/rfc")" = "ddf2 220d  $T/rfc" ]
done
head -c 4099 /dev/urandom > "$T/odd"
want=$("${CB[@]}" sum -k ref "$T/odd")
"${CB[@]}" sum -k empty "$T/rfc" > /dev/null 2> "$T/err"; rc=$?
ok "sum -k empty: refused, not a checksum" \
	bash -c "[ $rc = 1 ] && grep -q 'not a checksum' '$T/err'"
for k in "${KERNELS[@]}"; do
	ok "sum -k $k --align 3: odd-length file agrees with ref" \
		[ "$("${CB[@]}" sum -k "$k" --align 3 "$T/odd")" = "$want" ]
done
"${CB[@]}" sum -k nosuch "$T/rfc" 2> "$T/err"; rc=$?
ok "sum: unknown kernel exits 2 and lists the kernels" \
	bash -c "[ $rc = 2 ] && grep -q 'expected one of:.*ref.*c64' '$T/err'"

# --- bad configs: exit 2, FILE:LINE: message, no results file
bad() { # bad FILE LINE FRAGMENT
	local out="$T/bad-out" rc
	rm -rf "$out"; mkdir "$out"
	"${CB[@]}" run -q -c "$1" -o "$out/" > /dev/null 2> "$T/err"; rc=$?
	if [ $rc = 2 ] && grep -q "^$1:$2: .*$3" "$T/err" && [ -z "$(ls -A "$out")" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL cli: $1: exit $rc, expected 2 and '$1:$2: ...$3'; got: $(cat "$T/err")"
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
bad $C/bad-cache.conf 1 "unknown cache state 'tepid', expected warm, cold and/or cold-ring"
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
"${CB[@]}" run -q -c "$T/missing.conf" -o "$T/m/" 2> "$T/err"; rc=$?
ok "missing config: exit 2 and its name" \
	bash -c "[ $rc = 2 ] && grep -q '^$T/missing.conf: cannot open config: No such file' '$T/err' && [ ! -e '$T/m' ]"
"${CB[@]}" run -q --set aligns=0..4095/1 --set sizes=1..65536/1 -o "$T/s/" 2> "$T/err"; rc=$?
ok "a sweep of a billion points is refused before it starts" \
	bash -c "[ $rc = 2 ] && grep -q 'expand to [0-9]* points, expected at most 1000000' '$T/err' && [ ! -e '$T/s' ]"
"${CB[@]}" run -q --set sizes=0 -o "$T/s/" 2> "$T/err"; rc=$?
ok "--set sizes=0: exit 2 naming the argument" \
	bash -c "[ $rc = 2 ] && grep -q -- '--set sizes=0: sizes: size 0 out of range' '$T/err'"

# --- dry run: the points a config expands to
n=$("${CB[@]}" run -n -c $C/good-tiny.conf | head -n 1)
# word32: 2 sizes x 2 aligns x 2 caches; c64-prefetch the same x 2
# distances; the empty kernel's floor at 2 sizes x 2 aligns x 2 caches
ok "dry run of good-tiny.conf: 32 points" \
	[ "$n" = "32 points (8 of them the empty kernel's floor), 3 samples each:" ]

# col NAME FILE: the number of a column, from the header line
col() { grep -v '^#' "$2" | head -n 1 | tr , '\n' | grep -nx "$1" | cut -d: -f1; }

# --- a real run: files, schema, rows
mkdir "$T/res"
"${CB[@]}" run -q -c $C/good-tiny.conf -o "$T/res/" 2> "$T/err"; rc=$?
ok "run good-tiny.conf exits 0" [ $rc = 0 ]
csv=$(ls "$T"/res/good-tiny-*[0-9].csv 2> /dev/null)
samples=$(ls "$T"/res/good-tiny-*-samples.csv 2> /dev/null)
ok "run writes <config>-<host>-<stamp>.csv and -samples.csv" \
	bash -c "[ -f '$csv' ] && [ -f '$samples' ] && [ \$(ls '$T/res' | wc -l) = 2 ]"
hdr="kernel,arch,op,size,align,cache,prefetch,code_offset,code_mod64,loop_mod64,repeat,timer,samples,iters,ticks_min,ticks_median,ticks_mean,ticks_max,ticks_stddev,ticks_iqr,outliers,floor_ticks,cycles_per_tick,cycles_per_byte,cycles_per_byte_net,bytes_per_cycle,ns_per_call,mb_per_s"
ok "CSV header, columns in order" [ "$(grep -v '^#' "$csv" | head -n 1)" = "$hdr" ]
ok "CSV: 32 rows of 28 fields" \
	[ "$(grep -v '^#' "$csv" | tail -n +2 | awk -F, 'NF == 28' | wc -l)" = 32 ]
for key in timer timer_overhead_ticks timer_resolution_ticks cycles_per_tick \
	cycles_per_tick_source add_chain_cycles_per_tick tick_hz cpu_model \
	compiler kernel_cflags emulated cache_line largest_cache cold_flush \
	flush_check order seed run_id samples_per_point repeat; do
	ok "CSV metadata has '# $key:'" grep -q "^# $key: " "$csv"
done
ok "CSV: order is rounds by default, with its seed" \
	bash -c "grep -q '^# order: rounds' '$csv' && grep -Eq '^# seed: [0-9]+$' '$csv'"
ok "CSV: c64-prefetch rows at none and 64, warm and cold" \
	[ "$(grep -c '^c64-prefetch,generic,csum,1500,1,\(warm\|cold\),\(none\|64\),none,' "$csv")" = 4 ]
ok "CSV: the empty kernel's floor at every size, align and cache: 8 rows" \
	[ "$(grep -c '^empty,harness,csum,[0-9]*,[01],\(warm\|cold\),none,none,' "$csv")" = 8 ]
ok "CSV: built-in kernels start on 64 bytes (code_mod64 0)" \
	awk -F, -v m="$(col code_mod64 "$csv")" '!/^#/ && $1 != "kernel" && $m != 0 { exit 1 }' "$csv"
# Under emulation a timer may not advance over a short batch (qemu's
# arm64 CNTVCT), so 0 is accepted there; natively warm rows must be > 0.
ok "CSV: ticks >= 0 (> 0 warm, natively); cycles/byte from the median, net from it less the floor" \
	awk -F, -v emu="${EMULATOR:-}" -v t="$(col ticks_median "$csv")" \
		-v k="$(col cycles_per_tick "$csv")" -v c="$(col cycles_per_byte "$csv")" \
		-v n="$(col cycles_per_byte_net "$csv")" -v f="$(col floor_ticks "$csv")" \
		'!/^#/ && $1 != "kernel" {
		if ($c < 0 || $t < 0) exit 1
		if (emu == "" && $6 == "warm" && $1 != "empty" && ($c <= 0 || $t <= 0)) exit 1
		if (($t * $k / $4 - $c) ^ 2 > 0.0001 * $c ^ 2 + 1e-8) exit 1
		if ((($t - $f) * $k / $4 - $n) ^ 2 > 0.0001 * $c ^ 2 + 1e-8) exit 1 }' "$csv"
ok "samples CSV: 3 rounds for each of 32 points, numbered 1 to 3" \
	bash -c "[ \$(grep -v '^#' '$samples' | tail -n +2 | wc -l) = 96 ] &&
		[ \"\$(grep -v '^#' '$samples' | tail -n +2 | cut -d, -f9,10 | sort -u | tr '\n' ' ')\" = '1,1 1,2 1,3 ' ]"

# --- repeat and sequential order
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 --set repeat=2 \
	--set order=sequential -o "$T/rep.csv" 2> "$T/err"; rc=$?
ok "repeat = 2: a row per point and repeat" \
	bash -c "[ $rc = 0 ] && [ \$(grep -c '^word32,generic,csum,64,0,warm,none,none,0,,[12],' '$T/rep.csv') = 2 ] &&
		grep -q '^# order: sequential' '$T/rep.csv' && grep -q '^# repeat: 2$' '$T/rep.csv'"

# --- code placement
case "$BIN" in
*-sanitize/*)
	"${CB[@]}" run -q --set kernels=c64 --set code_offset=0,16 -o "$T/newdir/" 2> "$T/err"; rc=$?
	ok "code_offset in a sanitizer build: refused, exit 2, nothing created" \
		bash -c "[ $rc = 2 ] && grep -q 'code_offset.*sanitizer build' '$T/err' && [ ! -e '$T/newdir' ]"
	;;
*)
	"${CB[@]}" run -q --set kernels=c64,word32 --set sizes=1500 --set samples=3 \
		--set code_offset=0,16,32,48 -o "$T/off.csv" 2> "$T/err"; rc=$?
	ok "code_offset = 0,16,32,48: copies verified and timed, code_mod64 = offset" \
		bash -c "[ $rc = 0 ] && [ \$(grep -c '^c64,generic,csum,1500,0,warm,none,\(0,0\|16,16\|32,32\|48,48\),' '$T/off.csv') = 4 ] &&
			[ \$(grep -c '^word32,generic,csum,1500,0,warm,none,[0-9]*,' '$T/off.csv') = 4 ]"
	;;
esac

# --- a cold buffer of 16 MiB (K x slot overflowed a 32-bit size_t once)
"${CB[@]}" run -q --set kernels=word32 --set sizes=16M --set samples=1 \
	--set cache=cold -o "$T/big.csv" 2> "$T/err"; rc=$?
ok "cold 16 MiB buffers: timed" \
	bash -c "[ $rc = 0 ] && grep -q '^word32,generic,csum,16777216,0,cold,' '$T/big.csv'"

# --- cold-ring
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 \
	--set cache=cold-ring -o "$T/ring.csv" 2> "$T/err"; rc=$?
ok "cache = cold-ring: rows and the ring in the metadata" \
	bash -c "[ $rc = 0 ] && grep -q '^word32,generic,csum,64,0,cold-ring,' '$T/ring.csv' &&
		grep -Eq '^# cold_ring_64: [0-9]+ buffers 64 bytes apart' '$T/ring.csv'"

# --- a preset cycles_per_tick far from the add chain's reading
"${CB[@]}" run -q --set kernels=word32 --set sizes=64 --set samples=3 \
	--set cycles_per_tick=500 -o "$T/preset.csv" 2> "$T/err"; rc=$?
if [ -z "${EMULATOR:-}" ]; then
	ok "a preset 500 cycles/tick that the chain contradicts: warned on stderr and in the CSV" \
		bash -c "[ $rc = 0 ] && grep -q 'WARNING: cycles_per_tick is 500.0000 (config) but the add chain reads' '$T/err' &&
			grep -q '^# warning: cycles_per_tick is 500.0000 (config) but the add chain reads' '$T/preset.csv'"
else
	ok "emulated: the chain means nothing, no preset warning" \
		bash -c "[ $rc = 0 ] && ! grep -q 'add chain reads' '$T/err' '$T/preset.csv'"
fi

# --- never replace a result
echo precious > "$T/keep.csv"
"${CB[@]}" run -q -c $C/good-tiny.conf -o "$T/keep.csv" 2> "$T/err"; rc=$?
ok "an existing -o file is refused with exit 2 and kept" \
	bash -c "[ $rc = 2 ] && [ \"\$(cat '$T/keep.csv')\" = precious ] && grep -q 'already exists' '$T/err'"

# --- an interrupted run leaves nothing
mkdir "$T/int"
# (SIGTERM: a background job of a script ignores SIGINT.)
"${CB[@]}" run -q --set sizes=1M --set cache=cold --set samples=1000000 \
	-o "$T/int/" 2> /dev/null &
pid=$!
sleep 1
kill -TERM $pid; wait $pid 2> /dev/null; rc=$?
ok "an interrupted run leaves no file" bash -c "[ $rc != 0 ] && [ -z \"\$(ls -A '$T/int')\" ]"

# --- calibrate
"${CB[@]}" calibrate > "$T/cal" 2> /dev/null
ok "calibrate prints a cycles-per-tick and how it was found" \
	grep -Eq '^cycles per tick: +[0-9]+\.[0-9]+ \((add chain|timer counts|config)' "$T/cal"

# --- user kernels from a shared object (host builds)
if [ -n "$SO" ]; then
	"${CB[@]}" run -q --set "kernels=$SO:csum_user" -o "$T/so.csv" 2> "$T/err"; rc=$?
	ok ".so kernel: verified and timed" \
		bash -c "[ $rc = 0 ] && grep -q '^$SO:csum_user,so,csum,1500,' '$T/so.csv'"
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_wrong" -o "$T/wrong.csv" 2> "$T/err"; rc=$?
	ok "a wrong .so kernel is reported, never timed, exit 1" \
		bash -c "[ $rc = 1 ] && grep -q 'FAILED correctness check' '$T/err' &&
			! grep -q '^$SO:csum_user_wrong,' '$T/wrong.csv' &&
			grep -q '^# failed: ' '$T/wrong.csv' && grep -q '^ref,' '$T/wrong.csv'"
	"${CB[@]}" run -q --set "kernels=ref,$SO:csum_user_overread" -o "$T/over.csv" 2> "$T/err"; rc=$?
	ok "a .so kernel reading past its buffer is caught by the gate, not a crash" \
		bash -c "[ $rc = 1 ] && grep -q 'csum_user_overread: read outside its buffer' '$T/err' &&
			grep -q '^ref,' '$T/over.csv'"
	"${CB[@]}" run -q --set "kernels=$T/none.so:f" -o "$T/x.csv" 2> "$T/err"; rc=$?
	ok "a missing .so: exit 2 and why" bash -c "[ $rc = 2 ] && grep -q 'cannot load' '$T/err'"
	ok "sum with a .so kernel" [ "$("${CB[@]}" sum -k "$SO:csum_user" "$T/rfc")" = "ddf2 220d  $T/rfc" ]
fi

finish
