#!/usr/bin/env bash
# Tables, comparisons and figures from the CSVs in tests/data: exact text,
# significance known both ways, valid PNG and SVG, clear errors for bad
# input.  usage: tests/plot.sh   (from the top of the tree)
set -u
R=${R:-build/host/csumreport}
D=tests/data
SUITE=plot
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# Column numbers in plot/figure/*.gp, but for the $lines table they make.
# (column(0), the point's number in its data set, is no column of a file)
gp_numbers() {
	local n='using +[(]?[0-9]|:[0-9]|strcol\([0-9]|column\([0-9]|[$][0-9]'
	local f
	for f in plot/figure/*.gp; do
		sed 's/column(0)//g' "$f" | grep -nE "$n" | grep -v '[$]lines' | sed "s|^|$f:|"
	done | grep .
}

# gen_runs FILE SPEC...: a results CSV of 3 processes (csumbench ab's)
# and its samples, SPEC KERNEL:SIZE:CPB1,CPB2,CPB3 (each process's
# cycles/byte, warm) or KERNEL:SIZE:CPBS:STEPS:NET, timed per call:
# region_steps STEPS and cycles_per_byte_net NET x the cycles/byte.
# EMU=yes marks the run emulated.
gen_runs() {
	local f=$1; shift
	awk -v pts="$*" -v out="$f" -v sout="${f%.csv}-samples.csv" -v emu="${EMU:-no}" \
		-v cols="$(columns calls)" -v scols="$(columns samples)" 'BEGIN {
		meta = "# csumbench: test-data\n# run_id: test-" out "\n# cpu_model: Test CPU 1000\n" \
			"# order: rounds (test)\n# timer: tsc (test data)\n# tick_hz: 2000000000 (test)\n" \
			"# cycles_per_tick: 1.5000\n# emulated: " emu "\n# processes: 3 (test)\n"
		printf "%s%s\n", meta, cols > out
		printf "%s%s\n", meta, scols > sout
		n = split(pts, p, " ")
		for (k = 1; k <= n; k++) {
			m = split(p[k], f, ":"); split(f[3], v, ",")
			for (r = 1; r <= 3; r++) {
				t = v[r] * f[2] / 1.5; calls = ",,,,,"; steps = 200; net = v[r]
				if (m == 5) {
					steps = f[4]; net = v[r] * f[5]
					calls = sprintf(",%.2f,%.2f,%.2f,%.2f,%.2f", t, t, t, t, t)
				}
				printf "%s,generic,csum,%d,0,warm,none,none,0,,%d,tsc,5,1,%.2f,%.2f,%.2f,%.2f,0.00,0.00,0,0.00,1.5000,%.4f,%.4f,%.4f,%.2f,%.1f,%.1f%s\n",
					f[1], f[2], r, t, t, t, t, v[r], net, 1 / v[r], t / 2, f[2] / (t / 2) * 1000, steps, calls >> out
				for (s = 1; s <= 5; s++)
					printf "%s,generic,csum,%d,0,warm,none,none,%d,%d,%.2f,%.4f\n", f[1], f[2], r, s, t, v[r] >> sout
			}
		}
	}'
}
# consistent FILE T: every summary sentence's verdict agrees with the
# interval beside it (threshold T%): faster and slower wholly beyond it,
# "no change beyond" wholly within, inconclusive neither, and a point
# not called changed has an interval holding 0 where its adjusted p is
# not under 0.05; each a verdict word, each interval with its level
consistent() {
	summary "$1" | python3 -c '
import re, sys
t = float(sys.argv[1]); bad = 0
for s in sys.stdin:
    s = s.strip()
    m = re.search(r"(\d+(?:\.\d+)?)% CI \[([-+][\d.]+),([-+][\d.]+)\]%", s)
    p = re.search(r"p ([<=]) ([\d.]+)", s)
    if not m:
        ok = "below the timer" in s or "not tested" in s or "no interval" in s
    else:
        lo, hi = float(m.group(2)), float(m.group(3))
        padj = float(p.group(2)) if p and p.group(1) == "=" else 0.0
        body = re.sub(r"^[^:]*: (?=(faster|slower|no change|inconclusive))", "", s)
        if body.startswith("faster,"):
            ok = hi < -t
        elif body.startswith("slower,"):
            ok = lo > t
        elif body.startswith("no change beyond"):
            ok = -t <= lo and hi <= t
        elif body.startswith("inconclusive"):
            ok = not (lo > t or hi < -t) or " but p " in s
        else:
            ok = False
        if ok and not body.startswith(("faster", "slower")) and padj >= 0.05:
            ok = lo <= 0 <= hi
    if not ok:
        print("  inconsistent: " + s); bad = 1
sys.exit(bad)' "$2"
}

# --- tables: exact text, 72 columns
same "table: exact text" $D/small-table.expected \
	bash -c "$R table $D/small.csv; echo; $R table $D/small.csv --metric cpb --by cache --size 1500"
ok "table: no line over 72 columns" width_ok $D/small-table.expected
ok "compare, one run: no line over 72 columns" width_ok $D/compare-paired.expected
ok "compare, two runs: no line over 72 columns" width_ok $D/compare-repeats.expected
make -s table RESULTS=$D/small.csv METRIC=bpc KERNEL=word32 > "$T/t2"
ok "make table METRIC=bpc KERNEL=word32: word32's row alone, no other kernel's" \
	all has "$T/t2" '^word32 *1.226 *2.451$' -- lacks "$T/t2" c64-prefetch
# Many sizes: columns wrap into more tables rather than pass 72 columns.
{ sed -n '/^#/p' $D/small.csv; sed -n '/^kernel,/p' $D/small.csv
  for s in 64 128 256 512 576 1024 1500 2048 4096 9000 16384 65536; do
	for p in none 64; do
		echo "k,generic,csum,$s,0,warm,$p,tsc,5,1,1,1000,1,1,0,1.5,1.5,0.6667,500.0,123456.7"
	done
  done; } > "$T/wide.csv"
$R table "$T/wide.csv" > "$T/wide.txt"
ok "table: 12 sizes wrap within 72 columns" width_ok "$T/wide.txt"
ok "table: every size is shown" [ "$(grep -c '^distance' "$T/wide.txt")" -ge 2 ]

# --- compare: the test fits where the samples come from; p known by hand
# (tests/data/fixtures.py works each one out)
# (the output compared whole with an .expected file, once; the checks
# after it name what that file must say)
same "compare: exact text, one interleaved run" $D/compare-paired.expected \
	$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel old --after-kernel new
ok "compare, one run: a 0.8% change under 45% drift is told (p 0.002, 0.004 for 2 points), inside 1%" \
	grep -q '^no change beyond ±1% at 1500 B, warm (-0.8%, 97.5% CI \[-0.8,-0.8\]%, p =$' $D/compare-paired.expected
$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel old --after-kernel new --threshold 0.5 > "$T/paired5"
ok "compare --threshold 0.5: then it is a change, faster, with its interval (Hodges-Lehmann, Holm's 97.5%)" \
	summary_has "$T/paired5" 'faster, 0.8% less time per byte at 1500 B, warm (97.5% CI \[-0.8,-0.8\]%, p = 0.004)'
ok "compare, one run: symmetric differences, the interval 2.4% each way: inconclusive (p = 1.000)" \
	summary_has $D/compare-paired.expected 'inconclusive at 64 B, warm: +0.0%, its 95% CI \[-2.4,+2.4\]% holds changes both within and beyond ±1% (p = 1.000)'
ok "compare without a code_offset sweep says placement was not measured" \
	grep -q '^Code placement: not measured' $D/compare-paired.expected
same "compare: exact text, two runs of 3 processes" $D/compare-repeats.expected \
	$R compare $D/rep-before.csv $D/rep-after.csv
ok "compare, two runs: Welch on per-process medians, t = 4.65 on 2.94 df gives p = 0.020 (Holm: 0.039), t interval at Holm's 97.5%" \
	summary_has $D/compare-repeats.expected 'c64: faster, 30% less time per byte at 1500 B, warm (97.5% CI \[-57.4,-2.6\]%, p = 0.039)'
$R compare $D/before.csv $D/after.csv > "$T/cmp"; rc=$?
ok "compare, two runs of 1 repeat: inconclusive (exit 3), saying why, nothing called changed" \
	bash -c "[ $rc = 3 ] && grep -q '^c64: -31.2% at 1500 B, warm (95% CI n/a)$' '$T/cmp' &&
		grep -q 'test: none (figures and intervals only)\$' '$T/cmp' &&
		grep -q '^Inconclusive: each run is one process (1 and 1 repeat within' '$T/cmp' &&
		width_ok '$T/cmp' && ! grep -q ' \*\$' '$T/cmp' &&
		tail -n 4 '$T/cmp' | grep -q '^inconclusive (exit 3): each run is one process'"
# K, the calls per cold region, found per run: sides timed at different
# K are said to be (a region's own cost is spread over its calls)
cp $D/small.csv "$T/k1.csv"
cp $D/small-samples.csv "$T/k1-samples.csv"
awk -F, -v OFS=, '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; print; next }
	$c["cache"] == "cold" && $c["size"] == 64 { $c["iters"] = 2 } { print }' $D/small.csv > "$T/k2.csv"
cp $D/small-samples.csv "$T/k2-samples.csv"
$R compare "$T/k1.csv" "$T/k2.csv" > "$T/k12"
$R compare "$T/k1.csv" "$T/k1.csv" > "$T/k11"
ok "compare: points whose K differs between the sides are counted and one named" \
	all joined_has "$T/k12" 'warning: 4 point(s) were timed with a different K (calls per cold region, the CSVs. iters) before and after, as at 64 B cold: 1 before, 2 after;' -- \
		lacks "$T/k11" 'different K' -- \
		width_ok "$T/k12"
cp $D/rep-before.csv "$T/rep3.csv"
cp $D/rep-before-samples.csv "$T/rep3-samples.csv"
sed -i '/^# processes:/d' "$T/rep3.csv"
$R compare "$T/rep3.csv" $D/rep-after.csv > "$T/cmp3"; rc=$?
ok "compare, a run whose 3 repeats shared a process: inconclusive (exit 3), the sides not replicated alike" \
	all exit_is 3 -- has "$T/cmp3" '^Inconclusive: each run'
sed 's/^# run_id: .*/# run_id: test-run-2b/' "$T/rep3.csv" > "$T/rep3b.csv"
cp $D/rep-before-samples.csv "$T/rep3b-samples.csv"
$R compare "$T/rep3.csv" "$T/rep3b.csv" > "$T/cmp3"; rc=$?
ok "compare, two runs of 3 repeats that shared a process each: inconclusive, --within-process judges" \
	bash -c "[ $rc = 3 ] && grep -q \"^Inconclusive: each run's repeats shared one process\" '$T/cmp3' &&
		$R compare '$T/rep3.csv' '$T/rep3b.csv' --within-process > /dev/null"
$R compare $D/placed.csv $D/placed.csv --within-process --before-kernel c64 --after-kernel c64-prefetch@0 > "$T/placed"
ok "compare: a 5% change inside a 12% placement spread is flagged" \
	bash -c "grep -q '^  but code placement alone moves it 12%$' '$T/placed' &&
		grep -q '^WARNING: 4 change(s) called are smaller than the spread code' '$T/placed' &&
		! awk 'length > 72 { bad = 1 } END { exit !bad }' '$T/placed'"
make -s compare BEFORE=$D/paired.csv AFTER=$D/paired.csv BEFORE_ALIGN=0 AFTER_ALIGN=0 WITHIN_PROCESS=1 \
	BEFORE_KERNEL=old AFTER_KERNEL=new > "$T/aligned"
ok "make compare BEFORE_ALIGN= AFTER_ALIGN=: aligns as selectors" \
	grep -q 'selected: old align 0 (before) vs new align 0 (after)' "$T/aligned"
$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel old --after-kernel new \
	--before-align 0 --after-align 0 --csv "$T/bars.csv" > /dev/null; rc=$?
ok "compare --csv with aligns selected: the bars CSV is written, nothing left over" \
	all exit_is 0 -- has "$T/bars.csv" '^1500 B warm,new,1500,0,warm,none,' -- [ ! -e "$T/bars.csv.tmp" ]
$R compare $D/small.csv $D/small.csv --before-kernel c64-prefetch@none \
	--after-kernel c64-prefetch@128 --within-process > "$T/named"
ok "compare two kernels of an older CSV (no run id): figures, no test, inconclusive" \
	all has "$T/named" '^-30.0% at 1500 B, cold (95% CI n/a)' -- \
		has "$T/named" '^Inconclusive: separate runs judged within one process need repeat >= 3'
$R compare $D/before.csv $D/small.csv > /dev/null 2> "$T/err"; rc=$?
ok "compare: no common point is an error" all exit_is 2 -- has "$T/err" 'no point in common'
$R compare $D/paired.csv $D/paired.csv --within-process --before-align x --after-align 0 > /dev/null 2> "$T/err"; rc=$?
ok "compare: a bad alignment is an error" all exit_is 2 -- has "$T/err" "--before-align 'x', expected 0 to 4095"

# --- compare names both sides, explains pf and code, and gates a CI
$R compare $D/placed.csv $D/placed.csv --within-process --before-kernel c64 --after-kernel c64-prefetch@0 > "$T/sides"
ok "compare two kernels: the before and after columns are headed with each side's name" \
	all has_line "$T/sides" 'selected: c64 (before) vs c64-prefetch@0 (after)' -- \
		has_ere "$T/sides" '^ +before +after$' -- \
		has_ere "$T/sides" '^size +cache +code +c64 +c64-prefetch@0 +change +adj. CI +p$' -- \
		has_ere "$T/sides" '^1500 B +warm +16 +1\.125 +1\.068 ' -- \
		width_ok "$T/sides"
ok "compare: a legend for the code column shown, none for the pf column left out" \
	all has "$T/sides" '^code: code_offset, where the kernel' -- lacks "$T/sides" '^pf: '
$R compare $D/placed.csv $D/placed.csv --within-process > "$T/legend"
ok "compare: pf and code explained under the table when both are columns" \
	all has "$T/legend" '^pf: prefetch distance, bytes ahead of the loads; none = no prefetch$' -- \
		has "$T/legend" '^code: code_offset, where the kernel' -- \
		has "$T/legend" 'none = in place'
ok "compare: no pf or code legend when neither is a column" \
	lacks_ere "$D/compare-paired.expected" '^(pf|code): '
$R compare $D/small.csv $D/small.csv --before-kernel word32 --after-kernel c64-prefetch --within-process > "$T/every"; rc=$?
ok "compare AFTER_KERNEL=a prefetching kernel without @D: each of its distances, said above the table" \
	bash -c "[ $rc = 3 ] && flat() { tr '\n' ' ' < \"\$1\" | tr -s ' '; } &&
		flat '$T/every' | grep -qF 'c64-prefetch has no @D: each of its 3 distances (none, 64, 128) against word32' &&
		for pf in none 64 128; do [ \"\$(grep -Ec \"^(64|1500) B +(warm|cold) +\$pf +\" '$T/every')\" = 4 ] || exit 1; done &&
		grep -q '^pf: the after side.s prefetch distance' '$T/every' && width_ok '$T/every'"
$R compare $D/small.csv $D/small.csv --before-kernel c64-prefetch --after-kernel word32 > /dev/null 2> "$T/err"; rc=$?
ok "compare BEFORE_KERNEL=a prefetching kernel without @D against one point: exit 2, its distances" \
	all exit_is 2 -- has "$T/err" 'name the before one, c64-prefetch@D, D one of: none 64 128$'
$R compare $D/rep-before.csv $D/rep-after.csv --csv "$T/bars.csv" > /dev/null; rc=$?
ok "compare --csv: every column as before, the adjusted interval and its level among them" \
	all exit_is 0 -- \
		first_is "$T/bars.csv" label,kernel,size,align,cache,prefetch,before,after,change_pct,p,significant,op,ci_low_pct,ci_high_pct,p_adjusted,ci_level,figure,emulated -- \
		has "$T/bars.csv" '^c64 1500 B warm,c64,1500,0,warm,none,1.0000,0.7000,-30.00,[0-9.]*,yes,csum,-57.36,-2.64,0.03[0-9]*,0.9750,mean_of_per-process_medians,no$'
# --- compare's statistics, printed consistently, on runs made here
# (gen_runs and consistent above, summary in lib.sh)
# Medians 7.587 -> 7.717 (+1.7%), the processes' means 7.579 -> 8.039
# (+6.1%): the figures and the change are one statistic
gen_runs "$T/mb.csv" c64:1500:7.550,7.587,7.600
gen_runs "$T/ma.csv" c64:1500:7.700,7.717,8.700
$R compare "$T/mb.csv" "$T/ma.csv" --csv "$T/mm.csv" > "$T/mm"; rc=$?
ok "two runs: before and after are the figures the change is of (7.579 -> 8.039, +6.1%)" \
	all has_ere "$T/mm" '^c64 +1500 B +warm +7\.579 +8\.039 +\+6\.1% ' -- \
		has "$T/mm" '^Cycles/byte, mean of per-process medians; alpha 0.05' -- \
		has "$T/mm" '^before, after: each side.s mean of per-process medians; change: after /$'
ok "two runs: --csv's before, after and change agree, and say what the figures are" \
	bash -c "head -n 1 '$T/mm.csv' | grep -q ',p_adjusted,ci_level,figure,emulated\$' &&
		grep -q '^c64 1500 B warm,c64,1500,0,warm,none,7.5790,8.0390,6.07,.*,mean_of_per-process_medians,no\$' '$T/mm.csv'"
ok "two runs: the paste block's figures are those means too" \
	bash -c "$R compare '$T/mb.csv' '$T/ma.csv' --paste '$T/mm.txt' > /dev/null; grep -Eq '^1500 B warm +7\.579 +8\.039 +\+6\.1% ' '$T/mm.txt' &&
		grep -q 'cycles per byte, mean of' '$T/mm.txt'"

# Two points, each p = 0.036 alone, 0.071 after Holm: their 95%
# intervals ([+1.5,+26.5]) leave out 0 and clear 1%, so the intervals
# beside "not changed" must be Holm's too (97.5%, holding 0)
gen_runs "$T/hb.csv" c64:64:1.000,1.055,0.945 c64:1500:1.000,1.055,0.945
gen_runs "$T/ha.csv" c64:64:1.140,1.195,1.085 c64:1500:1.140,1.195,1.085
$R compare "$T/hb.csv" "$T/ha.csv" > "$T/holm"; rc=$?
ok "Holm: p 0.071 beside intervals at 97.5%, holding 0; inconclusive, plain words" \
	bash -c "[ $rc = 0 ] && [ \"\$(summary '$T/holm' | grep -c '^c64: inconclusive at [0-9]* B, warm: +14.0%, its 97.5% CI \[-[0-9.]*,+[0-9.]*\]% holds changes both within and beyond ±1% (p = 0.07[0-9])\$')\" = 2 ]"
ok "Holm: every verdict agrees with its interval" consistent "$T/holm" 1
ok "Holm: the legend says the intervals are adjusted as p is, at which levels" \
	all has_ere "$T/holm" '^kernel +size +cache +before +after +change +adj. CI +p$' -- \
		joined_has "$T/holm" 'adj. CI: the change.s interval, adjusted as p is (Holm): each point.s at the level of its Holm step, 97.5% here'
ok "Holm: the headline counts them inconclusive, no old wording anywhere" \
	bash -c "head -n 2 '$T/holm' | tr '\n' ' ' | tr -s ' ' | grep -q '^No point called faster or slower (beyond ±1%): 2 inconclusive; 3 processes each' &&
		! grep -q -e 'not shown beyond' -e 'no change shown' -e 'No change beyond' '$T/holm'"
# One point changed (every process 20% faster), one within 1%, one not
# told: faster, no change beyond, inconclusive
gen_runs "$T/wb.csv" c64:64:1.000,1.010,0.990 c64:576:1.000,1.001,0.999 c64:1500:1.000,1.200,0.800
gen_runs "$T/wa.csv" c64:64:0.800,0.810,0.790 c64:576:1.000,1.001,0.999 c64:1500:1.050,1.250,0.850
$R compare "$T/wb.csv" "$T/wa.csv" --paste "$T/w.txt" > "$T/words"; rc=$?
ok "plain words: faster (20% less time), no change beyond ±1%, inconclusive" \
	bash -c "[ $rc = 0 ] && summary '$T/words' | grep -q '^c64: faster, 20% less time per byte at 64 B, warm (9[0-9.]*% CI \[-[0-9.]*,-[0-9.]*\]%, p [<=] [0-9.]*)\$' &&
		summary '$T/words' | grep -q '^c64: no change beyond ±1% at 576 B, warm (+0.0%, 9[0-9.]*% CI \[-0.[0-9],+0.[0-9]\]%, p = 1.000)\$' &&
		summary '$T/words' | grep -q '^c64: inconclusive at 1500 B, warm: +5.0%, its 9[0-9.]*% CI' &&
		tr '\n' ' ' < '$T/words' | grep -q '1 of 3 points changed (Holm-adjusted p < 0.05 and the adjusted interval outside ±1%); the others: 1 within ±1%, 1 inconclusive'"
ok "plain words: every verdict agrees with its interval" consistent "$T/words" 1
ok "plain words: the paste block counts each kind" \
	bash -c "tr '\n' ' ' < '$T/w.txt' | tr -s ' ' | grep -q 'verdict: NEW faster at 1 and slower at 0 of 3 points; the others: 1 within ±1%, 1 inconclusive (\* changed: Holm-adjusted p < 0.05 and the adj. CI beyond ±1%)' &&
		grep -q '^adj. CI: adjusted as p is (Holm, each point at its step' '$T/w.txt' && width_ok '$T/w.txt'"

# Per-call timing (timing = per-call), a 21-tick step: at 40 B the call
# is the empty call's (no step beyond it), at 1500 B every process's
# median falls on one step on both sides; neither gets an interval
gen_runs "$T/pb.csv" word32:40:0.583,0.583,0.583:0.7:0 word32:1500:0.0843,0.0843,0.0843:3.7:0.816 \
	word32:4096:0.40,0.42,0.41:60:0.98
gen_runs "$T/pa.csv" word32:40:0.583,0.583,0.583:0.7:0 word32:1500:0.0843,0.0843,0.0843:3.7:0.816 \
	word32:4096:0.30,0.31,0.29:45:0.98
$R compare "$T/pb.csv" "$T/pa.csv" > "$T/pc"; rc=$?
ok "per-call below the timer's resolution: no interval, no verdict, said so" \
	bash -c "[ $rc = 0 ] && ! grep -q '\[+0.0,+0.0\]' '$T/pc' &&
		summary '$T/pc' | grep -q '^word32: below the timer.s resolution at 40 B, warm: a call takes under one timer step beyond the empty call.s (before 0.0, after 0.0 steps); no interval, no verdict\$' &&
		summary '$T/pc' | grep -q '^word32: below the timer.s resolution at 1500 B, warm: each side.s figures fall on one timer step' &&
		grep -Eq '^word32 +40 B +warm .* unresolved +n/a\$' '$T/pc' && grep -q '^unresolved: 2 point(s) below the timer' '$T/pc'"
ok "per-call: a point above the resolution is judged (4 KiB, 25% faster)" \
	bash -c "summary '$T/pc' | grep -q '^word32: faster, 2[0-9.]*% less time per byte at 4 KiB, warm' &&
		tr '\n' ' ' < '$T/pc' | grep -q '1 of 3 points changed .*the others: 2 below the timer.s resolution'"

# Emulated runs: every summary line, headline and paste row says so
EMU=yes gen_runs "$T/eb.csv" c64:64:1.000,1.010,0.990 c64:576:1.000,1.001,0.999
EMU=yes gen_runs "$T/ea.csv" c64:64:0.800,0.810,0.790 c64:576:1.000,1.001,0.999
$R compare "$T/eb.csv" "$T/ea.csv" --paste "$T/e.txt" > "$T/emu"; rc=$?
ok "emulated, no verdict: each summary line and paste row marked, the intervals unadjusted" \
	bash -c "[ $rc = 3 ] && [ \"\$(summary '$T/emu' | grep -c '^c64: [-+][0-9.]*% at [0-9]* B, warm, EMULATED (95% CI \[.*\]%, unadjusted)\$')\" = 2 ] &&
		[ \"\$(grep -c '^[0-9]* B warm .* emu\$' '$T/e.txt')\" = 2 ] && grep -q '^EMULATED: not real timings' '$T/e.txt' &&
		grep -q '^EMULATED cycles/byte' '$T/emu' && width_ok '$T/e.txt'"
$R compare "$T/eb.csv" "$T/ea.csv" --force-verdict --paste "$T/ef.txt" > "$T/emuf"; rc=$?
ok "emulated, verdict forced: the headline, summary and verdict line marked" \
	bash -c "[ $rc = 0 ] && grep -q '^c64: after is [0-9.]* ± [0-9.]*x faster than before at 64 B warm, EMULATED\$' '$T/emuf' &&
		summary '$T/emuf' | grep -q '^c64: faster, 20% less time per byte at 64 B, warm, EMULATED (' &&
		summary '$T/emuf' | grep -q '^c64: no change beyond ±1% at 576 B, warm, EMULATED (' &&
		grep -q '^verdict: EMULATED, FORCED: NEW faster at 1' '$T/ef.txt'"

# rep-after -> rep-before is 43% slower at 1500 B (Welch, Holm p 0.039)
$R compare $D/rep-after.csv $D/rep-before.csv --fail-above 1 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above 1 with a changed point 43% slower: exit 1, the point named in the last line" \
	bash -c "[ $rc = 1 ] && tail -n 2 '$T/gate' | tr '\n' ' ' | grep -q '^FAILED fail-above 1%: 1 point changed (\*) and slower by more than 1%: *c64 1500 B warm +42.9% *\$'"
$R compare $D/rep-after.csv $D/rep-before.csv --fail-above=50 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above=50: 43% is under it, exit 0, says it passed" \
	bash -c "[ $rc = 0 ] && tail -n 1 '$T/gate' | grep -q '^passed fail-above 50%: no point changed'"
$R compare $D/rep-before.csv $D/rep-after.csv --fail-above 0 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above 0 where the change is a speed-up: exit 0" [ $rc = 0 ]
$R compare $D/rep-before.csv $D/rep-before.csv --fail-above 0 --within-process > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above 0, A/A: exit 0" [ $rc = 0 ]
$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel new --after-kernel old --threshold 0.5 --fail-above 0.5 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above 0.5, one run, 0.8% slower and changed at --threshold 0.5: exit 1" \
	all exit_is 1 -- has "$T/gate" '^FAILED fail-above 0.5%'
$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel new --after-kernel old --fail-above 0.5 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above 0.5: the same 0.8% not called changed (inside +-1%): exit 0" [ $rc = 0 ]
$R compare $D/before.csv $D/after.csv --fail-above 0 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above, runs of 1 repeat (no test): inconclusive, exit 3, says nothing was judged" \
	bash -c "[ $rc = 3 ] && tail -n 3 '$T/gate' | grep -q 'nothing is judged against --fail-above'"
sed 's/^# emulated: no/# emulated: yes/' $D/rep-before.csv > "$T/emu-b.csv"
cp $D/rep-before-samples.csv "$T/emu-b-samples.csv"
$R compare $D/rep-after.csv "$T/emu-b.csv" --fail-above 1 > "$T/gate" 2>&1; rc=$?
ok "compare --fail-above on emulated timings: no verdict, inconclusive, exit 3" \
	all exit_is 3 -- has "$T/gate" '^inconclusive (exit 3): emulated timings'
$R compare $D/rep-after.csv "$T/emu-b.csv" --fail-above 1 --force-verdict > /dev/null 2>&1; rc=$?
ok "compare --fail-above --force-verdict on emulated timings: judged, exit 1" [ $rc = 1 ]
for bad in x -1 '' 1% nan; do
	$R compare $D/rep-after.csv $D/rep-before.csv --fail-above "$bad" > "$T/out" 2> "$T/err"; rc=$?
	ok "compare --fail-above '$bad': exit 2, what was expected" \
		all exit_is 2 -- [ ! -s "$T/out" ] -- has "$T/err" "^csumreport compare: --fail-above '$bad', expected a percentage, 0 or more"
done
make -s compare BEFORE=$D/rep-after.csv AFTER=$D/rep-before.csv FAIL_ABOVE=1 > "$T/gate" 2>&1; rc=$?
ok "make compare FAIL_ABOVE=1: passed on, make fails" \
	all [ "$rc" != 0 ] -- has "$T/gate" '^FAILED fail-above 1%'
make -s compare BEFORE=$D/rep-after.csv AFTER=$D/rep-before.csv FAIL_ABOVE=50 > "$T/gate" 2>&1; rc=$?
ok "make compare FAIL_ABOVE=50: exit 0" all exit_is 0 -- has "$T/gate" '^passed fail-above 50%'

# --- table: every prefetching kernel, KERNEL= and SIZE= checked
awk -F, -v OFS=, '/^#/ || $1 == "kernel" { print; next } { print } $1 == "c64-prefetch" { $1 = "unroll4-dcbt"; print }' \
	$D/small.csv > "$T/twopf.csv"
$R table "$T/twopf.csv" > "$T/twopf.txt" 2>&1; rc=$?
ok "table of a run with two prefetching kernels: a table for each, by cache state" \
	bash -c "[ $rc = 0 ] && for k in c64-prefetch unroll4-dcbt; do for c in warm cold; do
			grep -qx \"Test CPU 1000: \$k, cycles/byte, median of 5, \$c cache\" '$T/twopf.txt' || exit 1; done; done &&
		[ \"\$(grep -c '^distance ' '$T/twopf.txt')\" = 4 ] && width_ok '$T/twopf.txt'"
$R table "$T/twopf.csv" --kernel unroll4-dcbt > "$T/onepf.txt" 2>&1; rc=$?
ok "table --kernel of one of them: its tables only" \
	all exit_is 0 -- count_is 2 "$T/onepf.txt" '^distance ' -- lacks "$T/onepf.txt" c64-prefetch
make -s table RESULTS=$D/small.csv KERNEL=nosuch > "$T/out" 2> "$T/err"; rc=$?
$R table $D/small.csv --kernel nosuch > "$T/out" 2> "$T/err"; rc=$?
ok "table --kernel nosuch: exit 2, the file's kernels listed" \
	all exit_is 2 -- [ ! -s "$T/out" ] -- has_line "$T/err" "csumreport table: $D/small.csv has no kernel 'nosuch'; its kernels: word32 c64-prefetch"
$R table $D/small.csv --size 1500 > "$T/s1500" 2>&1; rc=$?
ok "table --size 1500 (BY=size): that size's column only" \
	bash -c "[ $rc = 0 ] && [ \"\$(grep -cE '^distance +1500 B\$' '$T/s1500')\" = 2 ] && ! grep -q '64 B' '$T/s1500' &&
		grep -Eq '^128 bytes +[0-9]+\.[0-9]{3}\$' '$T/s1500'"
make -s table RESULTS=$D/small.csv SIZE=1500 > "$T/mk1500" 2>&1; rc=$?
ok "make table SIZE=1500: the warnings line, then the same" \
	all exit_is 0 -- first_is "$T/mk1500" "warnings: none -- csumbench show $D/small.csv" -- \
		bash -c "tail -n +2 '$T/mk1500' | cmp -s - '$T/s1500'"
for by in size cache; do
	$R table $D/small.csv --by $by --size 999 > "$T/out" 2> "$T/err"; rc=$?
	ok "table --by $by --size 999 (not in the file): exit 2, the sizes it has" \
		all exit_is 2 -- [ ! -s "$T/out" ] -- has_line "$T/err" "csumreport table: $D/small.csv has no size '999' (999 bytes); its sizes: 64 B, 1500 B"
done

# --- tables of a run with repeats and a code_offset sweep
$R table $D/rep-after.csv --metric cpb > "$T/rep"
ok "table: repeats merged, their median shown" \
	all has "$T/rep" 'median of 5 x 3 repeats' -- has "$T/rep" '^c64  *1.000  *0.700$'
$R table $D/placed.csv --metric cpb --kernel c64 > "$T/pl" 2>&1
ok "table: a code_offset sweep is shown at its first offset, and says so" \
	all has "$T/pl" 'code at +0' -- has "$T/pl" '^c64  *1.004$'
$R table $D/placed.csv --metric cpb --kernel c64 --code-offset 16 > "$T/pl"
ok "table --code-offset 16" grep -q '^c64  *1.125$' "$T/pl"

# --- figures
cp $D/small.csv $D/small-samples.csv $D/before.csv $D/before-samples.csv "$T/"
make -s plot RESULTS="$T/small.csv" > "$T/out" 2>&1; rc=$?
ok "make plot exits 0" [ $rc = 0 ]
for f in prefetch-c64-prefetch size; do
	ok "$f figure: a PNG" bash -c "head -c 8 '$T/small-$f.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
	ok "$f figure: an SVG" all has "$T/small-$f.svg" '<svg' -- has "$T/small-$f.svg" '</svg>'
	ok "$f figure names the CPU" grep -q 'Test CPU 1000' "$T/small-$f.svg"
done
ok "size figure: a line per kernel, underscores and dashes as written" \
	grep -q 'c64-prefetch @128 B' "$T/small-size.svg"
cp $D/after.csv $D/after-samples.csv "$T/"
make -s plot RESULTS= BEFORE="$T/before.csv" AFTER="$T/after.csv" > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER= draws the change figure" \
	all exit_is 0 -- [ -s "$T/after-vs-before-c64.png" ] -- has "$T/after-vs-before-c64.svg" '<svg'

# Figures carry what they show in their names: none replaces another.
mkdir "$T/fig2"
for f in small small-samples; do
	awk -F, -v OFS=, '/^#/ || /^kernel,/ { print; next }
		{ print; if ($1 == "c64-prefetch") { $1 = "other-prefetch"; print } }' $D/$f.csv > "$T/fig2/$f.csv"
done
make -s plot RESULTS="$T/fig2/small.csv" > /dev/null 2>&1; rc=$?
make -s plot RESULTS="$T/fig2/small.csv" KERNEL=other-prefetch > /dev/null 2>&1; rc2=$?
ok "make plot KERNEL=: the prefetch figure is named with its kernel, another kernel's kept" \
	bash -c "[ $rc = 0 ] && [ $rc2 = 0 ] && S='$T/fig2/small-prefetch-c64-prefetch.svg' &&
		O='$T/fig2/small-prefetch-other-prefetch.svg' && [ -s \"\${S%.svg}.png\" ] && [ -s \"\${O%.svg}.png\" ] &&
		grep -q 'c64-prefetch' \"\$S\" && ! grep -q 'other-prefetch' \"\$S\" && grep -q 'other-prefetch' \"\$O\""
make -s plot RESULTS= BEFORE="$T/fig2/small.csv" AFTER="$T/fig2/small.csv" \
	BEFORE_KERNEL=c64-prefetch@none AFTER_KERNEL=c64-prefetch@128 > /dev/null 2>&1; rc=$?
make -s plot RESULTS= BEFORE="$T/fig2/small.csv" AFTER="$T/fig2/small.csv" \
	BEFORE_KERNEL=c64-prefetch@none AFTER_KERNEL=other-prefetch@128 > /dev/null 2>&1; rc2=$?
ok "the change figure is named with the kernels compared: a second pair's kept beside the first" \
	bash -c "[ $rc = 0 ] && [ $rc2 = 0 ] &&
		A='$T/fig2/small-c64-prefetch@128-vs-small-c64-prefetch@none.svg' &&
		B='$T/fig2/small-other-prefetch@128-vs-small-c64-prefetch@none.svg' &&
		[ -s \"\${A%.svg}.png\" ] && [ -s \"\${B%.svg}.png\" ] &&
		grep -q 'c64-prefetch@128 (after)' \"\$A\" && grep -q 'other-prefetch@128 (after)' \"\$B\""
ls -t "$T"/*.png > "$T/pngs-before"
make -s plot BEFORE= AFTER= > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER= (empty): exit 2, saying both files are needed; nothing drawn" \
	bash -c "[ $rc = 2 ] && grep -q 'make plot: BEFORE= and AFTER= name the two runs of a change figure' '$T/out' &&
		! grep -q '^wrote' '$T/out' && ls -t '$T'/*.png | cmp -s - '$T/pngs-before'"
make -s plot BEFORE="$T/fig2/small.csv" AFTER= > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE=R AFTER= (one empty): exit 2" \
	all exit_is 2 -- has "$T/out" AFTER= -- lacks "$T/out" '^wrote'

# Whether one build made both runs (# build:, # compiler:, # cflags:).
mkdir "$T/bi"
h1=$(printf 'a%.0s' $(seq 64)) h2=$(printf 'b%.0s' $(seq 64))
for n in 1 2 3 4; do cp $D/small-samples.csv "$T/bi/b$n-samples.csv"; done
sed -e "/^# emulated/a # build: sha256 $h1 (10 bytes, /proc/self/exe); pcap yes, libpfm yes, static no, sanitize no" \
	-e '/^# run_id/d' $D/small.csv > "$T/bi/b1.csv"
sed "s/$h1/$h2/" "$T/bi/b1.csv" > "$T/bi/b2.csv"
sed 's/pcap yes/pcap no/' "$T/bi/b2.csv" > "$T/bi/b3.csv"
cp $D/small.csv "$T/bi/b4.csv"
for n in 1 2 3 4; do $R compare "$T/bi/b1.csv" "$T/bi/b$n.csv" > "$T/bi/c$n" 2>&1; done
ok "compare: one build on both sides: nothing said of builds" \
	bash -c "! grep -qi 'build\|binar' '$T/bi/c1'"
ok "compare: another binary, the same compiler, flags and options: said, with both hashes" \
	joined_has "$T/bi/c2" 'note: different binaries (sha256 aaaaaaaaaaaa before, bbbbbbbbbbbb after)'
ok "compare: a build that found other libraries: WARNING: different builds, naming what differs" \
	bash -c "tr '\n' ' ' < '$T/bi/c3' | grep -q \"WARNING: different builds: build options: before 'pcap yes, .*after 'pcap no, .*a change may be the build's\""
ok "compare: a run with no # build: line: whether one build made both is not known" \
	joined_has "$T/bi/c4" 'note: the after run records no build'
make -s plot RESULTS= BEFORE="$T/bi/b1.csv" AFTER="$T/bi/b3.csv" > /dev/null 2>&1; rc=$?
ok "the change figure of two builds says so in its title" \
	all exit_is 0 -- has "$T/bi/b3-vs-b1-word32+c64-prefetch.svg" 'different builds'

# A point without an interval says n/a, never "n/a%".
sed 's/^# emulated: no/# emulated: yes/' $D/small.csv > "$T/em.csv"
cp $D/small-samples.csv "$T/em-samples.csv"
$R compare "$T/em.csv" "$T/em.csv" > "$T/em.out" 2>&1
ok "compare without an interval: '(95% CI n/a)', no 'n/a%'" \
	all has "$T/em.out" '(95% CI n/a)$' -- lacks "$T/em.out" n/a%
cp $D/sweep.csv $D/sweep-samples.csv "$T/"
make -s plot RESULTS="$T/sweep.csv" > "$T/out" 2>&1; rc=$?
ok "make plot of a run as csumbench writes it: the floor rows left out" \
	all exit_is 0 -- \
		[ -s "$T/sweep-prefetch-c64-prefetch.png" ] -- \
		[ -s "$T/sweep-size.svg" ] -- \
		has "$T/sweep-size.svg" c64-prefetch -- \
		lacks "$T/sweep-size.svg" '>empty<'
$R table $D/sweep.csv > "$T/sw"
ok "table of such a run: distances as rows, no floor rows" \
	all has "$T/sw" '^128 bytes' -- lacks "$T/sw" empty

# --- figure styles, headroom, axes, whiskers and titles
# svg_y2 SVG: the right axis's tic labels (gnuplot anchors them at their
# start; the left axis's at their end, the x axis's in the middle).
svg_y2() {
	awk '/text-anchor="start"/ { s = 1; next } /text-anchor=/ { s = 0 }
		s && /<text>[0-9.]+<\/text>/ { gsub(/.*<text>|<\/text>.*/, ""); print }' "$1"
}
# round_tics: every number on stdin has at most two significant digits
# (10000, 2500, 150: a step of 1, 2 or 5 times a power of ten), and there
# are some.
round_tics() {
	awk '{ n++; v = $1; sub(/\.0*$/, "", v); sub(/^0*/, "", v); gsub(/0+$/, "", v); sub(/\./, "", v)
		if (length(v) > 2) { print "not round: " $1; bad = 1 } }
		END { exit bad || !n }'
}
export -f svg_y2 round_tics
gnuplot -e 'load "plot/figure/common.gp"; show linetype' 2>&1 |
	sed -n 's/.*linetype \([0-9]*\),.*linecolor rgb "\([^"]*\)".*pointtype \([0-9]*\).*/\1 \2 \3/p' > "$T/styles"
ok "common.gp: 16 series styles, each its own colour, and no two alike (colour, point type)" \
	bash -c "[ \$(awk '\$1 <= 16' '$T/styles' | wc -l) = 16 ] &&
		[ \$(awk '\$1 <= 16 { print \$2 }' '$T/styles' | sort -u | wc -l) = 16 ] &&
		[ \$(awk '\$1 <= 16 { print \$2, \$3 }' '$T/styles' | sort -u | wc -l) = 16 ]"
ok "figure scripts take the series styles of common.gp, none of their own" \
	bash -c "! grep -nE '\\<(pt|pointtype) [0-9]|kpt\\(' plot/figure/size.gp plot/figure/prefetch.gp"
# 16 kernels at 3 sizes: each line's stroke one of the 16 colours, all 16 in
# the SVG.
{ sed -n '/^#/p;/^kernel,/p' $D/small.csv
  for k in $(seq 1 16); do for s in 64 1500 4096; do
	c=$(awk -v k="$k" -v s="$s" 'BEGIN { printf "%.4f", (1 + k / 8) * 64 / s }')
	echo "k$k,generic,csum,$s,0,warm,none,tsc,5,1,1,1,1,1,0,1.5,$c,$(awk -v c="$c" 'BEGIN { printf "%.4f", 1 / c }'),1,1"
  done; done; } > "$T/k16.csv"
make -s plot RESULTS="$T/k16.csv" > "$T/out" 2>&1; rc=$?
# the 16 colours as gnuplot's SVG writes them: rgb(148,   0, 211)
gnuplot -e 'load "plot/figure/common.gp"; do for [j=1:16] { print style_rgb[j] }' 2>&1 |
	awk 'function d(c) { return index("0123456789abcdef", tolower(c)) - 1 }
		function h(s) { return d(substr(s, 1, 1)) * 16 + d(substr(s, 2, 1)) }
		{ printf "rgb(%3d, %3d, %3d)\n", h(substr($1, 2, 2)), h(substr($1, 4, 2)), h(substr($1, 6, 2)) }' > "$T/rgb16"
ok "size figure of 16 kernels: 16 lines in 16 colours, one each" \
	bash -c "[ $rc = 0 ] && [ \$(sort -u '$T/rgb16' | wc -l) = 16 ] &&
		while read -r c; do grep -qF \"stroke='\$c'\" '$T/k16-size.svg' || exit 1; done < '$T/rgb16'"
# headroom: the top of the y axis above the highest point (the last panel's:
# the size figure's from gpvars, the prefetch figure's the last stats
# gnuplot took)
$R gpvars $D/small.csv --data "$T/hpts" > "$T/hvars"
for g in size prefetch; do
	top=STATS_max
	[ $g = size ] && top='panel_yhi[n_caches]'
	(cd "$T" && ln -sfn "$OLDPWD/plot" plot &&
		gnuplot -e "data='hpts'; vars='hvars'; stem='h'" plot/figure/$g.gp \
		-e "print sprintf('%g %g', GPVAL_Y_MAX, $top)") > "$T/head-$g" 2>&1
	ok "$g figure: room above the highest point (y axis to 5% or more above it)" \
		awk '{ ok = NF == 2 && $2 > 0 && $1 >= 1.05 * $2 } END { exit !ok }' "$T/head-$g"
done
ok "prefetch figure: MB/s tics at round values" bash -c "svg_y2 '$T/small-prefetch-c64-prefetch.svg' | round_tics"
# --- ERRORBARS
make -s plot RESULTS="$T/small.csv" ERRORBARS=iqr > "$T/out" 2>&1; rc=$?
cp "$T/small-size.svg" "$T/small-size-iqr.svg"
make -s plot RESULTS="$T/small.csv" ERRORBARS= > /dev/null 2>&1
ok "make plot ERRORBARS=iqr: whiskers (more strokes than without), said in the title" \
	bash -c "[ $rc = 0 ] && grep -q '25th to 75th percentile of the samples' '$T/small-size-iqr.svg' &&
		! grep -q '75th percentile' '$T/small-size.svg' &&
		[ \$(grep -c '<path' '$T/small-size-iqr.svg') -gt \$(grep -c '<path' '$T/small-size.svg') ]"
make -s plot RESULTS="$T/small.csv" ERRORBARS=foo > "$T/out" 2>&1; rc=$?
ok "make plot ERRORBARS=foo: exit 2, the values it takes" \
	all exit_is 2 -- has "$T/out" "ERRORBARS='foo', expected iqr or none"
$R gpvars $D/rep-after.csv --quartiles --data "$T/q.csv" > /dev/null
ok "gpvars --quartiles: 25th and 75th percentiles of the samples (0.965, 1.035 of 0.93..1.07)" \
	bash -c "grep -q '^1,64,0,1,1,0,1.000000,[^,]*,[^,]*,0.965000,1.035000,' '$T/q.csv' &&
		awk -F, 'NR > 1 && !(\$10 <= \$7 && \$7 <= \$11 && \$12 <= \$8 && \$8 <= \$13) { exit 1 }' '$T/q.csv'"
# --- repeats in the titles
cp $D/rep-before.csv $D/rep-before-samples.csv $D/rep-after.csv $D/rep-after-samples.csv "$T/"
make -s plot RESULTS="$T/rep-after.csv" > "$T/out" 2>&1; rc=$?
ok "a run of 3 repeats: the title says samples x repeats" \
	all exit_is 0 -- \
		has "$T/rep-after-size.svg" 'median of 5 samples x 3 repeats' -- \
		has "$T/small-size.svg" 'median of 5 samples x 1 repeat,'
# --- the change figure: warm and cold panels of their own, whiskers, stars
for f in rep-before rep-after; do for x in "" -samples; do
	awk -F, -v OFS=, '/^#/ { print; next }
		!h { h = 1; for (i = 1; i <= NF; i++) { if ($i == "cache") c = i; if ($i == "cycles_per_byte") v = i }; print; next }
		{ print; $c = "cold"; $v = sprintf("%.4f", $v * 120); print }' $D/$f$x.csv > "$T/c$f$x.csv"
done; done
make -s plot RESULTS= BEFORE="$T/crep-before.csv" AFTER="$T/crep-after.csv" > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER=: the change figure, a panel per cache state, percent axis, runs named" \
	bash -c "[ $rc = 0 ] && [ -s '$T/crep-after-vs-crep-before-c64.png' ] && S='$T/crep-after-vs-crep-before-c64.svg' &&
		grep -q '>warm cache<' \"\$S\" && grep -q '>cold cache<' \"\$S\" &&
		grep -q 'change in cycles per byte (%; above 0: slower)' \"\$S\" &&
		grep -q '<text>before: crep-before (5 samples x 3 repeats)<' \"\$S\" &&
		grep -q '<text>after: crep-after (5 samples x 3 repeats)<' \"\$S\" &&
		grep -q '>interval adjusted as p is, 98.75%<' \"\$S\" && grep -q '>-20<' \"\$S\""
# (one line held each side's name: two runs' names ran past the edges)
make -s plot RESULTS= BEFORE="$T/crep-after.csv" AFTER="$T/crep-after.csv" \
	BEFORE_KERNEL=c64 AFTER_KERNEL=c64 > "$T/out" 2>&1; rc=$?
ok "change figure of one run: a line names the kernels, one the run" \
	bash -c "[ $rc = 0 ] && S='$T/crep-after-c64-vs-crep-after-c64.svg' &&
		grep -q '; c64 (before) vs c64 (after)  \[inconclusive, no verdict: one run, both sides within one process\]</text>' \"\$S\" &&
		grep -q '<text>one run: crep-after (5 samples x 3 repeats)<' \"\$S\" && ! grep -q '>before: ' \"\$S\""
make -s plot RESULTS= BEFORE="$T/rep-before.csv" AFTER="$T/rep-after.csv" > "$T/out" 2>&1
ok "change figure: a changed point is starred (30% less time, p 0.020)" \
	grep -q '<text>\*</text>' "$T/rep-after-vs-rep-before-c64.svg"
ok "change figure of runs without a test (no interval): bars, no whiskers, no star" \
	all lacks "$T/after-vs-before-c64.svg" '<text>\*</text>' -- has "$T/after-vs-before-c64.svg" 'not called changed'
# --- gpvars' options
$R gpvars --op=csum --data="$T/o1" -- $D/small.csv > "$T/ov1" 2>&1; rc=$?
$R gpvars $D/small.csv --op csum --data "$T/o2" > "$T/ov2" 2>&1
ok "gpvars --opt=value and -- before the CSV: as --opt value" \
	all exit_is 0 -- cmp -s "$T/ov1" "$T/ov2" -- cmp -s "$T/o1" "$T/o2"
$R gpvars --help > "$T/gh" 2> "$T/err"; rc=$?
ok "gpvars --help: its options on stdout, exit 0" \
	bash -c "[ $rc = 0 ] && [ ! -s '$T/err' ] && for o in op kernel data quartiles load-data rx-data ops; do grep -q -- \"--\$o\" '$T/gh' || exit 1; done"
$R gpvars $D/small.csv --nosuch > /dev/null 2> "$T/err"; rc=$?
ok "gpvars --nosuch: exit 2, a line naming it and where help is" \
	bash -c "[ $rc = 2 ] && [ \$(wc -l < '$T/err') = 2 ] && grep -q \"unknown option '--nosuch'\" '$T/err' &&
		grep -qx \"try 'csumreport gpvars --help'\" '$T/err'"
$R gpvars $D/small.csv --data > /dev/null 2> "$T/err"; rc=$?
ok "gpvars --data without a value: exit 2, naming it" \
	bash -c "[ $rc = 2 ] && [ \$(wc -l < '$T/err') = 2 ] && grep -q -- \"option '--data' needs a value (OUT)\" '$T/err'"

# --- bad input: a clear error, exit 2, no figure
: > "$T/empty.csv"
make -s plot RESULTS="$T/empty.csv" > "$T/out" 2>&1; rc=$?
ok "empty CSV: exit non-zero, says so, no figure" \
	bash -c "[ $rc != 0 ] && grep -q 'empty.csv: no header line' '$T/out' && ! ls '$T'/empty-*.png 2> /dev/null"
{ head -n 8 $D/small.csv; echo "word32,generic,csum,64,0,warm,none,tsc,5"; } > "$T/short.csv"
$R table "$T/short.csv" > /dev/null 2> "$T/err"; rc=$?
ok "short row: FILE:LINE and field counts" \
	all exit_is 2 -- has "$T/err" "^$T/short.csv:9: 9 fields, expected 20"
sed '8s/,0.8160,/,fast,/' $D/small.csv > "$T/nan.csv"
make -s plot RESULTS="$T/nan.csv" > "$T/out" 2>&1; rc=$?
ok "a non-number: FILE:LINE, which column, no figure" \
	bash -c "[ $rc != 0 ] && grep -q 'nan.csv:8: cycles_per_byte .fast. is not a number' '$T/out' && ! ls '$T'/nan-*.png 2> /dev/null"
# One size only: gnuplot warns of an empty x range unless the script sets one.
{ sed -n '/^#/p;/^kernel,/p' $D/small.csv; grep ',1500,0,' $D/small.csv; } > "$T/one.csv"
make -s plot RESULTS="$T/one.csv" > "$T/out" 2>&1; rc=$?
ok "a run with one size plots" all exit_is 0 -- [ -s "$T/one-size.png" ] -- [ -s "$T/one-prefetch-c64-prefetch.png" ]
seq -s, 1 80 > "$T/wide-header.csv"
$R table "$T/wide-header.csv" > /dev/null 2> "$T/err"; rc=$?
ok "an 80-column header: an error, not a crash" \
	all exit_is 2 -- has "$T/err" 'more than 64 columns'
echo "kernel,size" > "$T/hdr.csv"
$R table "$T/hdr.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a CSV that is not csumbench's: names the missing column" \
	all exit_is 2 -- has "$T/err" "header has no 'align' column"

# --- big runs: matching points and samples is n log n, not quadratic (this
# took 39 and 44 s when it was; it takes about 1 s)
# bigrun STEM RUN_ID EVEN ODD ROUNDS: 20000 points (20 kernels x 1000
# sizes), per repeat the cycles/byte of even and odd kernels (a list, one a
# repeat), ROUNDS rounds per repeat drifting up by 0.05; rows repeat by
# repeat and samples round by round, as csumbench writes them.
bigrun() {
	awk -v stem="$1" -v run="$2" -v even="$3" -v odd="$4" -v rounds="$5" \
		-v cols="$(columns fewest)" -v scols="$(columns samples)" 'BEGIN {
		nrep = split(even, ev, " "); split(odd, od, " ")
		m = "# run_id: " run "\n# cpu_model: Test CPU 1000\n# order: rounds (test)\n"
		f = stem ".csv"; g = stem "-samples.csv"
		printf "%s%s\n", m, cols > f
		printf "%s%s\n", m, scols > g
		for (r = 1; r <= nrep; r++) {
			for (p = 0; p < 20000; p++) {
				c = (p % 2 ? od[r] : ev[r]) + 0.025 * (rounds - 1)
				printf "k%d,generic,csum,%d,0,warm,none,none,%d,%d,%.2f,%.4f,%.4f,%.1f\n",
					p % 20, 64 * (int(p / 20) + 1), r, rounds, c * 100, c, 1 / c, 1000 / c > f
			}
			for (i = 0; i < rounds; i++)
				for (p = 0; p < 20000; p++) {
					c = (p % 2 ? od[r] : ev[r]) + 0.05 * i
					printf "k%d,generic,csum,%d,0,warm,none,none,%d,%d,%.2f,%.4f\n",
						p % 20, 64 * (int(p / 20) + 1), r, i + 1, c * 100, c > g
				}
		}
	}'
}
bigrun "$T/big-before" big-1 "1.0" "1.0" 31
bigrun "$T/big-after" big-1 "1.0" "0.99" 31
# (the odd kernels are 0.57% faster: --threshold 0.25)
timeout 20 $R compare "$T/big-before.csv" "$T/big-after.csv" --threshold 0.25 --within-process > "$T/big.txt" 2>&1; rc=$?
ok "compare, one run of 20000 points x 31 rounds: paired, intervals and Holm in time (timeout 20 s)" \
	all exit_is 0 -- has "$T/big.txt" '^10000 of 20000 points changed (Holm-adjusted'
bigrun "$T/bigrep-before" big-2 "1.0 1.1 0.9" "1.0 1.1 0.9" 11
bigrun "$T/bigrep-after" big-3 "1.05 0.95 1.0" "0.7 0.75 0.65" 11
# (three repeats a side cannot pass Holm over 20000 points: --family bh)
timeout 20 $R compare "$T/bigrep-before.csv" "$T/bigrep-after.csv" --family bh --within-process > "$T/bigrep.txt" 2>&1; rc=$?
ok "compare, two runs of 20000 points x 3 repeats x 11 rounds: in time (timeout 20 s), BH's intervals at 1 - 10000 x 0.05 / 20000" \
	all exit_is 0 -- \
		has "$T/bigrep.txt" '^10000 of 20000 points changed (Benjamini-Hochberg-adjusted' -- \
		has "$T/bigrep.txt" '^k19: faster, 24% less time per byte at 64 B, warm (97.5% CI$' -- \
		joined_has "$T/bigrep.txt" 'adjusted as p is (Benjamini-Hochberg): Benjamini and Yekutieli.s, 97.5% here'
timeout 20 $R table "$T/big-after.csv" > "$T/bigt.txt" 2>&1; rc=$?
ok "table of 20000 points in time (timeout 20 s), all 1000 sizes" \
	bash -c "[ $rc = 0 ] && [ \"\$(grep '^kernel' '$T/bigt.txt' | grep -o '[0-9]* \(B\|KiB\)' | sort -u | wc -l)\" = 1000 ]"
rm -f "$T"/big*

# --- figures by column name
# Columns of a results CSV in reverse order, metadata kept.
reverse_cols() {
	awk -F, '/^#/ { print; next } { s = $NF; for (i = NF - 1; i >= 1; i--) s = s "," $i; print s }' "$1"
}
reverse_cols $D/sweep.csv > "$T/rsweep.csv"
cp $D/sweep-samples.csv "$T/rsweep-samples.csv"
$R gpvars $D/sweep.csv --data "$T/pts1" > "$T/vars1" 2>&1
$R gpvars "$T/rsweep.csv" --data "$T/pts2" > "$T/vars2" 2>&1; rc=$?
ok "columns in another order: the same points and layout for the figures" \
	all exit_is 0 -- [ -s "$T/pts1" ] -- cmp -s "$T/pts1" "$T/pts2" -- cmp -s "$T/vars1" "$T/vars2"
mkdir -p "$T/ord1" "$T/ord2"
cp $D/sweep.csv $D/sweep-samples.csv "$T/ord1/"
reverse_cols $D/sweep.csv > "$T/ord2/sweep.csv"
make -s plot RESULTS="$T/ord1/sweep.csv" > /dev/null 2>&1
make -s plot RESULTS="$T/ord2/sweep.csv" > /dev/null 2>&1; rc=$?
ok "make plot of a CSV with columns in another order: the same figures" \
	all exit_is 0 -- \
		cmp -s "$T/ord1/sweep-size.svg" "$T/ord2/sweep-size.svg" -- \
		cmp -s "$T/ord1/sweep-prefetch-c64-prefetch.svg" "$T/ord2/sweep-prefetch-c64-prefetch.svg"
# The scripts find the points file's columns by name too.
head -n 1 "$T/pts1" | grep -q '^k,size,' &&
	awk -F, '{ s = $NF; for (i = NF - 1; i >= 1; i--) s = s "," $i; print s }' "$T/pts1" > "$T/pts3"
for p in pts1 pts3; do
	gnuplot -e "data='$T/$p'; stem='$T/fig-$p'; vars='$T/vars1'" plot/figure/size.gp > /dev/null 2>&1
done
ok "plot/figure/size.gp reads the points by column name" \
	all [ -s "$T/fig-pts1-size.svg" ] -- cmp -s "$T/fig-pts1-size.svg" "$T/fig-pts3-size.svg"
ok "plot/figure/*.gp use no column numbers of the files they are given" eval '! gp_numbers'

# --- tables of any size: no silent limit
# 70 kernels x 130 sizes; MB/s = kernel x 1000 + size index, so that each
# cell says where it came from.
awk -v cols="$(columns fewest)" 'BEGIN {
	print "# cpu_model: Test CPU 1000"
	print cols
	for (k = 1; k <= 70; k++)
		for (i = 1; i <= 130; i++)
			printf "k%d,generic,csum,%d,0,warm,none,none,1,5,100,1,1,%d\n", k, 64 * i, k * 1000 + i
}' > "$T/many.csv"
$R table "$T/many.csv" > "$T/many.txt" 2>&1; rc=$?
ok "table of 70 kernels x 130 sizes: every kernel and size, within 72 columns" \
	bash -c "[ $rc = 0 ] && width_ok '$T/many.txt' &&
		[ \"\$(grep -o '^k[0-9][0-9]*' '$T/many.txt' | sort -u | wc -l)\" = 70 ] &&
		[ \"\$(grep '^kernel' '$T/many.txt' | grep -o '[0-9]* \(B\|KiB\)' | sort -u | wc -l)\" = 130 ]"
$R table "$T/many.csv" --size 8K --by cache --metric mbps > "$T/many8k.txt" 2>&1; rc=$?
ok "table --size 8K --by cache: the 128th size is there" \
	all exit_is 0 -- has "$T/many8k.txt" '^k70  *70128$' -- has "$T/many8k.txt" '^k1  *1128$'
$R gpvars "$T/many.csv" > "$T/many.vars" 2>&1; rc=$?
ok "gpvars: all 70 kernels and 130 sizes for the figures" \
	all exit_is 0 -- \
		has_line "$T/many.vars" 'n_kernels = 70' -- \
		has_line "$T/many.vars" 'kernels\[70\] = .k70.' -- \
		has_line "$T/many.vars" 'n_sizes = 130' -- \
		has_line "$T/many.vars" 'sizes\[130\] = 8320'
awk -v cols="$(columns fewest)" 'BEGIN {
	print "# cpu_model: Test CPU 1000"
	print cols
	for (d = 0; d <= 70; d++)
		printf "pf,generic,csum,64,0,warm,%s,none,1,5,100,1,1,%d\n", d ? d * 8 : "none", d + 1
}' > "$T/pfmany.csv"
$R table "$T/pfmany.csv" --metric mbps > "$T/pfmany.txt" 2>&1; rc=$?
ok "table of 70 prefetch distances: every one a row" \
	all exit_is 0 -- \
		count_is 70 "$T/pfmany.txt" '^[0-9]* bytes ' -- \
		has "$T/pfmany.txt" '^none  *1$' -- \
		has "$T/pfmany.txt" '^560 bytes  *71$'

# --- duplicate points are an error, not mixed samples
{ cat $D/paired.csv; grep '^new,generic,csum,1500,' $D/paired.csv; } > "$T/dup.csv"
cp $D/paired-samples.csv "$T/dup-samples.csv"
$R compare "$T/dup.csv" "$T/dup.csv" --before-kernel old --after-kernel new > /dev/null 2> "$T/err"; rc=$?
ok "compare: a duplicate point is FILE:LINE, with the first one's line" \
	all exit_is 2 -- has "$T/err" "^$T/dup.csv:15: duplicate point .*new.*1500.*(first at line 14)"
$R table "$T/dup.csv" > /dev/null 2> "$T/err"; rc=$?
ok "table: a duplicate point is an error too" \
	all exit_is 2 -- has "$T/err" 'dup.csv:15: duplicate point'
cp $D/paired.csv "$T/dups.csv"
{ cat $D/paired-samples.csv; grep '^old,generic,csum,64,0,warm,none,none,1,3,' $D/paired-samples.csv; } > "$T/dups-samples.csv"
$R compare "$T/dups.csv" "$T/dups.csv" --before-kernel old --after-kernel new > /dev/null 2> "$T/err"; rc=$?
ok "compare: a duplicate sample (same point, repeat and round) is an error" \
	all exit_is 2 -- has "$T/err" "^$T/dups-samples.csv:51: duplicate sample .*round 3 (first at line 13)"

# --- long kernel names (path/lib.so:symbol): read whole, labelled apart
x89=$(printf 'x%.0s' $(seq 1 89)) x102=$(printf 'x%.0s' $(seq 1 102))
# longk STEM A B: one interleaved run of kernels A and B at 64 and 1500 B,
# 10 rounds; B is 0.01 cycles/byte faster at 1500 B in every round.
longk() {
	awk -v stem="$1" -v a="$2" -v b="$3" -v cols="$(columns fewest)" -v scols="$(columns samples)" 'BEGIN {
		m = "# run_id: long-1\n# cpu_model: Test CPU 1000\n# order: rounds (test)\n"
		f = stem ".csv"; g = stem "-samples.csv"
		printf "%s%s\n", m, cols > f
		printf "%s%s\n", m, scols > g
		for (k = 0; k < 2; k++)
			for (s = 64; s <= 1500; s += 1436) {
				d = k && s == 1500 ? 0.01 : 0
				c = 1.225 - d
				printf "%s,so,csum,%d,0,warm,none,none,1,10,%.2f,%.4f,%.4f,%.1f\n",
					k ? b : a, s, c * s / 1.5, c, 1 / c, 1000 / c > f
				for (i = 0; i < 10; i++)
					printf "%s,so,csum,%d,0,warm,none,none,1,%d,1,%.4f\n",
						k ? b : a, s, i + 1, 1 + 0.05 * i - d > g
			}
	}'
}
ka=/very/long/dir/$x102/lib.so:csum_a kb=/very/long/dir/$x102/lib.so:csum_b
longk "$T/long131" "$ka" "$kb"
$R table "$T/long131.csv" --metric cpb > "$T/l131.txt" 2>&1; rc=$?
ok "table: a 131-character kernel name is read" \
	all exit_is 0 -- has "$T/l131.txt" '^csum_a  *1.225  *1.225$' -- has "$T/l131.txt" '^csum_b  *1.225  *1.215$'
