#!/usr/bin/env bash
# make's own files: a generated header or a linked binary is never
# written through a name someone made first, never read half-written by
# a second make in the same tree (make bench beside make plot, as the
# examples suite runs them), and gets the mode a new file gets.
#   tests/build.sh   (from the tree's root; builds csumreport in a copy)
set -u
SUITE=build
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
ROOT=$(pwd)

# A copy of the tree: its sources as links, a build folder of its own.
S=$T/tree
mkdir "$S"
for f in "$ROOT"/*; do
	case ${f##*/} in build | results) ;; *) ln -s "$f" "$S/" ;; esac
done
mkdir -p "$S/build/host" "$S/build/x86_64"
export GIT_DIR GIT_WORK_TREE
GIT_DIR=$(git rev-parse --absolute-git-dir 2> /dev/null) GIT_WORK_TREE=$ROOT

# --- A link at the name the old recipes wrote through (FILE.new).
echo precious > "$T/victim"
for f in build/host/version.h build/x86_64/buildinfo.h build/x86_64/flags; do
	ln -s "$T/victim" "$S/$f.new"
done
make -s -C "$S" ARCH=x86_64 build/host/version.h build/x86_64/buildinfo.h \
	build/x86_64/flags > "$T/gen.out" 2>&1
ok "version.h, buildinfo.h and flags made" \
	bash -c "[ -s '$S/build/host/version.h' ] && [ -s '$S/build/x86_64/buildinfo.h' ] && [ -s '$S/build/x86_64/flags' ]"
ok "none written through a link planted at FILE.new (the victim still says precious)" \
	bash -c "[ \"\$(cat '$T/victim')\" = precious ]"
ok "no file left beside them (version.h.XXXXXX)" \
	bash -c "! ls '$S/build/host' '$S/build/x86_64' | grep -q '\\.[A-Za-z0-9]\\{6\\}\$'"
ok "a generated header's mode is a new file's (0644 under umask 022)" \
	bash -c "[ \"\$(stat -c %a '$S/build/host/version.h')\" = 644 ]"

# --- Makes side by side, each with its own version (so each relinks):
# every one succeeds, and the csumreport left runs.
pids=()
for i in 1 2 3 4; do
	(umask 022; make -s -C "$S" GIT_REV="r$i" build/host/csumreport > "$T/par$i.out" 2>&1; echo $? > "$T/par$i.rc") &
	pids+=($!)
done
# meanwhile, whatever csumreport is there runs whole, or is not there
: > "$T/runs"
while kill -0 "${pids[@]}" 2> /dev/null; do
	if [ -e "$S/build/host/csumreport" ]; then
		"$S/build/host/csumreport" --version > /dev/null 2>&1
		echo $? >> "$T/runs"
	fi
	sleep 0.05
done
wait
ok "four makes of csumreport side by side all succeed" \
	bash -c "[ \"\$(cat '$T'/par*.rc | tr -d '\\n')\" = 0000 ]"
for i in 1 2 3 4; do
	[ "$(cat "$T/par$i.rc")" = 0 ] || { echo "  make $i:"; tail -n 5 "$T/par$i.out"; }
done
ok "the csumreport there ran whole every time it was run meanwhile ($(wc -l < "$T/runs") runs)" \
	bash -c "! grep -qv '^0\$' '$T/runs'"
ok "the one left says one of their versions" \
	bash -c "'$S/build/host/csumreport' --version | grep -q 'r[1-4]'"
ok "it has a new binary's mode (0755 under umask 022)" \
	bash -c "[ \"\$(stat -c %a '$S/build/host/csumreport')\" = 755 ]"
ok "no half-linked file left beside it" \
	bash -c "[ \"\$(ls '$S/build/host' | grep -c '^csumreport')\" = 1 ]"

finish
