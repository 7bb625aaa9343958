#!/usr/bin/env bash
# The harness's own CSV, read back by csumreport: whatever the harness
# writes, the report tools take.  usage: tests/roundtrip.sh BIN SO
set -u
BIN=$1 SO=$2
R=${R:-build/host/csumreport}
SUITE=roundtrip
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
width_ok() { ! awk 'length > 72 { bad = 1 } END { exit !bad }' "$1"; }
export -f width_ok

# A user kernel whose path.so:symbol is 131 characters (and a second
# from the same folder): the harness writes it, the report reads it.
D=$T/$(printf 'k%.0s' {1..100})
mkdir -p "$D"
cp "$SO" "$D/libk.so"
K=$D/libk.so:csum_user
K2=$D/libk.so:csum_user_wrong_big
"$BIN" run -q --set "kernels=ref,$K,$K2" --set sizes=64,1500 --set samples=5 \
	-o "$T/long.csv" > /dev/null 2> "$T/err"; rc=$?
ok "a ${#K}-character .so kernel is timed" \
	all exit_is 0 -- count_is 2 "$T/long.csv" "^$K,so,csum,"
"$R" table "$T/long.csv" > "$T/table" 2> "$T/err"; rc=$?
ok "csumreport table reads it, every line within 72 columns: a row each, its whole name above" \
	all exit_is 0 -- width_ok "$T/table" -- count_is 2 "$T/table" '^\.\.\.libk\.so:csum_user[a-z_]*  *[0-9]' -- \
		count_is 2 "$T/table" "^\.\.\.libk\.so:csum_user[a-z_]* = /"
ok "the two kernels of one folder keep labels apart" \
	all has "$T/table" 'libk.so:csum_user  ' -- has "$T/table" libk.so:csum_user_wrong_big
"$R" compare "$T/long.csv" "$T/long.csv" --before-kernel ref --after-kernel "$K" \
	--within-process > "$T/cmp" 2> "$T/err"; rc=$?
ok "csumreport compare pairs ref with it, within 72 columns" \
	all exit_is 0 -- width_ok "$T/cmp" -- has "$T/cmp" 'at 1500 B, warm'

# Results of a run with its columns in another order read the same.
awk -F, -v OFS=, '/^#/ { print; next } { t = $1; $1 = $4; $4 = t; print }' \
	"$T/long.csv" > "$T/swapped.csv"
cp "$T/long-samples.csv" "$T/swapped-samples.csv"
"$R" table "$T/swapped.csv" > "$T/table2" 2> "$T/err"
ok "the same table with the columns kernel and size swapped" diff "$T/table" "$T/table2"
# A partial run (a kernel hung in the C library) in sequential order,
# stopped before the floors were timed: no net figures, and the report
# says it is partial.
# (layouts = 1: the kernel counts its calls in a static, which each
# loaded copy of its file would have its own of)
H=$SO:csum_user_hang_libc
CSUM_TEST_AFTER=1000000000 CSUM_TEST_COUNT=$T/count "$BIN" run -q --set "kernels=$H" \
	--set sizes=64 --set samples=1 --set order=sequential --set layouts=1 -o - > /dev/null 2>&1
# (samples enough that the calls pass that count whatever batch a noisy
# moment calibrates: 100 made about as many calls as the count, and the
# run sometimes ended whole, as 1000 did once under make test; the hang
# ends it anyway)
CSUM_TEST_AFTER=$(($(cat "$T/count") * 3)) "$BIN" run -q --set "kernels=ref,$H" \
	--set sizes=64,1500 --set samples=10000 --set order=sequential --set kernel_timeout=0.3 \
	--set layouts=1 -o "$T/seq.csv" > /dev/null 2> /dev/null
ok "a sequential partial run: rows without a floor have empty floor and net fields" \
	awk -F, '!/^#/ && $1 == "kernel" { for (i = 1; i <= NF; i++) c[$i] = i }
		!/^#/ && $1 == "ref" { n++; if ($c["floor_ticks"] != "" || $c["cycles_per_byte_net"] != "") exit 1 }
		END { exit n != 2 }' \
	"$T/seq-partial.csv"
"$R" table "$T/seq-partial.csv" > "$T/table3" 2> "$T/err"; rc=$?
ok "csumreport reads it and says it is partial" \
	all exit_is 0 -- has "$T/table3" '^PARTIAL RUN' -- has "$T/table3" '^ref '
finish
