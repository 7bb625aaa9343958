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
	all has scripts/bench.sh 'place.sh" "$out"' -- \
		has scripts/vboard.sh 'place.sh" --each' -- \
		has boards/labgrid/test_csumbench.py scripts/place.sh
ok "none of them claims a name or moves a result itself" \
	bash -c "! grep -n 'set -C\|O_EXCL\|copyfile.*RESULTS\|mv -f \"\$from' scripts/bench.sh scripts/vboard.sh boards/labgrid/test_csumbench.py"

# A failed allocation is a message (harness/lib/xalloc.c), never abort():
# the one abort() left is a program error, said so where it is.
grep -n 'abort()' harness/*.c harness/*/*.c harness/*/*/*.c plot/*.c plot/*/*.c gbench/*.c > "$T/aborts"
ok "no abort() after an allocation in harness/, plot/ or gbench/ ($(wc -l < "$T/aborts") left)" \
	bash -c "[ \$(wc -l < '$T/aborts') -le 1 ] && ! grep -v '^harness/report/output.c:' '$T/aborts' | grep -q ."
ok "the one left says it is a program error" \
	bash -c "grep -B2 'abort()' harness/report/output.c | grep -q 'a program error, not a shortage'"

# Every script a suite or make runs is executable as git keeps it (a
# fresh clone gets git's modes; lib.sh is sourced).
git ls-files -s 'tests/*.sh' 'scripts/*.sh' 'plot/*.sh' 'boards/lava/*.sh' .ci/run |
	awk '$1 != "100755" && $4 != "tests/lib.sh" && $4 != "scripts/remote.sh" { print $4 }' > "$T/modes"
not=$(tr '\n' ' ' < "$T/modes")
ok "the scripts are executable in git${not:+ (not: $not)}" test ! -s "$T/modes"
# One place installs: make deps (scripts/deps.sh's list), which .ci/run
# and make test call before anything else; no suite installs mid-run.
ok ".ci/run: make deps, then make test, nothing else installing" \
	bash -c "[ \"\$(grep -nx 'make deps\|make test' .ci/run | cut -d: -f2 | tr '\n' ,)\" = 'make deps,make test,' ] &&
		! grep -v '^[[:space:]]*#' .ci/run | grep -q 'need.sh\|apt-get'"
ok "make deps installs scripts/deps.sh's every package" \
	bash -c "make -n deps | grep -qF 'scripts/need.sh \$(scripts/deps.sh)'"
# (the native run's make deps is its last need.sh: the one before it is
# RUNNER=vboard:'s own, which runs one suite)
deps_line=$(grep -n '^[[:space:]]*scripts/need.sh \$(scripts/deps.sh)' tests/run.sh | tail -n 1 | cut -d: -f1)
first_suite=$(grep -n 'suite "\$t" "\$A/test-\$t"' tests/run.sh | head -n 1 | cut -d: -f1)
ok "tests/run.sh installs every package (line $deps_line) before its first suite (line $first_suite), and never after" \
	bash -c "[ -n '$deps_line' ] && [ -n '$first_suite' ] && [ '$deps_line' -lt '$first_suite' ] &&
		! awk -v f='$deps_line' 'NR > f && /scripts\/need\.sh/ && !/^[[:space:]]*#/' tests/run.sh | grep -q ."
last_timing=$(grep -n '^[[:space:]]*suite \(cli\|workloads\|placement\|verdicts\|methodology\|roundtrip\|gbench\|json\|sanitize-workloads\) ' tests/run.sh |
	tail -n 1 | cut -d: -f1)
first_bg=$(grep -n 'nice -n 19\|^[[:space:]]*suite_bg [a-z]' tests/run.sh | head -n 1 | cut -d: -f1)
ok "tests/run.sh: nothing in the background (line $first_bg) before the last suite that times (line $last_timing)" \
	all [ -n "$last_timing" ] -- [ -n "$first_bg" ] -- [ "$first_bg" -gt "$last_timing" ]
# No file or folder in a shared temporary folder under a name another
# user could make first (a PID, $RANDOM, a fixed name): mktemp makes them.
git grep -nE '(/tmp|TMPDIR[^}]*\})/[^ "'"'"']*(\$\$|\$RANDOM|getpid|%d|\{os\.getpid)' -- \
	':!*.md' ':!tests/tree.sh' ':!tests/labgrid.sh' |
	grep -v '&& mkdir \\"\\$d\\"' > "$T/tmpnames"	# (a mkdir that fails on a name that is there)
ok "no predictable names in /tmp or TMPDIR (mktemp)" test ! -s "$T/tmpnames"
cat "$T/tmpnames"
# Defects that were found once (issue 42) and must not come back: a
# header included twice by one file, run.c casting --set's values'
# const away, a comment naming a file that is not there or counting a
# file's lines.
for f in $(git ls-files 'harness/*.[ch]' 'plot/*.[ch]' 'gbench/*.[ch]' 'module/*.[ch]'); do
	grep -h '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"][^>"]*\.h[>"]' "$f" |
		tr -d ' \t' | sort | uniq -d | sed "s|^|$f: |"
done > "$T/twice"
ok "no file includes a header twice$( [ -s "$T/twice" ] && echo " ($(head -n 1 "$T/twice"))")" test ! -s "$T/twice"
ok "harness/cmd/run.c casts no const away (-Wcast-qual)" \
	gcc -fsyntax-only -D_GNU_SOURCE -Iharness -Ikernels -Imodule -Wcast-qual -Werror harness/cmd/run.c
for f in $(git ls-files 'kernels/*.def'); do
	grep -o '[A-Za-z0-9_./-]*\.[ch]\b' "$f" | sort -u | while read -r n; do
		[ -e "$n" ] || git ls-files | grep -q "/${n##*/}\$" || echo "$f: $n"
	done
