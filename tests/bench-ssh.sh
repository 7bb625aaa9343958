#!/usr/bin/env bash
# make bench RUNNER="ssh root@board" without a board: a stand-in ssh on
# PATH runs the remote commands here, so the copy-run-fetch path is real.
set -u
SUITE=bench-ssh
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

mkdir "$T/bin" "$T/res"
mkdir "$T/board"
cat > "$T/bin/ssh" <<'SH'
#!/bin/sh
# ssh [-p PORT] HOST COMMAND: run COMMAND locally in the board's home
# ($T/board), by sh as a board's login shell would, logging what was
# asked.
echo "$*" >> "$SSH_LOG"
[ "$1" = -p ] && shift 2
shift
cd "$BOARD_HOME" || exit 255
# ATTACK=FILE: another user of the board who makes every board folder
# the command names before it runs, a link to FILE in it as csumbench.
if [ -n "${ATTACK:-}" ]; then
	for d in $(printf '%s\n' "$*" | grep -o '/tmp/csumbench[.-][A-Za-z0-9-]*' | grep -v XXXXXX); do
		[ -e "$d" ] || { mkdir "$d" && ln -s "$ATTACK" "$d/csumbench" && echo "$d" >> "$ATTACK.dirs"; }
	done
fi
# BOARD_PATH: the board's own PATH (a board without mktemp)
[ -z "${BOARD_PATH:-}" ] || PATH=$BOARD_PATH
exec sh -c "$*"
SH
export BOARD_HOME=$T/board
# (the boards' folders: /tmp/csumbench.XXXXXX, made by mktemp there)
boards() { local d; for d in /tmp/csumbench.*; do [ -d "$d" ] && echo "$d"; done; }
chmod +x "$T/bin/ssh"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" \
	> "$T/out" 2> "$T/err"
ok "make bench over ssh exits 0" [ $? = 0 ]
ok "the binary and the config were sent to the board" \
	all has "$T/log" 'mktemp -d /tmp/csumbench.XXXXXX' -- \
		has "$T/log" 'cat > "$d/csumbench"' -- \
		has "$T/log" 'root@board cat > /tmp/csumbench\.[A-Za-z0-9]*/'\''good-tiny.conf'\'''
ok "the results pair came back, named with the board's name" \
	bash -c "ls '$T'/res/good-tiny-board-*[0-9].csv && ls '$T'/res/good-tiny-board-*-samples.csv" > /dev/null
ok "the fetched pair has the mode a result written here gets (not mktemp's 0600)" \
	bash -c "for f in '$T'/res/good-tiny-board-*.csv; do [ \$(stat -c %a \"\$f\") = $(printf '%o' $((0666 & ~$(umask)))) ] || exit 1; done"
ok "the CSV says which runner and board" \
	grep -qx '# runner: ssh:board' "$(ls "$T"/res/good-tiny-board-*[0-9].csv | head -n 1)"
dir=$(grep -o '/tmp/csumbench\.[A-Za-z0-9]*' "$T/log" | grep -v XXXXXX | head -n 1)
ok "the board's folder was removed" all [ -n "$dir" ] -- [ ! -e "$dir" ]

# The board's folder is new, made there (mktemp -d), and nothing is
# written through a name someone else could make first: another user
# who makes each folder a command names, a link inside, changes nothing.
echo precious > "$T/victim"
mkdir "$T/resa"
PATH=$T/bin:$PATH SSH_LOG=$T/log ATTACK=$T/victim CSUMBENCH_RESULTS_DIR=$T/resa \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > /dev/null 2>&1
ok "a folder another user makes at the board's folder's name: nothing written through its link" \
	bash -c "[ $? = 0 ] && [ \"\$(cat '$T/victim')\" = precious ] && ls '$T'/resa/good-tiny-board-*[0-9].csv > /dev/null"
# (a board without mktemp: the folder named here, made by a mkdir that
# fails on a name that is there)
mkdir "$T/nomktemp"
for c in sh cat mkdir chmod rm ls wc env; do ln -s "$(command -v $c)" "$T/nomktemp/$c"; done
PATH=$T/bin:$PATH SSH_LOG=$T/log BOARD_PATH=$T/nomktemp CSUMBENCH_RESULTS_DIR=$T/resa \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > /dev/null 2> "$T/err"
ok "a board without mktemp: the folder made by mkdir there, the run fetched" \
	bash -c "[ $? = 0 ] && [ \$(ls '$T/resa' | grep -vc -- '-samples\.csv\$') = 2 ]"
