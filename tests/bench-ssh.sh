#!/usr/bin/env bash
# make bench RUNNER="ssh root@board" without a board: a stand-in ssh on
# PATH runs the remote commands here, so the copy-run-fetch path is real.
set -u
SUITE=bench-ssh
. "$(dirname "$0")/lib.sh"

mkdir "$T/bin" "$T/res"
cat > "$T/bin/ssh" <<'SH'
#!/bin/sh
# ssh [-p PORT] HOST COMMAND: run COMMAND locally, logging what was asked.
echo "$*" >> "$SSH_LOG"
[ "$1" = -p ] && shift 2
shift
exec sh -c "$*"
SH
chmod +x "$T/bin/ssh"
PATH=$T/bin:$PATH SSH_LOG=$T/log CSUMBENCH_RESULTS_DIR=$T/res \
	make -s bench CONFIG=tests/configs/good-tiny.conf RUNNER="ssh root@board" \
	> "$T/out" 2> "$T/err"
ok "make bench over ssh exits 0" [ $? = 0 ]
ok "the binary and the config were sent to the board" \
	bash -c "grep -q 'root@board mkdir -p /tmp/csumbench-.*cat > .*/csumbench' '$T/log' &&
		grep -q 'root@board cat > /tmp/csumbench-.*/good-tiny.conf' '$T/log'"
ok "the results pair came back, named with the board's name" \
	bash -c "ls '$T'/res/good-tiny-board-*[0-9].csv && ls '$T'/res/good-tiny-board-*-samples.csv" > /dev/null
ok "the CSV says which runner and board" \
	grep -qx '# runner: ssh:board' "$(ls "$T"/res/good-tiny-board-*[0-9].csv | head -n 1)"
dir=$(grep -o '/tmp/csumbench-[0-9-]*' "$T/log" | head -n 1)
ok "the board's folder was removed" bash -c "[ -n '$dir' ] && [ ! -e '$dir' ]"
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
finish
