#!/usr/bin/env bash
# csumreport recommend on the runs in tests/data/recommend (gen.py writes
# them and works out each answer): exact text, the figures that decide a
# recommendation, the model (Little's law, the cap at the buffer) and its
# flag, the bands, extend the sweep, # prefetch_loop:, 72 columns, clear
# errors.
# usage: tests/recommend.sh CSUMREPORT   (from the top of the tree)
set -u
R=${1:-build/host/csumreport}
D=tests/data/recommend
SUITE=recommend
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# flat FILE: its text on one line, runs of blanks one space (what a
# wrapped line says, wherever it broke)
flat() { tr '\n' ' ' < "$1" | tr -s ' '; }
export -f flat
# flat_has FILE TEXT: flat FILE holds TEXT
flat_has() { flat "$1" | grep -qF -- "$2"; }

# Each case's output is compared whole with its .expected file once
# (same); the checks after it name what that file must say, so that a
# regenerated .expected that loses one fails by name.

# --- (a) 128 B is best at 1500 B cold; no distance helps warm
same "(a): exact text" $D/a.expected $R recommend $D/a.csv
ok "(a): one line of header: kernel, cpu_model, timer" \
	first_is $D/a.expected 'recommend c64-prefetch: Test CPU 1000, timer tsc'
ok "(a): a kernel without distances (c64) is left out" \
	all count_is 1 $D/a.expected '^recommend ' -- lacks $D/a.expected c64,
ok "(a): 1500 B cold: best 128 B, -50.0% against none (0.150 / 0.300), p < 0.001" \
	has_line $D/a.expected "1500 B cold: best 128 B, -50.0% (p<0.001)"
ok "(a): 256 B (0.16) is told apart from 128 B (0.15): nothing within noise" \
	has_line $D/a.expected "  cycles/byte: none 0.300, 128 B 0.150; within noise: no other distance"
ok "(a): 1500 B warm: no distance helps, and none is called best there" \
	all has_line $D/a.expected '1500 B warm: no distance helps (lowest median: 64 B, +0.0%, p=1.000)' -- \
		lacks $D/a.expected '^1500 B warm: best'
ok "(a): model: ceil(12.5 / (0.150 x 64)) = 2 lines = 128 B, agrees: no flag" \
	all count_lines_is 2 $D/a.expected '  model: ceil(12.5 / 9.60) = 2 lines = 128 B' -- \
		lacks $D/a.expected ' \*$' -- \
		lacks $D/a.expected '^\* '
# (a miss shorter than the loop takes a line: one line, not "1 lines")
sed 's/^# miss_latency: 12.5 cycles/# miss_latency: 8.0 cycles/' $D/a.csv > "$T/a1.csv"
cp $D/a-samples.csv "$T/a1-samples.csv"
$R recommend "$T/a1.csv" > "$T/a1" 2>&1
ok "(a) with an 8-cycle miss: ceil(8.0 / 9.60) = 1 line = 64 B, in the singular" \
	all has_line "$T/a1" '  model: ceil(8.0 / 9.60) = 1 line = 64 B' -- lacks "$T/a1" ' 1 lines'
ok "(a): the rate: 128 B's 0.150 at 1500 B cold, the largest cold size, x 64 B" \
	flat_has $D/a.expected 'cold 9.60 cycles per line = 64 B x the lowest cycles/byte at the largest cold size, 1500 B cold (c64-prefetch, prefetch 128 B)'
ok "(a): warm gets a band line of its own before the one to quote" \
	bash -c "tail -n 2 $D/a.expected | head -n 1 | grep -qx 'recommend: 1500 B warm: no distance helps'"
ok "(a): the last line recommends 128 B for 1500 B cold" \
	last_is $D/a.expected 'recommend: 1500 B cold: prefetch 128 B ahead (-50.0%, p<0.001)'
ok "(a): no line over 72 columns" width_ok $D/a.expected

# --- (b) no distance helps anywhere; the miss latency from the rows
same "(b): exact text" $D/b.expected $R recommend $D/b.csv
ok "(b): every point says no distance helps; the last line says so" \
	bash -c "[ \"\$(grep -c ': no distance helps (' $D/b.expected)\" = 5 ] && ! grep -q ': best ' $D/b.expected &&
		tail -n 1 $D/b.expected | grep -qx 'recommend: no distance helps'"
