#!/usr/bin/env bash
# scripts/need.sh while another process holds the package locks, as
# unattended upgrades on a board or a CI runner do: it waits (bounded,
# saying so) instead of giving up at once.  Needs root (the locks are
# root's) and Debian's python3 to hold them as apt does (fcntl).
set -u
SUITE=need
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ] || [ ! -x /usr/bin/python3 ]; then
	if [ "${CI:-}" = true ]; then
		ok "root and /usr/bin/python3 to hold the package locks" false
	else
		diag "need: not root, or no /usr/bin/python3: the lock checks are left out"
	fi
	finish
	exit
fi
# hold SECONDS: apt's and dpkg's locks, taken as they take them (fcntl),
# in the background; returns once they are held.
hold() {
	/usr/bin/python3 -c '
import fcntl, sys, time
held = []
for p in ("/var/lib/apt/lists/lock", "/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock"):
    f = open(p, "a")
    fcntl.lockf(f, fcntl.LOCK_EX)
    held.append(f)
print("held", flush=True)
time.sleep(float(sys.argv[1]))' "$1" > "$T/held" &
	holder=$!
	for _ in $(seq 100); do [ -s "$T/held" ] && return; sleep 0.1; done
}

ok "an installed package: exit 0 at once" scripts/need.sh bash

# Its log is a name no one can make first: links planted at every name
# the next few hundred processes could take in TMPDIR (as another user
# could in /tmp where fs.protected_symlinks=0) are never written through.
# (planted by one process, so the ones that follow get the next PIDs)
mkdir "$T/tmp"
echo precious > "$T/victim"
/usr/bin/python3 -c '
import os, sys
d, victim = sys.argv[1], sys.argv[2]
last = int(open("/proc/sys/kernel/ns_last_pid").read())
for p in range(last + 1, last + 3000):
    for suffix in (".log", ".log.try"):
        os.symlink(victim, "%s/csumbench-apt-%d%s" % (d, p, suffix))' "$T/tmp" "$T/victim"
TMPDIR=$T/tmp scripts/need.sh bash=0.0-csumbench > /dev/null 2> "$T/err"
ok "the apt log is made with mktemp: a planted link's target is untouched" \
	file_is "$T/victim" precious
ok "... and the log it names on a failure is in TMPDIR and holds apt's words" \
	bash -c "f=\$(sed -n 's/^apt-get failed; see \\(.*\\):\$/\\1/p' '$T/err') &&
		case \$f in '$T/tmp/'*) ;; *) exit 1 ;; esac && [ ! -L \"\$f\" ] &&
		grep -q \"Version '0.0-csumbench' for 'bash' was not found\" \"\$f\""
hold 4
t0=$(date +%s)
# (a version of bash that is not there: apt-get fails on it at once,
# from the lists there are, once it has the locks)
TMPDIR=$T CSUMBENCH_APT_WAIT=300 scripts/need.sh bash=0.0-csumbench > /dev/null 2> "$T/err"; rc=$?
t=$(($(date +%s) - t0))
wait "$holder"
ok "locks held 4 s: it waits, says by whom, then runs apt-get (${t} s)" \
	all exit_is 1 -- [ "$t" -ge 3 ] -- has "$T/err" 'waiting for the package lock, held by [0-9]* (python3)'
ok "and apt-get ran past the locks: the version is unknown, not the lock taken" \
	all has "$T/err" "Version '0.0-csumbench' for 'bash' was not found" -- lacks "$T/err" 'Could not get lock'
[ $rc = 1 ] || cat "$T/err"
hold 30
t0=$(date +%s)
TMPDIR=$T CSUMBENCH_APT_WAIT=3 scripts/need.sh bash=0.0-csumbench > /dev/null 2> "$T/err"; rc=$?
t=$(($(date +%s) - t0))
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
ok "the wait is bounded: CSUMBENCH_APT_WAIT=3 gives up, saying so (${t} s)" \
	all exit_is 1 -- [ "$t" -lt 20 ] -- has "$T/err" 'gave up after 3 s waiting for the package lock'
finish
