#!/usr/bin/env bash
# The documentation's shape: a README read in five minutes, every
# section it once had still found in docs/, a man page or CHANGES.md,
# links that lead somewhere, history only in CHANGES.md, and
# csumbench.conf(5)'s keys what make man writes from the keys' table.
# (tests/examples.sh runs the examples; tests/install.sh reads the man
# pages through man.)
#   tests/docs.sh BUILD-DIR   (BUILD-DIR holds csumbench; from the tree)
set -u
SUITE=docs
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
B=$1
MD=(README.md docs/*.md)
MAN=(docs/man/*.[0-9])

n=$(wc -l < README.md)
ok "README.md is at most 250 lines ($n)" [ "$n" -le 250 ]
awk '/^```sh$/ { on = 1; next } on { print; if (++n == 2) exit }' README.md | awk '{ print $1, $2 }' > "$T/first"
ok "the README's first commands are make bench and make test" \
	[ "$(paste -sd, "$T/first")" = 'make bench,make test' ]
python3 tests/docs.py headings tests/data/readme-headings.txt "${MD[@]}" "${MAN[@]}" > "$T/h"
ok "each of the old README's $(grep -vc '^#' tests/data/readme-headings.txt) headings is a heading of README.md, docs/ or a man page" empty "$T/h"
cat "$T/h"
python3 tests/docs.py links "${MD[@]}" > "$T/l"
ok "every relative link of README.md and docs/ leads to a file, and to a heading there" empty "$T/l"
cat "$T/l"
python3 tests/docs.py history "${MD[@]}" "${MAN[@]}" > "$T/y"
ok "what was done before a date is told only in docs/CHANGES.md" empty "$T/y"
cat "$T/y"
# (the checker fails on what it is for)
printf '%s\n' 'Gone' 'Kept' > "$T/list"
printf '%s\n' '# Kept' '[x](nowhere.md)' '[y](#kept)' '[z](#lost)' 'Before 2026-12 it was slow.' > "$T/t.md"
python3 tests/docs.py headings "$T/list" "$T/t.md" > "$T/th"; rc=$?
ok "docs.py headings: a lost heading named, exit 1" all exit_is 1 -- has "$T/th" "'Gone'" -- lacks "$T/th" "'Kept'"
python3 tests/docs.py links "$T/t.md" > "$T/tl"; rc=$?
ok "docs.py links: a missing file and a missing heading named, exit 1" \
	all exit_is 1 -- has "$T/tl" 't.md:2: nowhere.md: no such file' -- has "$T/tl" "t.md:4: #lost: no heading" -- count_is 2 "$T/tl" t.md
python3 tests/docs.py history "$T/t.md" > "$T/ty"; rc=$?
ok "docs.py history: a dated 'before' outside CHANGES.md named, exit 1" all exit_is 1 -- has "$T/ty" 't.md:5:'

# csumbench.conf(5): the keys section is the binary's, as make man writes it.
scripts/man-conf.sh "$B/csumbench" docs/man/csumbench.conf.5 > "$T/conf.5"; rc=$?
ok "csumbench.conf(5) is what make man writes from the keys' table" \
	all exit_is 0 -- cmp -s "$T/conf.5" docs/man/csumbench.conf.5
cmp -s "$T/conf.5" docs/man/csumbench.conf.5 || diff docs/man/csumbench.conf.5 "$T/conf.5" | head -n 10
for k in $("$B/csumbench" run --list-keys); do
	grep -q "^\.BR $k \" = " docs/man/csumbench.conf.5 || echo "$k"
done > "$T/nokey"
ok "csumbench.conf(5) has every key run --list-keys names" empty "$T/nokey"
# (and make man does not write a page it cannot finish)
sed '/^\.\\" end of keys$/d' docs/man/csumbench.conf.5 > "$T/broken.5"
cp "$T/broken.5" "$T/before.5"
scripts/man-conf.sh "$B/csumbench" "$T/broken.5" "$T/broken.5" 2> "$T/err"; rc=$?
ok "a page without its end marker: exit 2, named, the page as it was" \
	all exit_is 2 -- stderr_has "broken.5: expected one line" -- cmp -s "$T/broken.5" "$T/before.5"
finish
