#!/usr/bin/env bash
# A virtual board: a real ppc Linux kernel (VBOARD_MACHINE, default
# sam460ex) under qemu-system-ppc runs the test binaries of VBOARD_CPU's
# build and a sweep of every kernel; the CSVs come back over the
# console, checked.  Then make bench RUNNER=vboard:..., and the console
# transfer refusing damaged files.
# usage: tests/vboard.sh BUILD-DIR (a static ppc32 build for the board)
set -u
SUITE=vboard
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
B=$1
M=${VBOARD_MACHINE:-sam460ex}
# What the board's kernel reports (cpuinfo_cpu, timebase), its preset.
cpuinfo_cpu='' timebase=
# shellcheck source=boards/sam460ex.board # one of them; all set these
. "boards/$M.board"
CPU=${VBOARD_CPU-$cpu_preset}

# wait_line FILE REGEX PID [SECONDS]: until FILE has a line REGEX
# (extended) matches, while PID runs (at most SECONDS, 600); false if
# it never does.
wait_line() {
	local i=0 n=$((${4:-600} * 10))
	until grep -Eq -- "$2" "$1"; do
		kill -0 "$3" 2> /dev/null && [ $i -lt $n ] || { grep -Eq -- "$2" "$1"; return; }
		i=$((i + 1))
		sleep 0.1
	done
}
# procs_with VAR=VALUE: the processes whose environment holds it
procs_with() {
	local p
	for p in /proc/[0-9]*; do
		tr '\0' '\n' 2> /dev/null < "$p/environ" | grep -qxF "$1" && echo "${p#/proc/}"
	done
	return 0
}
export -f procs_with
# settles SECONDS COMMAND...: until COMMAND succeeds, at most SECONDS
settles() {
	local i=0 n=$(($1 * 10))
	shift
	until "$@"; do
		i=$((i + 1))
		[ $i -lt $n ] || return 1
		sleep 0.1
	done
}

# The kernel first (minutes, once per machine): its own step, so that a
# build that fails says so rather than every check after it.
kdir=$(scripts/vboard.sh kernel "$M")
ok "the $M kernel is built and cached" [ -f "$kdir/vmlinux" ]
[ -f "$kdir/vmlinux" ] || { finish; exit; }

