#!/usr/bin/env bash
# Tables, comparisons and figures from the CSVs in tests/data: exact text,
# significance known both ways, valid PNG and SVG, clear errors for bad
# input.  usage: tests/plot.sh   (from the top of the tree)
set -u
R=build/host/csumreport
D=tests/data
SUITE=plot
. "$(dirname "$0")/lib.sh"
same() { # same NAME EXPECTED-FILE COMMAND...
	local name=$1 want=$2; shift 2
	if "$@" > "$T/got" 2>&1 && diff -u "$want" "$T/got" > "$T/diff"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL plot: $name"; cat "$T/diff"
	fi
}
width_ok() { ! awk 'length > 72 { print FILENAME ":" FNR ": " length " columns"; bad = 1 } END { exit !bad }' "$1"; }

# --- tables: exact text, 72 columns
same "table: exact text" $D/small-table.expected \
	bash -c "$R table $D/small.csv; echo; $R table $D/small.csv --metric cpb --by cache --size 1500"
ok "table: no line over 72 columns" width_ok $D/small-table.expected
make -s table RESULTS=$D/small.csv METRIC=bpc KERNEL=word32 > "$T/t2"
ok "make table METRIC=bpc KERNEL=word32: rows are kernels" \
	bash -c "grep -q '^word32 *1.226 *2.451\$' '$T/t2' && grep -q '^c64-prefetch *2.451 *4.902\$' '$T/t2'"
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
same "compare: exact text, one interleaved run" $D/compare-paired.expected \
	$R compare $D/paired.csv $D/paired.csv --before-kernel old --after-kernel new
$R compare $D/paired.csv $D/paired.csv --before-kernel old --after-kernel new > "$T/paired"
ok "compare, one run: paired by round, a 1% change under 45% drift is found (p = 0.002)" \
	grep -q '^1% less time per byte at 1500 B, warm (p = 0.002)$' "$T/paired"
ok "compare, one run: symmetric differences are not significant (p = 1.000)" \
	grep -q '^no significant change at 64 B, warm (+0.0%, p = 1.000)$' "$T/paired"
ok "compare without a code_offset sweep says placement was not measured" \
	grep -q '^Code placement: not measured' "$T/paired"
same "compare: exact text, two runs of 3 repeats" $D/compare-repeats.expected \
	$R compare $D/rep-before.csv $D/rep-after.csv
$R compare $D/rep-before.csv $D/rep-after.csv > "$T/repeats"
ok "compare, two runs: Welch on per-repeat medians, t = 4.65 on 2.94 df gives p = 0.020" \
	grep -q '^c64: 30% less time per byte at 1500 B, warm (p = 0.020)$' "$T/repeats"
$R compare $D/before.csv $D/after.csv > "$T/cmp"
ok "compare, two runs of 1 repeat: no test, nothing called significant" \
	bash -c "grep -q '^c64: not tested at 1500 B, warm (-31.2%)$' '$T/cmp' &&
		grep -q 'test: none: separate runs need repeat >= 3' '$T/cmp' &&
		grep -q '^0 of 2 points changed significantly' '$T/cmp'"
$R compare $D/placed.csv $D/placed.csv --before-kernel c64 --after-kernel c64-prefetch@0 > "$T/placed"
ok "compare: a 5% change inside a 12% placement spread is flagged" \
	bash -c "grep -q '^  but code placement alone moves it 12%$' '$T/placed' &&
		grep -q '^WARNING: 4 significant change(s) are smaller than the spread code placement' '$T/placed'"
make -s compare BEFORE=$D/paired.csv AFTER=$D/paired.csv BEFORE_ALIGN=0 AFTER_ALIGN=0 \
	BEFORE_KERNEL=old AFTER_KERNEL=new > "$T/aligned"
ok "make compare BEFORE_ALIGN= AFTER_ALIGN=: aligns as selectors" \
	grep -q 'selected: old align 0 (before) vs new align 0 (after)' "$T/aligned"
$R compare $D/paired.csv $D/paired.csv --before-kernel old --after-kernel new \
	--before-align 0 --after-align 0 --csv "$T/bars.csv" > /dev/null; rc=$?
ok "compare --csv with aligns selected: the bars CSV is written, nothing left over" \
	bash -c "[ $rc = 0 ] && grep -q '^1500 B warm,new,1500,0,warm,none,' '$T/bars.csv' && [ ! -e '$T/bars.csv.tmp' ]"
make -s compare BEFORE=$D/small.csv AFTER=$D/small.csv BEFORE_KERNEL=c64-prefetch@none \
	AFTER_KERNEL=c64-prefetch@128 > "$T/named"
ok "compare two kernels of an older CSV (no run id): figures, no test" \
	grep -q '^not tested at 1500 B, cold (-30.0%)' "$T/named"
$R compare $D/before.csv $D/small.csv > /dev/null 2> "$T/err"; rc=$?
ok "compare: no common point is an error" bash -c "[ $rc = 2 ] && grep -q 'no point in common' '$T/err'"
$R compare $D/paired.csv $D/paired.csv --before-align x --after-align 0 > /dev/null 2> "$T/err"; rc=$?
ok "compare: a bad alignment is an error" bash -c "[ $rc = 2 ] && grep -q -- \"--before-align 'x', expected 0 to 4095\" '$T/err'"