ok "table: long names shortened to what differs, the prefix said, 72 columns" \
	all width_ok "$T/l131.txt" -- has "$T/l131.txt" 'prefix of every kernel: /very/long/dir/'
longk "$T/long118" "/very/long/dir/$x89/lib.so:csum_a" "/very/long/dir/$x89/lib.so:csum_b"
$R table "$T/long118.csv" --metric cpb > "$T/l118.txt" 2>&1; rc=$?
ok "table: 118-character names from one folder stay apart, 72 columns" \
	all exit_is 0 -- width_ok "$T/l118.txt" -- has "$T/l118.txt" '^csum_a  *1.225' -- has "$T/l118.txt" '^csum_b  *1.225'
$R compare "$T/long131.csv" "$T/long131.csv" --within-process > "$T/lc.txt" 2>&1; rc=$?
ok "compare: long names shortened alike, every line within 72 columns" \
	all exit_is 0 -- \
		width_ok "$T/lc.txt" -- \
		has "$T/lc.txt" '^csum_a  *64 B ' -- \
		has "$T/lc.txt" '^csum_b: no change beyond ±1% at 1500 B, warm' -- \
		has "$T/lc.txt" 'prefix of every kernel: /very/long/dir/'
$R compare "$T/long131.csv" "$T/long131.csv" --before-kernel "$ka" --after-kernel "$kb" --within-process > "$T/lc2.txt" 2>&1; rc=$?
ok "compare two long-named kernels: found, within 72 columns" \
	all exit_is 0 -- width_ok "$T/lc2.txt" -- has "$T/lc2.txt" '^no change beyond ±1% at 1500 B, warm (-0.8%, 97.5% CI'
