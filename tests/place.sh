#!/usr/bin/env bash
# scripts/place.sh on its own: a set under the first free suffix, each
# file under its name or not at all, and a folder it cannot make said so
# with the sources kept (the runners' tests reach it only through a run).
set -u
SUITE=place
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
P=scripts/place.sh

mkdir "$T/src" "$T/dst"
printf 'a\n' > "$T/src/r.csv"
printf 'b\n' > "$T/src/r-samples.csv"
"$P" "$T/dst" r "$T/src/r.csv" "$T/src/r-samples.csv" > "$T/out1" 2> "$T/err1"; rc=$?
ok "a set goes in under its names, each printed" \
	bash -c "[ $rc = 0 ] && cmp -s '$T/dst/r.csv' '$T/src/r.csv' &&
		cmp -s '$T/dst/r-samples.csv' '$T/src/r-samples.csv' &&
		[ \"\$(cat '$T/out1')\" = '$T/dst/r.csv
$T/dst/r-samples.csv' ] && [ ! -s '$T/err1' ]"
: > "$T/dst/r-2-samples.csv"	# one name of the set's -2 is taken
"$P" "$T/dst" r "$T/src/r.csv" "$T/src/r-samples.csv" > "$T/out2" 2> "$T/err2"; rc=$?
ok "again: the whole set under -3, the first suffix free for every name" \
	all exit_is 0 -- \
		[ -f "$T/dst/r-3.csv" ] -- \
		[ -f "$T/dst/r-3-samples.csv" ] -- \
		[ ! -e "$T/dst/r-2.csv" ] -- \
		[ ! -s "$T/dst/r-2-samples.csv" ] -- \
		file_is "$T/dst/r.csv" a
"$P" --each "$T/dst" "$T/src/r.csv" > "$T/out3" 2> "$T/err3"; rc=$?
ok "--each onto a name that is there: exit 1, said so, nothing replaced, the source kept" \
	all exit_is 1 -- \
		has "$T/err3" "$T/dst/r.csv is there already" -- \
		has "$T/err3" "kept $T/src/r.csv" -- \
		[ -f "$T/src/r.csv" ] -- \
		[ ! -s "$T/out3" ]
: > "$T/file"
"$P" "$T/file/sub" r "$T/src/r.csv" > "$T/out4" 2> "$T/err4"; rc=$?
ok "a folder it cannot make: exit 1, said so, the source named as kept" \
	all exit_is 1 -- \
		has "$T/err4" "place: cannot make the folder $T/file/sub; not placed" -- \
		has "$T/err4" "place: kept $T/src/r.csv" -- \
		lacks "$T/err4" 'command not found'
"$P" "$T/dst" r "$T/src/other.csv" > /dev/null 2> "$T/err5"; rc=$?
ok "a file not named after the stem: exit 2, nothing placed" \
	all exit_is 2 -- has "$T/err5" 'is not named r...; nothing placed'
# Placed files get the mode a result written here gets (csumbench's own
# files: 0666 less the umask), not mktemp's 0600.
mkdir "$T/m1" "$T/m2"
(umask 022 && "$P" "$T/m1" r "$T/src/r.csv" "$T/src/r-samples.csv" > /dev/null && touch "$T/m1/local")
(umask 027 && "$P" "$T/m2" r "$T/src/r.csv" > /dev/null && touch "$T/m2/local")
ok "placed files have a new file's mode under the umask (0644 at 022, 0640 at 027)" \
	bash -c "[ \$(stat -c %a '$T/m1/r.csv') = 644 ] && [ \$(stat -c %a '$T/m1/r-samples.csv') = 644 ] &&
		[ \$(stat -c %a '$T/m1/local') = 644 ] && [ \$(stat -c %a '$T/m2/r.csv') = 640 ]"
finish
