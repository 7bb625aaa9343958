#!/usr/bin/env bash
# boards/labgrid/test_csumbench.py under pytest, against its two kinds of
# target: the sam460ex virtual board (QEMUDriver) and a real OpenSSH
# server on 127.0.0.1:22022 standing in for a board (SSHDriver), which
# this suite starts with its own host key and user key.  Then the real
# board's environment file is loaded, and must resolve to its drivers.
set -u
SUITE=labgrid
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3	# Debian's, where python3-labgrid is
ROOT=$(pwd)

# This run's own kernel and initrd paths (the environment's templates).
export LG_CSUMBENCH_KERNEL=$T/vmlinux LG_CSUMBENCH_INITRD=$T/initrd.gz
pytest_on() { # pytest_on ENV-FILE LOG: the pytest run against one target
	CSUMBENCH_RESULTS_DIR=$T/res "$PY" -m pytest -q -p no:cacheprovider \
		--rootdir "$ROOT/boards/labgrid" --lg-env "$1" boards/labgrid/test_csumbench.py > "$2" 2>&1
}

# 1. The virtual board, as the README gives it (with the options
# pytest_on passes, through PYTEST_ADDOPTS).
PYTEST_ADDOPTS="-q -p no:cacheprovider --rootdir '$ROOT/boards/labgrid'" CSUMBENCH_RESULTS_DIR=$T/res \
	pytest --lg-env boards/labgrid/vboard-sam460ex.yaml boards/labgrid/test_csumbench.py > "$T/vboard.log" 2>&1
ok "pytest --lg-env boards/labgrid/vboard-sam460ex.yaml passes" [ $? = 0 ]
grep -q '1 passed' "$T/vboard.log" || tail -n 30 "$T/vboard.log"
ok "its pair is in the results folder, marked emulated" \
	bash -c "ls '$T'/res/good-tiny-labgrid-vboard-sam460ex-*[0-9].csv > /dev/null &&
		ls '$T'/res/good-tiny-labgrid-vboard-sam460ex-*-samples.csv > /dev/null &&
		grep -qx '# emulated: yes' '$T'/res/good-tiny-labgrid-vboard-sam460ex-*[0-9].csv"

# 2. sshd on 127.0.0.1:22022 for the ssh path.
mkdir -p "$T/ssh"
ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/host" < /dev/null
ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/user" < /dev/null
cp "$T/ssh/user.pub" "$T/ssh/authorized_keys"
chmod 700 "$T" "$T/ssh"
chmod 600 "$T/ssh/authorized_keys"
mkdir -p /run/sshd 2> /dev/null
cat > "$T/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port 22022
HostKey $T/ssh/host
AuthorizedKeysFile $T/ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $T/ssh/pid
Subsystem sftp /usr/lib/openssh/sftp-server
EOF
# Before the server runs: a missing key, then a closed port, are one
# line each at once, not SSHDriver's 30 s of retries.
start=$SECONDS
LG_CSUMBENCH_KEY=$T/ssh/nokey pytest_on boards/labgrid/localhost.yaml "$T/nokey.log"
ok "no key file: exit 2 at once, naming LG_CSUMBENCH_KEY" \
	bash -c "[ $? = 2 ] && [ $((SECONDS - start)) -lt 15 ] &&
		grep -q 'SSHDriver keyfile $T/ssh/nokey does not exist: set LG_CSUMBENCH_KEY' '$T/nokey.log'"
start=$SECONDS
LG_CSUMBENCH_KEY=$T/ssh/user pytest_on boards/labgrid/localhost.yaml "$T/noport.log"
ok "no sshd on 22022: exit 2 at once, saying what to start" \
	bash -c "[ $? = 2 ] && [ $((SECONDS - start)) -lt 15 ] &&
		grep -q 'nothing answers ssh on 127.0.0.1:22022' '$T/noport.log'"
/usr/sbin/sshd -f "$T/ssh/sshd_config" -E "$T/ssh/log"
ok "an sshd of our own listens on 127.0.0.1:22022" \
	bash -c "for i in \$(seq 50); do [ -s '$T/ssh/pid' ] && exit 0; sleep 0.1; done; cat '$T/ssh/log'; exit 1"
