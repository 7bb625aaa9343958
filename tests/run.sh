#!/usr/bin/env bash
# make test: every suite, each printing TAP (ok N - name, not ok N -
# name, # diagnostics, the plan 1..N) and ending "NAME: N passed, M
# failed"; the last line adds them up.  Suites whose packages are
# missing are SKIPPED, which fails the run under CI=true.
#   tests/run.sh           everything (make test); make deps first
#   tests/run.sh --quick   the fast tier (make check): the native unit
#                          tests, the command line's refusals and the
#                          host tools; no emulator, board or timing suite
#   tests/run.sh [--quick] NAME...   those suites alone (make test T=NAME),
#                          a NAME as the "== NAME" lines spell it or a
#                          glob ('ppc32-*'); the builds they need first
# A suite's whole TAP goes to build/logs/test/NAME.tap; here, all but
# its passing checks (TAP_ALL=1: everything).
#
# The order keeps timings honest: every package is installed before the
# first suite (make deps), the suites that time or watch the CPUs run
# alone, one after another, and only then do emulators and boards run,
# some of them side by side (their timings are not real, and nothing of
# theirs watches this machine's CPUs).
set -u
cd "$(dirname "$0")/.." || exit 2
MAKE=${MAKE:-make}
total_pass=0 total_fail=0
quick=0
[ "${1:-}" = --quick ] && quick=1 && shift
only=("$@") matched=0