done > "$T/named"
ok "the files kernels/*.def's comments name are there$( [ -s "$T/named" ] && echo " (not: $(tr '\n' ' ' < "$T/named"))")" test ! -s "$T/named"
ok "no comment counts its file's lines (they go stale)" \
	bash -c "! git grep -nE 'some [0-9]+ lines' -- harness plot gbench kernels"
# docs/results-format.md lists every column and "# key:" the harness
# writes, as the writers' sources spell them.
python3 tests/results-format.py > "$T/unlisted" 2>&1; rc=$?
ok "docs/results-format.md lists every column and # key: csumbench writes$( [ -s "$T/unlisted" ] && echo " (not: $(tr '\n' ' ' < "$T/unlisted"))")" \
	all exit_is 0 -- empty "$T/unlisted"
# The test CSVs' columns (tests/data/csvfix.py, the one fixture module)
# are columns csumbench writes, in its order (harness/report/report.h).
columns_in_step() { # prints each list that is not
	python3 - <<'PY'
import re, sys
sys.path.insert(0, "tests/data")
import csvfix
text = open("harness/report/report.h").read()
def strings(name):  # a macro's string literals, joined
    body = re.search(r"#define %s ((?:.*\\\n)*.*)" % name, text).group(1)
    body = body.replace("CSV_KEY", '"%s"' % strings("CSV_KEY") if name != "CSV_KEY" else "")
    return "".join(re.findall(r'"([^"]*)"', body))
written = [strings(m).split(",") for m in ("CSV_HEADER", "CSV_SAMPLES_HEADER")]
def in_order(cols, of):
    left = iter(of)
    return all(c in left for c in cols)
for name, cols in csvfix.COLUMNS.items():
    if not any(in_order(cols.split(","), w) for w in written):
        print("%s: not in report.h's columns, in their order: %s" % (name, cols))
PY
}
columns_in_step > "$T/cols" 2>&1
ok "tests/data/csvfix.py's column lists are report.h's columns, in its order" empty "$T/cols" ||
	diag "$(cat "$T/cols")"
# No suite installs a package: make deps does (tests/need.sh tests the
# installer itself).
grep -nE '^[^#]*((apt-get|apt|pip3?) +install|dpkg +-i|scripts/need\.sh)' tests/*.sh |
	grep -vE '^tests/(need|run|tree)\.sh:|(failed|diag) "[^"]*(apt-get|pip)' > "$T/installs"
ok "no suite installs a package (make deps does)" empty "$T/installs" || diag "$(cat "$T/installs")"
# Short functions: none over 80 lines in the C the project writes (a
# function this long does several things; split it into steps).
python3 tests/funclen.py 80 harness plot gbench kernels module tests > "$T/long"
ok "no C function over 80 lines" empty "$T/long" || diag "$(cat "$T/long")"
# (the check can fail: a function of 81 lines is found)
{ echo 'int f(void)'; echo '{'; for i in $(seq 79); do echo '	;'; done; echo '}'; } > "$T/long81.c"
python3 tests/funclen.py 80 "$T/long81.c" > "$T/long81" 2>&1; rc=$?
ok "funclen.py finds a function of 81 lines" all exit_is 1 -- has "$T/long81" '^81 .*long81.c:1 f$'
finish
