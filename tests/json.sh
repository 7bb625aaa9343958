#!/usr/bin/env bash
# csumbench run's Google Benchmark JSON (format = json, -o FILE.json),
# read by Debian's compare.py as two Google Benchmark runs are:
#   tests/json.sh CSUMBENCH [LIBTEST-SO-KERNEL]
set -u
BIN=$1 SO=${2:-}
SUITE=json
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
COMPARE=/usr/share/benchmark/compare.py
has() { grep -q -- "$2" "$1"; }

# A small sweep, three repeats: entries, aggregates and a U test.
set_args=(--set samples=5 --set repeat=3 --set "kernels=c64,c64-prefetch"
	--set "sizes=64,1500" --set "cache=warm,cold" --set "prefetch=none,128"
	--set roofline=none)
"$BIN" run -q "${set_args[@]}" --set format=csv,json -o "$T/a.csv" > /dev/null 2> "$T/a.err"
ok "format = csv, json: exit 0" test $? = 0
ok "both files and the samples" test -s "$T/a.csv" -a -s "$T/a.json" -a -s "$T/a-samples.csv"
"$BIN" run -q "${set_args[@]}" -o "$T/b.json" > /dev/null 2> "$T/b.err"
ok "-o FILE.json: exit 0" test $? = 0
ok "-o FILE.json: JSON alone, and the samples" \
	all [ -s "$T/b.json" ] -- [ -s "$T/b-samples.csv" ] -- [ ! -e "$T/b.csv" ]

# The schema compare.py reads, and the figures the CSV has.
jcheck "$T/a.json" '
import csv
c = o["context"]
for k in ("date", "host_name", "executable", "num_cpus", "mhz_per_cpu",
          "caches", "library_build_type", "csumbench_timer",
          "csumbench_cycles_per_tick", "csumbench_emulated", "csumbench_times"):
    check("context has " + k, k in c, sorted(c))
check("num_cpus a number", isinstance(c["num_cpus"], int) and c["num_cpus"] >= 1)
check("caches a list of levels", isinstance(c["caches"], list) and
      all({"type", "level", "size", "num_sharing"} <= set(x) for x in c["caches"]))
meta = {}
for l in open(sys.argv[1][:-5] + ".csv"):
    if l.startswith("# ") and ": " in l:
        k, v = l[2:].rstrip("\n").split(": ", 1)
        meta.setdefault("csumbench_" + (k if k != "csumbench" else "version"), []).append(v)
del meta["csumbench_date"]	# (the time each file is written)
lists = ("csumbench_warning", "csumbench_prefetch_loop")
def want(k, v):
    return v if len(v) > 1 or k in lists else v[0]
check("every # key: value line is in the context (a list when repeated, or when it can be)",
      all(c.get(k) == want(k, v) for k, v in meta.items()),
      [k for k, v in meta.items() if c.get(k) != want(k, v)])
it = [x for x in o["benchmarks"] if x["run_type"] == "iteration"]
ag = [x for x in o["benchmarks"] if x["run_type"] == "aggregate"]
check("2 kernels x 2 sizes x 2 caches, c64-prefetch at 2 distances, the floor: 3 repeats each",
      len(it) == 3 * (4 + 8 + 4), len(it))
check("4 aggregates per point", len(ag) == 4 * len(it) // 3, len(ag))
n = "csum/c64-prefetch/1500/cold/pf:128/align:0"
check("a name: OP/KERNEL/SIZE/CACHE/pf:D/align:A", n in [x["name"] for x in it])
check("aggregates are NAME_mean, _median, _stddev, _cv",
      {n + "_mean", n + "_median", n + "_stddev", n + "_cv"} <= set(b), sorted(b)[:8])
for x in it:
    for k in ("name", "run_name", "run_type", "repetitions", "repetition_index",
              "iterations", "real_time", "cpu_time", "time_unit",
              "cycles_per_byte", "bytes_per_second"):
        if k not in x:
            check("entry has " + k, False, x)
check("every entry: ns, 3 repetitions, index 0 to 2",
      all(x["time_unit"] == "ns" and x["repetitions"] == 3 and
          x["repetition_index"] in (0, 1, 2) for x in it))
check("cv is a percentage", b[n + "_cv"]["aggregate_unit"] == "percentage")
check("mean is the mean of the three", abs(b[n + "_mean"]["real_time"] -
      sum(x["real_time"] for x in it if x["name"] == n) / 3) < 1e-6 * b[n + "_mean"]["real_time"])
three = sorted(x["cycles_per_byte"] for x in it if x["name"] == n)
check("median is the middle one, stddev the sample stddev of the three",
      abs(b[n + "_median"]["cycles_per_byte"] - three[1]) < 1e-9 and
      abs(b[n + "_stddev"]["cycles_per_byte"] - (sum((t - sum(three) / 3) ** 2 for t in three) / 2) ** 0.5) < 1e-6 * three[1])
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1][:-5] + ".csv") if not l.startswith("#"))]
def key(r):
    return "%s/%s/%s/%s/pf:%s/align:%s" % (r["op"], r["kernel"], r["size"], r["cache"], r["prefetch"], r["align"])
