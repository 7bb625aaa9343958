#!/usr/bin/env bash
# What a user gets beside the binary: make install's layout, make help,
# the man page (man -l, and every option and config key in it), and
# bash completion sourced in bash.
#   tests/install.sh BUILD-DIR   (BUILD-DIR holds csumbench; run from the tree)
set -u
B=$1
SUITE=install
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
BIN=$B/csumbench REPORT=build/host/csumreport

# --- make install DESTDIR=... PREFIX=...
make -s install DESTDIR="$T/stage" PREFIX=/opt/cb > "$T/inst.out" 2>&1
ok "make install DESTDIR PREFIX: exit 0" test $? = 0
P=$T/stage/opt/cb
for f in bin/csumbench bin/csumreport share/man/man1/csumbench.1 \
	share/csumbench/plot/plot.sh share/csumbench/plot/common.gp \
	share/man/man1/csumreport.1 share/man/man5/csumbench.conf.5 share/bash-completion/completions/csumbench \
	share/bash-completion/completions/csumreport \
	share/csumbench/configs/default.conf share/csumbench/configs/imix.mix; do
	ok "installs $f" test -s "$P/$f"
done
ok "the binaries are executable, the rest is not" \
	all [ -x "$P/bin/csumbench" ] -- [ -x "$P/bin/csumreport" ] -- [ ! -x "$P/share/man/man1/csumbench.1" ]
ok "every config is installed" \
	test "$(find "$P/share/csumbench/configs" -name '*.conf' | wc -l)" = "$(find configs -name '*.conf' | wc -l)"
ok "nothing outside DESTDIR" bash -c "[ -z \"\$(find '$T/stage' -mindepth 1 -maxdepth 1 ! -name opt)\" ] && [ ! -e /opt/cb ]"
# DESTDIR and PREFIX are taken literally, as CONFIG is: a quote, a ;
# or a $(...) in them is part of the path, never shell.
odd="$T/x'; touch $T/MARK; echo '\$(touch $T/MARK2)"
make -s install DESTDIR="$odd" PREFIX="/p'q" > "$T/odd.out" 2>&1; rc=$?
ok "make install DESTDIR=\"x'; touch MARK; echo '\": nothing run, installed under that very path" \
	bash -c "[ $rc = 0 ] && [ ! -e '$T/MARK' ] && [ ! -e '$T/MARK2' ] && [ -x \"\$1/p'q/bin/csumbench\" ]" _ "$odd"
"$P/bin/csumbench" run -n -c "$P/share/csumbench/configs/replay.conf" > "$T/replay.txt" 2>&1
ok "an installed config that names its mix runs from there" grep -q ' mix 0 ' "$T/replay.txt"
# An installed copy plots: csumreport plot finds plot.sh and its
# scripts where make install put them.
mkdir "$T/figs"
cp tests/data/small.csv tests/data/small-samples.csv "$T/figs/"
(cd / && "$P/bin/csumreport" plot "$T/figs/small.csv") > "$T/plot.out" 2>&1; rc=$?
ok "the installed csumreport plot draws the figures beside the CSV" \
	all exit_is 0 -- \
		[ -s "$T/figs/small-size.png" ] -- \
		has "$T/figs/small-prefetch-c64-prefetch.svg" '</svg>' -- \
		has_line "$T/plot.out" "wrote $T/figs/small-size.png" -- \
		[ -x "$P/share/csumbench/plot/plot.sh" ]
cp "$P/bin/csumreport" "$T/lone-csumreport"
"$T/lone-csumreport" plot "$T/figs/small.csv" > /dev/null 2> "$T/lone.err"; rc=$?
ok "a csumreport with no plot.sh beside it: exit 2, saying where make install puts it" \
	all exit_is 2 -- has "$T/lone.err" 'no plot/plot.sh beside this program'
"$P/bin/csumbench" --version > "$T/v" 2>&1
ok "the installed csumbench runs" grep -q '^csumbench ' "$T/v"

if [ -x build/ppc32/csumbench ]; then
	make -s install ARCH=ppc32 DESTDIR="$T/board" > "$T/binst.out" 2>&1
	ok "make install ARCH=ppc32: the board's binary, without the host's csumreport" \
		bash -c "readelf -h '$T/board/usr/local/bin/csumbench' | grep -q 'PowerPC' &&
			[ ! -e '$T/board/usr/local/bin/csumreport' ] &&
			[ -s '$T/board/usr/local/share/csumbench/configs/mpc885.conf' ]"
fi

# --- make help names every target and every variable the rules read
make -s help > "$T/help" 2>&1
ok "make help: exit 0, 80 columns" bash -c "[ -s '$T/help' ] && ! awk 'length > 80' '$T/help' | grep -q ."
targets=$(sed -n 's/^\.PHONY: *//p' Makefile | tr ' ' '\n' | grep -v -e '^print-' -e '^test-bin$' -e '^FORCE$' -e '^$')
missing=
for t in $targets; do
	grep -q "^  $t  " "$T/help" || missing="$missing $t"
done
ok "make help lists every target${missing:+ (not:$missing)}" test -z "$missing"
vars=$(grep -o 'foreach v,[A-Z_ ]*' Makefile | sed 's/foreach v,//' | tr ' ' '\n' | sort -u)
missing=
for v in $vars PREFIX DESTDIR ARCH CROSS_COMPILE CPU STATIC; do
	grep -q "$v=" "$T/help" || missing="$missing $v"
