#!/usr/bin/env bash
# What the tree's sources must keep, checked on the sources themselves:
# one way to put results in place, and no allocation that ends in
# abort().
set -u
SUITE=tree
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# Every fetched result goes in through scripts/place.sh; no other
# script claims names itself (noclobber, O_EXCL) or moves results.
ok "make bench's runners, vboard.sh fetch and the labgrid test place through scripts/place.sh" \
	bash -c "grep -q 'place.sh\" \"\$out\"' scripts/bench.sh && grep -q 'place.sh\" --each' scripts/vboard.sh &&
		grep -q 'scripts/place.sh' labgrid/test_csumbench.py"
ok "none of them claims a name or moves a result itself" \
	bash -c "! grep -n 'set -C\|O_EXCL\|copyfile.*RESULTS\|mv -f \"\$from' scripts/bench.sh scripts/vboard.sh labgrid/test_csumbench.py"

# A failed allocation is a message (harness/lib/xalloc.c), never abort():
# the one abort() left is a program error, said so where it is.
grep -n 'abort()' harness/*.c harness/*/*.c harness/*/*/*.c plot/*.c plot/*/*.c gbench/*.c > "$T/aborts"
ok "no abort() after an allocation in harness/, plot/ or gbench/ ($(wc -l < "$T/aborts") left)" \
	bash -c "[ \$(wc -l < '$T/aborts') -le 1 ] && ! grep -v '^harness/report/output.c:' '$T/aborts' | grep -q ."
ok "the one left says it is a program error" \
	bash -c "grep -B2 'abort()' harness/report/output.c | grep -q 'a program error, not a shortage'"

# Every script a suite or make runs is executable as git keeps it (a
# fresh clone gets git's modes; lib.sh is sourced).
git ls-files -s 'tests/*.sh' 'scripts/*.sh' 'plot/*.sh' 'lava/*.sh' .ci/run |
	awk '$1 != "100755" && $4 != "tests/lib.sh" && $4 != "scripts/lib-board.sh" { print $4 }' > "$T/modes"
not=$(tr '\n' ' ' < "$T/modes")
ok "the scripts are executable in git${not:+ (not: $not)}" test ! -s "$T/modes"
finish