trap 'kill $(cat "$T/ssh/pid" 2> /dev/null) 2> /dev/null; rm -rf "$T"' EXIT
# Another user of the target who made the folders the next processes
# could be given, a link to a file of root's in each, changes nothing.
# (planted by one process, so the ones that follow get the next PIDs)
echo precious > "$T/victim"
/usr/bin/python3 -c '
import os, sys
last = int(open("/proc/sys/kernel/ns_last_pid").read())
with open(sys.argv[2], "w") as planted:
    for p in range(last + 1, last + 3000):
        d = "/tmp/csumbench-lg-%d" % p
        if not os.path.lexists(d):
            os.mkdir(d)
            os.symlink(sys.argv[1], d + "/csumbench")
            planted.write(d + "\n")' "$T/victim" "$T/planted"
LG_CSUMBENCH_KEY=$T/ssh/user pytest_on boards/labgrid/localhost.yaml "$T/ssh.log"
ok "pytest --lg-env boards/labgrid/localhost.yaml passes (ssh, put, run, get)" [ $? = 0 ]
ok "... nothing written through a folder or a link made there first" \
	file_is "$T/victim" precious
xargs rm -rf < "$T/planted"
grep -q '1 passed' "$T/ssh.log" || { tail -n 30 "$T/ssh.log"; tail -n 5 "$T/ssh/log"; }
ok "its pair is in the results folder, not emulated, run by labgrid" \
	bash -c "f=\$(ls '$T'/res/good-tiny-labgrid-main-*[0-9].csv) &&
		ls '$T'/res/good-tiny-labgrid-main-*-samples.csv > /dev/null &&
		grep -qx '# emulated: no' \$f && grep -qx '# runner: labgrid:main' \$f"
ok "the target's folder was removed" bash -c "! ls -d /tmp/csumbench-lg.* 2> /dev/null"
# A config's name is never shell on the target, and any name works.
bad='x;cd;touch INJECTED; my $(touch INJECTED).conf'
cp tests/configs/good-tiny.conf "$T/$bad"
rm -f ~/INJECTED
CSUMBENCH_CONFIG=$T/$bad LG_CSUMBENCH_KEY=$T/ssh/user pytest_on boards/labgrid/localhost.yaml "$T/inj.log"
ok "CONFIG named '$bad' over ssh: passes, nothing ran on the target, its folder removed" \
	bash -c "[ $? = 0 ] && [ ! -e ~/INJECTED ] && ! ls -d /tmp/csumbench-lg.* 2> /dev/null &&
		ls \"\$1\"-labgrid-main-*[0-9].csv > /dev/null" _ "$T/res/${bad%.conf}"
grep -q '1 passed' "$T/inj.log" || tail -n 30 "$T/inj.log"
rm -f ~/INJECTED

# 3. A failing target fails the test: a key the server does not know.
ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/stranger" < /dev/null
LG_CSUMBENCH_KEY=$T/ssh/stranger pytest_on boards/labgrid/localhost.yaml "$T/bad.log"
ok "a target it cannot reach fails the pytest, for that reason" \
	all [ $? != 0 ] -- has "$T/bad.log" 'Permission denied (publickey)'

# 4. The real board's environment: it loads, and its target has the
# drivers the README describes (nothing is connected).
"$PY" - > "$T/board.log" 2>&1 <<'EOF'
from labgrid import Environment
t = Environment("boards/labgrid/board.yaml").get_target("main")
names = sorted(type(d).__name__ for d in t.drivers)
assert names == ["ManualPowerDriver", "SSHDriver", "SerialDriver"], names
assert t.env.config.get_option("csumbench_make") == "ARCH=ppc32 CPU=464"
EOF
ok "boards/labgrid/board.yaml loads: ssh, serial and power drivers" [ $? = 0 ]
grep -q . "$T/board.log" && cat "$T/board.log"
finish