# A build of the kernel (A) in a cache of the test's own
# (CSUMBENCH_CACHE), while the board runs: section 2 waits for it
# and stops it.  (The processes of a build are told by a variable in
# their environment.)
C=$T/cache
mkdir -p "$C/vboard"
key=${kdir##*/}
CSB_BUILD=a CSUMBENCH_CACHE=$C VBOARD_JOBS=1 scripts/vboard.sh kernel "$M" \
	> /dev/null 2> "$T/a.err" &
a=$!
trap 'kill -TERM "$a" 2> /dev/null; wait "$a"; rm -rf "$T"' EXIT

# 1. One boot: the unit tests of kernels, ops and calibration, the
# kernel list, and a run of every kernel (the gate first).
cat > "$T/all.conf" <<'EOF'
kernels  = all
sizes    = 1, 63, 1500
aligns   = 0, 3
cache    = warm, cold
prefetch = none, 64
samples  = 3
EOF
{
	for t in kernels ops calibrate; do echo "/csumbench/test-$t"; done
	echo "/csumbench/csumbench list --csv > /results/list.csv"
	echo "/csumbench/csumbench run -c /csumbench/all.conf -o /results/all.csv" \
		"--set emulated=yes --set runner=vboard:$M"
	# As a user would run it there by hand: nothing says emulated, and
	# a preset's cycles per tick (the timebase at the core clock).
	echo "/csumbench/csumbench run -q -c /csumbench/all.conf -o /results/blind.csv" \
		"--set kernels=c64 --set cache=warm --set cycles_per_tick=1"
} > "$T/cmds"
scripts/vboard.sh run "$M" "$T/got" "$T/cmds" csumbench="$B/csumbench" \
	test-kernels="$B/test-kernels" test-ops="$B/test-ops" \
	test-calibrate="$B/test-calibrate" all.conf="$T/all.conf" \
	> "$T/fetched" 2> "$T/err"
ok "the board ran every command and the transfer checked out" [ $? = 0 ]
log=$T/got/.console-$M.log
for t in kernels ops calibrate; do
	ok "test-$t passes on the board's kernel" \
		all has "$log" "^@@csumbench-exit /csumbench/test-$t status 0\$" -- \
			has_ere "$log" "^$t: [1-9][0-9]* passed, 0 failed\$"
done
ok "five files came back: list.csv and two CSV pairs" \
	[ "$(sort "$T/fetched" | tr '\n' ' ')" = "all-samples.csv all.csv blind-samples.csv blind.csv list.csv " ]
csv=$T/got/all.csv
ok "the run is marked emulated, and by whom" \
	all has_line "$csv" '# emulated: yes' -- has_line "$csv" "# runner: vboard:$M"
tb=$(grep -qx '# tick_hz_source: system' "$csv" &&
	sed -n 's/^# tick_hz: \([0-9]*\)$/\1/p' "$csv")
ok "a real ppc kernel answered: cpu, timebase, line from auxv, dcbf" \
	bash -c "grep -qx '# cpu_model: $cpuinfo_cpu, emulated' '$csv' &&
		awk -v a='$tb' -v b='$timebase' -v t='${timebase_tolerance:-0}' \
			'BEGIN { d = a / b - 1; exit !(a != \"\" && d <= t && d >= -t) }' &&
		grep -qx '# cache_line: 32' '$csv' &&
		grep -qx '# cache_line_source: auxv AT_DCACHEBSIZE' '$csv' &&
		grep -q '^# cold_flush: dcbf ' '$csv'"
ok "named and dated by the runner, not 1970" \
	all has_line "$csv" "# host: vboard_$M" -- has "$csv" '^# date: 20[0-9][0-9]-'
# Every csum kernel the board lists (and the roofline) passed its gate
# and was timed at every point.
kernels=$(awk -F, '$3 == "csum" && $NF == "yes" { print $1 ":" $4 }' "$T/got/list.csv")
ok "the board lists the ppc32 csum kernels" \
	bash -c "echo '$kernels' | grep -qx pipelined-dcbt:yes && echo '$kernels' | grep -qx v0:no"
for kp in $kernels; do
	k=${kp%:*} rows=12
	[ "${kp#*:}" = yes ] && rows=24	# two distances
	ok "$k passed its gate on the board and has its $rows rows" \
		[ "$(grep -c "^$k,[a-z0-9]*,csum," "$csv")" = $rows ]
done
ok "no kernel failed" lacks "$csv" '^# failed:'
# The clock /proc/cpuinfo states against the calibrated one: the warning
# is there exactly when they are more than 10% apart.
clk=$(grep '^# core_clock: ' "$csv")
ok "core_clock gives both clocks" \
	bash -c "echo '$clk' | grep -Eq '^# core_clock: [0-9]+ MHz calibrated .*/proc/cpuinfo states [0-9]+ MHz$'"
ok "... its calibrated clock marked as the emulator's pace, not the board's" \
	bash -c "echo '$clk' | grep -q '^# core_clock: [0-9]* MHz calibrated (emulated: the pace the emulator ran the add chain at, not a clock of the board; '"
cal=$(echo "$clk" | sed -E 's/^# core_clock: ([0-9]+) MHz.*/\1/')
stated=$(echo "$clk" | sed -E 's/.*states ([0-9]+) MHz$/\1/')
# QEMU runs the chain at the host's speed, far from any stated clock.
ok "the two differ by over 10% under QEMU: warned in the CSV and on the console" \
	bash -c "awk -v a='$cal' -v b='$stated' 'BEGIN { d = a / b - 1; exit !(d > 0.1 || d < -0.1) }' &&
		grep -q '^# warning: the calibrated core clock, $cal MHz.* (this run is emulated: the calibrated clock is the pace the emulator ran at)\$' '$csv' &&
		grep -q 'WARNING: the calibrated core clock' '$log'"
echo "vboard $M: /proc/cpuinfo clock $stated MHz, calibrated $cal MHz"
# The run nothing marked: the harness cannot see the emulator, and its
# preset agrees with the stated clock; the add chain does not.
blind=$T/got/blind.csv
ok "unmarked, the board looks real to the harness" \
	all has_line "$blind" '# emulated: no' -- \
		has_line "$blind" "# cpu_model: $cpuinfo_cpu" -- \
		lacks "$blind" '^# core_clock: .*emulated'
clk=$(grep '^# core_clock: ' "$blind")
cal=$(echo "$clk" | sed -E 's/^# core_clock: ([0-9]+) MHz.*/\1/')
ok "yet the chain's clock, not the preset's, is compared, and warned of" \
	bash -c "echo '$clk' | grep -q 'cycles per tick by the add chain' &&
		[ '$cal' != '$stated' ] &&
		grep -q '^# warning: the calibrated core clock, $cal MHz' '$blind' &&
		! grep -q '^# warning: the calibrated core clock, .*emulated: the calibrated clock' '$blind'"

# 2. make bench on the virtual board, as the README gives it, while A
# builds the kernel in its cache: make bench waits for it, saying whose
# build; A shows its progress; the kernel built above is put in place,
# A is stopped (SIGTERM; checked at the end, once its tree is removed)
# and make bench boots.  Its results are named with the time its run
# started, after the wait.
wait_line "$T/a.err" '^vboard: building ' "$a"
CSUMBENCH_CACHE=$C CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=ppc32 CPU="$CPU" \
	RUNNER="vboard:$M" CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err" &
b=$!
ok "a run that must wait says so at once: whose build (pid, what, for whom) and since when" \
	wait_line "$T/err" "^vboard: waiting for the kernel cache: process $a, since [0-9]{2}:[0-9]{2}:[0-9]{2} \([0-9]+ (s|min) ago\), is building the $M kernel \($key\) for $PWD; its log: $C/vboard/\.build-$key-$a/build\.log$" "$b" 60 ||
	grep '^vboard: waiting' "$T/err"
ok "the build's progress: the files compiled of those make will compile" \
	wait_line "$T/a.err" "^vboard: $M: [0-9]+ of [1-9][0-9]{2,} files compiled, [0-9]+ s$" "$a"
ln -s "$kdir" "$C/vboard/$key"
s=$(date +%s)
until [ "$(date +%s)" != "$s" ]; do sleep 0.1; done
released=$(date +%Y%m%d-%H%M%S)
kill -TERM "$a"
wait "$b"
ok "make bench RUNNER=vboard:$M exits 0" [ $? = 0 ]
ok "... saying how long it waited" grep -q '^vboard: the kernel cache is ours after [0-9]* s$' "$T/err"
run=$(ls "$T/res" | sed -n "s/^apm82181-vboard-$M-\([0-9]\{8\}-[0-9]\{6\}\)\.csv$/\1/p")
ok "its results are named with its run's time ($run), after the wait ($released)" \
	bash -c "[ -n '$run' ] && [[ ! '$run' < '$released' ]]"
pair=$(ls "$T/res" 2> /dev/null | tr '\n' ' ')
ok "the pair is in results, named for the virtual board" \
	bash -c "echo '$pair' | grep -Eq '^apm82181-vboard-$M-[0-9]{8}-[0-9]{6}-samples\.csv apm82181-vboard-$M-[0-9]{8}-[0-9]{6}\.csv $'"
ok "it is marked emulated" grep -qx '# emulated: yes' "$T"/res/apm82181-vboard-*[0-9].csv
ok "every kernel of the config, at its six sizes, warm and cold" \
	bash -c "[ \$(grep -c '^pipelined-dcbt,ppc32,csum,[0-9]*,0,\(warm\|cold\),' '$T'/res/apm82181-vboard-*[0-9].csv) = 72 ]"
ok "stderr says the timings are not real" grep -q 'emulated, its timings are not real' "$T/err"
ok "the board's files and the fetched ones are told apart" \
	bash -c "grep -q '^board: wrote /results/apm82181-vboard-' '$T/err' && grep -q '^fetched to this machine: ' '$T/out' &&
		! grep -q '^wrote ' '$T/out' '$T/err'"
CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=x86_64 RUNNER="vboard:$M" \
	CONFIG=tests/configs/good-tiny.conf > /dev/null 2> "$T/err"
ok "a host binary is refused, with the command to use" \
	all [ $? = 2 ] -- has "$T/err" "make bench ARCH=ppc32.* RUNNER=vboard:$M"
CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=ppc32 CPU="$CPU" RUNNER=vboard:nosuch \
	CONFIG=tests/configs/good-tiny.conf > /dev/null 2> "$T/err"
ok "an unknown machine: exit 2 and the list" \
	all [ $? = 2 ] -- has "$T/err" "no virtual board 'nosuch'; expected one of: .*sam460ex"
ok "and nothing new in results" [ "$(ls "$T/res" | wc -l)" = 2 ]

# A timeout stops a kernel build (stopped early, in an empty cache):
# when its time is up (SIGALRM, as its timer gives it) it signals the
# run and its process group, TERM or KILL.  Neither leaves a process of
# the build or its tree (after KILL the build's watcher removes it).
E=$T/empty
for sig in TERM KILL; do
	CSB_BUILD=$sig CSUMBENCH_CACHE=$E VBOARD_JOBS=1 timeout -s $sig 3600 \
		scripts/vboard.sh kernel "$M" > /dev/null 2> "$T/t.err" &
	t=$!
	wait_line "$T/t.err" '^vboard: building ' "$t"
	kill -ALRM "$t"
	{ wait "$t"; } 2> /dev/null	# (a timeout killed, its group's KILL)
	ok "timeout -s $sig: no process of the build is left, nor its tree" \
		settles 300 bash -c "[ -z \"\$(procs_with CSB_BUILD=$sig)\" ] &&
			! ls -A '$E/vboard' | grep -q '^\.build-'"
done

# Config names a board cannot take (a '+', spaces in the name and in the
# path): one name for the config and the results on both sides.
mkdir "$T/a dir"
cp tests/configs/good-tiny.conf "$T/a dir/my+tiny one.conf"
CSUMBENCH_RESULTS_DIR=$T/res2 make -s bench ARCH=ppc32 CPU="$CPU" \
	RUNNER="vboard:$M" CONFIG="$T/a dir/my+tiny one.conf" > "$T/out" 2> "$T/err"; rc=$?
ok "CONFIG with '+' and spaces in its name and path: exit 0, the pair named my_tiny_one-vboard-..." \
	bash -c "[ $rc = 0 ] && ls '$T'/res2/my_tiny_one-vboard-$M-*[0-9].csv '$T'/res2/my_tiny_one-vboard-$M-*-samples.csv > /dev/null &&
		grep -qx '# config: /csumbench/my_tiny_one.conf' '$T'/res2/my_tiny_one-vboard-$M-*[0-9].csv"
# 3. A board that does not finish in time is stopped and nothing is
# fetched; the message names a console log that is there.
printf 'kernels = c64\nsamples = 100000\n' > "$T/slow.conf"
CSUMBENCH_RESULTS_DIR=$T/res3 VBOARD_TIMEOUT=3 make -s bench ARCH=ppc32 CPU="$CPU" \
	RUNNER="vboard:$M" CONFIG="$T/slow.conf" > "$T/out" 2> "$T/err"; rc=$?
con=$(sed -n 's/^make bench: the board.s console is kept: //p' "$T/err")
ok "make bench past VBOARD_TIMEOUT: fails, fetches nothing, and the console log it names is kept" \
	bash -c "[ $rc != 0 ] && grep -q 'did not finish within 3 s' '$T/err' && [ -n '$con' ] && [ -s '$con' ] &&
		grep -qF '$con' '$T/err' && [ -z \"\$(ls -A '$T/res3' 2> /dev/null)\" ]"
rm -rf "$(dirname "$(dirname "$con")")"

# 4. The transfer refuses what did not arrive whole.  Logs are made here
# as the init frames files: marker, bytes, end marker.
frame() { # frame NAME FILE [LEN] [CKSUM]: the markers around FILE
	local len=${3:-$(wc -c < "$2")} ck=${4:-$(cksum < "$2" | cut -d' ' -f1)}
	echo "@@csumbench-file $1 $len $ck"
	cat "$2"
	[ -z "$(tail -c 1 "$2")" ] || echo
	echo "@@csumbench-file-end $1"
}
printf 'kernel,size\nc64,64\n# no newline at the end' > "$T/a.csv"
printf 'a,b\n1,2\n' > "$T/b.csv"
{ echo "boot noise"; frame a.csv "$T/a.csv"; frame b.csv "$T/b.csv"; echo "@@csumbench-done 0 files 2 1.00 s"; } > "$T/good.log"
scripts/vboard.sh fetch "$T/good.log" "$T/f1" > "$T/names" 2> "$T/err"
ok "a whole log: both files, byte for byte, the last without its newline" \
	bash -c "[ $? = 0 ] && cmp -s '$T/a.csv' '$T/f1/a.csv' && cmp -s '$T/b.csv' '$T/f1/b.csv' &&
		[ \"\$(cat '$T/names' | tr '\n' ' ')\" = 'a.csv b.csv ' ]"
sed 's/$/\r/' "$T/good.log" > "$T/crlf.log"
scripts/vboard.sh fetch "$T/crlf.log" "$T/f2" > /dev/null 2>&1
ok "a console that adds carriage returns: the same bytes" \
	all [ $? = 0 ] -- cmp -s "$T/a.csv" "$T/f2/a.csv"
refused() { # refused NAME LOG MESSAGE: exit 1, no file, a message
	scripts/vboard.sh fetch "$2" "$T/r-$1" > /dev/null 2> "$T/err-$1"
	ok "$1: refused" bash -c "[ $? = 1 ] && ! ls '$T/r-$1'/a.csv 2> /dev/null &&
		grep -q '$3' '$T/err-$1'"
}
sed '4s/c64/c65/' "$T/good.log" > "$T/flip.log"
refused "a changed byte" "$T/flip.log" "a.csv: .*cksum is not"
sed '3a [   12.345] a kernel message' "$T/good.log" > "$T/printk.log"
refused "a kernel message in the middle" "$T/printk.log" "a.csv: .*refused"
head -n 3 "$T/good.log" > "$T/cut.log"
refused "a console cut inside a file" "$T/cut.log" "ended inside it (truncated)"
{ frame a.csv "$T/a.csv" 999; echo "@@csumbench-done 0 files 1 1 s"; } > "$T/len.log"
refused "a length that does not match" "$T/len.log" "bytes arrived of 999"
{ frame ../a.csv "$T/a.csv"; echo "@@csumbench-done 0 files 1 1 s"; } > "$T/name.log"
refused "a name with a slash" "$T/name.log" "a malformed file marker"
{ echo "boot noise"; frame a.csv "$T/a.csv"; } > "$T/nodone.log"
scripts/vboard.sh fetch "$T/nodone.log" "$T/f3" > /dev/null 2> "$T/err"
ok "no done line: exit 1, the board never finished" \
	all [ $? = 1 ] -- has "$T/err" 'never finished'
{ frame a.csv "$T/a.csv"; echo "@@csumbench-done 3 files 1 1 s"; } > "$T/st.log"
scripts/vboard.sh fetch "$T/st.log" "$T/f4" > /dev/null 2> "$T/err"
ok "a command's failure is the fetch's" \
	all [ $? = 1 ] -- has "$T/err" 'exited 3'
{ frame a.csv "$T/a.csv" 08; echo "@@csumbench-done 0 files 1 1 s"; } > "$T/oct.log"
refused "a length with a leading zero" "$T/oct.log" "a malformed file marker"
{ frame a.csv "$T/a.csv"; frame a.csv "$T/a.csv"; echo "@@csumbench-done 0 files 2 1 s"; } > "$T/twice.log"
scripts/vboard.sh fetch "$T/twice.log" "$T/f5" > "$T/names" 2> "$T/err"
ok "a name framed twice: the second is refused" \
	all [ $? = 1 ] -- has "$T/err" 'a second a.csv' -- file_is "$T/names" a.csv
# A kernel message run into a start marker: that file is lost whole,
# and the count in the done line says so.
{ frame a.csv "$T/a.csv"; frame b.csv "$T/b.csv" | sed '1s/^/[    9.9] oops/'
  echo "@@csumbench-done 0 files 2 1 s"; } > "$T/lost.log"
scripts/vboard.sh fetch "$T/lost.log" "$T/f6" > /dev/null 2> "$T/err"
ok "a start marker run into a kernel message: exit 1, the count is short" \
	all [ $? = 1 ] -- \
		has "$T/err" 'not at the start of its line' -- \
		has "$T/err" 'framed 2 file(s), 1 arrived whole'
mkdir -p "$T/f7"; echo precious > "$T/f7/a.csv"
scripts/vboard.sh fetch "$T/good.log" "$T/f7" > "$T/names" 2> "$T/err"
ok "a file already in the folder is kept, not replaced" \
	all [ $? = 1 ] -- \
		file_is "$T/f7/a.csv" precious -- \
		has "$T/err" 'is there already; not placed' -- \
		cmp -s "$T/b.csv" "$T/f7/b.csv"
printf 'x\r\ny\n' > "$T/cr.csv"
{ frame cr.csv "$T/cr.csv"; echo "@@csumbench-done 0 files 1 1 s"; } > "$T/cr.log"
scripts/vboard.sh fetch "$T/cr.log" "$T/f8" > /dev/null 2>&1
ok "a file's own carriage returns arrive" all [ $? = 0 ] -- cmp -s "$T/cr.csv" "$T/f8/cr.csv"
# A frame named like another's temporary (a.csv.cr beside an a.csv whose
# carriage returns are taken off): both arrive.
printf 'x\ny\n' > "$T/c1.csv"; printf 'z\n' > "$T/c2.csv"
{ frame a.csv "$T/c1.csv"; frame a.csv.cr "$T/c2.csv"; echo "@@csumbench-done 0 files 2 1 s"; } |
	sed 's/$/\r/' > "$T/crname.log"
scripts/vboard.sh fetch "$T/crname.log" "$T/f9" > /dev/null 2> "$T/err"
ok "frames a.csv (carriage returns) and a.csv.cr: both arrive whole" \
	all [ $? = 0 ] -- cmp -s "$T/c1.csv" "$T/f9/a.csv" -- cmp -s "$T/c2.csv" "$T/f9/a.csv.cr" -- [ ! -s "$T/err" ]
# A name longer than the filesystem takes: refused, and the good file
# framed before it still arrives.
long=$(printf 'L%.0s' $(seq 300)).csv
{ frame a.csv "$T/a.csv"; frame "$long" "$T/b.csv"; echo "@@csumbench-done 0 files 2 1 s"; } > "$T/long.log"
scripts/vboard.sh fetch "$T/long.log" "$T/f10" > "$T/names" 2> "$T/err"
ok "a 300-character name: refused with why, exit 1; a.csv before it arrives" \
	bash -c "[ $? = 1 ] && cmp -s '$T/a.csv' '$T/f10/a.csv' && grep -q 'cannot' '$T/err' &&
		! grep -qi 'awk' '$T/err' && [ \"\$(cat '$T/names')\" = a.csv ]"
# Folders that cannot take a file: read-only, or full.
if [ "$(id -u)" = 0 ] && mkdir "$T/ro" "$T/full" &&
	mount -t tmpfs -o ro,size=64k tmpfs "$T/ro" 2> /dev/null &&
	mount -t tmpfs -o size=16k tmpfs "$T/full" 2> /dev/null; then
	scripts/vboard.sh fetch "$T/good.log" "$T/ro" > /dev/null 2> "$T/err"
	ok "a read-only folder: exit 1, said so, not 'there already'" \
		all [ $? = 1 ] -- has "$T/err" 'Read-only file system' -- lacks "$T/err" 'there already'
	head -c 40000 /dev/urandom | od -An -tx1 | head -c 40000 > "$T/big.csv"
	{ frame a.csv "$T/a.csv"; frame big.csv "$T/big.csv"; echo "@@csumbench-done 0 files 2 1 s"; } > "$T/big.log"
	scripts/vboard.sh fetch "$T/big.log" "$T/full" > "$T/names" 2> "$T/err"
	ok "a folder that fills: exit 1, the file that fits whole, none cut short" \
		bash -c "[ $? = 1 ] && cmp -s '$T/a.csv' '$T/full/a.csv' && [ ! -e '$T/full/big.csv' ] &&
			grep -q 'No space left on device' '$T/err' && [ \"\$(ls -A '$T/full')\" = a.csv ]"
	umount "$T/ro" "$T/full"
elif [ "${CI:-}" = true ]; then
	ok "small tmpfs mounts for the read-only and full folder checks (needs root)" false
else
	echo "vboard: not root: the read-only and full folder checks are left out"
fi

# A, stopped in section 2 while make compiled, once it has ended.
wait "$a"
st=$? left=$(procs_with CSB_BUILD=a)
ok "SIGTERM stops a kernel build: exit 130, none of its processes left, its tree removed" \
	bash -c "[ $st = 130 ] && [ -z '$left' ] && ! ls -A '$C/vboard' | grep -q '^\.build-'"
finish