ok "(b): a lower median that is not significant is still no help (-0.7%, p=0.469)" \
	has_line $D/b.expected "1500 B cold: no distance helps (lowest median: 128 B, -0.7%, p=0.469)"
ok "(b): 0.4099 against 0.4100 (-0.02%) reads +0.0%, never -0.0%" \
	all has_line $D/b.expected '64 B warm: no distance helps (lowest median: 256 B, +0.0%, p=0.776)' -- lacks $D/b.expected '-0\.0%'
ok "(b): no miss_latency line: cold - warm per call at 64 B = 128.00 - 26.24" \
	flat_has $D/b.expected 'miss 101.8 cycles (the run has no miss_latency line: cold - warm per call at 64 B, prefetch none)'
ok "(b): the rate of 4 KiB cold, all at 0.280: none's, 17.92 cycles a line" \
	flat_has $D/b.expected 'cold 17.92 cycles per line = 64 B x the lowest cycles/byte at the largest cold size, 4 KiB cold (c64-prefetch, prefetch none)'
ok "(b): model at 64 B: 6 lines = 384 B, but a buffer of one line gets none" \
	bash -c "[ \"\$(flat $D/b.expected | grep -oF 'model: ceil(101.8 / 17.92) = 6 lines = 384 B; a buffer of one line gets no model distance' | wc -l)\" = 2 ]"
ok "(b): model at 1500 B and 4 KiB: 384 B, rounded to 256 B, the nearest measured" \
	count_lines_is 3 $D/b.expected '  model: ceil(101.8 / 17.92) = 6 lines = 384 B, nearest 256 B'
# No cold, cold-read or cold-ring row: the warm loop's rate, said so.
sed 's/,cold,/,after-switch,/' $D/b.csv > "$T/bw.csv"; sed 's/,cold,/,after-switch,/' $D/b-samples.csv > "$T/bw-samples.csv"
sed -i 's/^# cache_line: .*/&\n# miss_latency: 101.8 cycles (test)/' "$T/bw.csv"
$R recommend "$T/bw.csv" > "$T/bw" 2>&1; rc=$?
ok "no cold row: the warm loop's rate, and the model line says so" \
	all exit_is 0 -- \
		flat_has "$T/bw" "no cold, cold-read or cold-ring row in this run, so the loop is Mowry et al.'s: warm none cycles/byte x 64 B" -- \
		lacks "$T/bw" Little -- \
		width_ok "$T/bw"
