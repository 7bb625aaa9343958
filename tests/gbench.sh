#!/usr/bin/env bash
# Google Benchmark from C (gbench/gbc.h) and csumbench-gb:
#   tests/gbench.sh BUILD-DIR
# BUILD-DIR holds csumbench, csumbench-gb and gbc-test (make gbench).
set -u
B=$1
SUITE=gbench
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
COMPARE=/usr/share/benchmark/compare.py

has() { grep -q -- "$2" "$1"; }

# 1. The C API: two benchmarks with arguments and every counter flag.
"$B/gbc-test" --benchmark_min_time=0.02 --benchmark_format=json \
	--benchmark_out="$T/capi-out.json" --benchmark_out_format=json \
	> "$T/capi.json" 2> "$T/capi.err"
ok "gbc-test runs" test $? = 0
jcheck "$T/capi.json" '
check("names", sorted(b) == ["bytes/1024", "bytes/256", "bytes/64", "nulls", "pairs/a:1/b:0", "pairs/a:3/b:100"], sorted(b))
check("context", o["context"].get("gbc_test") == "yes")
check("a NULL context value is empty", o["context"].get("gbc_null") == "", o["context"].get("gbc_null"))
check("gbc_set_label(s, NULL) clears the label", b["nulls"].get("label", "") == "", b["nulls"].get("label"))
for n in (64, 256, 1024):
    x = b["bytes/%d" % n]
    it = x["iterations"]
    secs = x["cpu_time"] * 1e-6 * it
    check("unit us %d" % n, x["time_unit"] == "us", x["time_unit"])
    check("arg_twice %d" % n, x["arg_twice"] == 2 * n, x.get("arg_twice"))
    check("calls = iterations %d" % n, x["calls"] == it, (x["calls"], it))
    check("avg per iteration %d" % n, abs(x["bytes_per_iter"] - n) < 1e-9, x["bytes_per_iter"])
    check("rate %d" % n, abs(x["calls_rate"] * secs / it - 1) < 0.02, x["calls_rate"] * secs / it)
    check("bytes/s %d" % n, abs(x["bytes_per_second"] * secs / (it * n) - 1) < 0.02, x["bytes_per_second"])
    check("items/s %d" % n, abs(x["items_per_second"] * secs / it - 1) < 0.02, x["items_per_second"])
    check("label %d" % n, x["label"] == "plain byte sum", x.get("label"))
    check("invert %d" % n, abs(x["inverted"] - 0.25) < 1e-12, x["inverted"])
    check("iteration invariant %d" % n, abs(x["per_iteration_3"] - 3 * it) < 1e-6 * it, (x["per_iteration_3"], it))
    check("avg threads %d" % n, x["threads_avg_5"] == 5, x["threads_avg_5"])
p = b["pairs/a:3/b:100"]
check("two args", p["product"] == 300 and p["tag"] == 42 and p["error_seen"] == 0, p)
check("batches of 8", p["iterations"] % 8 == 0, p["iterations"])
e = b["pairs/a:1/b:0"]
check("skip with error", e.get("error_occurred") is True and e.get("error_message") == "b is zero: skipped on purpose", e)
' > "$T/capi.check"
results "$T/capi.check"
ok "--benchmark_out wrote the same benchmarks" python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
sys.exit([x["name"] for x in a["benchmarks"]] != [x["name"] for x in b["benchmarks"]])' \
	"$T/capi.json" "$T/capi-out.json"
"$B/gbc-test" --benchmark_filter='^bytes/64$' --benchmark_min_time=0.01 \
	--benchmark_repetitions=3 --benchmark_format=json > "$T/rep.json" 2>/dev/null
jcheck "$T/rep.json" '
agg = sorted(x["aggregate_name"] for x in o["benchmarks"] if x["run_type"] == "aggregate")
check("repetitions give aggregates", agg == ["cv", "mean", "median", "stddev"], agg)
' > "$T/rep.check"
results "$T/rep.check"
"$B/gbc-test" --no-such-flag > /dev/null 2> "$T/unk.err"
ok "an unknown flag: exit 2" test $? = 2

# 2. csumbench-gb: names, counters, events, filters, JSON.
"$B/csumbench-gb" --benchmark_list_tests > "$T/list.txt" 2> /dev/null
ok "list_tests" test $? = 0
ok "every name is OP/KERNEL/SIZE/CACHE[/pf:D]" test -z "$(grep -Ev '^((csum|csum_copy|load)/[a-z0-9-]+/(64|1500|65536)/(warm|cold)(/pf:(none|32|64|128|256))?)$' "$T/list.txt")"
# (a run that prefetches is held to a load that prefetches at its distances)
ok "the roofline (roofline = auto) at every size, cache state and distance" \
	test "$(grep -c '^load/load[a-z0-9-]*-prefetch/[0-9]*/\(warm\|cold\)/pf:\(none\|32\|64\|128\|256\)$' "$T/list.txt")" = 30