want = {(key(r), int(r["repeat"]) - 1): r for r in rows}
check("an entry per CSV row", len(want) == len(it), (len(want), len(it)))
bad = [x["name"] for x in it if (x["name"], x["repetition_index"]) not in want or
       abs(x["cycles_per_byte"] - float(want[(x["name"], x["repetition_index"])]["cycles_per_byte"])) > 1e-4 or
       abs(x["real_time"] - float(want[(x["name"], x["repetition_index"])]["ns_per_call"])) > 0.01]
check("cycles_per_byte and real_time are the CSV row'"'"'s", not bad, bad[:3])
check("bytes_per_second = size / real_time", all(abs(x["bytes_per_second"] * x["real_time"] / 1e9 -
      int(x["name"].split("/")[2])) < 0.01 * int(x["name"].split("/")[2]) for x in it))
' > "$T/a.check"
results "$T/a.check"

# An emulated run: every entry, the clock and the core say so; the
# board's clock is not known (0), not the host's pace.
"$BIN" run -q --set samples=5 --set repeat=2 --set kernels=c64 --set sizes=64 \
	--set cache=warm,cold --set roofline=none --set emulated=yes -o "$T/emu.json" > /dev/null 2>&1
jcheck "$T/emu.json" '
c = o["context"]
it = o["benchmarks"]
check("emulated: entries and aggregates", len(it) == 4 * 2 + 4 * 4, len(it))
check("emulated: every entry labelled so", all(x.get("label") == "emulated: not a board'"'"'s time" for x in it),
      sorted(set(str(x.get("label")) for x in it)))
check("emulated: mhz_per_cpu 0, and why", c["mhz_per_cpu"] == 0 and
      c["csumbench_mhz_per_cpu"].startswith("0: emulated, the board'"'"'s clock is not known"), (c["mhz_per_cpu"], c["csumbench_mhz_per_cpu"]))
import re
check("emulated: cpu_model and core_clock say so", c["csumbench_cpu_model"].endswith(", emulated") and
      re.match(r"[0-9]+ MHz calibrated \(emulated: the pace the emulator ran the add chain at, not a clock of the board; ",
               c["csumbench_core_clock"]) is not None, (c["csumbench_cpu_model"], c["csumbench_core_clock"]))
' > "$T/emu.check"
results "$T/emu.check"
jcheck "$T/a.json" '
c = o["context"]
check("not emulated: no label, the calibrated clock as mhz_per_cpu, nothing marked",
      not any("label" in x for x in o["benchmarks"]) and c["mhz_per_cpu"] > 0 and
      "emulated" not in c["csumbench_cpu_model"] + c["csumbench_core_clock"],
      (c["mhz_per_cpu"], c["csumbench_cpu_model"], c["csumbench_core_clock"]))
' > "$T/noemu.check"
results "$T/noemu.check"

# compare.py: two runs (benchmarks), and two distances of one run
# (filters), as with two Google Benchmark runs.
if [ -f "$COMPARE" ] && /usr/bin/python3 -c 'import scipy' 2> /dev/null; then
	/usr/bin/python3 "$COMPARE" -a --no-color benchmarks "$T/a.json" "$T/b.json" \
		> "$T/cmp.txt" 2> "$T/cmp.err"
	ok "compare.py benchmarks: exit 0" test $? = 0
	ok "compare.py benchmarks: a U test per point" \
		test "$(grep -c '^csum/c64-prefetch/1500/cold/pf:128/align:0_pvalue .*U Test, Repetitions: 3 vs 3' "$T/cmp.txt")" = 1
	ok "compare.py benchmarks: every point's median" \
		test "$(grep -c '_median ' "$T/cmp.txt")" = 16
	/usr/bin/python3 "$COMPARE" --no-color filters "$T/a.json" 'pf:none' 'pf:128' \
		> "$T/flt.txt" 2> "$T/flt.err"
	ok "compare.py filters: exit 0" test $? = 0
	ok "compare.py filters: c64-prefetch's distances paired per size and cache" \
		test "$(grep -c '^csum/c64-prefetch/[0-9]*/[a-z]*/\[pf:none vs\. pf:128\]/align:0_median ' "$T/flt.txt")" = 4
	ok "compare.py filters: the kernel without the distance is not paired" \
		lacks "$T/flt.txt" '^csum/c64/'
else
	failed "compare.py needs Debian's libbenchmark-tools and python3-scipy"
fi

# The format's mistakes are refused before anything runs.
"$BIN" run -q --set format=json -o "$T/c.csv" > /dev/null 2> "$T/c.err"
ok "format = json, -o FILE.csv: exit 2" test $? = 2
ok "and why" has "$T/c.err" "-o $T/c.csv names a CSV file, but --set says format = json"
ok "and nothing written" test ! -e "$T/c.csv" -a ! -e "$T/c-samples.csv"
"$BIN" run -q --set format=csv,json -o - > /dev/null 2> "$T/d.err"
ok "both formats to -o -: exit 2" test $? = 2
ok "and why" has "$T/d.err" "-o - writes one format"
"$BIN" run -q --set format=yaml -o "$T/e.json" > /dev/null 2> "$T/e.err"
ok "format = yaml: exit 2" test $? = 2
ok "and what is expected" has "$T/e.err" "expected csv and/or json"
printf 'kernels = c64\nformat = json\n' > "$T/f.conf"
"$BIN" run -q -c "$T/f.conf" --set samples=3 -o - > "$T/f.json" 2> "$T/f.err"
ok "format = json in a config, -o -: JSON on stdout" \
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not d["benchmarks"])' "$T/f.json"
"$BIN" run -q -c "$T/f.conf" -o "$T/f.csv" > /dev/null 2> "$T/f2.err"
ok "the config's line is named" has "$T/f2.err" "but $T/f.conf:2 says format = json"

# Three files are one set: a name taken by the JSON alone moves all
# three to the next suffix, and nothing taken is touched.
one=(-q --set samples=3 --set kernels=c64 --set sizes=64 --set roofline=none --set "format=csv,json")
mkdir "$T/dir"
"$BIN" run "${one[@]}" -o "$T/dir/" 2> /dev/null
first=$(cd "$T/dir" && ls ./*.json) first=${first#./}
prefix=${first%-[0-9]*-[0-9]*.json}
rm -f "$T/dir"/*
for d in $(seq 0 20); do
	echo precious > "$T/dir/$prefix-$(date -d "+$d second" +%Y%m%d-%H%M%S).json"
done
"$BIN" run "${one[@]}" -o "$T/dir/" > /dev/null 2>&1
ok "a taken JSON name: the CSV, the JSON and the samples take -2 together" \
	bash -c "ls '$T/dir' | grep -Eq '^$prefix-[0-9]{8}-[0-9]{6}-2\.csv\$' &&
		ls '$T/dir' | grep -Eq '^$prefix-[0-9]{8}-[0-9]{6}-2\.json\$' &&
		ls '$T/dir' | grep -Eq '^$prefix-[0-9]{8}-[0-9]{6}-2-samples\.csv\$' &&
		[ \$(grep -lx precious '$T/dir'/*.json | wc -l) = 21 ] && [ \$(ls '$T/dir' | wc -l) = 24 ]"
"$BIN" run "${one[@]}" -o "$T/g.csv" 2> /dev/null
cp "$T/g.json" "$T/g.json.first"
"$BIN" run "${one[@]}" -o "$T/g.csv" > /dev/null 2> "$T/g.err"; rc=$?
ok "an existing set is refused, naming the file, and kept" \
	all exit_is 2 -- has "$T/g.err" 'already exists' -- cmp -s "$T/g.json" "$T/g.json.first"
"$BIN" run "${one[@]}" --force -o "$T/g.csv" > /dev/null 2>&1; rc=$?
ok "--force replaces all three" \
	bash -c "[ $rc = 0 ] && ! cmp -s '$T/g.json' '$T/g.json.first' &&
		[ \"\$(sed -n 's/^# run_id: //p' '$T/g.csv')\" = \"\$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[\"context\"][\"csumbench_run_id\"])' '$T/g.json')\" ] &&
		[ \"\$(sed -n 's/^# run_id: //p' '$T/g-samples.csv')\" = \"\$(sed -n 's/^# run_id: //p' '$T/g.csv')\" ]"

# A kernel's name is data: a quote, a backslash and a byte that is not
# UTF-8 leave the file valid JSON.
if [ -n "$SO" ]; then
	odd="$T/we\"ird\\$(printf '\377\355\240\200\340\200\257')lib.so"
	cp "$SO" "$odd"
	"$BIN" run -q --set "kernels=$odd:csum_user" --set samples=3 --set roofline=none \
		-o "$T/odd.json" > /dev/null 2> "$T/odd.err"
	ok "an odd kernel name: exit 0" test $? = 0
	jcheck "$T/odd.json" '
names = [x["name"] for x in o["benchmarks"]]
check("the name kept, quote and backslash escaped, each byte that is no UTF-8 U+FFFD (a surrogate, an overlong form too)",
      any("we\"ird\\" + "\ufffd" * 7 + "lib.so:csum_user/" in n for n in names), names)
' > "$T/odd.check"
	results "$T/odd.check"
fi
# timing = per-call on a timer stepping by more than a 40 B call takes:
# the point has no time, and the JSON says why (not "below the overhead")
"$BIN" run -q --set kernels=c64 --set sizes=40 --set cache=warm --set timing=per-call \
	--set samples=5 --set roofline=none -o "$T/pc.json" > /dev/null 2>&1
if "$BIN" calibrate 2> /dev/null | grep -Eq '^resolution: +([2-9]|[1-9][0-9]+) ticks'; then
	ok "per-call, a 40 B median call below one timer step: an error entry saying so" \
		grep -q '"error_message": "its median call was below one timer step' "$T/pc.json"
fi
finish