# --- tables of a run with repeats and a code_offset sweep
$R table $D/rep-after.csv --metric cpb > "$T/rep"
ok "table: repeats merged, their median shown" \
	bash -c "grep -q 'median of 5 x 3 repeats' '$T/rep' && grep -q '^c64  *1.000  *0.700$' '$T/rep'"
$R table $D/placed.csv --metric cpb --kernel c64 > "$T/pl" 2>&1
ok "table: a code_offset sweep is shown at its first offset, and says so" \
	bash -c "grep -q 'code at +0' '$T/pl' && grep -q '^c64  *1.004$' '$T/pl'"
$R table $D/placed.csv --metric cpb --kernel c64 --code-offset 16 > "$T/pl"
ok "table --code-offset 16" grep -q '^c64  *1.125$' "$T/pl"

# --- figures
cp $D/small.csv $D/small-samples.csv $D/before.csv $D/before-samples.csv "$T/"
make -s plot RESULTS="$T/small.csv" > "$T/out" 2>&1; rc=$?
ok "make plot exits 0" [ $rc = 0 ]
for f in prefetch size; do
	ok "$f figure: a PNG" bash -c "head -c 8 '$T/small-$f.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
	ok "$f figure: an SVG" bash -c "grep -q '<svg' '$T/small-$f.svg' && grep -q '</svg>' '$T/small-$f.svg'"
	ok "$f figure names the CPU" grep -q 'Test CPU 1000' "$T/small-$f.svg"
done
ok "size figure: a line per kernel, underscores and dashes as written" \
	grep -q 'c64-prefetch @128 B' "$T/small-size.svg"
cp $D/after.csv $D/after-samples.csv "$T/"
make -s plot BEFORE="$T/before.csv" AFTER="$T/after.csv" > "$T/out" 2>&1; rc=$?
ok "make plot BEFORE= AFTER= draws before/after bars" \
	bash -c "[ $rc = 0 ] && [ -s '$T/after-vs-before.png' ] && grep -q '<svg' '$T/after-vs-before.svg'"

cp $D/sweep.csv $D/sweep-samples.csv "$T/"
make -s plot RESULTS="$T/sweep.csv" > "$T/out" 2>&1; rc=$?
ok "make plot of a run as csumbench writes it: the floor rows left out" \
	bash -c "[ $rc = 0 ] && [ -s '$T/sweep-prefetch.png' ] && [ -s '$T/sweep-size.svg' ] &&
		grep -q 'c64-prefetch' '$T/sweep-size.svg' && ! grep -q '>empty<' '$T/sweep-size.svg'"
$R table $D/sweep.csv > "$T/sw"
ok "table of such a run: distances as rows, no floor rows" \
	bash -c "grep -q '^128 bytes' '$T/sw' && ! grep -q empty '$T/sw'"

# --- bad input: a clear error, exit 2, no figure
: > "$T/empty.csv"
make -s plot RESULTS="$T/empty.csv" > "$T/out" 2>&1; rc=$?
ok "empty CSV: exit non-zero, says so, no figure" \
	bash -c "[ $rc != 0 ] && grep -q 'empty.csv: no header line' '$T/out' && ! ls '$T'/empty-*.png 2> /dev/null"
{ head -n 8 $D/small.csv; echo "word32,generic,csum,64,0,warm,none,tsc,5"; } > "$T/short.csv"
$R table "$T/short.csv" > /dev/null 2> "$T/err"; rc=$?
ok "short row: FILE:LINE and field counts" \
	bash -c "[ $rc = 2 ] && grep -q '^$T/short.csv:9: 9 fields, expected 20' '$T/err'"
sed '8s/,0.8160,/,fast,/' $D/small.csv > "$T/nan.csv"
make -s plot RESULTS="$T/nan.csv" > "$T/out" 2>&1; rc=$?
ok "a non-number: FILE:LINE, which column, no figure" \
	bash -c "[ $rc != 0 ] && grep -q 'nan.csv:8: cycles_per_byte .fast. is not a number' '$T/out' && ! ls '$T'/nan-*.png 2> /dev/null"
# One size only: gnuplot warns of an empty x range unless the script sets one.
{ sed -n '/^#/p;/^kernel,/p' $D/small.csv; grep ',1500,0,' $D/small.csv; } > "$T/one.csv"
make -s plot RESULTS="$T/one.csv" > "$T/out" 2>&1; rc=$?
ok "a run with one size plots" bash -c "[ $rc = 0 ] && [ -s '$T/one-size.png' ] && [ -s '$T/one-prefetch.png' ]"
seq -s, 1 80 > "$T/wide-header.csv"
$R table "$T/wide-header.csv" > /dev/null 2> "$T/err"; rc=$?
ok "an 80-column header: an error, not a crash" \
	bash -c "[ $rc = 2 ] && grep -q 'more than 64 columns' '$T/err'"
echo "kernel,size" > "$T/hdr.csv"
$R table "$T/hdr.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a CSV that is not csumbench's: names the missing column" \
	bash -c "[ $rc = 2 ] && grep -q \"header has no 'align' column\" '$T/err'"

finish