ok "c64-prefetch at five distances, 3 sizes, 2 caches" test "$(grep -c '^csum/c64-prefetch/' "$T/list.txt")" = 30
ok "c64 warm 1500 once" test "$(grep -cx 'csum/c64/1500/warm' "$T/list.txt")" = 1
ok "csum_copy kernels too" grep -q '^csum_copy/copy-split/1500/cold$' "$T/list.txt"
ok "no floor (empty) kernels" test -z "$(grep '/empty/' "$T/list.txt")"
"$B/csumbench-gb" --benchmark_filter='^csum/c64/1500/warm$|^csum/c64-prefetch/65536/cold/pf:128$' \
	--benchmark_min_time=0.05 --benchmark_format=json --events=task-clock,page-faults \
	> "$T/gb.json" 2> "$T/gb.err"
ok "csumbench-gb --benchmark_format=json" test $? = 0
jcheck "$T/gb.json" '
check("filtered names", sorted(b) == ["csum/c64-prefetch/65536/cold/pf:128", "csum/c64/1500/warm"], sorted(b))
check("context: timer", o["context"].get("csumbench_timer", "").split(" ")[0] in ("tsc", "perf", "cntvct", "mftb", "clock"), o["context"])
check("context: cycles per tick", float(o["context"].get("csumbench_cycles_per_tick", "0")) > 0)
for n, x in b.items():
    size = int(n.split("/")[2])
    ns = x["real_time"] if x["time_unit"] == "ns" else None
    check("cycles_per_byte " + n, 0 < x["cycles_per_byte"] < 100, x.get("cycles_per_byte"))
    check("bytes/s " + n, abs(x["bytes_per_second"] * x["cpu_time"] * 1e-9 / size - 1) < 0.05, x["bytes_per_second"])
    check("event counter " + n, "ev_task_clock" in x and "ev_page_faults" in x, list(x))
w = b["csum/c64/1500/warm"]
check("task-clock per call near the time per call", 0.5 < w["ev_task_clock"] / w["real_time"] < 2, (w["ev_task_clock"], w["real_time"]))
check("no page faults warm", w["ev_page_faults"] < 0.01, w["ev_page_faults"])
' > "$T/gb.check"
results "$T/gb.check"
# An emulated run's points say so, each on its own line and entry.
"$B/csumbench-gb" --set emulated=yes --benchmark_filter='^csum/c64/1500/(warm|cold)$' \
	--benchmark_min_time=0.01 --benchmark_format=json > "$T/emu.json" 2> /dev/null
