#!/usr/bin/env bash
# make bench RUNNER="ssh root@board" without a board: a stand-in ssh on
# PATH runs the remote commands here, so the copy-run-fetch path is real.
set -u
SUITE=bench-ssh
. "$(dirname "$0")/lib.sh"

mkdir "$T/bin" "$T/res"
cat > "$T/bin/ssh" <<'SH'
#!/bin/sh
# ssh HOST COMMAND: run COMMAND locally, logging what was asked.
echo "$*" >> "$SSH_LOG"
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
ok "the results pair came back" \
	bash -c "ls '$T'/res/good-tiny-*[0-9].csv && ls '$T'/res/good-tiny-*-samples.csv" > /dev/null
dir=$(grep -o '/tmp/csumbench-[0-9]*' "$T/log" | head -n 1)
ok "the board's folder was removed" bash -c "[ -n '$dir' ] && [ ! -e '$dir' ]"
finish