PATH=$T/bin:$PATH SSH_LOG=$T/log ATTACK=$T/victim BOARD_PATH=$T/nomktemp CSUMBENCH_RESULTS_DIR=$T/resa \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > /dev/null 2> "$T/err"; rc=$?
ok "... and a name made there first: refused, saying so, nothing written, the other's folder left" \
	bash -c "[ $rc != 0 ] && [ \"\$(cat '$T/victim')\" = precious ] &&
		grep -q 'could not make a new folder on the board' '$T/err' &&
		d=\$(tail -n 1 '$T/victim.dirs') && [ -L \"\$d/csumbench\" ]"
# make trace over ssh sends the binary the same way (whether the host
# kernel here can be traced does not matter to this).
boards > "$T/boards-trace"
logged=$(wc -l < "$T/log")
PATH=$T/bin:$PATH SSH_LOG=$T/log ATTACK=$T/victim CSUMBENCH_RESULTS_DIR=$T/resa \
	make -s trace RUNNER="ssh root@board" SECONDS=1 > /dev/null 2>&1
tail -n +$((logged + 1)) "$T/log" > "$T/trace.log"
left=$(boards | grep -vxFf "$T/boards-trace" -f "$T/victim.dirs" | wc -l)
ok "make trace over ssh: nothing written through another's link, its folder removed ($left left)" \
	all file_is "$T/victim" precious -- \
		has "$T/trace.log" 'mktemp -d /tmp/csumbench.XXXXXX' -- \
		has "$T/trace.log" '^root@board /tmp/csumbench\.[A-Za-z0-9]*/csumbench trace ' -- \
		[ "$left" = 0 ]
xargs rm -rf < "$T/victim.dirs"
# Two runs in the same second (a board without an RTC, or a script):
# the second pair gets a suffix and the first is kept as it was.
sums() { md5sum "$T"/res/*.csv | sort; }
sums > "$T/before"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh -p 22 root@board" \
	> /dev/null 2>&1 &
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh -p 22 root@board" \
	> /dev/null 2>&1
wait
ok "three runs give three pairs, none replaced" \
	bash -c "[ \$(ls '$T/res' | grep -c -- '-samples\.csv\$') = 3 ] &&
		[ \$(ls '$T/res' | grep -vc -- '-samples\.csv\$') = 3 ] &&
		[ \$(ls -A '$T/res' | wc -l) = 6 ]"
ok "the first pair is unchanged" bash -c "sums() { md5sum '$T'/res/*.csv | sort; }; sums | grep -qFf '$T/before' &&
	[ \$(sums | grep -cFf '$T/before') = 2 ]"
# format = csv, json: the JSON comes back beside the pair, named alike.
mkdir "$T/resj"
{ cat tests/configs/good-tiny.conf; echo 'format = csv, json'; } > "$T/both.conf"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/resj \
	make -s bench CONFIG="$T/both.conf" RUNNER="ssh root@board" > "$T/outj" 2>&1
ok "format = csv, json over ssh: the CSV, the JSON and the samples fetched" \
	bash -c "[ \$(ls '$T/resj' | grep -Ec '^both-board-[0-9]{8}-[0-9]{6}(\.csv|\.json|-samples\.csv)\$') = 3 ] &&
		python3 -c 'import json, sys; json.load(open(sys.argv[1]))' '$T'/resj/both-board-*.json"

# sizes = mix:FILE, FILE beside the config here: the mix goes to the
# board beside the config's copy, which names it; the run replays it.
mkdir -p "$T/mixconf" "$T/resm"
printf '%s\n' "40 7" "576 4" "1500 1" > "$T/mixconf/my.mix"
{ grep -v '^sizes\|^cache' tests/configs/good-tiny.conf; echo 'cache = warm'; echo 'sizes = mix:my.mix  # beside me'; } \
	> "$T/mixconf/mixed.conf"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/resm \
	make -s bench CONFIG="$T/mixconf/mixed.conf" RUNNER="ssh root@board" > "$T/outm" 2>&1
ok "sizes = mix:FILE over ssh: the mix went to the board and was replayed" \
	bash -c "[ $? = 0 ] && grep -q 'root@board cat > /tmp/csumbench\.[A-Za-z0-9]*/sizes.mix' '$T/log' &&
		grep -q '^# mix: .*sizes.mix: 12 packets' '$T'/resm/mixed-board-*[0-9].csv"
rm -f "$T/mixconf/my.mix"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/resm \
	make -s bench CONFIG="$T/mixconf/mixed.conf" RUNNER="ssh root@board" > "$T/outm" 2>&1
ok "... a mix that is not there: exit 2 before anything is sent, naming it" \
	all [ $? = 2 ] -- has "$T/outm" 'mixed.conf: sizes = mix:.*my.mix: no such file'

# A name that is already taken is never fetched over.
# (every other one a pipe: a name that is there, whatever it is, is taken)
for d in $(seq 0 30); do
	f=$T/res/good-tiny-board-$(date -d "+$d second" +%Y%m%d-%H%M%S).csv
	if [ $((d % 2)) = 0 ]; then echo precious > "$f"; else mkfifo "$f"; fi
done
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > "$T/out" 2>&1
ok "a taken name is kept and the new pair gets a suffix" \
	bash -c "[ \$(find '$T/res' -type p | wc -l) = 15 ] &&
		[ \$(find '$T/res' -type f -name '*.csv' -exec grep -lx precious {} + | wc -l) = 16 ] &&
		grep -Eq 'fetched .*good-tiny-board-[0-9]{8}-[0-9]{6}-[0-9]+\.csv' '$T/out'"
ok "the board's files and the fetched ones are told apart" \
	all has_ere "$T/out" '^board: wrote /tmp/csumbench\.[A-Za-z0-9]+/results/out\.csv$' -- \
		has_ere "$T/out" '^board:   and /tmp/csumbench\.[A-Za-z0-9]+/results/out-samples\.csv$' -- \
		has_ere "$T/out" '^fetched to this machine: .*/good-tiny-board-[0-9-]+\.csv$' -- \
		lacks "$T/out" '^wrote '
# A config's name is never shell on the board (or here), and any name
# works: quotes, a semicolon, a space, a $.
boards_left() { boards | grep -vxFf "$T/boards-before" | grep -c .; }
boards > "$T/boards-before"
mkdir "$T/res2"
for name in 'x;touch INJECTED;.conf' 'my tiny.conf' "it's \$(touch INJECTED) \`touch INJECTED\`.conf"; do
	cp tests/configs/good-tiny.conf "$T/$name"
	PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res2 \
		make -s bench CONFIG="$T/$name" RUNNER="ssh root@board" > "$T/out" 2> "$T/err"; rc=$?
	stem=${name%.conf}
	ok "CONFIG='$name' over ssh: exit 0, the pair named after it, nothing run" \
		bash -c "[ $rc = 0 ] && ls \"\$1\"-board-*[0-9].csv \"\$1\"-board-*-samples.csv > /dev/null &&
			[ ! -e '$T/board/INJECTED' ] && [ ! -e INJECTED ] && [ ! -e '$T/INJECTED' ]" _ "$T/res2/$stem"
	ok "CONFIG='$name': the board's folder was removed" [ "$(boards_left)" = 0 ]
done
# A run that fails on the board (a bad config: exit 2 there) still
# removes the board's folder, and says so by its exit status.
printf 'sizes = 12x\n' > "$T/bad one.conf"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res2 \
	make -s bench CONFIG="$T/bad one.conf" RUNNER="ssh root@board" > "$T/out" 2> "$T/err"; rc=$?
ok "a run that fails on the board: non-zero, the board's folder removed" \
	bash -c "[ $rc != 0 ] && grep -q 'sizes' '$T/err' && [ $(boards_left) = 0 ]"

# A results folder that fills up: no file cut short under a result's
# name, exit 1, and the pair kept (and named) where it came back.
if [ "$(id -u)" = 0 ] && mkdir "$T/full" && mount -t tmpfs -o size=16k tmpfs "$T/full" 2> /dev/null; then
	PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/full \
		make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > "$T/out" 2> "$T/err"; rc=$?
	kept=$(sed -n 's/^make bench: the results are kept in //p' "$T/err")
	ok "a full results disk: fails, nothing under a result's name, no fetched line" \
		all [ "$rc" != 0 ] -- \
			dir_empty "$T/full" -- \
			lacks "$T/out" fetched -- \
			has "$T/err" 'No space left on device'
	ok "a full results disk: the pair kept whole where it came back, and named" \
		bash -c "[ -n '$kept' ] && ls '$kept'/good-tiny-board-*[0-9].csv '$kept'/good-tiny-board-*-samples.csv > /dev/null &&
			grep -q '^# emulated' '$kept'/good-tiny-board-*[0-9].csv && tail -n 1 '$kept'/good-tiny-board-*-samples.csv | grep -q ,"
	rm -rf "$kept"
	umount "$T/full"
	mkdir "$T/ro"
	mount -t tmpfs -o ro,size=64k tmpfs "$T/ro"
	PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/ro \
		make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" > "$T/out" 2> "$T/err"; rc=$?
	kept=$(sed -n 's/^make bench: the results are kept in //p' "$T/err")
	ok "a read-only results folder: fails, says so (not 'there already'), the pair kept" \
		bash -c "[ $rc != 0 ] && grep -q 'Read-only file system' '$T/err' && ! grep -q 'there already' '$T/err' &&
			ls '$kept'/good-tiny-board-*[0-9].csv > /dev/null"
	rm -rf "$kept"
	umount "$T/ro"
elif [ "${CI:-}" = true ]; then
	ok "a small tmpfs for the full-disk checks (needs root)" false
else
	diag "bench-ssh: not root: the full and read-only disk checks are left out"
fi
finish