jcheck "$T/emu.json" '
check("emulated: two points", sorted(b) == ["csum/c64/1500/cold", "csum/c64/1500/warm"], sorted(b))
check("emulated: each labelled so", all(x.get("label") == "emulated: not a board'"'"'s time" for x in b.values()),
      [x.get("label") for x in b.values()])
check("and the context says so", o["context"].get("csumbench_emulated", "").startswith("yes"), o["context"])
' > "$T/emu.check"
results "$T/emu.check"
"$B/csumbench-gb" --set emulated=yes --benchmark_filter='^csum/c64/1500/warm$' \
	--benchmark_min_time=0.01 > "$T/emu.txt" 2> /dev/null
ok "emulated: the console line says so too" grep -q "^csum/c64/1500/warm .* emulated: not a board's time" "$T/emu.txt"
jcheck "$T/gb.json" '
check("not emulated: no label", all("label" not in x for x in b.values()), [x.get("label") for x in b.values()])
' > "$T/noemu.check"
results "$T/noemu.check"
# (docs/google-benchmark.md's: c64's points, with an event)
"$B/csumbench-gb" --benchmark_filter='^csum/c64/' --events=task-clock > "$T/c64.txt" 2> /dev/null
ok "--benchmark_filter='^csum/c64/' --events=task-clock: c64's six points, each with ev_task_clock" \
	bash -c "[ $? = 0 ] && [ \$(grep -Ec '^csum/c64/(64|1500|65536)/(warm|cold) .*ev_task_clock=' '$T/c64.txt') = 6 ] &&
		[ \$(grep -c '^csum/' '$T/c64.txt') = 6 ]"
"$B/csumbench-gb" --events=cycls > /dev/null 2> "$T/ev.err"
ok "a bad event: exit 2" test $? = 2
ok "a bad event: named" has "$T/ev.err" "unknown event 'cycls'"
"$B/csumbench-gb" -c "$T/none.conf" > /dev/null 2> "$T/nc.err"
ok "a missing config: exit 2" test $? = 2
"$B/csumbench-gb" --benchmark_bogus=1 > /dev/null 2> "$T/bogus.err"
ok "an unknown flag: exit 2" test $? = 2
printf 'kernels = c64\nsizes = 256\ncache = warm, ring\n' > "$T/ring.conf"
"$B/csumbench-gb" -c "$T/ring.conf" --benchmark_list_tests > "$T/ring.txt" 2> "$T/ring.err"
ok "a config's warm points, and its roofline's" \
	bash -c "[ \"\$(head -n 1 '$T/ring.txt')\" = csum/c64/256/warm ] &&
		[ \$(wc -l < '$T/ring.txt') = 2 ] && tail -n 1 '$T/ring.txt' | grep -qx 'load/load[a-z0-9-]*/256/warm'"
ok "others left to run, and said" has "$T/ring.err" 'left to csumbench run'

# 3. compare.py from libbenchmark-tools on two csumbench-gb JSON files.
for r in a b; do
	"$B/csumbench-gb" --benchmark_filter='^csum/(c64|word32)/1500/warm$' \
		--benchmark_min_time=0.05 --benchmark_format=json > "$T/$r.json" 2> /dev/null
done
/usr/bin/python3 "$COMPARE" --no-color benchmarks "$T/a.json" "$T/b.json" > "$T/cmp.txt" 2> "$T/cmp.err"
ok "compare.py benchmarks: exit 0" test $? = 0
ok "compare.py: both benchmarks" test "$(grep -cE '^csum/(c64|word32)/1500/warm ' "$T/cmp.txt")" = 2
ok "compare.py: the geomean line" grep -q '^OVERALL_GEOMEAN' "$T/cmp.txt"

# docs/google-benchmark.md's run for compare.py, in a folder of its own (its
# --benchmark_out is after.json, beside it): every /1500/warm point nine
# times (the JSON lists them by point, however they ran).
mkdir "$T/w" && ln -s "$PWD/build" "$T/w/build" && cd "$T/w" || exit 2
"$B/csumbench-gb" --benchmark_filter='/1500/warm' \
	--benchmark_repetitions=9 --benchmark_enable_random_interleaving=true \
	--benchmark_min_time=0.05 --benchmark_format=json --benchmark_out=after.json > /dev/null 2>&1
rc=$?
cd "$OLDPWD" || exit 2
ok "docs/google-benchmark.md's after.json: exit 0, every /1500/warm point 9 times and its 4 aggregates" \
	bash -c "[ $rc = 0 ] && python3 -c '
import json, sys
names = sorted(l.strip() for l in open(sys.argv[2]) if \"/1500/warm\" in l)
b = json.load(open(sys.argv[1]))[\"benchmarks\"]
runs = [x[\"run_name\"] for x in b if x[\"run_type\"] == \"iteration\"]
aggs = [x[\"run_name\"] for x in b if x[\"run_type\"] == \"aggregate\"]
sys.exit(not (names and sorted(set(runs)) == names and all(runs.count(n) == 9 and aggs.count(n) == 4 for n in names)))
' '$T/w/after.json' '$T/list.txt'"

# 4. The same kernel through csumbench run and csumbench-gb.  The two use
# one timer and calibration but different batches and moments; on this
# shared VM a neighbour moves throughput by up to 2x for seconds, so a
# pair may differ.  The bound is 25% (forgetting the cycles-per-tick
# ratio, about 1.6 here, or counting bytes twice fails it), taking the
# first of up to seven interleaved tries that agrees: three were seen to
# fall in one burst of a neighbour (0.71, 1.33, 0.78), while a real
# error is off in every try.
agree=no
for try in 1 2 3 4 5 6 7; do
	"$B/csumbench" run -q --set kernels=c64 --set sizes=1500 --set samples=101 \
		-o "$T/native.csv" --force > /dev/null 2> /dev/null
	"$B/csumbench-gb" --benchmark_filter='^csum/c64/1500/warm$' --benchmark_repetitions=5 \
		--benchmark_min_time=0.05 --benchmark_format=json > "$T/x.json" 2> /dev/null
	r=$(python3 - "$T/native.csv" "$T/x.json" <<'EOF'
import csv, json, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#')))
n = [float(r['cycles_per_byte']) for r in rows if r['kernel'] == 'c64'][0]
g = [x['cycles_per_byte'] for x in json.load(open(sys.argv[2]))['benchmarks']
     if x.get('aggregate_name') == 'median'][0]
print('%.4f %.4f %.3f' % (n, g, g / n))
EOF
)
	diag "  try $try: run $r (cycles/byte: run, gb, ratio)"
	awk -v r="${r##* }" 'BEGIN { exit !(r > 0.8 && r < 1.25) }' && { agree=yes; break; }
done
ok "run and csumbench-gb agree within 25% at c64 1500 warm" test $agree = yes

# 5. No libbenchmark for the target (ppc32: no powerpc g++ or library
# here; the static build never looks): make gbench says what to install
# and fails; make for that target is unaffected (the ppc32 suites).
for static in "" 1; do
	make -s gbench ARCH=ppc32 CROSS_COMPILE=powerpc-linux-gnu- STATIC=$static > "$T/ppc.out" 2>&1
	ok "make gbench without libbenchmark${static:+ (static)}: exit 2" test $? = 2
	ok "and says what to install${static:+ (static)}" has "$T/ppc.out" "install Debian's"
done

# 6. docs/google-benchmark.md's example builds and runs.
sed -n '/^<!-- gbc-example -->$/,/^<!-- end -->$/p' docs/google-benchmark.md | sed '1,2d;$d' | sed '$d' > "$T/example.c"
ok "the example found" test -s "$T/example.c"
# shellcheck disable=SC2046 # pkg-config gives words
if cc -O2 -Wall -Wextra -Werror -Igbench -c "$T/example.c" -o "$T/example.o" &&
	g++ -o "$T/example" "$T/example.o" "$B/obj/gbench/gbc.o" $(pkg-config --libs benchmark); then
	passed "the example builds"
	"$T/example" --benchmark_min_time=0.01 --benchmark_format=json > "$T/ex.json" 2> /dev/null
	ok "the example runs" python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
sys.exit(not o["benchmarks"] or any("bytes_per_second" not in x for x in o["benchmarks"]))' "$T/ex.json"
else
	failed "the example builds"
fi

# 7. A run that runs nothing fails, and an existing --benchmark_out file
# is replaced only by a whole new one.
echo '{"keep": 1}' > "$T/keep.json"
cp "$T/keep.json" "$T/keep.orig"
for f in '^typo' '('; do
	"$B/csumbench-gb" --benchmark_filter="$f" --benchmark_out="$T/keep.json" > /dev/null 2> "$T/none.err"; rc=$?
	ok "--benchmark_filter='$f': exit 1, says nothing ran, keep.json as it was" \
		bash -c "[ $rc = 1 ] && grep -q 'no benchmark ran' '$T/none.err' && cmp -s '$T/keep.json' '$T/keep.orig' &&
			[ -z \"\$(ls -A '$T' | grep '^\.csumbench-gb-')\" ]"
done
"$B/csumbench-gb" --benchmark_filter='^csum/c64/64/warm$' --benchmark_min_time=0.01 \
	--benchmark_out="$T/keep.json" > /dev/null 2>&1; rc=$?
ok "a whole run replaces keep.json with its JSON" \
	bash -c "[ $rc = 0 ] && python3 -c 'import json, sys; o = json.load(open(sys.argv[1])); sys.exit(len(o[\"benchmarks\"]) != 1)' '$T/keep.json'"
"$B/csumbench-gb" --benchmark_out="$T/no/such/folder.json" > /dev/null 2> "$T/nodir.err"; rc=$?
ok "--benchmark_out in a folder that is not there: exit 2 before running" \
	all exit_is 2 -- has "$T/nodir.err" 'cannot write beside it'
# A kernel that calls exit() after the gate: named, exit 1, the file kept.
SO=$B/libtest-so-kernel.so
if [ -f "$SO" ]; then
	X=(--set "kernels=$SO:csum_user_exit" --set sizes=64 --set cache=warm --set roofline=none)
	CSUM_TEST_AFTER=1000000000 CSUM_TEST_COUNT=$T/count "$B/csumbench-gb" "${X[@]}" \
		--benchmark_list_tests > /dev/null 2>&1
	cp "$T/keep.orig" "$T/keep.json"
	CSUM_TEST_AFTER=$(($(cat "$T/count") + 1000)) "$B/csumbench-gb" "${X[@]}" \
		--benchmark_out="$T/keep.json" > /dev/null 2> "$T/exit.err"; rc=$?
	ok "a kernel that calls exit() while benchmarked: exit 1, named, keep.json as it was" \
		bash -c "[ $rc = 1 ] && grep -q 'csum_user_exit: called exit() during a call' '$T/exit.err' &&
			cmp -s '$T/keep.json' '$T/keep.orig' && [ -z \"\$(ls -A '$T' | grep '^\.csumbench-gb-')\" ]"
fi
finish
