# shellcheck shell=bash
# Sourced by the shell test suites: a temporary folder $T, the checks,
# and their results as TAP (what kselftest prints): "ok N - name" or
# "not ok N - name", diagnostics on "# " lines, the plan "1..N" at the
# end, then "SUITE: N passed, M failed", the line tests/run.sh adds up.
# SUITE names the suite in that line.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 tap_n=0
echo "TAP version 13"

passed() { # passed NAME: one check passed
	tap_n=$((tap_n + 1)) pass=$((pass + 1))
	printf 'ok %d - %s\n' "$tap_n" "$(tap_name "$1")"
}
failed() { # failed NAME: one check failed
	tap_n=$((tap_n + 1)) fail=$((fail + 1))
	printf 'not ok %d - %s\n' "$tap_n" "$(tap_name "$1")"
}
tap_name() { local n=${1//$'\n'/ }; printf '%s' "${n//#/\\#}"; }
diag() { # diag TEXT...: a diagnostic, each line of it after "# "
	printf '%s\n' "$*" | sed 's/^/# /'
}

ok() { # ok NAME COMMAND...: the command's exit status decides, and is
	# ok's (ok ... || diag "why" adds to a failure)
	local name=$1; shift
	all_failed=()
	if "$@"; then
		passed "$name"
	else
		failed "$name"
		[ ${#all_failed[@]} = 0 ] || why_failed "${all_failed[@]}"
		return 1
	fi
}

# why_failed CHECK...: which of all's checks failed, and the first lines
# of the file it read (so that a failure in CI says what it saw)
why_failed() {
	local a
	diag "the check that failed: $*"
	for a in "${@:2}"; do
		[ -f "$a" ] || continue
		diag "$a begins:"
		diag "$(head -n 8 "$a" | cut -c 1-160)"
		return
	done
}

same() { # same NAME EXPECTED-FILE COMMAND...: its output is that file's
	local name=$1 want=$2; shift 2
	if "$@" > "$T/got" 2>&1 && diff -u "$want" "$T/got" > "$T/diff"; then
		passed "$name"
	else
		failed "$name"; diag "$(cat "$T/diff")"
	fi
}

# Checks for ok, each one command that fails when what it names does
# not hold, in place of a shell in a string (bash -c "..."):
#   has FILE REGEX        a line matches    has_line FILE REGEX  a whole line
#   lacks FILE REGEX      no line matches   empty FILE           nothing in it
#   first_is FILE REGEX   its first line    last_is FILE REGEX   its last line
#   lines_are N FILE      N lines           stderr_has REGEX     $T/err has it
#   exit_is N             the status the suite kept in rc is N
#   lacks_line FILE REGEX no whole line     has_ere/lacks_ere FILE ERE
#   count_is N FILE REGEX N lines match     count_lines_is N FILE REGEX
#   file_is FILE TEXT     all it holds      dir_empty DIR        no file in it
#   entries_are N DIR     N names in it (ls)
#   joined_has FILE REGEX its lines joined by spaces match (wrapped text)
#   summary_has FILE LINE one of its compare summary sentences (summary)
#   all CHECK [-- CHECK]...  every one holds (stops at the first that fails)
has() { grep -q -- "$2" "$1"; }
has_line() { grep -qx -- "$2" "$1"; }
lacks() { ! grep -q -- "$2" "$1"; }
empty() { [ ! -s "$1" ]; }
first_is() { head -n 1 "$1" | grep -qx -- "$2"; }
last_is() { tail -n 1 "$1" | grep -qx -- "$2"; }
lines_are() { [ "$(wc -l < "$2")" = "$1" ]; }
stderr_has() { grep -q -- "$1" "$T/err"; }
exit_is() { [ "${rc-}" = "$1" ]; }
lacks_line() { ! grep -qx -- "$2" "$1"; }
has_ere() { grep -Eq -- "$2" "$1"; }
lacks_ere() { ! grep -Eq -- "$2" "$1"; }
count_is() { [ "$(grep -c -- "$3" "$2")" = "$1" ]; }
count_lines_is() { [ "$(grep -cx -- "$3" "$2")" = "$1" ]; }
file_is() { [ "$(cat "$1")" = "$2" ]; }
dir_empty() { [ -z "$(ls -A "$1")" ]; }
entries_are() { [ "$(ls "$2" | wc -l)" = "$1" ]; }
joined_has() { tr '\n' ' ' < "$1" | grep -q -- "$2"; }
all() {
	local one=() a
	for a in "$@" --; do
		if [ "$a" = -- ]; then
			[ ${#one[@]} = 0 ] || "${one[@]}" || { all_failed=("${one[@]}"); return 1; }
			one=()
		else
			one+=("$a")
		fi
	done
}
export -f has has_line lacks empty first_is last_is lines_are lacks_line has_ere lacks_ere \
	count_is count_lines_is file_is dir_empty entries_are joined_has

# columns NAME: a results CSV's column line, tests/data/csvfix.py's
# (points, samples, workloads, calls, kspace or fewest)
columns() { python3 "$(dirname "${BASH_SOURCE[0]}")/data/csvfix.py" "$1"; }

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
summary_has() { summary "$1" | grep -qx -- "$2"; }

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
results() { # results FILE: each line a check, "ok NAME" or "FAIL NAME: why"
	local line
	while IFS= read -r line; do
		case $line in
		ok\ *) passed "${line#ok }" ;;
		*) failed "${line#FAIL }" ;;
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

finish() { # the plan, then the closing line tests/run.sh adds up
	echo "1..$tap_n"
	echo "$SUITE: $pass passed, $fail failed"
	[ $fail = 0 ]
}
