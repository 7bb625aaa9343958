# Sourced by the shell test suites: a temporary folder $T, and ok/finish.
# SUITE names the suite in messages and in the closing count.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { # ok NAME COMMAND...: the command's exit status decides
	local name=$1; shift
	if "$@"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $SUITE: $name"
	fi
}

finish() { # the closing line tests/run.sh adds up
	echo "$SUITE: $pass passed, $fail failed"
	[ $fail = 0 ]
}
