#!/usr/bin/env bash
# csumreport's command lines: getopt_long in every command (--opt=value,
# --opt value, options anywhere, -- before a file named -x.csv), --help
# listing each option the parser takes, one-line errors and exit 2, and
# docs/man/csumreport.1: rendered without a warning, every option in it.
# usage: tests/report-cli.sh CSUMREPORT   (from the top of the tree)
set -u
R=${1:-build/host/csumreport}
D=tests/data
MAN=docs/man/csumreport.1
SUITE=report-cli
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
case $R in /*) ;; *) R=$PWD/$R ;; esac

# The long options a command's parser takes, from its table in the
# source: { .name = "name", ... } between "args_opt NAME[] = {" and "};".
src_opts() { # src_opts FILE
	awk '/args_opt [a-z_]+\[\] = \{/ { on = 1; next } on && /^};/ { on = 0 }
		on && match($0, /^[ \t]*\{ (\.name = )?"[a-z0-9-]+",/) {
			s = substr($0, RSTART, RLENGTH); sub(/^[ \t]*\{ (\.name = )?"/, "", s); sub(/",$/, "", s); print s }' "$1"
}
# gpvars' table
gp_opts() { src_opts plot/figure/gpvars.c; }
# man_section CMD: the roff source of the page's subsection for CMD
man_section() { awk -v s=".SS $1" '$0 == s { on = 1; next } on && /^\.S[SH] / { on = 0 } on' "$MAN"; }
export -f man_section
export MAN

declare -A SRC=([table]=plot/table/table.c [compare]=plot/compare/compare.c [recommend]=plot/recommend/recommend.c [plot]=plot/figure/plotcmd.c)
for cmd in table compare recommend plot; do
	src_opts "${SRC[$cmd]}" > "$T/$cmd.opts"
	ok "$cmd: its option table has options (the extraction works)" \
		test "$(wc -l < "$T/$cmd.opts")" -ge 3
	$R "$cmd" --help > "$T/$cmd.help" 2> "$T/err"; rc=$?
	ok "$cmd --help: exit 0, to stdout, nothing on stderr, within 72 columns" \
		all exit_is 0 -- empty "$T/err" -- has "$T/$cmd.help" "^usage: csumreport $cmd " -- width_ok "$T/$cmd.help"
	$R "$cmd" -h > "$T/h" 2>&1; rc=$?
	ok "$cmd -h: the same" all exit_is 0 -- cmp -s "$T/h" "$T/$cmd.help"
	while read -r o; do
		ok "$cmd --help lists --$o" grep -Eq -- "^ +(-., )?--$o( |\$)" "$T/$cmd.help"
		ok "man page: $cmd's --$o in its section" \
			bash -c "man_section $cmd | grep -qF -- '\\-\\-${o//-/\\-}'"
		# every option is known to the parser: with it and no file, the
		# complaint is never "unknown option"
		$R "$cmd" "--$o" > /dev/null 2> "$T/err"
		ok "$cmd --$o: the parser takes it" lacks "$T/err" 'unknown option'
	done < "$T/$cmd.opts"
	# and nothing the parser takes is missing from the table: --help's
	# options are the table's and --help's own
	grep -oE '^ +(-., )?--[a-z0-9-]+' "$T/$cmd.help" | sed -E 's/.*--//' | grep -vx help | sort > "$T/listed"
	ok "$cmd --help lists no option its table lacks" bash -c "sort '$T/$cmd.opts' | cmp -s - '$T/listed'"
	$R "$cmd" --bogus "$D/small.csv" > "$T/out" 2> "$T/err"; rc=$?
	ok "$cmd --bogus: exit 2, one line naming it, then try '... --help'" \
		all exit_is 2 -- empty "$T/out" -- lines_are 2 "$T/err" -- \
			first_is "$T/err" "csumreport $cmd: unknown option '--bogus'" -- \
			last_is "$T/err" "try 'csumreport $cmd --help'"
	$R "$cmd" "$D/small.csv" -z > "$T/out" 2> "$T/err"; rc=$?
	ok "$cmd -z: an unknown short option, exit 2" \
		all exit_is 2 -- first_is "$T/err" "csumreport $cmd: unknown option '-z'"
	$R "$cmd" "$D/small.csv" --op > "$T/out" 2> "$T/err"; rc=$?
	ok "$cmd --op without its value: exit 2, says it needs one" \
		all exit_is 2 -- first_is "$T/err" "csumreport $cmd: option '--op' needs a value (OP)" -- \
			last_is "$T/err" "try 'csumreport $cmd --help'"
	$R "$cmd" > "$T/out" 2> "$T/err"; rc=$?
	ok "$cmd without a file: exit 2, says so" \
		all exit_is 2 -- empty "$T/out" -- stderr_has "^csumreport $cmd: no .*csv given"
done

# --- --opt=value is --opt value; options before, between or after files
$R table $D/small.csv --metric cpb --by cache --size 1500 > "$T/a"
$R table --metric=cpb --by=cache --size=1500 $D/small.csv > "$T/b"
ok "table --metric=cpb --by=cache --size=1500, before the file: the same table" \
	all test -s "$T/a" -- cmp -s "$T/a" "$T/b"
POSIXLY_CORRECT=1 $R table $D/small.csv --metric cpb --by cache --size 1500 > "$T/c"
ok "table: options after the file even under POSIXLY_CORRECT" cmp -s "$T/a" "$T/c"
$R table $D/small.csv --metr cpb --by cache --si 1500 > "$T/c"
ok "table: a long option shortened to a prefix of its own" cmp -s "$T/a" "$T/c"
$R table $D/small.csv --c warm > /dev/null 2> "$T/err"; rc=$?
ok "table --c: ambiguous, the options it could be, exit 2" \
	all exit_is 2 -- has_line "$T/err" "csumreport table: option '--c' is ambiguous: --cache, --code-offset"
$R compare $D/paired.csv $D/paired.csv --before-kernel old --after-kernel new --threshold 0.5 > "$T/a"
$R compare --before-kernel=old $D/paired.csv --after-kernel=new --threshold=0.5 $D/paired.csv > "$T/b"
ok "compare --before-kernel=old, options between the files: the same" \
	all test -s "$T/a" -- cmp -s "$T/a" "$T/b"
$R compare $D/paired.csv $D/paired.csv --force-verdict=yes > /dev/null 2> "$T/err"; rc=$?
ok "compare --force-verdict=yes: it takes no value, exit 2" \
	all exit_is 2 -- has_line "$T/err" "csumreport compare: option '--force-verdict' takes no value"
# strtod's underflow (ERANGE) is a tiny number compare has always kept
for o in alpha threshold fail-above; do
	$R compare $D/paired.csv $D/paired.csv --before-kernel old --after-kernel new \
		--$o 1e-310 > /dev/null 2> "$T/err"; rc=$?
	ok "compare --$o 1e-310: read as the tiny number it is (exit 3, one run a side)" \
		all exit_is 3 -- empty "$T/err"
done
$R compare $D/paired.csv $D/paired.csv $D/paired.csv > /dev/null 2> "$T/err"; rc=$?
ok "compare of three files: exit 2, the third named" \
	all exit_is 2 -- stderr_has "^csumreport compare: unexpected '$D/paired.csv' (two files"
$R recommend $D/recommend/a.csv --kernel c64-prefetch > "$T/a"
$R recommend --kernel=c64-prefetch $D/recommend/a.csv > "$T/b"
ok "recommend --kernel=K before the file: the same" all test -s "$T/a" -- cmp -s "$T/a" "$T/b"

# --- "--" ends the options: files named -x.csv
mkdir "$T/dash"
cp $D/small.csv "$T/dash/-x.csv"
cp $D/paired.csv "$T/dash/-b.csv"; cp $D/paired-samples.csv "$T/dash/-b-samples.csv"
cp $D/recommend/a.csv "$T/dash/-r.csv"
[ -f $D/recommend/a-samples.csv ] && cp $D/recommend/a-samples.csv "$T/dash/-r-samples.csv"
$R table --metric cpb $D/small.csv > "$T/want"
(cd "$T/dash" && $R table --metric cpb -- -x.csv) > "$T/got" 2>&1; rc=$?
ok "table --metric cpb -- -x.csv: read as a file" all exit_is 0 -- cmp -s "$T/want" "$T/got"
(cd "$T/dash" && $R table -x.csv) > /dev/null 2> "$T/err"; rc=$?
ok "table -x.csv without --: an unknown option, exit 2" \
	all exit_is 2 -- stderr_has "^csumreport table: unknown option '-x'"
(cd "$T/dash" && $R compare --before-kernel old --after-kernel new -- -b.csv -b.csv) > "$T/got" 2>&1; rc=$?
ok "compare -- -b.csv -b.csv: both read as files (one run: inconclusive, exit 3)" \
	all exit_is 3 -- has "$T/got" '^before: -b.csv' -- has "$T/got" '^1500 B '
(cd "$T/dash" && $R recommend -- -r.csv) > "$T/got" 2>&1; rc=$?
ok "recommend -- -r.csv: read as a file" all exit_is 0 -- has "$T/got" '^recommend c64-prefetch'

# --- csumreport's own command line
$R --help > "$T/top" 2> "$T/err"; rc=$?
ok "csumreport --help: exit 0, every command, within 72 columns" \
	bash -c "[ $rc = 0 ] && [ ! -s '$T/err' ] && for c in table compare recommend plot gpvars show; do
		grep -q \"^  \$c \" '$T/top' || exit 1; done && width_ok '$T/top'"
$R > /dev/null 2> "$T/err"; rc=$?
ok "csumreport without a command: exit 2, the usage on stderr" \
	all exit_is 2 -- stderr_has '^usage: csumreport COMMAND'
$R --bogus table > /dev/null 2> "$T/err"; rc=$?
ok "csumreport --bogus: exit 2, try 'csumreport --help'" \
	all exit_is 2 -- has_line "$T/err" "csumreport: unknown option '--bogus'" -- \
		has_line "$T/err" "try 'csumreport --help'"
$R nope > /dev/null 2> "$T/err"; rc=$?
ok "csumreport nope: exit 2, the commands it knows" \
	all exit_is 2 -- stderr_has "unknown command 'nope', expected table, compare, recommend, plot, gpvars or show"
$R -- table --metric cpb $D/small.csv > "$T/got" 2>&1; rc=$?
$R table --metric cpb $D/small.csv > "$T/want"
ok "csumreport -- table: the command after --" all exit_is 0 -- cmp -s "$T/want" "$T/got"

# --- the manual
# (tests/run.sh installs man-db and groff-base with scripts/need.sh)
if command -v man > /dev/null; then
	MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$MAN" > "$T/man.txt" 2> "$T/man.err"; rc=$?
	ok "man -l $MAN: rendered, no warning" \
		all exit_is 0 -- empty "$T/man.err" -- test -s "$T/man.txt" || diag "$(cat "$T/man.err")"
	ok "man page: NAME, SYNOPSIS, DESCRIPTION, COMMANDS, EXIT STATUS, EXAMPLES, SEE ALSO" \
		bash -c "for s in NAME SYNOPSIS DESCRIPTION COMMANDS 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
			grep -qx \"\$s\" '$T/man.txt' || exit 1; done"
	ok "man page: the exit status of --fail-above, SEE ALSO csumbench(1)" \
		bash -c "sed -n '/^EXIT STATUS/,/^EXAMPLES/p' '$T/man.txt' | grep -q -- '--fail-above' &&
			sed -n '/^SEE ALSO/,\$p' '$T/man.txt' | grep -q 'csumbench(1)'"
else
	failed "no man (apt-get install man-db groff-base)"
fi
gp_opts > "$T/gp.opts"
ok "gpvars: its option table read (the extraction works)" test "$(wc -l < "$T/gp.opts")" -ge 3
while read -r o; do
	ok "man page: gpvars' --$o in its section" \
		bash -c "man_section gpvars | grep -qF -- '\\-\\-${o//-/\\-}'"
done < "$T/gp.opts"
for c in table compare recommend gpvars show; do
	ok "man page: a section for $c" grep -qx ".SS $c" "$MAN"
done
# show's options: --help, the parser and the man page (its values and
# bad input are tests/show.sh's)
src_opts plot/show/show.c > "$T/show.opts"
ok "show: its option table read (the extraction works)" test -s "$T/show.opts"
$R show --help > "$T/show.help" 2> "$T/err"; rc=$?
ok "show --help: exit 0, to stdout, within 72 columns" \
	all exit_is 0 -- empty "$T/err" -- has "$T/show.help" '^usage: csumreport show ' -- width_ok "$T/show.help"
while read -r o; do
	ok "show --help lists --$o" grep -Eq -- "^ +(-., )?--$o( |\$)" "$T/show.help"
	ok "man page: show's --$o in its section" \
		bash -c "man_section show | grep -qF -- '\\-\\-${o//-/\\-}'"
done < "$T/show.opts"

# --version, as csumbench's: the tree it was built from
$R --version > "$T/v" 2> "$T/err"; rc=$?
rev=$(git describe --always --dirty 2> /dev/null || echo unknown)
ok "csumreport --version: exit 0, 'csumreport REV (compiler)' on stdout, this tree's revision" \
	all exit_is 0 -- empty "$T/err" -- lines_are 1 "$T/v" -- has "$T/v" "^csumreport $rev ("
finish
