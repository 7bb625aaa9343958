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
mapfile -t KERNELS < <(tail -n +2 "$T/list.csv" | cut -d, -f1)

# --- sum: RFC 1071's example, for every kernel
printf '\x00\x01\xf2\x03\xf4\xf5\xf6\xf7' > "$T/rfc"
for k in "${KERNELS[@]}"; do
	ok "sum -k $k: RFC 1071 example" [ "$("${CB[@]}" sum -k "$k" "$T/rfc")" = "ddf2 220d  $T/rfc" ]
done
head -c 4099 /dev/urandom > "$T/odd"
want=$("${CB[@]}" sum -k ref "$T/odd")
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
bad $C/bad-kernel.conf 1 "unknown kernel 'nosuch', expected one of: ref"
bad $C/bad-cache.conf 1 "unknown cache state 'tepid', expected warm and/or cold"
bad $C/bad-size-zero.conf 1 "size 0 out of range, expected 1 to 1073741824"
bad $C/bad-size-large.conf 1 "size 2147483648 out of range"
bad $C/bad-samples-negative.conf 1 "negative sample count '-5'"
bad $C/bad-prefetch-negative.conf 1 "negative prefetch distance"
bad $C/bad-timer.conf 1 "unknown timer 'sundial', expected one of: auto"
bad $C/bad-cpu.conf 2 "cpu 'two', expected auto, none or a CPU number"
bad $C/bad-empty-list.conf 2 "empty item in list 'warm, , cold'"
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
# word32: 2 sizes x 2 aligns x 2 caches; c64-prefetch the same x 2 distances
ok "dry run of good-tiny.conf: 24 points" [ "$n" = "24 points, 3 samples each:" ]

# --- a real run: files, schema, rows
mkdir "$T/res"
"${CB[@]}" run -q -c $C/good-tiny.conf -o "$T/res/" 2> "$T/err"; rc=$?
ok "run good-tiny.conf exits 0" [ $rc = 0 ]
csv=$(ls "$T"/res/good-tiny-*[0-9].csv 2> /dev/null)
samples=$(ls "$T"/res/good-tiny-*-samples.csv 2> /dev/null)
ok "run writes <config>-<host>-<stamp>.csv and -samples.csv" \
	bash -c "[ -f '$csv' ] && [ -f '$samples' ] && [ \$(ls '$T/res' | wc -l) = 2 ]"
hdr="kernel,arch,op,size,align,cache,prefetch,timer,samples,iters,ticks_min,ticks_median,ticks_mean,ticks_max,ticks_stddev,cycles_per_tick,cycles_per_byte,bytes_per_cycle,ns_per_call,mb_per_s"
ok "CSV header, columns in order" [ "$(grep -v '^#' "$csv" | head -n 1)" = "$hdr" ]
ok "CSV: 24 rows of 20 fields" \
	[ "$(grep -v '^#' "$csv" | tail -n +2 | awk -F, 'NF == 20' | wc -l)" = 24 ]
for key in timer cycles_per_tick cycles_per_tick_source tick_hz cpu_model compiler emulated cache_line; do
	ok "CSV metadata has '# $key:'" grep -q "^# $key: " "$csv"
done
ok "CSV: c64-prefetch rows at none and 64, warm and cold" \
	[ "$(grep -c '^c64-prefetch,generic,csum,1500,1,\(warm\|cold\),\(none\|64\),' "$csv")" = 4 ]
# Under emulation a timer may not advance over a short batch (qemu's
# arm64 CNTVCT), so 0 is accepted there; natively warm rows must be > 0.
ok "CSV: cycles_per_byte and ticks >= 0 (> 0 warm, natively), per-byte from the median" \
	awk -F, -v emu="${EMULATOR:-}" '!/^#/ && NR > 1 && $1 != "kernel" {
		if ($17 < 0 || $12 < 0) exit 1
		if (emu == "" && $6 == "warm" && ($17 <= 0 || $12 <= 0)) exit 1
		if (($12 * $16 / $4 - $17) ^ 2 > 0.0001 * $17 ^ 2) exit 1 }' "$csv"
ok "samples CSV: 3 samples for each of 24 points" \
	[ "$(grep -v '^#' "$samples" | tail -n +2 | wc -l)" = 72 ]

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
	grep -Eq '^cycles per tick: +[0-9]+\.[0-9]+ \((calibrated|timer counts|config)' "$T/cal"

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
