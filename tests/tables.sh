#!/usr/bin/env bash
# What csumreport prints for a commit message: tables in compare's unit
# unless asked, KERNEL= that kernel alone, the roofline's op only on
# request, kernel names whole where the width allows (in tables and in
# the sentences under them), and no line over 72 columns or ending in a
# space (checkpatch flags both) in any table, comparison, paste block or
# recommendation made from any fixture.
# usage: tests/tables.sh CSUMREPORT   (from the top of the tree)
set -u
R=${1:-build/host/csumreport}
D=tests/data
SUITE=tables
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
case $R in /*) ;; *) R=$PWD/$R ;; esac

# fixture STEM SED-SCRIPT: small.csv and its samples, edited alike.
fixture() {
	sed -e "$2" $D/small.csv > "$T/$1.csv"
	sed -e "$2" $D/small-samples.csv > "$T/$1-samples.csv"
}
# c64 beside c64-prefetch, as a make bench has them.
fixture c64 's/^word32,/c64,/'
# With the roofline's op: load's rows, a copy of c64's.
fixture roof 's/^word32,/c64,/'
{ echo '# roofline: load (test data)'; cat "$T/roof.csv"
  sed -n 's/^c64,generic,csum,/load,generic,load,/p' "$T/roof.csv"; } > "$T/r.tmp"
mv "$T/r.tmp" "$T/roof.csv"
sed -n 's/^c64,generic,csum,/load,generic,load,/p' "$T/roof-samples.csv" > "$T/r.tmp"
cat "$T/r.tmp" >> "$T/roof-samples.csv"
# Names as a module's kernels have them.
fixture kmod 's/^word32,/kernel:csum_partial,/'

# --- the unit: compare's (cycles/byte), unless asked
$R table $D/small.csv > "$T/t" 2>&1; rc=$?
ok "table: cycles/byte unless asked, as compare's tables" \
	all exit_is 0 -- count_is 2 "$T/t" '^Test CPU 1000: c64-prefetch, cycles/byte, ' -- \
		has_line "$T/t" 'none        0.408   0.204' -- lacks "$T/t" 'MB/s'
make -s table RESULTS=$D/small.csv > "$T/mk" 2>&1; rc=$?
ok "make table: its warnings line, then the same" \
	all exit_is 0 -- first_is "$T/mk" 'warnings: none -- csumbench show .*' -- cmp -s <(tail -n +2 "$T/mk") "$T/t"
make -s table RESULTS=$D/small.csv METRIC=mbps > "$T/mk" 2>&1; rc=$?
ok "make table METRIC=mbps: MB/s as asked" \
	all exit_is 0 -- has "$T/mk" 'c64-prefetch, MB/s, ' -- has_line "$T/mk" 'none         7353   14706'
$R table $D/ops.csv --op ip_fast_csum > "$T/ip" 2>&1; rc=$?
ok "table of ip_fast_csum: cycles per call, as compare's" \
	all exit_is 0 -- has "$T/ip" 'ip_fast_csum kernels by IPv4 header length, cycles per call'

# --- KERNEL=: that kernel, matched whole
$R table "$T/c64.csv" --kernel c64 > "$T/k" 2>&1; rc=$?
ok "table --kernel c64: c64's rows alone, c64-prefetch's not" \
	all exit_is 0 -- count_is 2 "$T/k" '^c64  ' -- lacks "$T/k" 'prefetch' -- \
		count_is 2 "$T/k" '^Test CPU 1000: c64, cycles/byte, median of 5, '
make -s table RESULTS="$T/c64.csv" KERNEL=c64 > "$T/mk" 2>&1; rc=$?
ok "make table KERNEL=c64: its warnings line, then the same" \
	all exit_is 0 -- first_is "$T/mk" 'warnings: .*' -- cmp -s <(tail -n +2 "$T/mk") "$T/k"
make -s table RESULTS="$T/c64.csv" KERNEL=c64-prefetch > "$T/k" 2>&1; rc=$?
ok "make table KERNEL=c64-prefetch: its distances, c64 not a row" \
	all exit_is 0 -- count_is 2 "$T/k" '^128 bytes ' -- lacks "$T/k" '^c64 '

# --- the roofline's op: only on request
$R table "$T/roof.csv" > "$T/rf" 2>&1; rc=$?
ok "table: the roofline's op left out, a line says how to see it" \
	all exit_is 0 -- lacks "$T/rf" '^op load:' -- lacks "$T/rf" '^load ' -- \
		has_line "$T/rf" 'op load, the roofline, left out: --op load (make table OP=load) shows it'
make -s table RESULTS="$T/roof.csv" OP=load > "$T/rf" 2>&1; rc=$?
ok "make table OP=load: the roofline's tables, no line leaving them out" \
	all exit_is 0 -- count_is 2 "$T/rf" '^load  ' -- lacks "$T/rf" 'left out'
$R table "$T/roof.csv" --kernel load > "$T/rf" 2>&1; rc=$?
ok "table --kernel load: asked for by its kernel" \
	all exit_is 0 -- count_is 2 "$T/rf" '^load  ' -- lacks "$T/rf" 'left out'
$R table "$T/roof.csv" --op csum > "$T/rf" 2>&1; rc=$?
ok "table --op csum: no line about an op not asked for" \
	all exit_is 0 -- lacks "$T/rf" 'load'

$R compare "$T/roof.csv" "$T/roof.csv" > "$T/rc" 2>&1; rc=$?
ok "compare: the roofline's op not compared, a line says how to" \
	all exit_is 3 -- lacks "$T/rc" '^op load:' -- lacks "$T/rc" '^load ' -- has "$T/rc" '^c64 ' -- \
		has_line "$T/rc" 'op load, the roofline, not compared: --op load (make compare OP=load)'
$R compare "$T/roof.csv" "$T/roof.csv" --op load > "$T/rc" 2>&1; rc=$?
ok "compare --op load: compared as asked" \
	all exit_is 3 -- count_is 4 "$T/rc" '^load ' -- lacks "$T/rc" 'not compared'
$R compare "$T/roof.csv" "$T/roof.csv" --before-kernel load --after-kernel load > "$T/rc" 2>&1; rc=$?
ok "compare --before-kernel load --after-kernel load: compared as asked" \
	all exit_is 3 -- count_is 4 "$T/rc" '^[0-9]* K\{0,1\}i\{0,1\}B  *\(warm\|cold\) ' -- lacks "$T/rc" 'not compared'

# --- names whole where they fit; never an end cut mid-word
$R compare $D/placed.csv $D/placed.csv > "$T/pl" 2>&1; rc=$?
ok "compare: c64-prefetch not cut to '...etch' (numbered, whole below)" \
	all lacks "$T/pl" '\.\.\.etch' -- has_line "$T/pl" '#1 = c64-prefetch' -- \
		has "$T/pl" '^c64  *1500 B '
$R compare "$T/kmod.csv" "$T/kmod.csv" > "$T/km" 2>&1; rc=$?
ok "compare: kernel:csum_partial, where it cannot fit, cut after its ':' and named whole" \
	all lacks "$T/km" '\.\.\.sum_partial' -- has "$T/km" '^\.\.\.csum_partial  *64 B ' -- \
		has_line "$T/km" '...csum_partial = kernel:csum_partial'
ok "compare: the sentences under the table name it whole (they wrap, never cut)" \
	has "$T/km" '^kernel:csum_partial: .* at 64 B, warm'
$R table "$T/kmod.csv" --kernel kernel:csum_partial > "$T/kt" 2>&1; rc=$?
ok "table: kernel:csum_partial whole" all exit_is 0 -- count_is 2 "$T/kt" '^kernel:csum_partial  '

x90=$(printf 'x%.0s' $(seq 1 90))
sed "s|^c64-prefetch,|k$x90,|" $D/recommend/c.csv > "$T/rl.csv"
sed "s|^c64-prefetch,|k$x90,|" $D/recommend/c-samples.csv > "$T/rl-samples.csv"
$R recommend "$T/rl.csv" > "$T/rl" 2>&1; rc=$?
ok "recommend: a kernel with no end that fits the header wraps it whole" \
	all exit_is 0 -- width_ok "$T/rl" -- [ "$(head -n 2 "$T/rl" | sed 's/^  //' | tr -d '\n')" = "recommend k$x90: Test CPU 1000, timer tsc" ]

# --- the paste block: every point named, none cut
$R compare $D/small.csv $D/small.csv --paste "$T/p1" > /dev/null 2>&1
ok "paste block of two kernels a side: each kernel's rows under its name" \
	all has_line "$T/p1" 'word32:' -- has_line "$T/p1" 'c64-prefetch:' -- \
		count_is 2 "$T/p1" '^64 B warm  '
$R compare $D/placed.csv $D/placed.csv --paste "$T/p2" > /dev/null 2>&1
ok "paste block of a code_offset sweep: each row says where the code ran" \
	all count_is 2 "$T/p2" '^1500 B warm .*code +16\( \|$\)' -- lacks "$T/p2" '^1500 B warm  '
fixture ring 's/,1500,0,warm,\(64\|128\|none\),/,1500,0,ring\/next+busy,\1,/'
$R compare "$T/ring.csv" "$T/ring.csv" --paste "$T/p3" > /dev/null 2>&1
ok "paste block: a point too long for its column on a line of its own, whole" \
	all has_line "$T/p3" '1500 B ring/next+busy pf 128' -- \
		has "$T/p3" '^                      *0\.204 '

# --- every output meant for a commit message, from every fixture:
# 72 columns, no trailing space
for f in "$D"/*.csv "$D"/recommend/*.csv "$T"/*.csv; do
	case $f in *-samples.csv) continue ;; esac
	for by in size cache load rx_prefetch spread; do
		$R table "$f" --by "$by" > "$T/o" 2> /dev/null && cat "$T/o"
		$R table "$f" --by "$by" --op load > "$T/o" 2> /dev/null && cat "$T/o"
	done
	rm -f "$T/paste"
	$R compare "$f" "$f" --paste "$T/paste" 2> /dev/null
	[ -f "$T/paste" ] && cat "$T/paste"
	$R compare "$f" "$f" --within-process 2> /dev/null
	$R recommend "$f" 2> /dev/null
done > "$T/all"
ok "every table, comparison, paste block and recommendation of the fixtures made" \
	all has "$T/all" '^distance ' -- has "$T/all" '^point ' -- has "$T/all" '^recommend '
awk 'length > 72 { print "# " length " columns: " $0 } /[ \t]$/ { print "# ends in a space: " $0 }' "$T/all" > "$T/bad"
ok "none has a line over 72 columns or one ending in a space" empty "$T/bad"
[ -s "$T/bad" ] && head -n 20 "$T/bad"

finish