ok "no cold row: at 1500 B the warm loop, 7.68: 14 lines = 896 B, nearest 256 B" \
	bash -c "[ \"\$(grep -cx '  model: ceil(101.8 / 7.68) = 14 lines = 896 B, nearest 256 B' '$T/bw')\" = 3 ] &&
		[ \"\$(flat '$T/bw' | grep -oF 'model: ceil(101.8 / 26.24) = 4 lines = 256 B; a buffer of one line gets no model distance' | wc -l)\" = 2 ]"
ok "no cold row: 4 KiB has no warm point: the loop time of 1500 B, and it says so" \
	has_line "$T/bw" "    loop time of 1500 B warm: no warm point at 4 KiB"
ok "(b): no point helps, so no flag" lacks $D/b.expected ' \*$'
ok "(b): no line over 72 columns" width_ok $D/b.expected

# --- (c) the model disagrees: flagged, with a footnote
same "(c): exact text" $D/c.expected $R recommend $D/c.csv
ok "(c): best 128 B; 192 B within noise of it (p=0.717)" \
	all has_line $D/c.expected '1500 B cold: best 128 B, -50.0% (p<0.001)' -- \
		has_line $D/c.expected '  cycles/byte: none 0.300, 128 B 0.150; within noise: 192 B'
ok "(c): model ceil(50.0 / 9.60) = 6 lines = 384 B, nearest 256 B (of 256, 512), flagged" \
	has_line $D/c.expected "  model: ceil(50.0 / 9.60) = 6 lines = 384 B, nearest 256 B *"
ok "(c): only the point where a distance helps is flagged; a footnote says why" \
	all count_is 1 $D/c.expected ' \*$' -- \
		has $D/c.expected '^\* model and measurement disagree: the model.s distance, rounded'
ok "(c): 128 B costs 2.5% more than none warm: said before the recommendation" \
	has_line $D/c.expected "note: 128 B costs more than none at 1500 B warm (+2.5%, p=0.003)"
ok "(c): 128 B (-50.0%) over 192 B (-49.8%), both of which help" \
	last_is $D/c.expected 'recommend: 1500 B cold: prefetch 128 B ahead (-50.0%, p<0.001)'
ok "(c): no line over 72 columns" width_ok $D/c.expected

# --- (f) bands: the run whose one recommendation, 512 B, cost 76% more
# than none at 64 KiB cold; Little's law, the cap at the buffer
same "(f): exact text" $D/f.expected $R recommend $D/f.csv
ok "(f): the rate: 256 B's 0.1125 at 64 KiB cold x 64 B, not cold-read's larger size" \
	flat_has $D/f.expected 'cold 7.20 cycles per line = 64 B x the lowest cycles/byte at the largest cold size, 64 KiB cold (c64-prefetch, prefetch 256 B): a bandwidth-bound rate, so it already holds the misses the core keeps in flight'
ok "(f): Little's law at 64 KiB: ceil(570.0 / 7.20) = 80 lines = 5120 B, as it is" \
	count_lines_is 3 $D/f.expected '  model: ceil(570.0 / 7.20) = 80 lines = 5120 B, nearest 512 B'
ok "(f): capped by the buffer: 7 lines at 512 B, 23 at 1500 B, 63 at 4 KiB" \
	bash -c "flat $D/f.expected | grep -qF 'model: ceil(570.0 / 7.20) = 80 lines = 5120 B, capped by the buffer: 7 lines = 448 B, nearest 512 B *' &&
		[ \"\$(flat $D/f.expected | grep -oF 'model: ceil(570.0 / 7.20) = 80 lines = 5120 B, capped by the buffer: 23 lines = 1472 B, nearest 512 B ' | wc -l)\" = 2 ] &&
		flat $D/f.expected | grep -qF 'model: ceil(570.0 / 7.20) = 80 lines = 5120 B, capped by the buffer: 63 lines = 4032 B, nearest 512 B '"
ok "(f): 4 KiB cold: the best, 512 B, is the largest swept: extend the sweep, there only" \
	bash -c "sed -n '/^4 KiB cold:/,/^  model/p' $D/f.expected | grep -qx '  extend the sweep: the best, 512 B, is the largest distance swept' &&
		[ \"\$(grep -c 'extend the sweep' $D/f.expected)\" = 1 ]"
ok "(f): 512 B, +76.3% at 64 KiB cold, is said, and recommended for no band holding 64 KiB" \
	bash -c "has_line $D/f.expected 'note: 512 B costs more than none at 64 KiB cold (+76.3%, p<0.001)' &&
		has_line $D/f.expected 'recommend: 64 KiB cold: no distance helps' &&
		! flat $D/f.expected | grep -q 'recommend: [^:]*64 KiB cold: prefetch' &&
		! grep -qx 'recommend: prefetch 512 B ahead.*' $D/f.expected"
ok "(f): a band per run of sizes: 512 B cold 256 B, 1500 B .. 4 KiB cold 512 B" \
	all has_line "$D/f.expected" 'recommend: 512 B cold: prefetch 256 B ahead (-20.0%, p<0.001)' -- \
		flat_has "$D/f.expected" 'recommend: 1500 B .. 4 KiB cold: prefetch 512 B ahead (4 KiB: -28.0%, p<0.001)'
ok "(f): where no distance helps first, the bands that help last" \
	bash -c "[ \"\$(grep '^recommend: ' $D/f.expected | sed 's/ (.*//' | tr '\n' '|')\" = 'recommend: 64 KiB cold: no distance helps|recommend: 1500 B .. 64 KiB warm: no distance helps|recommend: 256 KiB cold-read: no distance helps|recommend: 512 B cold: prefetch 256 B ahead|recommend: 1500 B .. 4 KiB cold: prefetch 512 B ahead|' ]"
ok "(f): no line over 72 columns" width_ok $D/f.expected

# --- (g) # prefetch_loop: at a size shorter than one iteration of the
# loop that prefetches, the prefetch never runs: no verdict
same "(g): exact text" $D/g.expected $R recommend $D/g.csv
ok "(g): 64 B warm (128 B at -18.3%): shorter than one iteration (128 B), never runs" \
	all flat_has $D/g.expected '64 B warm: shorter than one iteration of the prefetching loop (128 B): the prefetch never runs' -- \
		flat_has $D/g.expected '64 B cold-read: shorter than one iteration of the prefetching loop (128 B): the prefetch never runs' -- \
		lacks $D/g.expected '^64 B .*: best' -- \
		lacks $D/g.expected '^64 B .*no distance helps'
ok "(g): no verdict, no model, no note at 64 B (128 B +5.0% at 64 B cold-read)" \
	bash -c "[ \"\$(sed -n '/^64 B warm/,/^1500 B warm/p' $D/g.expected | grep -c 'model:')\" = 0 ] &&
		! grep -q '^note:' $D/g.expected &&
		flat $D/g.expected | grep -qF 'recommend: 64 B warm: no verdict, shorter than one iteration of the prefetching loop (128 B)'"
ok "(g): no band takes in 64 B: 1500 B .. 4 KiB cold-read, 128 B, last" \
	bash -c "tail -n 2 $D/g.expected | tr '\n' ' ' | tr -s ' ' | grep -qx 'recommend: 1500 B .. 4 KiB cold-read: prefetch 128 B ahead (1500 B: -33.3%, p<0.001) '"
ok "(g): best 128 B, the smallest swept and over a line: extend the sweep, twice" \
	count_lines_is 2 $D/g.expected '  extend the sweep: the best, 128 B, is the smallest distance swept'
ok "(g): no cold row: the rate is cold-read's, 4 KiB 128 B 0.210 x 64 B = 13.44" \
	all flat_has $D/g.expected 'cold 13.44 cycles per line = 64 B x the lowest cycles/byte at the largest cold size, 4 KiB cold-read (avx2-prefetch, prefetch 128 B)' -- \
		count_lines_is 3 $D/g.expected '  model: ceil(30.0 / 13.44) = 3 lines = 192 B, nearest 128 B'
ok "(g): no line over 72 columns" width_ok $D/g.expected
sed 's/,cold-read,/,cold-ring,/' $D/g.csv > "$T/gr.csv"; sed 's/,cold-read,/,cold-ring,/' $D/g-samples.csv > "$T/gr-samples.csv"
$R recommend "$T/gr.csv" > "$T/gr" 2>&1; rc=$?
ok "no cold or cold-read row: the rate is cold-ring's" \
	all exit_is 0 -- flat_has "$T/gr" 'at the largest cold size, 4 KiB cold-ring (avx2-prefetch, prefetch 128 B)'
sed '/^# prefetch_loop:/d' $D/g.csv > "$T/gn.csv"; cp $D/g-samples.csv "$T/gn-samples.csv"
$R recommend "$T/gn.csv" > "$T/gn" 2>&1; rc=$?
ok "no # prefetch_loop: line: no such check, nothing said of it" \
	all exit_is 0 -- \
		has_line "$T/gn" '64 B warm: best 128 B, -18.3% (p<0.001)' -- \
		lacks "$T/gn" iteration

# --- a gain below compare's 1% threshold is never recommended.  A run
# made here: 16 rounds, each sample its point's cycles/byte plus an
# offset of +-1..8 x 0.0001 (each point's own order: the median is the
# point's), so every per-round difference has the sign of the points'.
# gen_run FILE SIZE:PREFETCH:CPB...: the results CSV and its samples
gen_run() {
	local f=$1; shift
	awk -v pts="$*" -v stem="${f%.csv}" -v cols="$(columns points)" -v scols="$(columns samples)" 'BEGIN {
		meta = "# csumbench: test-data\n# run_id: test-threshold\n# cpu_model: Test CPU 1000\n" \
			"# order: rounds (test)\n# timer: tsc (test data)\n# tick_hz: 2000000000 (test)\n" \
			"# cycles_per_tick: 1.5000\n# emulated: no\n# cache_line: 64 (test)\n" \
			"# miss_latency: 12.5 cycles (test)\n"
		n = split(pts, p, " ")
		out = stem ".csv"; sout = stem "-samples.csv"
		printf "%s%s\n", meta, cols > out
		printf "%s%s\n", meta, scols > sout
		for (k = 1; k <= n; k++) {
			split(p[k], f, ":"); size = f[1]; pf = f[2]; cpb = f[3]
			t = cpb * size / 1.5
			printf "c64-prefetch,generic,csum,%d,0,cold,%s,none,0,,1,tsc,16,1,%.2f,%.2f,%.2f,%.2f,0.00,0.00,0,0.00,1.5000,%.4f,%.4f,%.4f,%.2f,%.1f\n",
				size, pf, t, t, t, t, cpb, cpb, 1 / cpb, t / 2, size / (t / 2) * 1000 >> out
			for (r = 1; r <= 16; r++) {
				j = (r * 5 + k) % 16; off = (j < 8 ? j - 8 : j - 7) * 0.0001
				printf "c64-prefetch,generic,csum,%d,0,cold,%s,none,1,%d,%.2f,%.6f\n",
					size, pf, r, (cpb + off) * size / 1.5, cpb + off >> sout
			}
		}
	}'
}
# 1500 B cold: 192 B is the best, 0.8% under none, every round
gen_run "$T/small.csv" 1500:none:0.3000 1500:128:0.2990 1500:192:0.2976
$R recommend "$T/small.csv" > "$T/small" 2>&1; rc=$?
ok "a best 0.8% faster than none, every round (p<0.001): not recommended, the best named" \
	bash -c "[ $rc = 0 ] && flat '$T/small' | grep -qF '1500 B cold: no distance beats none by more than 1% (best 192 B, -0.8%, p<0.001) cycles/byte: none 0.300, 192 B 0.298 ' &&
		flat '$T/small' | grep -q 'recommend: no distance beats none by more than 1% (the best: 192 B at 1500 B cold, -0.8%, p<0.001) \$' &&
		! grep -q 'prefetch 192 B ahead' '$T/small' && width_ok '$T/small'"
# and beside a size where a distance helps: a band line of its own
gen_run "$T/mixed.csv" 576:none:0.4000 576:128:0.3000 576:192:0.3900 \
	1500:none:0.3000 1500:128:0.2990 1500:192:0.2976
$R recommend "$T/mixed.csv" > "$T/mixed" 2>&1; rc=$?
ok "576 B helped by 128 B (-25%), 1500 B by no distance beyond 1%: each said" \
	all exit_is 0 -- \
		has_line "$T/mixed" 'recommend: 576 B cold: prefetch 128 B ahead (-25.0%, p<0.001)' -- \
		flat_has "$T/mixed" 'recommend: 1500 B cold: no distance beats none by more than 1% (the best: 192 B, -0.8%, p<0.001)' -- \
		lacks "$T/mixed" 'recommend: 576 B .. 1500 B' -- \
		width_ok "$T/mixed"
# 1.2% is beyond the threshold: recommended
gen_run "$T/over.csv" 1500:none:0.3000 1500:192:0.2964
$R recommend "$T/over.csv" > "$T/over" 2>&1
ok "a best 1.2% faster than none: recommended" \
	last_is "$T/over" 'recommend: 1500 B cold: prefetch 192 B ahead (-1.2%, p<0.001)'

# --- (d) no prefetching kernel; (e) a malformed row
$R recommend $D/d.csv > "$T/out" 2> "$T/err"; rc=$?
ok "(d): no prefetching kernel: exit 2, names the file, prints nothing" \
	all exit_is 2 -- \
		[ ! -s "$T/out" ] -- \
		has "$T/err" "^csumreport recommend: $D/d.csv has no prefetching kernel"
$R recommend $D/e.csv > "$T/out" 2> "$T/err"; rc=$?
ok "(e): a short row: FILE:LINE, exit 2, nothing on stdout" \
	all exit_is 2 -- \
		[ ! -s "$T/out" ] -- \
		has_line "$T/err" "$D/e.csv:13: 27 fields, expected 28 as in the header"

# --- more bad input: the line at fault, exit 2
bad() { # bad NAME FILE PATTERN: exit 2 and stderr matches
	local name=$1 f=$2 pat=$3 rc
	$R recommend "$f" > "$T/out" 2> "$T/err"; rc=$?
	ok "$name" bash -c "[ $rc = 2 ] && [ ! -s '$T/out' ] && grep -q -- \"\$1\" '$T/err'" _ "$pat"
}
sed 's/^# miss_latency: .*/# miss_latency: about 12 cycles/' $D/a.csv > "$T/m1.csv"
bad "miss_latency not a number: FILE:LINE" "$T/m1.csv" "m1.csv:10: miss_latency 'about 12 cycles'"
sed 's/^# miss_latency: .*/# miss_latency: 12.5 ticks/' $D/a.csv > "$T/m2.csv"
bad "miss_latency in ticks, not cycles: FILE:LINE" "$T/m2.csv" "m2.csv:10: miss_latency '12.5 ticks', expected"
sed 's/^# cache_line: .*/# cache_line: -64 (x)/' $D/a.csv > "$T/l1.csv"
bad "cache_line not a whole number: FILE:LINE" "$T/l1.csv" "l1.csv:9: cache_line '-64 (x)'"
sed 's/,cold,64,none,0,,1,/,cold,sixty,none,0,,1,/' $D/a.csv > "$T/pf.csv"
bad "a prefetch neither none nor bytes: FILE:LINE" "$T/pf.csv" "pf.csv:13: prefetch 'sixty', expected none or a distance"
cp $D/a.csv "$T/s.csv"; sed '14s/,1,3,/,1,/' $D/a-samples.csv > "$T/s-samples.csv"
bad "a short row in the samples file: its FILE:LINE" "$T/s.csv" "s-samples.csv:14: 11 fields, expected 12"
{ head -n 12 $D/a.csv; printf 'c64-prefetch,generic,csum,1500,0,co\0ld\n'; } > "$T/nul.csv"
bad "a NUL byte: FILE:LINE:COLUMN" "$T/nul.csv" "nul.csv:13:36: binary data"
: > "$T/empty.csv"
bad "an empty file" "$T/empty.csv" "empty.csv: no header line"
bad "a file that is not there" "$T/nope.csv" "nope.csv: cannot open"

sed 's/^# prefetch_loop: avx2-prefetch 128$/# prefetch_loop: avx2-prefetch/' $D/g.csv > "$T/pl1.csv"
bad "prefetch_loop without the bytes: FILE:LINE, what was expected" "$T/pl1.csv" \
	"pl1.csv:10: prefetch_loop 'avx2-prefetch', expected 'KERNEL BYTES'"
sed 's/^# prefetch_loop: avx2-prefetch 128$/# prefetch_loop: avx2-prefetch 128 B/' $D/g.csv > "$T/pl2.csv"
bad "prefetch_loop with a unit after the bytes: FILE:LINE" "$T/pl2.csv" \
	"pl2.csv:10: prefetch_loop 'avx2-prefetch 128 B', expected 'KERNEL BYTES'"
sed 's/^# prefetch_loop: c64-prefetch 64$/# prefetch_loop: c64-prefetch 0/' $D/g.csv > "$T/pl3.csv"
bad "prefetch_loop of 0 bytes: FILE:LINE" "$T/pl3.csv" \
	"pl3.csv:11: prefetch_loop 'c64-prefetch 0', expected 'KERNEL BYTES' (.* a whole number from 1)"
sed 's/^# prefetch_loop: c64-prefetch 64$/# prefetch_loop: avx2-prefetch 256/' $D/g.csv > "$T/pl4.csv"
bad "two prefetch_loop lines for a kernel that differ: both lines" "$T/pl4.csv" \
	"pl4.csv:11: prefetch_loop of avx2-prefetch: 256 bytes, but 128 at line 10"

# --- without a samples file: the repeats, said so
cp $D/a.csv "$T/nos.csv"
$R recommend "$T/nos.csv" > "$T/nos" 2>&1; rc=$?
ok "no samples file: says so, 1 repeat: nothing tested, nothing recommended" \
	all exit_is 0 -- \
		has "$T/nos" '^no samples file (.*nos-samples.csv): the repeats' -- \
		has "$T/nos" '^test: none' -- \
		has_line "$T/nos" '1500 B cold: not tested (lowest median: 128 B, -50.0%)' -- \
		last_is "$T/nos" 'recommend: no distance shown to help (2 of 2 points not tested)' -- \
		width_ok "$T/nos"
# Three repeats, no samples: Welch's t on the per-repeat figures.
awk -F, -v OFS=, '/^#/ || /^kernel/ { print; next }
	{ c = $24; for (r = 1; r <= 3; r++) { $11 = r; $24 = sprintf("%.4f", c * (1 + 0.01 * (r - 2))); print } }' \
	$D/a.csv > "$T/rep.csv"
$R recommend "$T/rep.csv" > "$T/rep" 2>&1; rc=$?
ok "no samples file, 3 repeats: Welch's t, 128 B recommended" \
	bash -c "[ $rc = 0 ] && grep -q '^test: Welch' '$T/rep' && grep -q 'each point.s 3 repeats' '$T/rep' &&
		grep -qx '1500 B cold: best 128 B, -50.0% (p<0.001)' '$T/rep' &&
		tail -n 1 '$T/rep' | grep -q '^recommend: 1500 B cold: prefetch 128 B ahead'"
sed 's/^# miss_latency: .*/# miss_latency: nan cycles (not measured)/' $D/a.csv > "$T/nan.csv"
cp $D/a-samples.csv "$T/nan-samples.csv"
$R recommend "$T/nan.csv" > "$T/nan" 2>&1; rc=$?
ok "miss_latency: nan cycles reads as no miss_latency line, not an error" \
	all exit_is 0 -- count_lines_is 2 "$T/nan" '  model: no miss latency in this run'
# today's files: the numbers alone, where they come from on lines of
# their own; read as the words-after form above
sed -e 's/^# miss_latency: \([0-9.]*\) cycles .*/# miss_latency: \1/' \
	-e 's/^# cache_line: \([0-9]*\) .*/# cache_line: \1\n# cache_line_source: test/' \
	$D/a.csv > "$T/bare.csv"
cp $D/a-samples.csv "$T/bare-samples.csv"
$R recommend "$T/bare.csv" > "$T/bare" 2>&1; rc=$?
$R recommend $D/a.csv 2>&1 | sed 's|[^ ]*/a\.csv|FILE|g' > "$T/bare.want"
ok "cache_line and miss_latency as numbers alone: the same recommendation" \
	all exit_is 0 -- has_line "$T/bare.csv" '# miss_latency: 12.5' -- \
		[ "$(sed 's|[^ ]*/bare\.csv|FILE|g' "$T/bare")" = "$(cat "$T/bare.want")" ]
sed '/^# miss_latency/d' $D/a.csv > "$T/nm.csv"; cp $D/a-samples.csv "$T/nm-samples.csv"
$R recommend "$T/nm.csv" > "$T/nm" 2>&1; rc=$?
ok "no miss_latency and no point of two lines or less: model: no miss latency in this run" \
	bash -c "[ $rc = 0 ] && [ \"\$(grep -cx '  model: no miss latency in this run' '$T/nm')\" = 2 ] &&
		tail -n 1 '$T/nm' | grep -q '^recommend: 1500 B cold: prefetch 128 B ahead'"

# --- several prefetching kernels: each in turn; --kernel, --op.  (c)'s
# run with (a)'s kernels added, c64-prefetch renamed unroll4-dcbt: under
# (c)'s miss of 50 cycles and its own rate (9.60) its model says 384 B,
# nearest 256 B (it has no 512 B): flagged.
{ cat $D/c.csv; grep '^c64-prefetch,' $D/a.csv | sed 's/^c64-prefetch,/unroll4-dcbt,/'
  grep '^c64,' $D/a.csv; } > "$T/two.csv"
{ cat $D/c-samples.csv; grep '^c64-prefetch,' $D/a-samples.csv | sed 's/^c64-prefetch,/unroll4-dcbt,/'
  grep '^c64,' $D/a-samples.csv; } > "$T/two-samples.csv"
$R recommend "$T/two.csv" > "$T/two" 2>&1; rc=$?
ok "two prefetching kernels: a block each, its own header and last line" \
	all exit_is 0 -- \
		count_is 1 "$T/two" '^recommend c64-prefetch: ' -- \
		count_is 1 "$T/two" '^recommend unroll4-dcbt: ' -- \
		count_is 2 "$T/two" '^recommend: 1500 B cold: prefetch 128 B ahead' -- \
		count_is 1 "$T/two" '^$' -- \
		width_ok "$T/two"
ok "two kernels: each block as the kernel alone gives it (one run's test)" \
	bash -c "sed -n '1,/^\$/p' '$T/two' | sed '\$d' | cmp -s - $D/c.expected"
$R recommend "$T/two.csv" --kernel unroll4-dcbt > "$T/one" 2>&1; rc=$?
ok "--kernel unroll4-dcbt: that kernel only, 6 lines = 384 B, nearest 256 B, flagged" \
	bash -c "[ $rc = 0 ] && [ \"\$(grep -c '^recommend ' '$T/one')\" = 1 ] && grep -q '^recommend unroll4-dcbt: ' '$T/one' &&
		[ \"\$(grep -cx '  model: ceil(50.0 / 9.60) = 6 lines = 384 B, nearest 256 B \*' '$T/one')\" = 1 ] &&
		flat '$T/one' | grep -qF 'at the largest cold size, 1500 B cold (unroll4-dcbt, prefetch 128 B)' &&
		tail -n 1 '$T/one' | grep -qx 'recommend: 1500 B cold: prefetch 128 B ahead (-50.0%, p<0.001)'"
$R recommend "$T/two.csv" --kernel nope > "$T/out" 2> "$T/err"; rc=$?
ok "--kernel unknown: exit 2, the prefetching kernels listed" \
	all exit_is 2 -- stderr_has "has no kernel 'nope'; its prefetching kernels: c64-prefetch unroll4-dcbt\$"
$R recommend "$T/two.csv" --kernel c64 > "$T/out" 2> "$T/err"; rc=$?
ok "--kernel of a kernel without distances: exit 2, says so" \
	all exit_is 2 -- stderr_has "has no prefetching kernel 'c64'; its prefetching kernels:"
$R recommend "$T/two.csv" --op ip_fast_csum > "$T/out" 2> "$T/err"; rc=$?
ok "--op the file lacks: exit 2, its ops" \
	all exit_is 2 -- stderr_has "has no op 'ip_fast_csum'; its ops: csum\$"
$R recommend "$T/two.csv" --op csum --kernel c64-prefetch > "$T/op" 2>&1; rc=$?
ok "--op csum --kernel c64-prefetch" all exit_is 0 -- cmp -s "$T/op" "$D/c.expected"

# --- long names: a one-line header all the same, every line in 72 columns
x90=$(printf 'x%.0s' $(seq 1 90))
L=/very/long/dir/$x90/lib.so:csum_pf
sed -e "s|^c64-prefetch,|$L,|" \
	-e 's|^# cpu_model: .*|# cpu_model: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz, a long name|' \
	$D/c.csv > "$T/long.csv"
sed "s|^c64-prefetch,|$L,|" $D/c-samples.csv > "$T/long-samples.csv"
$R recommend "$T/long.csv" > "$T/long" 2>&1; rc=$?
ok "a 131-character kernel and a long cpu_model: 72 columns, the full names below" \
	bash -c "[ $rc = 0 ] && width_ok '$T/long' && head -n 1 '$T/long' | grep -q '^recommend \.\.\..*lib.so:csum_pf: Intel(R) Xeon.*, timer tsc\$' &&
		grep -q '^kernel: /very/long/dir/' '$T/long' && grep -q '^cpu_model: Intel' '$T/long' &&
		tail -n 1 '$T/long' | grep -q '^recommend: 1500 B cold: prefetch 128 B ahead'"

# --- the make target, --help, a full disk
make -s recommend RESULTS=$D/a.csv > "$T/mk" 2>&1; rc=$?
ok "make recommend RESULTS=" all exit_is 0 -- cmp -s "$T/mk" "$D/a.expected"
make -s recommend RESULTS="$T/two.csv" KERNEL=unroll4-dcbt > "$T/mk" 2>&1; rc=$?
ok "make recommend RESULTS= KERNEL=" all exit_is 0 -- cmp -s "$T/mk" "$T/one"
make -s recommend RESULTS= > "$T/mk" 2>&1; rc=$?
ok "make recommend without a results CSV: exit 2, says so" \
	all [ "$rc" != 0 ] -- has "$T/mk" 'make recommend: no results CSV'
$R recommend --help > "$T/help" 2>&1; rc=$?
ok "recommend --help: exit 0, usage in 72 columns" \
	all exit_is 0 -- has "$T/help" '^usage: csumreport recommend RESULTS.csv' -- width_ok "$T/help"
$R recommend $D/a.csv > /dev/full 2> "$T/err"; rc=$?
ok "recommend > /dev/full: exit non-zero, says so" \
	all [ "$rc" != 0 ] -- has "$T/err" 'standard output'
ok "every expected output within 72 columns" \
	bash -c "for f in $D/*.expected; do width_ok \"\$f\" || exit 1; done"

finish