want() { # want NAME...: one of these suites is to run (no NAME given:
	# all); a NAME may be a glob, for the suites of a build ('ppc32-*')
	local n p
	[ ${#only[@]} = 0 ] && return 0
	for n in "$@"; do
		for p in "${only[@]}"; do
			# shellcheck disable=SC2053 # globs, both ways
			[[ $n == $p || $p == $n ]] && return 0
		done
	done
	return 1
}

suite() { # suite NAME COMMAND...: runs it and adds its closing counts
	local name=$1 out rc t0=$SECONDS; shift
	want "$name" || return 0
	echo "== $name"
	out=$("$@" 2>&1); rc=$?
	counted "$name" "$out" "$rc" $((SECONDS - t0))
}

# Suites that mostly wait on an emulator's one thread run beside the
# others: suite_bg queues one (one after another, in the background,
# their output kept), suites_collect waits and reports them.
bg_dir=$(mktemp -d)
trap 'rm -rf "$bg_dir"' EXIT
bg_names=() bg_pids=()
suite_bg() { # suite_bg NAME COMMAND...
	local name=$1 prev=; shift
	want "$name" || return 0
	[ "${#bg_pids[@]}" = 0 ] || prev=${bg_pids[${#bg_pids[@]}-1]}
	(
		# (after the one queued before it)
		[ -z "$prev" ] || while kill -0 "$prev" 2> /dev/null; do sleep 1; done
		t0=$SECONDS
		"$@" > "$bg_dir/$name.out" 2>&1
		echo "$? $((SECONDS - t0))" > "$bg_dir/$name.rc"
	) &
	bg_pids+=($!)
	bg_names+=("$name")
}
suites_collect() {
	local i rc secs
	for i in "${!bg_pids[@]}"; do
		wait "${bg_pids[$i]}"
		echo "== ${bg_names[$i]} (run beside the others)"
		read -r rc secs < "$bg_dir/${bg_names[$i]}.rc" || rc=1 secs=0
		counted "${bg_names[$i]}" "$(cat "$bg_dir/${bg_names[$i]}.out")" "$rc" "$secs"
	done
	bg_pids=() bg_names=()
}

counted() { # counted NAME OUTPUT STATUS SECONDS: prints it, adds its counts
	local name=$1 out=$2 rc=$3 secs=$4 line p f
	matched=$((matched + 1))
	mkdir -p build/logs/test
	printf '%s\n' "$out" > "build/logs/test/$name.tap"
	if [ "${TAP_ALL:-}" = 1 ]; then
		printf '%s\n' "$out" | grep -v '^.*: [0-9]* passed, [0-9]* failed$'
	else
		printf '%s\n' "$out" |
			grep -Ev '^.*: [0-9]* passed, [0-9]* failed$|^ok [0-9]+ |^TAP version 13$|^1\.\.[0-9]+$'
	fi
	line=$(printf '%s\n' "$out" | grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ -z "$line" ]; then
		echo "FAIL $name: ended without a count (exit status $rc)"
		total_fail=$((total_fail + 1))
		return
	fi
	p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
	f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		echo "FAIL $name: exit status $rc"
		f=1
	fi
	# (how long it took: CI has a budget)
	echo "$name: $p passed, $f failed ($secs s)"
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
}

skipped() { # skipped SUITE WHY
	want "$1" || return 0
	echo "SKIPPED: $1: $2"
	if [ "${CI:-}" = true ]; then
		echo "FAIL $1: a skipped suite fails under CI=true"
		total_fail=$((total_fail + 1))
	fi
}

# have GROUP...: every package of scripts/deps.sh's GROUPs is installed
# (make deps installed what it could; nothing is installed mid-run).
have() {
	local p
	for p in $(scripts/deps.sh "$@"); do
		dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' ||
			return 1
	done
}
needs() { echo "needs $(scripts/deps.sh "$@")"; }

# build LOG-NAME MAKE-ARGS...: quiet unless it fails; the log is kept in
# build/logs/ (the tree's, not a shared /tmp)
build() {
	local log=build/logs/$1.log; shift
	mkdir -p build/logs
	if ! $MAKE -j2 "$@" > "$log" 2>&1; then
		cat "$log"
		return 1
	fi
	grep -E 'warning:' "$log" && { echo "warnings in the build ($log)"; return 1; }
	return 0
}

finish() {
	suites_collect
	if [ ${#only[@]} != 0 ] && [ $matched = 0 ]; then
		echo "tests/run.sh: no suite ran: none is named ${only[*]}" \
			"here (the names are the == lines of make test$([ $quick = 1 ] && echo ' or make check'))" >&2
		exit 2
	fi
	echo "$total_pass passed, $total_fail failed"
	[ "$total_fail" = 0 ]
	exit
}

# make test RUNNER=vboard:MACHINE [CPU=preset]: the virtual board's suite
# alone, on that machine (the unit tests, a sweep of every kernel, make
# bench there).  Other runners are make bench's, not make test's.
vboard_suite() { # vboard_suite MACHINE [CPU]
	local m=$1 cpu=${2-}
	want "vboard-$m" kspace trace || return 0
	# the kernel the emulated suites built meanwhile, if they did
	[ -z "${kernel_pid:-}" ] || wait "$kernel_pid"
	kernel_pid=
	if [ $# = 1 ]; then
		cpu=$(scripts/vboard.sh preset "$m") || exit 2	# it names the machines
	fi
	if ! have vboard; then
		skipped "vboard-$m" "$(needs vboard)"
	elif build "ppc32-$cpu" ARCH=ppc32 CPU="$cpu" test-bin; then
		suite "vboard-$m" env VBOARD_MACHINE="$m" VBOARD_CPU="$cpu" \
			tests/vboard.sh "build/ppc32${cpu:+-$cpu}"
		# kernel space there: csumbench.ko on the 460EX (and for
		# Debian's x86-64 kernel headers, compile only)
		if [ "$m" = sam460ex ] && [ -n "$cpu" ]; then
			if have vboard-x86; then
				suite kspace tests/kspace.sh "build/ppc32-$cpu"
			else
				skipped kspace "$(needs vboard-x86)"
			fi
		fi
	else
		echo "FAIL ppc32 CPU=$cpu build"; total_fail=$((total_fail + 1))
	fi
}
case ${RUNNER:-} in
"") ;;
vboard:*)
	# shellcheck disable=SC2046 # a list of package names
	scripts/need.sh $(scripts/deps.sh build vboard) || true
	if [ -n "${CPU:-}" ]; then vboard_suite "${RUNNER#vboard:}" "$CPU"
	else vboard_suite "${RUNNER#vboard:}"; fi
	finish ;;
*)
	echo "make test: RUNNER=$RUNNER: tests run here, or on a virtual board" \
		"(RUNNER=vboard:sam460ex); make bench takes other runners" >&2
	exit 2 ;;
esac

# 0. Every package first (make deps): a package installed while a suite
# times would be timed too.  The fast tier installs nothing.
if [ $quick = 0 ]; then
	# shellcheck disable=SC2046 # a list of package names
	scripts/need.sh $(scripts/deps.sh) ||
		echo "make deps could not install every package: suites that need them are SKIPPED"
fi

A=build/$(uname -m | sed -e 's/^aarch64$/arm64/')
CAP=$(mktemp -d)
kernel_pid=
trap 'rm -rf "$CAP" "$bg_dir"; [ -z "$kernel_pid" ] || kill "$kernel_pid" 2> /dev/null' EXIT
# Event names through libpfm4: both builds are tested, with and without.
# With libpfm4-dev installed the native build must have found it.
PFM=nolibpfm
if have native; then PFM=libpfm; else skipped native "$(needs native)"; fi

# 1. Native: unit tests, then the suites that time or watch the CPUs,
# alone and one after another.  (The builds come first: nothing times
# while a compiler runs.)
if ! build native test-bin || ! build report build/host/csumreport; then
	echo "FAIL native build"; total_fail=$((total_fail + 1))
	finish
fi
"$A/make-capture" "$CAP/test.pcap"
for t in kernels ops stats calibrate config sweep report timing sha256; do
	suite "$t" "$A/test-$t"
done
suite events "$A/test-events" "$PFM"
suite workloads-unit "$A/test-workloads" "$CAP/test.pcap"
if [ $quick = 1 ]; then
	# the fast tier: the host tools and the tree's own rules
	suite recommend tests/recommend.sh build/host/csumreport
	suite tables tests/tables.sh build/host/csumreport
	suite report-cli tests/report-cli.sh build/host/csumreport
	suite show tests/show.sh build/host/csumreport "$A/csumbench"
	suite place tests/place.sh
	suite tune tests/tune.sh "$A/csumbench"
	suite tree tests/tree.sh
	suite docs tests/docs.sh "$A"
	finish
fi
if want '*-nolibpfm' && ! build nolibpfm LIBPFM=0 test-bin; then
	echo "FAIL LIBPFM=0 build"; total_fail=$((total_fail + 1))
fi
if want 'sanitize-*' && ! build sanitize SANITIZE=1 test-bin; then
	echo "FAIL sanitizer build"; total_fail=$((total_fail + 1))
fi
gb=0
if ! have gbench; then
	skipped gbench "$(needs gbench)"
elif ! want gbench; then
	:
elif build gbench gbench; then
	gb=1
else
	echo "FAIL make gbench"; total_fail=$((total_fail + 1))
fi

suite events-cli tests/events.sh "$A/csumbench" "$PFM" build/host/csumreport
suite cli tests/cli.sh "$A/csumbench" "$A/libtest-so-kernel.so" "$A/libtest-fs-shim.so"
suite workloads tests/workloads.sh "$A/csumbench" "$A/make-capture" "$A/libtest-so-kernel.so"
suite placement tests/placement.sh "$A" "${A#build/}"
# (the kernel of known cost is x86-64 and arm64 code)
if [ -f "$A/libknown-cost.so" ]; then
	suite verdicts tests/verdicts.sh "$A/csumbench" "$A/libknown-cost.so" build/host/csumreport
else
	skipped verdicts "needs a kernel of known cost, written for x86-64 and arm64"
fi
suite methodology tests/methodology.sh "$A/csumbench" build/host/csumreport
suite roundtrip tests/roundtrip.sh "$A/csumbench" "$A/libtest-so-kernel.so"
# make ab: a Linux tree's x86-64 checksum file as a side (linux-source-6.1)
if [ "$(uname -m)" != x86_64 ]; then
	skipped ab-native "times Linux's x86-64 csum_partial: an x86-64 host"
elif have vboard; then
	suite ab-native tests/ab.sh native "$A/csumbench" build/host/csumreport
else
	skipped ab-native "$(needs vboard)"
fi
suite bench-ssh tests/bench-ssh.sh
suite need tests/need.sh
if [ -x "$A-nolibpfm/test-events" ]; then
	suite events-nolibpfm "$A-nolibpfm/test-events" nolibpfm
	suite events-cli-nolibpfm tests/events.sh "$A-nolibpfm/csumbench" nolibpfm
fi
# Google Benchmark: the C interface and csumbench-gb (make gbench), and
# csumbench run's Google Benchmark JSON, read by compare.py.
[ $gb = 0 ] || suite gbench tests/gbench.sh "$A"
if have gbench; then
	suite json tests/json.sh "$A/csumbench" "$A/libtest-so-kernel.so"
else
	skipped json "$(needs gbench)"
fi
# The same tests built with AddressSanitizer and UBSan (timing excluded:
# instrumented code is not what users time).  Their workloads suite
# watches the CPUs (a busy load's effect); the rest run beside what
# follows, where nothing times.
if [ -x "$A-sanitize/csumbench" ]; then
	suite sanitize-workloads env ASAN_OPTIONS=detect_leaks=0 tests/workloads.sh \
		"$A-sanitize/csumbench" "$A/make-capture" "$A-sanitize/libtest-so-kernel.so"
	for t in kernels ops stats calibrate config sweep report; do
		suite_bg "sanitize-$t" "$A-sanitize/test-$t"
	done
	suite_bg sanitize-events "$A-sanitize/test-events" "$PFM"
	suite_bg sanitize-workloads-unit "$A-sanitize/test-workloads" "$CAP/test.pcap"
	suite_bg sanitize-cli env ASAN_OPTIONS=detect_leaks=0 tests/cli.sh \
		"$A-sanitize/csumbench" "$A-sanitize/libtest-so-kernel.so"
	suite_bg sanitize-tune env ASAN_OPTIONS=detect_leaks=0 tests/tune.sh \
		"$A-sanitize/csumbench"
fi
# x86-64 kernels that need CPU features, under qemu-x86_64 CPU models
# that lack them (the native binary, run by qemu-user).
if [ "$(uname -m)" = x86_64 ]; then
	if have emu; then
		suite cpufeat tests/cpufeat.sh "$A/csumbench"
	else
		skipped cpufeat "$(needs emu)"
	fi
fi

# 2. Emulated: cross builds, static, run under qemu-user: 32-bit
# PowerPC (big-endian, the users' main target) and arm64.  Timings there
# are not real; the kernels, the command line and the timer's advance
# are checked.  The virtual board's kernel (minutes, once; cached)
# builds niced beside them, on what they leave idle; the board's suite
# waits for it (vboard_suite).
if have vboard && want 'vboard-*' kspace trace; then
	VBOARD_JOBS=$(nproc) nice -n 19 scripts/vboard.sh kernel sam460ex \
		> build/logs/vboard-kernel.log 2>&1 &
	kernel_pid=$!
fi
cross() { # cross ARCH EMULATOR CROSS_COMPILE
	local arch=$1 emu=$2 prefix=$3
	want "$arch-*" || return 0
	if ! have "$arch"; then
		skipped "$arch" "$(needs "$arch")"
		return
	fi
	if ! build "$arch" ARCH="$arch" test-bin; then
		echo "FAIL $arch build"; total_fail=$((total_fail + 1))
		return
	fi
	for t in kernels ops stats calibrate config sweep report timing sha256; do
		suite "$arch-$t" "$emu" "build/$arch/test-$t"
	done
	suite "$arch-workloads-unit" "$emu" "build/$arch/test-workloads"
	suite "$arch-events" "$emu" "build/$arch/test-events" nolibpfm
	suite "$arch-cli" env EMULATOR="$emu" tests/cli.sh "build/$arch/csumbench"
	suite "$arch-workloads" env EMULATOR="$emu" tests/workloads.sh \
		"build/$arch/csumbench" "$A/make-capture"
	suite "$arch-placement" env EMULATOR="$emu" tests/placement.sh "build/$arch" "$arch" "$prefix"
}
cross ppc32 qemu-ppc powerpc-linux-gnu-
[ -f build/ppc32/csumbench ] && suite ppc32-bench tests/bench-ppc32.sh
if have ppc32 vboard; then
	suite ab-ppc32 tests/ab.sh ppc32
else
	skipped ab-ppc32 "$(needs ppc32 vboard)"
fi

# The Book E and e300 paths: each CPU preset under the qemu CPU it is
# for (the timebase read it encodes, every kernel), and the generic
# build's probe under both.
cpu_preset() { # cpu_preset PRESET TIMEBASE-READ: under its qemu CPU (harness/arch/ppc32/arch.mk)
	local q
	want "ppc32-$1-*" || return 0
	q=$($MAKE -s ARCH=ppc32 CPU="$1" print-qemu-cpu)
	if ! build "ppc32-$1" ARCH=ppc32 CPU="$1" test-bin; then
		echo "FAIL ppc32 CPU=$1 build"; total_fail=$((total_fail + 1))
		return
	fi
	for t in kernels ops calibrate timing; do
		suite "ppc32-$1-$t" qemu-ppc -cpu "$q" "build/ppc32-$1/test-$t"
	done
	suite "ppc32-$1-run" tests/ppc32-cpu.sh "build/ppc32-$1" "$q" "$2"
}
if [ -f build/ppc32/csumbench ]; then
	cpu_preset 440 mfspr
	cpu_preset e300c3 mftb
	for q in 440epx e300c3; do
		for t in kernels ops; do
			suite "ppc32-generic-$q-$t" qemu-ppc -cpu "$q" "build/ppc32/test-$t"
		done
		suite "ppc32-generic-$q-run" tests/ppc32-cpu.sh build/ppc32 "$q"
	done
fi
# The ppc32 core model: qemu-ppc with its plugin, on the 8xx build (and
# the e300c2 and 464 builds its examples use); one emulator thread, so
# beside the others.
if want model; then
	if ! have model; then
		skipped model "$(needs model)"
	elif ! build ppc32-8xx ARCH=ppc32 CPU=8xx test-bin build/host/libcsummodel.so build/host/csumreport ||
		! build ppc32-e300c2 ARCH=ppc32 CPU=e300c2 || ! build ppc32-464 ARCH=ppc32 CPU=464; then
		echo "FAIL model: the CPU=8xx, e300c2 or 464 build, or the plugin"; total_fail=$((total_fail + 1))
	elif ! qemu-ppc -plugin build/host/libcsummodel.so,preset=8xx build/ppc32-8xx/model-counts > /dev/null 2> build/logs/model-probe.log &&
		grep -qi 'plugin' build/logs/model-probe.log; then
		skipped model "this qemu-ppc loads no TCG plugins: $(head -n 1 build/logs/model-probe.log)"
	else
		suite_bg model tests/model.sh build/host/libcsummodel.so build/ppc32-8xx
	fi
fi
[ "$(uname -m)" != aarch64 ] && cross arm64 qemu-aarch64 aarch64-linux-gnu-

# 3. Virtual boards and board farms: a real ppc kernel under
# qemu-system-ppc (built once, cached), kernel space there, the x86-64
# board on Debian's own kernel and csumbench trace on both while they
# make traffic (those two beside what follows), labgrid's pytest against
# a board and an sshd of its own, and the LAVA files and a real LAVA run.
vboard_suite sam460ex
if ! have vboard vboard-x86; then
	skipped vboard-x86_64 "$(needs vboard vboard-x86)"
	skipped trace "$(needs vboard vboard-x86)"
elif ! want vboard-x86_64 trace; then
	:
elif build x86_64-static RUNNER=vboard:x86_64 && scripts/vboard.sh kernel x86_64 > /dev/null; then
	suite_bg vboard-x86_64 tests/vboard-x86.sh
	suite_bg trace tests/trace.sh build/ppc32-464 build/x86_64-static
else
	echo "FAIL x86_64 static build"; total_fail=$((total_fail + 1))
fi
if have labgrid vboard; then
	suite labgrid tests/labgrid.sh
else
	skipped labgrid "$(needs labgrid vboard)"
fi
if have lava vboard vboard-x86; then
	suite lava tests/lava.sh "$A/csumbench" "$A/libtest-so-kernel.so"
else
	skipped lava "$(needs lava vboard vboard-x86)"
fi

# 4. Host tools (tables, comparisons, figures), make install and its man
# pages and completion, the tree's own rules, its layers and its shell.
if have plot; then
	suite plot tests/plot.sh
else
	skipped plot "$(needs plot)"
fi
suite recommend tests/recommend.sh build/host/csumreport
suite show tests/show.sh build/host/csumreport "$A/csumbench"
suite tables tests/tables.sh build/host/csumreport
if have docs; then
	suite report-cli tests/report-cli.sh build/host/csumreport
	suite install tests/install.sh "$A"
	suite shellcheck tests/shellcheck.sh
else
	skipped docs "$(needs docs)"
fi
# Every example of the man pages and the README, run as written.
suite examples tests/examples.sh "$A" build/host
suite tree tests/tree.sh
suite docs tests/docs.sh "$A"
# make's own files, with makes side by side in one tree
suite build tests/build.sh
# (the objects of every build made above)
suite layers tests/layers.sh "$A" build/ppc32 build/arm64
# Results placed whole or not at all, on their own.
suite place tests/place.sh
# csumbench tune and --reset on a stand-in /sys and /proc.
suite tune tests/tune.sh "$A/csumbench"
finish