# Names that differ only in the middle: shortened apart all the same.
longk "$T/mid" "/very/long/dir1/$x89/lib.so:csum" "/very/long/dir2/$x89/lib.so:csum"
$R table "$T/mid.csv" --metric cpb > "$T/mid.txt" 2>&1; rc=$?
ok "table: names that differ in the middle get labels apart, 72 columns" \
	bash -c "[ $rc = 0 ] && width_ok '$T/mid.txt' &&
		[ \"\$(grep -E ' 1\.225  +1\.2(25|15)\$' '$T/mid.txt' | awk '{ print \$1 }' | sort -u | wc -l)\" = 2 ]"

# --- writing standard output can fail
$R table $D/small.csv > /dev/full 2> "$T/err"; rc=$?
ok "table > /dev/full: exit non-zero, says so" \
	all [ "$rc" != 0 ] -- has "$T/err" 'standard output'
$R compare $D/paired.csv $D/paired.csv --within-process --before-kernel old --after-kernel new > /dev/full 2> "$T/err"; rc=$?
ok "compare > /dev/full: exit non-zero, says so" \
	all [ "$rc" != 0 ] -- has "$T/err" 'standard output'

# --- paths with quotes, a dollar and a space; no temporary folder
W="$T/it's \"q\" \$x d"
mkdir -p "$W"
cp $D/small.csv $D/small-samples.csv "$W/"
cp $D/before.csv "$W/be'fore.csv"; cp $D/before-samples.csv "$W/be'fore-samples.csv"
cp $D/after.csv "$W/af\"ter.csv"; cp $D/after-samples.csv "$W/af\"ter-samples.csv"
make -s plot RESULTS="$W/small.csv" > "$T/out" 2>&1; rc=$?
ok "make plot RESULTS= in a folder named with ' \" \$ and a space: figures beside it" \
	bash -c "[ $rc = 0 ] && head -c 4 \"\$1/small-size.png\" | grep -q PNG && grep -q '</svg>' \"\$1/small-prefetch-c64-prefetch.svg\"" _ "$W"
make -s table RESULTS="$W/small.csv" > "$T/wt" 2>&1; rc=$?
$R table $D/small.csv > "$T/wt.want"
ok "make table RESULTS= in such a folder: the warnings line, then the table" \
	all exit_is 0 -- first_is "$T/wt" 'warnings: none -- csumbench show .*' -- \
		bash -c "tail -n +2 \"\$1\" | cmp -s - \"\$2\"" _ "$T/wt" "$T/wt.want"
make -s compare BEFORE="$W/be'fore.csv" AFTER="$W/af\"ter.csv" > "$T/wc" 2>&1; rc=$?
ok "make compare BEFORE= AFTER= named with ' and \": read, inconclusive (1 repeat each), said last" \
	all exit_is 2 -- \
		has "$T/wc" '^c64: -31.2% at 1500 B, warm (95% CI n/a)$' -- \
		has "$T/wc" '^compare: exit 3, inconclusive'
make -s plot RESULTS= BEFORE="$W/be'fore.csv" AFTER="$W/af\"ter.csv" > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER= named with ' and \": the bars" \
	bash -c "[ $rc = 0 ] && grep -q '</svg>' \"\$1/af\\\"ter-vs-be'fore-c64.svg\"" _ "$W"
make -s table RESULTS="$W/small.csv" KERNEL="c64-prefetch" SIZE='1500' BY=cache > "$T/wt" 2>&1; rc=$?
ok "make table with options, RESULTS in such a folder" \
	all exit_is 0 -- has "$T/wt" '1500 B buffers'
mkdir -p "$T/notmp"; cp $D/small.csv $D/small-samples.csv "$T/notmp/"
for f in /vars /points.csv; do [ -e "$f" ] && echo "$f" >> "$T/pre-existing"; done
TMPDIR=/nonexistent plot/figure/plot.sh $R "$T/notmp/small.csv" > "$T/out" 2>&1; rc=$?
ok "plot.sh without a temporary folder: exit non-zero, says so, writes nothing" \
	bash -c "[ $rc != 0 ] && grep -qi 'temporary' '$T/out' && [ \"\$(ls '$T/notmp' | wc -l)\" = 2 ] &&
		for f in /vars /points.csv; do [ ! -e \$f ] || grep -qx \$f '$T/pre-existing' || exit 1; done"

# --- binary data, a byte-order mark, size suffixes
{ head -n 8 $D/small.csv; printf 'word32,generic,csum,64,0,wa\0rm,none\n'; } > "$T/nul.csv"
$R table "$T/nul.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a NUL byte: binary data at FILE:LINE:COLUMN" \
	all exit_is 2 -- has "$T/err" "^$T/nul.csv:9:28: binary data"
{ printf '\357\273\277'; cat $D/small.csv; } > "$T/bom.csv"
$R table "$T/bom.csv" > "$T/bom.txt" 2>&1; rc=$?
$R table $D/small.csv > "$T/nobom.txt"
ok "a UTF-8 byte-order mark is skipped" all exit_is 0 -- cmp -s "$T/bom.txt" "$T/nobom.txt"
{ sed -n '/^#/p;/^kernel,/p' $D/small.csv; grep '^word32,generic,csum,1500,0,' $D/small.csv |
	sed 's/,1500,/,1048576,/'; } > "$T/mib.csv"
$R table "$T/mib.csv" --by cache --size 1M > "$T/mib.txt" 2>&1; rc=$?
ok "table --size 1M: sizes take M (and B, K, G) as csumbench's config does" \
	bash -c "[ $rc = 0 ] && grep -q '1 MiB buffers' '$T/mib.txt' &&
		$R table '$T/mib.csv' --by cache --size 1048576 | cmp -s - '$T/mib.txt' &&
		$R table '$T/mib.csv' --by cache --size 1024K | cmp -s - '$T/mib.txt' &&
		$R table '$T/mib.csv' --by cache --size 1048576B | cmp -s - '$T/mib.txt' &&
		$R table $D/small.csv --by cache --size 1500b > /dev/null"
$R table "$T/mib.csv" --by cache --size 1X > /dev/null 2> "$T/err"; rc=$?
ok "table --size 1X: an error naming the suffixes" \
	all exit_is 2 -- has "$T/err" "size '1X', expected .*B, K, M or G"
$R table "$T/mib.csv" --by cache --size 8G > /dev/null 2> "$T/err"; rc=$?
ok "table --size 8G: too large, not wrapped round" \
	all exit_is 2 -- has "$T/err" "size '8G'"


# --- ops (issue 9): csum, csum_copy and ip_fast_csum in one run, never in
# one table, comparison or figure.  tests/data/fixtures.py works the
# figures of ops.csv out by hand: a 100 MHz timebase, 4 cycles a tick.
# section FILE OP: the lines of OP's part of a table of several ops.
section() {
	awk -v op="$2" '/^op [^ ]*: / { on = ($2 == op ":") } on' "$1"
}
export -f section
# (compared whole once; the checks after it name what ops-table.expected says)
same "table of three ops: exact text" $D/ops-table.expected $R table $D/ops.csv
ok "table of three ops: a table per op, headed with its name, in file order" \
	[ "$(grep '^op ' $D/ops-table.expected | cut -d: -f1 | tr '\n' ' ')" = 'op csum op csum_copy op ip_fast_csum ' ]
section $D/ops-table.expected csum > "$T/s-csum"
section $D/ops-table.expected csum_copy > "$T/s-copy"
section $D/ops-table.expected ip_fast_csum > "$T/s-ip"
ok "table of three ops: each kernel in its op's table only, no pseudo rows" \
	all has "$T/s-csum" '^c64 ' -- \
		lacks_ere "$T/s-csum" '^(copy-|ip-)' -- \
		has "$T/s-copy" '^copy-split ' -- \
		lacks_ere "$T/s-copy" '^(c64|unroll4|ip-)' -- \
		has "$T/s-ip" '^ip-ref ' -- \
		lacks_ere "$T/s-ip" '^(c64|unroll4|copy-)' -- \
		lacks_ere $D/ops-table.expected '^(empty|copy-empty|ip-empty) '
ok "table of three ops: no line over 72 columns" width_ok $D/ops-table.expected
# csum_copy at 1500 B, warm (ticks x 10 ns, x 4 cycles):
#   copy-split min 160 max 181 mean 166.00; copy-c64 134 150 139.00;
#   copy-empty mean 1.84: 18.4 ns, 7.36 cycles.
$R table $D/ops.csv --op csum_copy --size 1500 --cache warm > "$T/copy.txt" 2>&1; rc=$?
ok "csum_copy table: min, max, avg per call in ns and cycles, worked by hand" \
	all exit_is 0 -- \
		has "$T/copy.txt" '^copy-split  *1600\.0  *1810\.0  *1660\.0  *640\.0  *724\.0  *664\.0$' -- \
		has "$T/copy.txt" '^copy-c64  *1340\.0  *1500\.0  *1390\.0  *536\.0  *600\.0  *556\.0$' -- \
		has "$T/copy.txt" '^kernel  *min  *max  *avg  *min  *max  *avg$' -- \
		has "$T/copy.txt" '-- ns --.*-- cycles --'
ok "csum_copy table: the floor (copy-empty's avg) in a footer, not a row" \
	all has "$T/copy.txt" '^floor: copy-empty avg 18\.4 ns, 7\.4 cycles (not taken off)$' -- \
		count_is 5 "$T/copy.txt" '^copy-'
ok "csum_copy table: a prefetching kernel a row per distance, K@D" \
	all has "$T/copy.txt" '^copy-ppc32-dcbt@none  *1025\.0 ' -- has "$T/copy.txt" '^copy-ppc32-dcbt@128  *960\.0 '
ok "csum_copy tables: a block per size and cache state present" \
	all count_is 4 "$T/s-copy" '^Test e300 400 MHz: csum_copy, ' -- \
		has "$T/s-copy" 'csum_copy, 1500 B copied, cold cache' -- \
		lacks "$T/s-copy" 'csum_copy, 32 B copied, cold' -- \
		has "$T/s-copy" 'csum_copy, 1 KiB copied, warm'
# Repeat 2 of copy-split at 1500 B warm: 158, mean 170, 190 ticks at 4.5
# cycles a tick.  Merged: ns 1580 1900 (166 + 170) / 2 x 10 = 1680;
# cycles min(640, 711) = 640, max(724, 855) = 855, (664 + 765) / 2 = 714.5.
{ cat $D/ops.csv; grep '^copy-split,generic,csum_copy,1500,0,warm,' $D/ops.csv |
	awk -F, -v OFS=, '{ $11 = 2; $15 = "158.00"; $16 = "165.00"; $17 = "170.00"; $18 = "190.00"; $23 = "4.5000"; print }'; } > "$T/rep2.csv"
$R table "$T/rep2.csv" --op csum_copy --size 1500 --cache warm > "$T/rep2.txt" 2>&1; rc=$?
ok "csum_copy table over 2 repeats: min of mins, max of maxes, mean; cycles at each repeat's ratio" \
	all exit_is 0 -- \
		has "$T/rep2.txt" '^copy-split  *1580\.0  *1900\.0  *1680\.0  *640\.0  *855\.0  *714\.5$' -- \
		has "$T/rep2.txt" '5 samples x 2 repeats'
# Calls of 7 s (a stuck board): the ns and cycles side by side would pass
# 72 columns, so they come one under the other.
sed 's/,1500,0,cold,\(.*\),600.00,612.00,627.20,700.00,/,1500,0,cold,\1,600000000.00,612.00,627.20,700000000.00,/' \
	$D/ops.csv > "$T/slow.csv"
$R table "$T/slow.csv" --op csum_copy --size 1500 --cache cold > "$T/slow.txt" 2>&1; rc=$?
ok "csum_copy table of wide figures: ns and cycles one under the other, 72 columns" \
	all exit_is 0 -- \
		width_ok "$T/slow.txt" -- \
		has "$T/slow.txt" '^copy-split  *6000000000\.0  *7000000000\.0  *6272\.0$' -- \
		has "$T/slow.txt" '^copy-split  *2400000000\.0  *2800000000\.0  *2508\.8$' -- \
		count_is 2 "$T/slow.txt" '^kernel '
# ip_fast_csum medians in ticks: ip-ref 10.25 11.50 17.25 24.00, so
# 41 46 69 96 cycles and 102.5 115 172.5 240 ns.
$R table $D/ops.csv --op ip_fast_csum > "$T/ip.txt" 2>&1; rc=$?
ok "ip_fast_csum table: cycles per call by default, a column per header length" \
	all exit_is 0 -- \
		has "$T/ip.txt" '^kernel  *20 B  *24 B  *40 B  *60 B$' -- \
		has "$T/ip.txt" '^ip-ref  *41\.0  *46\.0  *69\.0  *96\.0$' -- \
		has "$T/ip.txt" '^ip-adc  *18\.0  *20\.0  *28\.0  *37\.0$' -- \
		has "$T/ip.txt" 'cycles per call' -- \
		has "$T/ip.txt" '^timer: mftb; cycles = ticks x 4\.0000 cycles/tick$' -- \
		width_ok "$T/ip.txt"
make -s table RESULTS=$D/ops.csv METRIC=ticks > "$T/ipt.txt" 2>&1; rc=$?
section "$T/ipt.txt" ip_fast_csum > "$T/ipt-s"
ok "make table METRIC=ticks: ip_fast_csum in timebase ticks, the timer named" \
	all exit_is 0 -- \
		has "$T/ipt-s" '^ip-ref  *10\.25  *11\.50  *17\.25  *24\.00$' -- \
		has "$T/ipt-s" 'mftb ticks per call' -- \
		has "$T/ipt-s" '^timer: mftb (test data' -- \
		lacks "$T/ipt-s" 'NOT the timebase' -- \
		width_ok "$T/ipt.txt"
sed -e 's/^# timer: mftb.*/# timer: clock (clock_gettime(CLOCK_MONOTONIC_RAW) nanoseconds, not cycles)/' \
	-e '/^[a-z]/s/,mftb,/,clock,/' $D/ops.csv > "$T/clock.csv"
$R table "$T/clock.csv" --op ip_fast_csum --metric ticks > "$T/ipc.txt" 2>&1; rc=$?
ok "ip_fast_csum in ticks of a timer that is not a timebase: ticks, and says which timer" \
	all exit_is 0 -- \
		has "$T/ipc.txt" '^ip-ref  *10\.25  *11\.50  *17\.25  *24\.00$' -- \
		has "$T/ipc.txt" 'clock ticks per call' -- \
		has "$T/ipc.txt" 'NOT the timebase or TSC' -- \
		width_ok "$T/ipc.txt"
# The header says what the timer counts (# timer_counts:) and how an op
# reads (# op:); the timer's and op's names no longer decide it.
sed -e 's/^# timer: mftb.*/# timer: tb2 (test data: a timebase of another name)\n# timer_counts: timebase/' \
	-e '/^[a-z]/s/,mftb,/,tb2,/' $D/ops.csv > "$T/tb2.csv"
$R table "$T/tb2.csv" --op ip_fast_csum --metric ticks > "$T/tb2.txt" 2>&1; rc=$?
ok "# timer_counts: timebase: a timer of any name read as a timebase" \
	all [ $rc = 0 ] -- has "$T/tb2.txt" '^timer: tb2 (test data' -- \
	lacks "$T/tb2.txt" 'NOT'
sed -e 's/^# timer: mftb.*/&\n# timer_counts: other/' $D/ops.csv > "$T/tbo.csv"
$R table "$T/tbo.csv" --op ip_fast_csum --metric ticks > "$T/tbo.txt" 2>&1; rc=$?
ok "# timer_counts: other: mftb by name is not taken for a timebase" \
	all [ $rc = 0 ] -- has "$T/tbo.txt" 'core clock); NOT$' -- has "$T/tbo.txt" '^  the timebase or TSC: these are mftb ticks$'
sed -e 's/^# timer: mftb.*/&\n# op: ip_fast_csum|cost=byte|size=frame length|axis=frame bytes|word=frames|about=described by the file/' \
	$D/ops.csv > "$T/opd.csv"
$R table "$T/opd.csv" > "$T/opd.txt" 2>&1; rc=$?
ok "# op: the file's description of an op (its words, cost per byte), not csumreport's copy" \
	all [ $rc = 0 ] -- has "$T/opd.txt" '^op ip_fast_csum: described by the file$' -- \
	has "$T/opd.txt" '^ip_fast_csum kernels by frame length, cycles/byte'
sed -e 's/^# timer: mftb.*/&\n# op: csum|cost=each|size=x|axis=x|word=x|about=x/' \
	$D/ops.csv > "$T/opbad.csv"
$R table "$T/opbad.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a malformed # op: line: exit 2, the file and line named" \
	all exit_is 2 -- stderr_has "opbad.csv:7: op 'csum|cost=each"
$R table $D/ops.csv --op ip_fast_csum --metric ns > "$T/ipn.txt" 2>&1; rc=$?
ok "ip_fast_csum table --metric ns: ticks / tick_hz" \
	all exit_is 0 -- \
		has "$T/ipn.txt" '^ip-ref  *102\.5  *115\.0  *172\.5  *240\.0$' -- \
		has "$T/ipn.txt" 'ns per call' -- \
		has "$T/ipn.txt" 'ns = ticks / 100000000 Hz'
sed '/^# tick_hz/d' $D/ops.csv > "$T/nohz.csv"
$R table "$T/nohz.csv" --metric ns > /dev/null 2> "$T/err"; rc=$?
ok "table --metric ns without tick_hz: an error, not a table of nothing" \
	all exit_is 2 -- has "$T/err" "no '# tick_hz:' line"
$R table $D/ops.csv --op nope > "$T/out" 2> "$T/err"; rc=$?
ok "table --op unknown: exit 2, the ops it has" \
	bash -c "[ $rc = 2 ] && [ ! -s '$T/out' ] &&
		grep -q \"has no op 'nope'; its ops: csum, csum_copy and ip_fast_csum\$\" '$T/err'"
$R table $D/ops.csv --op csum > "$T/only.txt"; rc=$?
ok "table --op csum: that op's table only" \
	all exit_is 0 -- has "$T/only.txt" '^c64 ' -- lacks_ere "$T/only.txt" '^(copy-|ip-)|csum_copy|ip_fast'
$R table $D/ops.csv --kernel copy-split --op ip_fast_csum > /dev/null 2> "$T/err"; rc=$?
ok "table --kernel of another op than --op: an error" \
	all exit_is 2 -- has "$T/err" 'copy-split is a csum_copy kernel, not ip_fast_csum'
sed 's/^# emulated: no/# emulated: yes/' $D/ops.csv > "$T/emu.csv"
$R table "$T/emu.csv" > "$T/emu.txt" 2>&1
ok "emulated run: every table of every op says the timings are not real" \
	bash -c "[ \"\$(grep -c '^EMULATED RUN: these timings are not real' '$T/emu.txt')\" = 6 ] &&
		section '$T/emu.txt' csum_copy | grep -q EMULATED && section '$T/emu.txt' ip_fast_csum | grep -q EMULATED"
# An empty op cell on line 12 (c64 at 1500 B); a kernel under two ops.
sed '12s/,csum,/,,/' $D/ops.csv > "$T/noop.csv"
$R table "$T/noop.csv" > /dev/null 2> "$T/err"; rc=$?
ok "an empty op cell: FILE:LINE, what was expected" \
	all exit_is 2 -- has "$T/err" "^$T/noop.csv:12: op field empty; expected the kernel's op"
sed '12s/,csum,/,csum_copy,/' $D/ops.csv > "$T/twoop.csv"
$R table "$T/twoop.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a kernel under two ops: FILE:LINE of the odd row, the line of the first" \
	all exit_is 2 -- has "$T/err" "^$T/twoop.csv:12: kernel c64 has op csum_copy here but op csum at line 11"
awk -F, -v OFS=, '/^#/ { print; next } { $3 = ""; sub(/,,/, ","); print }' $D/small.csv > "$T/noopcol.csv"
$R table "$T/noopcol.csv" > "$T/noopcol.txt" 2>&1; rc=$?
$R table $D/small.csv > "$T/withop.txt"
ok "a CSV without an op column reads as csum, as before" \
	all exit_is 0 -- has "$T/noopcol.csv" '^kernel,arch,size,' -- cmp -s "$T/withop.txt" "$T/noopcol.txt"

# compare: never across ops
$R compare $D/ops.csv $D/ops.csv --before-kernel copy-split --after-kernel c64 > "$T/out" 2> "$T/err"; rc=$?
ok "compare kernels of two ops: exit 2, says so, prints no table" \
	all exit_is 2 -- \
		[ ! -s "$T/out" ] -- \
		has "$T/err" '^csumreport compare: copy-split is a csum_copy kernel and c64 a csum kernel; expected two kernels of one op$'
$R compare $D/ops.csv $D/small.csv --before-kernel copy-split --after-kernel word32 > /dev/null 2> "$T/err"; rc=$?
ok "compare kernels of two ops from two files: refused too" \
	all exit_is 2 -- has "$T/err" 'copy-split is a csum_copy kernel and word32 a csum kernel'
$R compare $D/ops.csv $D/ops.csv --within-process > "$T/cmpops.txt" 2>&1; rc=$?
section "$T/cmpops.txt" csum > "$T/c-csum"
section "$T/cmpops.txt" csum_copy > "$T/c-copy"
section "$T/cmpops.txt" ip_fast_csum > "$T/c-ip"
ok "compare a run of three ops: a table and summary per op, no op's kernel in another's" \
	all exit_is 0 -- \
		has "$T/cmpops.txt" '^Medians by op; alpha 0.05' -- \
		has "$T/c-csum" '^op csum: cycles per byte, median$' -- \
		has "$T/c-csum" '^c64  ' -- \
		lacks_ere "$T/c-csum" '^(copy-|ip-)' -- \
		has "$T/c-copy" '^op csum_copy: cycles per byte, median$' -- \
		has "$T/c-copy" '^copy-split ' -- \
		lacks_ere "$T/c-copy" '^(c64|unroll4|ip-)' -- \
		has "$T/c-ip" '^op ip_fast_csum: cycles per call, median$' -- \
		has "$T/c-ip" '^ip-ref  *20 B .* 41\.00  *41\.00 ' -- \
		lacks_ere "$T/c-ip" '^(c64|unroll4|copy-)' -- \
		count_is 3 "$T/cmpops.txt" '^Summary:' -- \
		width_ok "$T/cmpops.txt"
# ip-adc against ip-ref at 20 B: 18 / 41 cycles a call, -56.1%.
# (5 rounds: Wilcoxon's p is 0.048 at best, 0.191 for a family of 4, so
# --alpha 0.2)
$R compare $D/ops.csv $D/ops.csv --before-kernel ip-ref --after-kernel ip-adc --alpha 0.2 --within-process > "$T/cmpip.txt" 2>&1; rc=$?
ok "compare two ip_fast_csum kernels: cycles per call" \
	all exit_is 0 -- \
		has "$T/cmpip.txt" '^Cycles/call, median' -- \
		has "$T/cmpip.txt" '^size  *cache  *ip-ref  *ip-adc  *change ' -- \
		has "$T/cmpip.txt" '^20 B  *warm  *41\.00  *18\.00  *-56\.1%  *\[-63\.4,-56\.1\]' -- \
		has "$T/cmpip.txt" 'time per call at 20 B'
$R compare $D/ops.csv $D/ops.csv --op csum_copy --within-process > "$T/cmpcp.txt" 2>&1; rc=$?
ok "compare --op csum_copy: that op only, in cycles per byte" \
	all exit_is 0 -- \
		has "$T/cmpcp.txt" '^Cycles/byte, median' -- \
		has "$T/cmpcp.txt" '^copy-split ' -- \
		lacks_ere "$T/cmpcp.txt" '^(c64|unroll4|ip-)'
$R compare $D/ops.csv $D/ops.csv --op nope > /dev/null 2> "$T/err"; rc=$?
ok "compare --op unknown: exit 2, the ops each side has" \
	all exit_is 2 -- has "$T/err" "neither side has op 'nope'; ops before: csum csum_copy ip_fast_csum"

# figures: one per op, axes of the op
mkdir -p "$T/fig"
cp $D/ops.csv $D/ops-samples.csv "$T/fig/"
make -s plot RESULTS="$T/fig/ops.csv" > "$T/out" 2>&1; rc=$?
ok "make plot of three ops: a size figure per op, PNG and SVG, none of them mixed" \
	bash -c "[ $rc = 0 ] && for o in csum csum_copy ip_fast_csum; do
			head -c 8 '$T/fig/ops-'\$o'-size.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' &&
			grep -q '</svg>' '$T/fig/ops-'\$o'-size.svg' || exit 1; done &&
		[ ! -e '$T/fig/ops-size.png' ] &&
		! grep -Eq '>(copy-|ip-)' '$T/fig/ops-csum-size.svg' &&
		! grep -Eq '>(c64|unroll4|ip-)' '$T/fig/ops-csum_copy-size.svg' &&
		! grep -Eq '>(c64|unroll4|copy-)' '$T/fig/ops-ip_fast_csum-size.svg'"
ok "figures: axes of the op (IPv4 header bytes, cycles per call; bytes copied)" \
	all has "$T/fig/ops-ip_fast_csum-size.svg" 'IPv4 header bytes' -- \
		has "$T/fig/ops-ip_fast_csum-size.svg" 'cycles per call' -- \
		has "$T/fig/ops-csum_copy-size.svg" 'bytes copied' -- \
		has "$T/fig/ops-csum-size.svg" 'buffer size (bytes)'
ok "figures: the csum_copy prefetch figure, none for ops without a prefetching kernel" \
	bash -c "[ -s '$T/fig/ops-csum_copy-prefetch-copy-ppc32-dcbt.png' ] && grep -q 'copy-ppc32-dcbt' '$T/fig/ops-csum_copy-prefetch-copy-ppc32-dcbt.svg' &&
		! ls '$T'/fig/ops-ip_fast_csum-prefetch*.png 2> /dev/null &&
		grep -q 'op ip_fast_csum, has no prefetching kernel' '$T/out'"
mkdir -p "$T/fig1"
cp $D/ops.csv $D/ops-samples.csv "$T/fig1/"
plot/figure/plot.sh $R "$T/fig1/ops.csv" "" "" "" "" "" ip_fast_csum > "$T/out" 2>&1; rc=$?
ok "plot.sh with an OP: that op's figure only, named with it" \
	bash -c "[ $rc = 0 ] && [ -s '$T/fig1/ops-ip_fast_csum-size.svg' ] && [ \"\$(ls '$T/fig1' | grep -c svg)\" = 1 ]"
plot/figure/plot.sh $R "$T/fig1/ops.csv" "" "" "" "" "" nope > "$T/out" 2>&1; rc=$?
ok "plot.sh with an OP the file lacks: exit 2, the ops it has" \
	all exit_is 2 -- has "$T/out" "has no op 'nope'; its ops: csum csum_copy ip_fast_csum"
make -s plot RESULTS= BEFORE="$T/fig/ops.csv" AFTER="$T/fig/ops.csv" > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER= of three ops: bars per op, in its unit" \
	bash -c "[ $rc = 0 ] && for o in c64+unroll4-csum copy-split+copy-c64+copy-ppc32+copy-ppc32-dcbt-csum_copy ip-ref+ip-mainline+ip-adc-ip_fast_csum; do
			[ -s '$T/fig/ops-vs-ops-'\$o'.png' ] || exit 1; done &&
		grep -q 'cycles per call' '$T/fig/ops-vs-ops-ip-ref+ip-mainline+ip-adc-ip_fast_csum.svg' &&
		! grep -q 'ip-ref' '$T/fig/ops-vs-ops-c64+unroll4-csum.svg' &&
		! grep -q 'copy-split' '$T/fig/ops-vs-ops-ip-ref+ip-mainline+ip-adc-ip_fast_csum.svg'"

# --- figures fit to paste (issue 43): the lines KERNEL= asks for, log
# axes with tics to read, distances in bytes, a distance figure per
# prefetching kernel, names safe, EMULATED on top, no load figures
# unasked.  The layout gpvars writes for gnuplot is asserted, not pixels.
# words VARS NAME: the number of words of a gpvars string NAME.
words_of() {
	sed -n "s/^$2 = '\(.*\)'\$/\1/p" "$1" | wc -w
}
$R gpvars $D/small.csv --kernel word32,c64-prefetch@128 --data "$T/kl.csv" > "$T/kl.vars"; rc=$?
ok "gpvars --kernel word32,c64-prefetch@128: two lines, the distance in the legend" \
	all exit_is 0 -- has_line "$T/kl.vars" 'n_lines = 2' -- has_line "$T/kl.vars" "lines\[1\] = 'word32'" -- \
		has_line "$T/kl.vars" "lines\[2\] = 'c64-prefetch @128 B'"
ok "gpvars --kernel K@128: that line's points are at 128 alone, never another distance" \
	bash -c "awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; next }
		\$c[\"line\"] == 2 { n++; if (\$c[\"distance\"] != 128) bad = 1 }
		END { exit bad || n != 4 }' '$T/kl.csv' && ! head -n 1 '$T/kl.csv' | grep -q best"
$R gpvars $D/small.csv --kernel c64-prefetch > "$T/kall.vars"
ok "gpvars --kernel K (prefetching): a line at each distance, none too" \
	all has_line "$T/kall.vars" 'n_lines = 3' -- has_line "$T/kall.vars" "lines\[1\] = 'c64-prefetch @none'" -- \
		has_line "$T/kall.vars" "lines\[3\] = 'c64-prefetch @128 B'"
# six prefetching kernels at 3 distances and word32: 19 lines, past 16
mkdir "$T/many6"
for f in small small-samples; do
	awk -F, -v OFS=, '/^#/ || /^kernel,/ { print; next }
		{ print; if ($1 == "c64-prefetch") for (i = 2; i <= 6; i++) { $1 = "pf" i; print } }' \
		$D/$f.csv > "$T/many6/$f.csv"
done
make -s plot RESULTS="$T/many6/small.csv" > "$T/out" 2>&1; rc=$?
$R gpvars "$T/many6/small.csv" > "$T/many6.vars"
ok "make plot of 19 lines' worth: the prefetching kernels left out of the size figure and named, a distance figure each" \
	all exit_is 0 -- has_line "$T/many6.vars" 'n_lines = 1' -- has_line "$T/many6.vars" 'n_left_out = 6' -- \
		has "$T/many6/small-size.svg" 'not drawn (they prefetch; see their distance figures, or KERNEL=NAME@D): c64-prefetch, pf2, pf3' -- \
		lacks "$T/many6/small-size.svg" ' @[0-9n]' -- \
		bash -c "for k in c64-prefetch pf2 pf3 pf4 pf5 pf6; do [ -s '$T/many6/small-prefetch-'\$k'.png' ] || exit 1; done"
make -s plot RESULTS="$T/many6/small.csv" KERNEL=word32,pf3@64 > "$T/out" 2>&1; rc=$?
ok "make plot KERNEL=word32,pf3@64: a size figure of those lines, named with them" \
	all exit_is 0 -- has "$T/many6/small-size-word32+pf3@64.svg" '>pf3 @64 B<' -- \
		lacks "$T/many6/small-size-word32+pf3@64.svg" '>pf2' -- \
		has "$T/many6/small-size-word32+pf3@64.svg" '@D B: prefetching D bytes ahead'
make -s plot RESULTS="$T/many6/small.csv" KERNEL=nope > "$T/out" 2>&1; rc=$?
make -s plot RESULTS="$T/many6/small.csv" KERNEL=pf3@96 > "$T/out2" 2>&1; rc2=$?
ok "make plot KERNEL= of no kernel, or of a distance it lacks: exit 2, saying what it has, nothing written" \
	all [ $rc = 2 ] -- [ $rc2 = 2 ] -- has "$T/out" "has no kernel 'nope' (KERNEL=); its kernels: word32 c64-prefetch pf2" -- \
		has "$T/out2" "kernel 'pf3' has no prefetch distance '96' (KERNEL=pf3@96); its distances: none 64 128" -- \
		lacks "$T/out" '^wrote' -- lacks "$T/out2" '^wrote'
# log axes: three labelled tics at least, whatever the span past 10x
logcsv() {
	awk -F, -v OFS=, -v a="$2" -v b="$3" '/^#/ { print; next }
		!h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		{ $c["cycles_per_byte"] = $1 == "word32" ? a : b; print }' $D/small.csv > "$1"
}
for span in 0.3:8 1.01:10.2 2.01:20.5 5.01:50.2 0.011:0.5 0.002:90; do
	logcsv "$T/log.csv" "${span%:*}" "${span#*:}"
	$R gpvars "$T/log.csv" --data "$T/log.pts" > "$T/log.vars"
	ok "a log y axis from ${span%:*} to ${span#*:}: three tics at least, all within it" \
		all has_line "$T/log.vars" 'panel_ylog\[1\] = 1' -- \
		bash -c "[ \$(sed -n \"s/^panel_yticks\\[1\\] = '\\(.*\\)'\\\$/\\1/p\" '$T/log.vars' | wc -w) -ge 3 ] &&
			sed -n \"s/^panel_yticks\\[1\\] = '\\(.*\\)'\\\$/\\1/p\" '$T/log.vars' | tr ' ' '\\n' |
			awk -v a=${span%:*} -v b=${span#*:} '\$1 < a * 0.999 || \$1 > b * 1.001 { exit 1 }'"
done
# one size alone: its tic and the powers of 2 about it
awk -F, '/^#/ || /^kernel,/ || $4 == 1500' $D/small.csv > "$T/one1500.csv"
$R gpvars "$T/one1500.csv" --data "$T/one.pts" > "$T/one.vars"
ok "a panel of one size (1500): x tics 1024 1500 2048" \
	has_line "$T/one.vars" "panel_xticks\[1\] = '1024 1500 2048'"
# distances on a numeric axis, none apart
ok "the distance figure's x axis: bytes, none at 0 with its own tic" \
	all has_line "$T/kl.vars" "pf_xticks\[1\] = '0 64 128'" -- has_line "$T/kl.vars" 'pf_has_none\[1\] = 1' -- \
		has_line "$T/kl.vars" 'pf_none_x\[1\] = 0' -- \
		bash -c "awk -F, 'NR > 1 && \$1 == 2 { d[\$6] = 1 } END { exit !(0 in d && 64 in d && 128 in d) }' '$T/kl.csv'"
sed 's/,64,tsc,/,0,tsc,/' $D/small.csv > "$T/d0.csv"
$R gpvars "$T/d0.csv" > "$T/d0.vars" 2>&1
ok "a distance of 0 bytes: none stands apart, below it" \
	all has_line "$T/d0.vars" "pf_xticks\[1\] = '-19.2 0 128'" -- has_line "$T/d0.vars" 'pf_none_x\[1\] = -19.2'
# names from kernels: inside the folder, whatever the name
mkdir -p "$T/safe/in"
for f in small small-samples; do
	awk -F, -v OFS=, '/^#/ || /^kernel,/ { print; next }
		{ print; if ($1 == "c64-prefetch") { $1 = "./my.so:f"; print; $1 = "kernel:csum_partial"; print
			$1 = "../../esc"; print; $1 = "/tmp/abs"; print } }' $D/$f.csv > "$T/safe/in/$f.csv"
done
make -s plot RESULTS="$T/safe/in/small.csv" > "$T/out" 2>&1; rc=$?
ok "distance figures named after kernels ./my.so:f, kernel:csum_partial, ../../esc, /tmp/abs: safe names, inside the folder" \
	all exit_is 0 -- [ -s "$T/safe/in/small-prefetch-._my.so_f.png" ] -- \
		[ -s "$T/safe/in/small-prefetch-kernel_csum_partial.png" ] -- \
		[ -s "$T/safe/in/small-prefetch-.._.._esc.png" ] -- [ -s "$T/safe/in/small-prefetch-_tmp_abs.png" ] -- \
		bash -c "[ \$(ls '$T/safe' | wc -l) = 1 ] && ! ls '$T'/esc* /tmp/abs* 2> /dev/null | grep -q ." -- \
		bash -c "[ \$(grep -c '^wrote $T/safe/in/small-' '$T/out') = \$(grep -c '^wrote' '$T/out') ]"
# EMULATED on a line of its own, the first of every figure's title
mkdir "$T/emu43"
for f in small b; do
	sed 's/^# emulated: no/# emulated: yes/' $D/small.csv > "$T/emu43/$f.csv"
	cp $D/small-samples.csv "$T/emu43/$f-samples.csv"
done
make -s plot RESULTS="$T/emu43/small.csv" > /dev/null 2>&1
make -s plot RESULTS= BEFORE="$T/emu43/b.csv" AFTER="$T/emu43/small.csv" > /dev/null 2>&1; rc=$?
ok "an emulated run's figures (size, distance, change): 'EMULATED: not real timings' the first line of each" \
	bash -c "[ $rc = 0 ] && [ \$(ls '$T'/emu43/*.svg | wc -l) = 3 ] && for f in '$T'/emu43/*.svg; do
		grep -m 1 '<text' \"\$f\" | grep -q '>EMULATED: not real timings<' || exit 1; done"
$R gpvars "$T/emu43/small.csv" > "$T/emu43.vars"
(cd "$T" && ln -sfn "$OLDPWD/plot" plot && gnuplot -e "vars='emu43.vars'" plot/figure/common.gp \
	-e 'print emu_head') > "$T/emu43.head" 2>&1
ok "common.gp: emu_head, the line every title starts with, for an emulated run" \
	grep -qx 'EMULATED: not real timings' "$T/emu43.head"
ok "a run that is not emulated: no EMULATED line" lacks "$T/small-size.svg" EMULATED
ok "an emulated run's distance figure: no MB/s axis at the emulator's pace" \
	all lacks "$T/emu43/small-prefetch-c64-prefetch.svg" 'MB/s at' -- has "$T/small-prefetch-c64-prefetch.svg" 'MB/s at'
# the roofline's op: figures only when asked
mkdir "$T/roof"
for f in small small-samples; do
	awk -F, -v OFS=, '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		{ print; if ($1 == "word32") { $1 = "load-c64"; $c["op"] = "load"; print } }' $D/$f.csv > "$T/roof/$f.csv"
done
make -s plot RESULTS="$T/roof/small.csv" > "$T/out" 2>&1; rc=$?
make -s plot RESULTS="$T/roof/small.csv" OP=load > "$T/out2" 2>&1; rc2=$?
ok "op load (the roofline's loads): no figures unless OP=load" \
	all exit_is 0 -- [ -s "$T/roof/small-csum-size.png" ] -- has "$T/out" 'no figures of op load' -- \
		[ $rc2 = 0 ] -- [ -s "$T/roof/small-load-size.png" ] -- \
		bash -c "! grep '^wrote' '$T/out' | grep -qv -- '-csum-'"
# the change figure's panels: one y scale where their extents are alike
# (above: warm and cold change alike), else each its own, said
mkdir "$T/scale"
for x in "" -samples; do
	cp $D/small$x.csv "$T/scale/b$x.csv"
	awk -F, -v OFS=, '/^#/ { print; next }
		!h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		{ $c["cycles_per_byte"] = sprintf("%.4f", $c["cycles_per_byte"] * ($c["cache"] == "cold" ? 1.5 : 1.05)); print }' \
		$D/small$x.csv > "$T/scale/a$x.csv"
done
make -s plot RESULTS= BEFORE="$T/scale/b.csv" AFTER="$T/scale/a.csv" > "$T/out" 2>&1; rc=$?
ok "the change figure of +5% warm and +50% cold: each panel on its own y scale, its title saying so" \
	all exit_is 0 -- has "$T/scale/a-vs-b-word32+c64-prefetch.svg" '>warm cache (own y scale)<' -- \
		has "$T/scale/a-vs-b-word32+c64-prefetch.svg" '>cold cache (own y scale)<'
ok "the change figure of alike panels: one scale, no panel says own" \
	lacks "$T/crep-after-vs-crep-before-c64.svg" 'own y scale'
# the change figure: the kernels in its name, @D said once
ok "the change figure of K@D bars says once what @D means" \
	bash -c "[ \$(grep -c '@D: prefetching D bytes ahead' '$T/fig2/small-c64-prefetch@128-vs-small-c64-prefetch@none.svg') = 1 ] &&
		! grep -q '@D: prefetching' '$T/crep-after-vs-crep-before-c64.svg'"

# --- workloads (issue 10): load = idle/busy, cache = ring, a size mix.
# workloads.csv is written by tests/data/workloads.py; its figures are
# worked out there (100 MHz timebase, 4 cycles a tick).
same "workload tables: exact text" $D/workloads-table.expected \
	bash -c "$R table $D/workloads.csv --by load; echo; $R table $D/workloads.csv --by rx_prefetch; echo; $R table $D/workloads.csv --metric kb --cache warm"
ok "workload tables: no line over 72 columns" width_ok $D/workloads-table.expected
ok "BY=load: unroll4 at 1500 B busy, max 400 ticks = 4000.0 ns" \
	grep -q '^unroll4  1100.0  1180.0  1130.0  1110.0  4000.0  1400.0$' $D/workloads-table.expected
ok "BY=rx_prefetch: cycles per KB, 320 ticks x 4 / 1500 B x 1024 = 874; next 743" \
	grep -q '^unroll4  *874  *868  *743$' $D/workloads-table.expected
make -s table RESULTS=$D/workloads.csv BY=load SIZE=64 > "$T/wl.txt" 2>&1; rc=$?
ok "make table BY=load SIZE=64" all exit_is 0 -- has "$T/wl.txt" 'floor: empty avg idle 15.0 ns, busy 19.0 ns'
$R table $D/workloads.csv --by load --metric cycles --size 64 > "$T/wlc.txt" 2>&1
ok "BY=load --metric cycles: 9.6 ticks x 4 = 38.4 cycles" \
	all has "$T/wlc.txt" 'idle, cycles' -- has "$T/wlc.txt" '^unroll4  *32.0  *38.4'
mkdir "$T/wfig"
cp $D/workloads.csv "$T/wfig/"
plot/figure/plot.sh $R "$T/wfig/workloads.csv" > "$T/out" 2>&1; rc=$?
ok "make plot of workloads: size, load (whiskers) and rx figures, PNG and SVG" \
	bash -c "[ $rc = 0 ] && for f in size load rx; do
		head -c 8 '$T/wfig/workloads-'\$f'.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' &&
		grep -q '</svg>' '$T/wfig/workloads-'\$f'.svg' || exit 1; done"
mkdir "$T/wemu"
sed 's/^# emulated: no/# emulated: yes/' "$T/wfig/workloads.csv" > "$T/wemu/workloads.csv"
plot/figure/plot.sh $R "$T/wemu/workloads.csv" > /dev/null 2>&1; rc=$?
ok "an emulated run's load and rx figures: 'EMULATED: not real timings' their first line" \
	bash -c "[ $rc = 0 ] && for f in load rx; do
		grep -m 1 '<text' '$T/wemu/workloads-'\$f'.svg' | grep -q '>EMULATED: not real timings<' || exit 1; done"
ok "load figure: a panel per size and cache, idle and busy bars" \
	all has "$T/wfig/workloads-load.svg" '64 B, warm' -- \
		has "$T/wfig/workloads-load.svg" '1500 B, warm' -- \
		has "$T/wfig/workloads-load.svg" '>busy<'
ok "rx figure: the three policies, named as the discussion named them" \
	all has "$T/wfig/workloads-rx.svg" 'next (AGGRESSIVE)' -- has "$T/wfig/workloads-rx.svg" 'current (OBVIOUS)'
$R table $D/workloads.csv --by spread --cache warm > "$T/sp.txt" 2>&1; rc=$?
ok "BY=spread: the mix's spread per call, 44 ticks = 440.0 ns, 46.2 x 4 = 184.8 cycles" \
	all exit_is 0 -- \
		has "$T/sp.txt" 'csum, mix buffers, warm cache' -- \
		has "$T/sp.txt" '^c64 *440.0 *500.0 *462.0 *176.0 *200.0 *184.8$'
sed 's/,busy,none,0,,1,mftb,/,loud,none,0,,1,mftb,/' $D/workloads.csv > "$T/loud.csv"
$R table "$T/loud.csv" > "$T/out" 2>&1; rc=$?
ok "a load that is neither idle nor busy: FILE:LINE, exit 2" \
	all exit_is 2 -- has "$T/out" "^$T/loud.csv:12: load 'loud', expected idle or busy"
sed 's/,csum,mix,/,csum,mixed,/' $D/workloads.csv > "$T/mixed.csv"
$R table "$T/mixed.csv" > "$T/out" 2>&1; rc=$?
ok "a size that is neither a number nor mix: FILE:LINE, exit 2" \
	all exit_is 2 -- has "$T/out" "mixed.csv:[0-9]*: size 'mixed' is not a whole number"
grep -v '^empty' $D/workloads.csv | sed '/,ring,/d' > "$T/nofloor.csv"
$R table "$T/nofloor.csv" --by load > "$T/out" 2>&1; rc=$?
ok "BY=load without floor rows: said so, no crash" \
	all exit_is 0 -- has "$T/out" 'floor: no harness row at this point'

# --- a side compare cannot read: a message and exit 2, never an abort
cp $D/paired.csv "$T/nosamples.csv"
mkdir "$T/good" && cp $D/paired.csv $D/paired-samples.csv "$T/good/"
sed '12s/^\([^,]*\),[^,]*,/\1,/' $D/paired.csv > "$T/shortrow.csv"
cp $D/paired-samples.csv "$T/shortrow-samples.csv"
for bad in "$T/missing.csv" "$T/nosamples.csv" "$T/shortrow.csv"; do
	for side in before after; do
		if [ $side = before ]; then set -- "$bad" "$T/good/paired.csv"; else set -- "$T/good/paired.csv" "$bad"; fi
		$R compare "$@" > /dev/null 2> "$T/err"; rc=$?
		ok "compare with $(basename "$bad") $side: exit 2, the file named, no abort" \
			bash -c "[ $rc = 2 ] && grep -q '$(basename "$bad" .csv)' '$T/err' && ! grep -qi 'free\|abort' '$T/err'"
		make -s plot RESULTS= BEFORE="$1" AFTER="$2" > /dev/null 2> "$T/err"; rc=$?
		ok "make plot BEFORE= AFTER= with $(basename "$bad") $side: exit 2, no abort" \
			bash -c "[ $rc = 2 ] && ! grep -qi 'free\|abort' '$T/err'"
	done
done

# --- nothing a results CSV says runs: every string that reaches gnuplot
# (kernel names, cpu_model, timer, cache, prefetch, op) is data.  Each
# payload would make $T/ran-N if gnuplot ever ran it as code.
hostile=(
	'w`touch RAN`'
	"x'.system(\"touch RAN\").'"
	'y".system("touch RAN")."'
	'z system("touch RAN") @cpu @kernels'
	"q\\'\\\"\\\\ \`touch RAN\`"
)
n=0
for h in "${hostile[@]}"; do
	n=$((n + 1))
	mkdir "$T/h$n"
	pay=${h//RAN/$T/ran-$n}
	for f in small small-samples; do
		P=$pay awk -F, -v OFS=, '
			/^# cpu_model:/ { print "# cpu_model: CPU " ENVIRON["P"]; next }
			/^# timer:/ { print "# timer: tsc " ENVIRON["P"]; next }
			/^#/ || $1 == "kernel" { print; next }
			{ if ($1 == "word32") $1 = "k " ENVIRON["P"]; else $1 = "pf" ENVIRON["P"]
			  if ($6 == "cold") $6 = "cold" ENVIRON["P"]
			  if ($7 == "128") $7 = "128" ENVIRON["P"]
			  print }' $D/$f.csv > "$T/h$n/$f.csv"
	done
	cp "$T/h$n/small.csv" "$T/h$n/b.csv"; cp "$T/h$n/small-samples.csv" "$T/h$n/b-samples.csv"
	make -s plot RESULTS="$T/h$n/small.csv" > "$T/h$n/out" 2>&1; rc=$?
	make -s plot RESULTS= BEFORE="$T/h$n/b.csv" AFTER="$T/h$n/small.csv" >> "$T/h$n/out" 2>&1; rc2=$?
	ok "hostile CSV $n: make plot and BEFORE= AFTER= draw, and nothing in it ran" \
		bash -c "[ $rc = 0 ] && [ $rc2 = 0 ] && [ -s '$T/h$n/small-size.svg' ] && ls '$T/h$n'/small-vs-b-*.svg > /dev/null &&
			[ ! -e '$T/ran-$n' ] && ! ls '$T'/ran-* 2> /dev/null | grep -q ."
	grep -o '>k [^<]*<' "$T/h$n/small-size.svg" | sort -u > "$T/h$n/labels"
	ok "hostile CSV $n: its kernel with a space is one label, as written" \
		bash -c "[ \$(wc -l < '$T/h$n/labels') = 1 ] && grep -qxF -- \">k \$1<\" '$T/h$n/labels'" _ "$pay"
	sed "s/,csum,/,op$pay,/" "$T/h$n/small.csv" > "$T/h$n/op.csv" 2> /dev/null &&
		sed "s/,csum,/,op$pay,/" "$T/h$n/small-samples.csv" > "$T/h$n/op-samples.csv" 2> /dev/null
	make -s plot RESULTS="$T/h$n/op.csv" > /dev/null 2>&1
	ok "hostile CSV $n: an op of that name runs nothing either" [ ! -e "$T/ran-$n" ]
done

mkdir "$T/hw"
P="u'.system(\"touch $T/ran-w\").'\`touch $T/ran-w\`" awk -F, -v OFS=, '
	/^#/ || $1 == "kernel" { print; next }
	$1 == "unroll4" { $1 = "k " ENVIRON["P"] } { print }' $D/workloads.csv > "$T/hw/workloads.csv"
plot/figure/plot.sh $R "$T/hw/workloads.csv" > /dev/null 2>&1; rc=$?
ok "hostile workloads CSV: load and rx figures drawn, their kernel labels ran nothing" \
	all exit_is 0 -- \
		[ -s "$T/hw/workloads-load.svg" ] -- \
		[ -s "$T/hw/workloads-rx.svg" ] -- \
		has "$T/hw/workloads-rx.svg" '>k u' -- \
		[ ! -e "$T/ran-w" ]


# --- a region shorter than the overhead is no time: a row below 0 (as
# older CSVs printed them: an emulated empty point at -103 ticks) or
# with no figures and below_overhead is left out, and said to be; no
# percentage or step count below 0 is made of it.
ks_csv() { # ks_csv NAME EMPTY-ROW EMPTY-SAMPLE PIPELINED-TICKS [below]: a kernel-space CSV, its samples
	local f=$1 empty=$2 es=$3 t=$4 below=${5:-} extra=
	[ -z "$below" ] || extra=,below_overhead
	{ printf '# run_id: %s\n# cpu_model: Test CPU\n# order: rounds (test)\n' "$f"
	  printf '# timer: mftb (test data)\n# emulated: yes\n# tick_hz: 25000000\n# cycles_per_tick: 1\n'
	  echo "$(columns kspace)$extra"
	  echo "$empty"
	  echo "pipelined,module,csum,1500,0,cold,none,none,1,mftb,3,1,$t,$t,$t,$t,1.00,21.00,1.0000,0.6600,0.6500,1.5152,40000.00,37.5,$t${below:+,0}"
	} > "$T/$f.csv"
	{ columns samples
	  for r in 1 2 3; do
		echo "empty,module,csum,1500,0,cold,none,none,1,$r,$es"
		echo "pipelined,module,csum,1500,0,cold,none,none,1,$r,$t,0.6600"
	  done; } > "$T/$f-samples.csv"
}
ks_csv ks-before "empty,module,csum,1500,0,cold,none,none,1,mftb,3,1,18.00,21.00,21.00,24.00,3.00,21.00,1.0000,0.0140,0.0000,71.4286,840.00,1785.7,21.0" 21.00,0.0140 1000.00
ks_csv ks-after "empty,module,csum,1500,0,cold,none,none,1,mftb,3,1,-110.00,-103.00,-103.00,-96.00,7.00,-103.00,1.0000,-0.0687,0.0000,0.0000,-89.57,0.0,-103.0" -103.00,-0.0687 990.00
$R compare "$T/ks-before.csv" "$T/ks-after.csv" > "$T/ks.txt" 2> "$T/ks.err"; rc=$?
ok "compare, a row read below 0 (an older CSV): no percentage or step count below 0, the point said to be left out" \
	bash -c "[ $rc = 3 ] && ! grep -Eq -- '-[0-9.]+ *timer steps|as few as -|-[1-9][0-9]{2,}(\.[0-9]+)?%' '$T/ks.txt' &&
		grep -q pipelined '$T/ks.txt' && tr '\n' ' ' < '$T/ks.txt' | tr -s ' ' |
		grep -q 'warning: left out, a median region shorter than the overhead subtracted (no time): 1 point(s) after' &&
		grep -q 'ks-after.csv:9: empty at 1500 B cold: its median region was shorter than the overhead subtracted' '$T/ks.err'"
$R table "$T/ks-after.csv" --metric cpb > "$T/kst.txt" 2>&1
ok "table of it: no figure below 0" all has "$T/kst.txt" pipelined -- lacks_ere "$T/kst.txt" '(^| )-[0-9]'
ks_csv ks-new "empty,module,csum,1500,0,cold,none,none,1,mftb,3,1,,,,,7.00,,1.0000,,,,,,,3" , 990.00 below
$R compare "$T/ks-before.csv" "$T/ks-new.csv" > "$T/ksn.txt" 2>&1; rc=$?
ok "compare, the harness's row with no figures and below_overhead 3: read, left out, said" \
	bash -c "[ $rc = 3 ] && grep -q pipelined '$T/ksn.txt' && tr '\n' ' ' < '$T/ksn.txt' | tr -s ' ' |
		grep -q 'left out, a median region shorter than the overhead subtracted (no time): 1 point(s) after'"
sed 's/,7.00,,1.0000,,,,,,,3$/,7.00,,1.0000,,,,,,,0/' "$T/ks-new.csv" > "$T/ks-bad.csv"
cp "$T/ks-new-samples.csv" "$T/ks-bad-samples.csv"
$R compare "$T/ks-before.csv" "$T/ks-bad.csv" > /dev/null 2> "$T/err"; rc=$?
ok "an empty ticks_median without below_overhead: an error naming the line" \
	all exit_is 2 -- has "$T/err" 'ks-bad.csv:9: ticks_median field empty'

# Memory that runs out while a CSV is read: a message, exit 1, no abort.
SHIM=build/$(uname -m | sed -e 's/^aarch64$/arm64/')/libtest-fs-shim.so
if [ -f "$SHIM" ]; then
	awk -v cols="$(columns fewest)" 'BEGIN {
		print "# cpu_model: Test CPU 1000"
		print cols
		for (i = 1; i <= 20000; i++)
			printf "k,generic,csum,%d,0,warm,none,none,1,5,100,1,1,1\n", i
	}' > "$T/long.csv"
	SHIM_MALLOC_MAX=$((1 << 20)) LD_PRELOAD=$SHIM $R table "$T/long.csv" > /dev/null 2> "$T/err"; rc=$?
	ok "a CSV read with 1 MiB to allocate at a time: exit 1, out of memory, what for" \
		all exit_is 1 -- has "$T/err" '^csumreport: out of memory: the results CSV read into memory ([0-9]* bytes'
fi

# Sides named by long names (a .so kernel) still fit 72 columns, the
# interval and the star too.
L=/very/long/path/to/a/library/libsomething-long.so:csum_user_block
sed "s#^old,#$L,#" "$D/paired.csv" > "$T/long.csv"
sed "s#^old,#$L,#" "$D/paired-samples.csv" > "$T/long-samples.csv"
$R compare "$T/long.csv" "$T/long.csv" --before-kernel "$L" --after-kernel new > "$T/long.txt" 2>&1
ok "compare, a long before-kernel: the table within 72 columns, the sides named" \
	all width_ok "$T/long.txt" -- has "$T/long.txt" csum_user_block -- has "$T/long.txt" '95% CI'
finish
