#!/bin/sh
# A results CSV as LAVA test cases: one per row, named
# <kernel>-<size>-<cache>-<prefetch>, with -a<align>, -o<code offset>,
# -<load> or -rx<policy> added where those are not the defaults, and the
# row's cycles per byte as its measurement; one "<kernel>-gate" case per
# kernel, failed for each "# failed:" line.  An emulated run's (# emulated:
# yes) are in "cycles/byte(emulated)": the units are shown beside every
# measurement LAVA keeps, and take no space (LAVA splits its signal on
# them).  Names keep to LAVA's [-_a-zA-Z0-9.].  LAVA_TEST_CASE names the
# command (lava-test-case).
# usage: boards/lava/lava-cases.sh RESULTS.csv   (POSIX sh and awk, busybox)
csv=$1
case=${LAVA_TEST_CASE:-lava-test-case}
if [ ! -r "$csv" ]; then
	echo "lava-cases.sh: $csv: cannot read it" >&2
	exit 2
fi
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
awk -F, '
function clean(s) { gsub(/[^-_a-zA-Z0-9.]/, "_", s); return s }
/^# emulated: yes( |$)/ { emulated = 1; next }
/^# failed: / {
	s = substr($0, 11); i = index(s, ": ")
	k = i ? substr(s, 1, i - 1) : s
	failed[clean(k)] = 1; order[++n] = clean(k); next
}
/^#/ || $0 == "" { next }
!head {
	for (i = 1; i <= NF; i++) col[$i] = i
	if (!col["kernel"] || !col["size"] || !col["cache"] || !col["prefetch"] ||
	    !col["cycles_per_byte"]) {
		print "lava-cases.sh: " FILENAME ":" NR ": expected a csumbench " \
		      "header (kernel, size, cache, prefetch, ..., cycles_per_byte)" > "/dev/stderr"
		bad = 1; exit 2
	}
	head = 1; next
}
{
	k = clean($col["kernel"])
	name = k "-" $col["size"] "-" $col["cache"] "-" $col["prefetch"]
	if (col["align"] && $col["align"] != "0") name = name "-a" $col["align"]
	if (col["code_offset"] && $col["code_offset"] != "none") name = name "-o" $col["code_offset"]
	if (col["load"] && $col["load"] != "idle") name = name "-" $col["load"]
	if (col["rx_prefetch"] && $col["rx_prefetch"] != "none") name = name "-rx" $col["rx_prefetch"]
	if (col["repeat"] && $col["repeat"] != "1") name = name "-r" $col["repeat"]
	if (!(k in seen)) { seen[k] = 1; order[++n] = k }
	row[++nrow] = clean(name) " pass"; value[nrow] = $col["cycles_per_byte"]
}
END {
	if (bad) exit 2
	# (after every line: the mark may come anywhere in the file)
	units = emulated ? "cycles/byte(emulated)" : "cycles/byte"
	for (i = 1; i <= nrow; i++)
		print row[i], (value[i] == "" ? "" : value[i] " " units)
	for (i = 1; i <= n; i++)
		if (!(order[i] in done)) {
			done[order[i]] = 1
			print order[i] "-gate", (order[i] in failed) ? "fail" : "pass", ""
		}
}' "$csv" > "$tmp" || exit 2
while read -r name result value units; do
	if [ -n "$value" ]; then
		$case "$name" --result "$result" --measurement "$value" --units "$units"
	else
		$case "$name" --result "$result"
	fi
done < "$tmp"