done
ok "make help lists every variable the rules read${missing:+ (not:$missing)}" test -z "$missing"

# --- the man page: clean for man -l, and it names every option and key
if ! command -v man > /dev/null; then
	failed "no man (apt-get install man-db)"
else
	MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l docs/man/csumbench.1 > "$T/man.txt" 2> "$T/man.err"
	ok "man -l docs/man/csumbench.1: no warnings" all [ -s "$T/man.txt" ] -- [ ! -s "$T/man.err" ]
	cat "$T/man.err"
	missing=
	for cmd in run sum list calibrate events check tune; do
		for o in $("$BIN" "$cmd" --help | grep '^  -' | grep -o -- '--[a-z][a-z-]*' | sort -u); do
			grep -q -- "$o" "$T/man.txt" || missing="$missing $cmd:$o"
		done
	done
	ok "the man page has every option of every --help${missing:+ (not:$missing)}" test -z "$missing"
	# (the keys: csumbench.conf(5), which make man writes from the table)
	MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l docs/man/csumbench.conf.5 > "$T/conf.txt" 2> "$T/conf.err"
	ok "man -l docs/man/csumbench.conf.5: no warnings" all [ -s "$T/conf.txt" ] -- [ ! -s "$T/conf.err" ]
	cat "$T/conf.err"
	ok "csumbench(1) points to csumbench.conf(5) for the keys" grep -q 'csumbench.conf(5)' "$T/man.txt"
	missing=
	for k in $("$BIN" run --list-keys); do
		grep -q "^       $k = " "$T/conf.txt" || missing="$missing $k"
	done
	ok "csumbench.conf(5) has every config key with its default${missing:+ (not:$missing)}" test -z "$missing"
	for k in $("$BIN" run --list-keys); do
		def=$("$BIN" run --help | sed -n "s/^  $k = //p")
		grep -qF "       $k = $def" "$T/conf.txt" || missing="$missing $k"
	done
	ok "and each default is run --help's${missing:+ (not:$missing)}" test -z "$missing"
fi

# --- bash completion, sourced: COMP_WORDS as bash splits them (at "=")
comp() { # comp WORD...: what completing the last word offers
	bash -c '. scripts/completion/csumbench.bash
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
		case $1 in *csumreport) _csumreport ;; *) _csumbench ;; esac
		printf "%s\n" "${COMPREPLY[@]}"' comp "$@"
}
comp "$BIN" '' > "$T/c"
ok "completion: the commands" all has_line "$T/c" run -- has_line "$T/c" sum -- has_line "$T/c" check -- has_line "$T/c" show -- has_line "$T/c" tune
comp "$BIN" show tests/data/sma > "$T/c"
ok "completion: csumbench show, a results CSV" all has_line "$T/c" tests/data/small.csv -- lacks "$T/c" small-table.expected
comp "$BIN" show --li > "$T/c"
ok "completion: csumbench show --line, from csumreport show's --help" has_line "$T/c" --line
comp "$BIN" sum -k c64-p > "$T/c"
ok "completion: a kernel name, from list" grep -qx c64-prefetch "$T/c"
comp "$BIN" run --dr > "$T/c"
ok "completion: a command's options, from its --help" grep -qx -- --dry-run "$T/c"
comp "$BIN" run --set ca > "$T/c"
ok "completion: a config key, from the key table" grep -qx 'cache=' "$T/c"
comp "$BIN" run --set = kernels = word32,c64-p > "$T/c"
ok "completion: --set=kernels=LIST, the list's last name" grep -qx 'word32,c64-prefetch' "$T/c"
comp "$BIN" run --set cache = warm,co > "$T/c"
ok "completion: a key's values" all has_line "$T/c" warm,cold -- has_line "$T/c" warm,cold-ring
comp "$BIN" run -c configs/mpc > "$T/c"
ok "completion: configs/*.conf" all has_line "$T/c" configs/mpc885.conf -- has_line "$T/c" configs/mpc8323.conf
comp "$REPORT" '' > "$T/c"
ok "completion: csumreport's commands" all has_line "$T/c" table -- has_line "$T/c" compare
comp "$REPORT" table tests/data/small.csv --kernel c6 > "$T/c"
ok "completion: csumreport --kernel, from the CSV on the line" grep -qx c64-prefetch "$T/c"
comp "$BIN" run --set = ker > "$T/c"
ok "completion: --set=KEY" grep -qx 'kernels=' "$T/c"
comp "$BIN" run --set sizes = '' > "$T/c"
ok "completion: sizes = mix:" grep -qx 'mix:' "$T/c"
# A CSV is data: a kernel named like shell is offered, never run.
printf 'kernel,op,size\n$(touch %s/INJECTED),csum,64\n`touch %s/INJECTED2`,csum,64\n*,csum,64\n' "$T" "$T" > "$T/evil.csv"
comp "$REPORT" table "$T/evil.csv" --kernel '' > "$T/c"
ok "completion: a CSV's kernel names are offered as written, never run or globbed" \
	bash -c "[ ! -e '$T/INJECTED' ] && [ ! -e '$T/INJECTED2' ] && grep -qxF '\$(touch $T/INJECTED)' '$T/c' &&
		grep -qxF '*' '$T/c' && [ \$(wc -l < '$T/c') = 3 ]"
comp "$P/bin/csumbench" run -c '' > "$T/c"
ok "completion: the configs make install put beside the program" \
	grep -qx "$P/bin/../share/csumbench/configs/mpc885.conf" "$T/c"
finish
