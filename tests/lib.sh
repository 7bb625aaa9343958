# shellcheck shell=bash
# Sourced by the shell test suites: a temporary folder $T, and ok/finish.
# SUITE names the suite in messages and in the closing count.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { # ok NAME COMMAND...: the command's exit status decides, and is
	# ok's (ok ... || echo "  why" adds to a failure)
	local name=$1; shift
	if "$@"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $SUITE: $name"
		return 1
	fi
}

same() { # same NAME EXPECTED-FILE COMMAND...: its output is that file's
	local name=$1 want=$2; shift 2
	if "$@" > "$T/got" 2>&1 && diff -u "$want" "$T/got" > "$T/diff"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL $SUITE: $name"; cat "$T/diff"
	fi
}

# width_ok FILE: no line over 72 columns (exported for bash -c checks)
width_ok() { ! awk 'length > 72 { print FILENAME ":" FNR ": " length " columns"; bad = 1 } END { exit !bad }' "$1"; }
export -f width_ok

# summary FILE: csumreport compare's summary sentences, one a line
# (wrapped lines joined; exported for bash -c checks)
summary() {
	sed -n '/^Summary:$/,/^\([0-9]* of [0-9]* points changed\|no verdict\)/p' "$1" | sed '1d;$d' |
		awk '/^  / { sub(/^ +/, " "); line = line $0; next } { if (line != "") print line; line = $0 } END { if (line != "") print line }'
}
export -f summary

# JSON checks in Python: each prints "ok NAME" or "FAIL NAME: why".
jcheck() { # jcheck FILE PYTHON-BODY: o is the parsed file.  An error
	# in the body (a missing key, a file that is not JSON) is a FAIL
	# line, not checks that silently never ran.
	python3 -c '
import json, math, sys, traceback
def check(name, cond, why=""):
    print(("ok " if cond else "FAIL ") + name + ("" if cond else ": " + str(why)))
try:
    def constant(c):
        raise ValueError("%s is not JSON" % c)
    o = json.load(open(sys.argv[1], encoding="utf-8", errors="strict"), parse_constant=constant)
    b = {x["name"]: x for x in o["benchmarks"]}
    exec(sys.argv[2])
except Exception as e:
    print("FAIL python: %s: %r" % (sys.argv[1], e))
' "$1" "$2"
}
results() { # results FILE: each line an ok
	local line
	while IFS= read -r line; do
		case $line in
		ok\ *) pass=$((pass + 1)) ;;
		*) fail=$((fail + 1)); echo "FAIL $SUITE: $line" ;;
		esac
	done < "$1"
}

# wait_until SECONDS COMMAND...: until the command succeeds (an event:
# a process there, a line in a file), polled every 0.1 s; 1 if it never
# did within SECONDS.  A generous bound, never a guess at how long
# something takes: a fresh or loaded machine is slow.
wait_until() {
	local limit=$(($1 * 10)) i; shift
	for ((i = 0; i < limit; i++)); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

finish() { # the closing line tests/run.sh adds up
	echo "$SUITE: $pass passed, $fail failed"
	[ $fail = 0 ]
}
