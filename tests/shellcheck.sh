#!/usr/bin/env bash
# Every shell script in the tree (*.sh, .ci/run, and any file whose
# first line runs sh or bash) through Debian's shellcheck at warning
# level, following what they source: clean.  An exclusion is a
# "shellcheck disable=" directive with its reason after it on the line.
set -u
SUITE=shellcheck
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# The tree's files (tracked, and new ones not ignored), shell scripts
# among them.
git ls-files --cached --others --exclude-standard | while read -r f; do
	[ -f "$f" ] || continue
	case $f in
	*.sh | *.bash | .ci/run) echo "$f" ;;
	*) head -n 1 "$f" 2> /dev/null | grep -Eq '^#!.*(/|env )(ba|da)?sh( |$)' && echo "$f" ;;
	esac
done | sort -u > "$T/scripts"
ok "the shell scripts are found: $(wc -l < "$T/scripts"), .ci/run and boards/lava/lava-run.sh among them" \
	bash -c "[ \$(wc -l < '$T/scripts') -ge 25 ] && grep -qx .ci/run '$T/scripts' &&
		grep -qx boards/lava/lava-run.sh '$T/scripts' && grep -qx scripts/vboard.sh '$T/scripts'"
mapfile -t scripts < "$T/scripts"
shellcheck -x -S warning "${scripts[@]}" > "$T/sc" 2>&1; rc=$?
ok "shellcheck -x -S warning: every script clean" [ $rc = 0 ]
[ $rc = 0 ] || head -n 40 "$T/sc"
grep -nE '^[[:space:]]*# shellcheck disable=' "${scripts[@]}" | grep -v 'disable=[A-Z0-9,]* # [^ ]' > "$T/bare"
ok "every exclusion says why, where it is made" [ ! -s "$T/bare" ]
cat "$T/bare"
finish
