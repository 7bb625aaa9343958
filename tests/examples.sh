#!/usr/bin/env bash
# Every example of the man pages, README.md and docs/ runs in a test: here, as
# written, in a scratch copy of the tree (the ones that take seconds);
# or, as written, by the suite named for it below (the ones that take
# an emulated board or minutes); or it is listed with the reason no
# machine here can run it.  An example in the docs that none of these
# names fails this suite by name.
#   tests/examples.sh BUILD-DIR REPORT-DIR   (from the tree's root: the
#   native build, build/x86_64, and csumreport's, build/host)
# EXAMPLES_TIMES=1 prints the seconds each example took.
set -u
SUITE=examples
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
ROOT=$(pwd)
BUILD=$ROOT/$1 REPORT=$ROOT/$2
ex_py() { python3 "$ROOT/tests/examples.py" "$@"; }
DOCS=(docs/man/csumbench.1 docs/man/csumreport.1 docs/man/csumbench.conf.5 README.md docs/*.md)

# --- 1. The examples, and proof that the extraction finds them.
ex_py extract "${DOCS[@]}" > "$T/examples"
ok "the extractor runs" [ $? = 0 ]
for m in docs/man/csumbench.1 docs/man/csumreport.1 docs/man/csumbench.conf.5; do
	ok "$m: every line of its .EX blocks is an example, continuations joined" \
		[ "$(grep -c "^$m:" "$T/examples")" = \
		"$(awk '/^\.EX/ { on = 1; next } /^\.EE/ { on = 0 } on && !/\\e$/ { n++ } END { print n + 0 }' "$m")" ]
done
ok "the man pages' roff escapes undone (\\- is -, \\e is \\, a line ending \\e joined)" \
	bash -c "grep '^docs/man/csumreport.1:[0-9]*'\$'\t' '$T/examples' | cut -f 2- |
		grep -qxF 'csumreport compare r.csv r.csv --before-kernel c64 --after-kernel c64-prefetch@128 --within-process --fail-above 2' &&
		! grep '^docs/man/' '$T/examples' | grep -qF '\\'"
ok "README.md and docs/: 40 examples or more, none a comment or ending in one" \
	bash -c "[ \$(grep -c '^\(README\|docs/[a-z-]*\).md:' '$T/examples') -ge 40 ] && ! grep -P '^(README|docs/[a-z-]+).md[^\t]*\t(#| *$)| #' '$T/examples'"
# The extractor on a page and a README made for it.
cat > "$T/t.1" <<'EOF'
.TH T 1
.EX
a \-b \e
    c\-d 'x\(aqy'
e \-\- f
.EE
not \-this
EOF
printf '%s\n' 'text' '```sh' '# a comment line' 'one two  # and a comment' \
	"three 'x # y' \\" '    four' '```' '```' 'not this' '```' '  ```sh' '  indented' '  ```' > "$T/t.md"
ex_py extract "$T/t.1" "$T/t.md" | sed "s|$T/||" > "$T/t.got"
printf 't.1:3\t%s\n' "a -b c-d 'x'y'" > "$T/t.want"
printf 't.1:5\t%s\n' 'e -- f' >> "$T/t.want"
printf 't.md:4\t%s\n' 'one two' >> "$T/t.want"
printf 't.md:5\t%s\n' "three 'x # y' four" >> "$T/t.want"
printf 't.md:12\t%s\n' 'indented' >> "$T/t.want"
same "the extractor on a made page and README: what it finds, and only that" "$T/t.want" cat "$T/t.got"
# The normal form of a suite's command.
printf '%s\n' 'CSUMBENCH_RESULTS_DIR=$T/res $MAKE -s bench CPU="$CPU" \' \
	'	RUNNER="vboard:$M" ARCH=ppc32 "$@" > "$T/out" 2> "$T/err"; rc=$?' \
	'ko=$(make -s module KDIR="$kdir/build" 2> "$T/log")' > "$T/suite"
ex_py norm '$CPU=464' '$M=sam460ex' '"$@"=SPACE=kernel' '$kdir=/k' < "$T/suite" > "$T/norm.got"
printf '%s\n' 'make bench ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex SPACE=kernel' \
	'make module KDIR=/k/build' > "$T/norm.want"
same "a suite's commands in normal form (bindings, -s, env words, order)" "$T/norm.want" cat "$T/norm.got"

# --- 2. Bookkeeping: each example a test names is covered.
: > "$T/covered"
where() { awk -F '\t' -v c="$1" '$2 == c { print $1; exit }' "$T/examples"; }
example() { # example CMD: CMD, as the docs have it, is covered
	if [ -z "$(where "$1")" ]; then
		failed "not an example of the docs (was it changed? change this suite with it): $1"
		return 1
	fi
	printf '%s\n' "$1" >> "$T/covered"
}
# needs TOOL... : the tools an example needs, or it is not run (a
# failure under CI=true, where make test has installed them)
needs() {
	local t
	for t in "$@"; do
		case $t in */*) [ -e "$t" ] ;; *) command -v "$t" > /dev/null ;; esac && continue
		if [ "${CI:-}" = true ]; then
			failed "$t is not installed"
		else
			diag "examples: not run without $t: $EXAMPLE_NOTE"
		fi
		return 1
	done
}

# Scratch trees: the tree's files as links (boards/, whose labgrid test
# finds the tree from its own path, copied), its build folder, and a results/
# folder of its own; make there reports the tree's git version.  One
# for each lane of examples run side by side.
scratch() {
	local f
	mkdir "$1" "$1/results"
	for f in "$ROOT"/*; do
		case ${f##*/} in
		results) ;;
		boards) cp -R "$f" "$1/" ;;
		*) ln -s "$f" "$1/" ;;
		esac
	done
}
W=$T/w WB=$T/wb WL=$T/wl
scratch "$W"; scratch "$WB"; scratch "$WL"
mkdir "$T/bin" "$T/board" "$T/stage"
GIT_DIR=$(git rev-parse --absolute-git-dir 2> /dev/null) && export GIT_DIR GIT_WORK_TREE=$ROOT
# A stand-in ssh and scp for root@board and root@192.0.2.1: the board's
# commands run here, in $T/board, by bash as the board's shell; a ppc32
# csumbench runs as the board would run it, under qemu-ppc -cpu 460exb
# (the APM82181's PPC464 is a 460EX core).  Other hosts: the real ssh.
cat > "$T/bin/ssh" <<'EOF'
#!/usr/bin/env bash
echo "ssh $*" >> "$SSH_LOG"
a=("$@")
[ "${a[0]}" = -p ] && a=("${a[@]:2}")
case ${a[0]} in root@board | root@192.0.2.1) ;; *) exec /usr/bin/ssh "$@" ;; esac
cd "$BOARD_HOME" || exit 255
exec bash -c '
./csumbench() {
	if [ "$(od -An -tx1 -j18 -N2 ./csumbench | tr -d " \n")" = 0014 ]; then
		qemu-ppc -cpu 460exb ./csumbench "$@"
	else
		command ./csumbench "$@"
	fi
}
eval "$1"' board "${a[*]:1}"
EOF
cat > "$T/bin/scp" <<'EOF'
#!/usr/bin/env bash
# HOST:PATH is PATH here (in $BOARD_HOME if relative), a pattern in it
# expanded as the board's shell would
echo "scp $*" >> "$SSH_LOG"
files=()
IFS=
for a in "$@"; do
	case $a in
	root@board:* | root@192.0.2.1:*)
		p=${a#*:}
		[ "${p#/}" != "$p" ] || p=$BOARD_HOME/$p
		# shellcheck disable=SC2206 # the pattern is the board's to expand
		files+=($p) ;;
	*@*:*) exec /usr/bin/scp "$@" ;;
	*) files+=("$a") ;;
	esac
done
exec cp -- "${files[@]}"
EOF
chmod +x "$T/bin/ssh" "$T/bin/scp"
export SSH_LOG=$T/ssh.log BOARD_HOME=$T/board
export PATH=$T/bin:$BUILD:$REPORT:$PATH

# run_in DIR NAME CMD...: the docs' CMDs, as written, in one shell in
# DIR (they may share a variable), in order until one fails (its
# stderr names it); $T/NAME.out, .err, .rc, and .d the shell's $d.
run_in() {
	local dir=$1 name=$2 c t0=$SECONDS
	local script="trap 'printf \"%s\\n\" \"\${d:-}\" > \"$T/$name.d\"' EXIT"
	shift 2
	for c in "$@"; do
		script+=$'\n'"$c"$'\n'"st=\$?; [ \$st = 0 ] || { echo 'examples: exit '\$st': '$(printf %q "$c") >&2; exit \$st; }"
	done
	# (as a user's shell runs them, not as make test's sub-make: no
	# "make[1]: Entering directory")
	(cd "$dir" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS bash -c "$script") > "$T/$name.out" 2> "$T/$name.err"
	echo $? > "$T/$name.rc"
	[ -z "${EXAMPLES_TIMES:-}" ] || echo "examples: $((SECONDS - t0)) s: $1..."
}
covered() { local c; for c in "$@"; do example "$c" || return; done; }
# ex CMD...: runs them in $W now; ex_bg NAME DIR CMD...: in the
# background, and ex_wait NAME later.  Either sets $rc, $T/out, $T/err.
rc=
declare -A bg_pid bg_note
ex() {
	EXAMPLE_NOTE=$1
	covered "$@" || { rc=none; return; }
	run_in "$W" fg "$@"
	collect fg
}
collect() { rc=$(cat "$T/$1.rc"); cp "$T/$1.out" "$T/out"; cp "$T/$1.err" "$T/err"; }
ex_bg() {
	local name=$1 dir=$2
	shift 2
	covered "$@" || return
	run_in "$dir" "$name" "$@" &
	bg_pid[$name]=$! bg_note[$name]=$1
}
ex_wait() {
	EXAMPLE_NOTE=${bg_note[$1]}
	wait "${bg_pid[$1]}"
	collect "$1"
}
# (the failing example's own words, where an ok line does not say)
said() { [ "$rc" = 0 ] || { echo "  $(where "$EXAMPLE_NOTE"): exit $rc"; tail -n 5 "$T/err"; }; }

# --- 3. Run here, as written.
# Lane L, beside the rest (it mostly waits on ssh): labgrid against an
# sshd of the reader's own, by hand.
LG=('d=$(mktemp -d)' "ssh-keygen -q -t ed25519 -N '' -f \"\$d/host\"" "ssh-keygen -q -t ed25519 -N '' -f \"\$d/user\"" \
	'cp "$d/user.pub" "$d/authorized_keys"' \
	'/usr/sbin/sshd -p 22022 -o ListenAddress=127.0.0.1 -h "$d/host" -o PidFile="$d/pid" -o AuthorizedKeysFile="$d/authorized_keys" -o StrictModes=no' \
	'LG_CSUMBENCH_KEY=$d/user pytest --lg-env boards/labgrid/localhost.yaml boards/labgrid/test_csumbench.py' \
	'kill "$(cat "$d/pid")"')
EXAMPLE_NOTE=${LG[0]}
if needs /usr/sbin/sshd pytest ssh-keygen; then
	mkdir -p /run/sshd 2> /dev/null	# (sshd's own, made by its service)
	ex_bg lab "$WL" "${LG[@]}"
else
	covered "${LG[@]}"
fi

# Lane B, beside the rest once the two timed sweeps are done (a timed
# run beside another retakes what was preempted: both would take far
# longer): 32-bit PowerPC: the build, a board over ssh (the stand-in)
# and by hand, and the README's traced.conf replayed there (its mix, a
# size mix of configs/).
covered 'make bench'
PPC=('make ARCH=ppc32 CROSS_COMPILE=powerpc-linux-gnu- CPU=464' 'make ARCH=ppc32 CPU=464'
	'make bench ARCH=ppc32 CPU=464 CONFIG=configs/apm82181.conf RUNNER="ssh root@192.0.2.1"'
	'd=$(ssh root@board mktemp -d)' 'scp build/ppc32-464/csumbench configs/apm82181.conf "root@board:$d/"'
	'ssh root@board "cd $d && ./csumbench run -c apm82181.conf -o results/"'
	'scp "root@board:$d/results/*.csv" results/' 'ssh root@board "rm -r $d"'
	'make bench ARCH=ppc32 CPU=464 RUNNER="ssh root@board" CONFIG=traced.conf'
	'make table METRIC=cpb' 'make compare BEFORE=results/traced-board-a.csv AFTER=results/traced-board-b.csv')
sed -n '/^```ini$/,/^```$/p' docs/workloads.md | awk '/^# traced.conf/ { on = 1 } on && /^```$/ { exit } on' > "$WB/traced.conf"
mix=$(sed -n 's/^sizes *= *mix://p' "$WB/traced.conf")
ok "docs/workloads.md's traced.conf found, naming a mix in results/" all [ -n "$mix" ] -- [ "${mix#results/}" != "$mix" ]
cp configs/imix.mix "$WB/$mix"
lane_b() {
	run_in "$WB" ppc0 "${PPC[0]}"
	run_in "$WB" ppc1 "${PPC[1]}"
	run_in "$WB" ppc2 "${PPC[2]}"
	run_in "$WB" ppc3 "${PPC[@]:3:5}"
	run_in "$WB" ppc8 "${PPC[8]}"
	run_in "$WB" ppc9 "${PPC[9]}"
	local s f
	f=$(ls "$WB"/results/traced-board-*[0-9].csv 2> /dev/null | head -n 1)
	for s in a b; do
		[ -z "$f" ] || { cp "$f" "$WB/results/traced-board-$s.csv"; cp "${f%.csv}-samples.csv" "$WB/results/traced-board-$s-samples.csv"; }
	done
	run_in "$WB" ppc10 "${PPC[10]}"
}
EXAMPLE_NOTE=${PPC[0]}
ppc=no
needs powerpc-linux-gnu-gcc qemu-ppc && ppc=yes
covered "${PPC[@]}"

# Lane A, here.  Fixtures: a results pair with c64 and c64-prefetch
# (tests/data/small's, its word32 named c64, one interleaved run as
# csumbench writes one), as results/r.csv, r.csv and -x.csv; a
# 1500-byte packet.
for stem in results/r r -x; do
	sed -e 's/^word32,/c64,/' -e '1a # run_id: example-run-1\n# order: rounds (every point once per round)' \
		tests/data/small.csv > "$W/$stem.csv"
	sed -e 's/^word32,/c64,/' -e '1a # run_id: example-run-1\n# order: rounds (every point once per round)' \
		tests/data/small-samples.csv > "$W/$stem-samples.csv"
done
awk 'BEGIN { for (i = 0; i < 1500; i++) printf "%c", (i * 7 + 3) % 256 }' < /dev/null > "$W/packet.bin"

# docs/man/csumbench.1
ex 'csumbench run -c configs/default.conf -o results/default.csv'
ok "csumbench run -c configs/default.conf -o results/default.csv: the pair written" \
	all exit_is 0 -- [ -s "$W/results/default.csv" ] -- [ -s "$W/results/default-samples.csv" ]; said
ex 'csumbench show results/default.csv'
cpu=$(sed -n 's/^# cpu_model: //p' "$W/results/default.csv")
ok "csumbench show results/default.csv: the run's machine and timer, within 72 columns" \
	all exit_is 0 -- has_line "$T/out" 'results: results/default.csv' -- \
		has "$T/out" "^  cpu           ${cpu:0:20}" -- has "$T/out" '^  counter       ' -- \
		has "$T/out" '^warnings' -- width_ok "$T/out"; said
ex 'csumreport table results/default.csv'
ok "csumreport table results/default.csv: a table of the run" \
	all exit_is 0 -- has "$T/out" 1500; said
run_in "$WB" bench 'make bench'
collect bench
EXAMPLE_NOTE='make bench'
ok "make bench: the default config's pair in results/" \
	bash -c "[ $rc = 0 ] && ls '$WB'/results/default-*[0-9].csv '$WB'/results/default-*[0-9]-samples.csv > /dev/null"; said
# (the README's roofline summary, in shape where this CPU runs
# sized-avx512: its headers and notes; its rows, whose fastest kernels
# and shares are this host's, are not compared)
if "$BUILD/csumbench" list | awk '/^  sized-avx512 / { k = 1; next } /^  [a-z]/ { k = 0 } k && /unavailable:/ { bad = 1 } END { exit bad }'; then
	timer=$(sed -n 's/^# timer: \([^ ]*\).*/\1/p' "$(ls "$WB"/results/default-*[0-9].csv | head -n 1)")
	ex_py shape README.md summary-example "$T/out" --as "timer tsc=timer $timer" '#' > "$T/shape"
	ok "README.md's make bench summary is what make bench prints here, in shape (its headers and notes)" \
		all empty "$T/shape" -- has "$T/out" '^op csum: sized-avx512, one entry point,' || cat "$T/shape"
fi
# (the README's next two, on make bench's results, before lane B adds
# its own)
run_in "$WB" table 'make table'
collect table
EXAMPLE_NOTE='make table'
ok "make table: the newest results, make bench's, in cycles/byte, 72 columns, no trailing space" \
	all exit_is 0 -- has "$T/out" 'cycles/byte' -- has "$T/out" '^c64 ' -- width_ok "$T/out" -- lacks "$T/out" ' $'; said
# (what the README shows of it, in shape: its numbers, the CPU's name,
# the warnings line's count and the kernels this CPU cannot run aside)
cpu=$(sed -n 's/^# cpu_model: //p' "$(ls "$WB"/results/default-*[0-9].csv | head -n 1)")
mapfile -t cannot_run < <("$BUILD/csumbench" list | awk '/^  [a-z]/ { k = $1 } /unavailable:/ { print k }')
ex_py shape README.md table-example "$T/out" --as "AMD EPYC=$cpu" warnings: "${cannot_run[@]}" > "$T/shape"
ok "README.md's make table is what make table prints here, in shape, after its warnings line" \
	all empty "$T/shape" -- first_is "$T/out" 'warnings: .* -- csumbench show .*' || cat "$T/shape"
covered 'make table'
EXAMPLE_NOTE='make plot'
if needs gnuplot; then
	run_in "$WB" plot 'make plot'
	collect plot
	ok "make plot: the size figure of make bench's results, beside them" \
		bash -c "[ $rc = 0 ] && ls '$WB'/results/default-*[0-9]-csum-size.png > /dev/null"; said
fi
covered 'make plot'
lane_b_pid=
if [ $ppc = yes ]; then
	lane_b &
	lane_b_pid=$!
fi
ex 'csumbench run -q --set=kernels=c64-prefetch --set=prefetch=none,128 --set=repeat=9 -o run.json'
ok "csumbench run ... -o run.json: Google Benchmark's JSON, pf:none and pf:128 nine times each" \
	python3 -c '
import json, sys
b = [x["name"] for x in json.load(open(sys.argv[1]))["benchmarks"] if x.get("run_type") == "iteration"]
c = lambda pf: sum(1 for n in b if n.startswith("csum/c64-prefetch/1500/warm/pf:" + pf + "/"))
sys.exit(not (c("none") == 9 and c("128") == 9))' "$W/run.json"; said
EXAMPLE_NOTE='/usr/bin/python3 /usr/share/benchmark/compare.py filters run.json pf:none pf:128'
if needs /usr/share/benchmark/compare.py; then
	ex "$EXAMPLE_NOTE"
	ok "compare.py filters run.json pf:none pf:128: the two distances compared" \
		all exit_is 0 -- \
			has "$T/out" 'Comparing pf:none to pf:128' -- \
			has "$T/out" 'csum/c64-prefetch/1500/warm/\[pf:none vs. pf:128\]'; said
else
	covered "$EXAMPLE_NOTE"
fi
ex 'csumbench sum -k c64 -- packet.bin'
want=$(python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
s = sum((d[i] << 8) + d[i + 1] for i in range(0, len(d), 2))
while s >> 16:
    s = (s & 0xffff) + (s >> 16)
print("%04x %04x packet.bin" % (s, ~s & 0xffff))' "$W/packet.bin")
ok "csumbench sum -k c64 -- packet.bin: RFC 1071's sum and checksum of the file ($want)" \
	bash -c "[ $rc = 0 ] && [ \"\$(awk '{ print \$1, \$2, \$3 }' '$T/out')\" = '$want' ]"; said

# As root on a stand-in /sys and /proc (CSUMBENCH_SYSROOT, as tests/tune.sh
# uses), not this machine's: its governor, boost, perf_event_paranoid and
# an IRQ on CPUs 0 and 1.
TUNE=('csumbench tune --cpu 1' 'csumbench tune --reset')
EXAMPLE_NOTE=${TUNE[0]}
if /usr/bin/python3 -c 'import os, sys; sys.exit(1 not in os.sched_getaffinity(0))'; then
	st=$T/sysroot/sys/devices/system/cpu
	mkdir -p "$st/cpu1/cpufreq" "$st/cpufreq" "$T/sysroot/proc/sys/kernel" "$T/sysroot/proc/irq/24" "$T/sysroot/run"
	echo powersave > "$st/cpu1/cpufreq/scaling_governor"
	echo 1 > "$st/cpufreq/boost"
	echo 3 > "$T/sysroot/proc/sys/kernel/perf_event_paranoid"
	echo 3 > "$T/sysroot/proc/irq/24/smp_affinity"
	CSUMBENCH_SYSROOT=$T/sysroot ex "${TUNE[0]}"
	ok "csumbench tune --cpu 1: governor, boost, perf_event_paranoid and IRQ 24 set, the old values kept" \
		all exit_is 0 -- file_is "$st/cpu1/cpufreq/scaling_governor" performance -- \
			file_is "$st/cpufreq/boost" 0 -- file_is "$T/sysroot/proc/sys/kernel/perf_event_paranoid" 2 -- \
			file_is "$T/sysroot/proc/irq/24/smp_affinity" 1 -- \
			has_line "$T/out" 'set   irq         IRQ 24: 3 -> 1' -- [ -s "$T/sysroot/run/csumbench/tune.state" ]; said
	CSUMBENCH_SYSROOT=$T/sysroot ex "${TUNE[1]}"
	ok "csumbench tune --reset: each put back" \
		all exit_is 0 -- file_is "$st/cpu1/cpufreq/scaling_governor" powersave -- \
			file_is "$st/cpufreq/boost" 1 -- file_is "$T/sysroot/proc/sys/kernel/perf_event_paranoid" 3 -- \
			file_is "$T/sysroot/proc/irq/24/smp_affinity" 3 -- [ ! -e "$T/sysroot/run/csumbench" ]; said
else
	covered "${TUNE[@]}"
	diag "examples: not run: CPU 1 is not one this process may use: $EXAMPLE_NOTE"
fi

# docs/man/csumreport.1
ex 'csumreport table results/r.csv --kernel c64-prefetch --cache cold'
ok "csumreport table results/r.csv --kernel c64-prefetch --cache cold: by distance, cold" \
	all exit_is 0 -- has "$T/out" 'c64-prefetch, cycles/byte, .*cold cache' -- has "$T/out" '^128 bytes  *1\.428  *0\.714'; said
ex 'csumreport compare r.csv r.csv --before-kernel c64 --after-kernel c64-prefetch@128 --within-process --fail-above 2'
ok "csumreport compare r.csv r.csv ... --within-process --fail-above 2: exit 0, no slowdown" \
	all exit_is 0 -- has "$T/out" c64-prefetch@128; said
cp "$T/out" "$T/compare.out"
ex 'make compare BEFORE=r.csv AFTER=r.csv BEFORE_KERNEL=c64 AFTER_KERNEL=c64-prefetch@128 WITHIN_PROCESS=1 FAIL_ABOVE=2'
# (after what make itself prints, if it builds csumreport first; then
# its status named)
ok "make compare BEFORE=r.csv ...: the warnings line, what csumreport compare says, then its status" \
	bash -c "[ $rc = 0 ] && head -n -1 '$T/out' | tail -n $(wc -l < "$T/compare.out") | cmp -s - '$T/compare.out' &&
		head -n -1 '$T/out' | tail -n $(($(wc -l < "$T/compare.out") + 1)) | head -n 1 |
			grep -qx 'warnings: none, before or after -- csumbench show FILE' &&
		tail -n 1 '$T/out' | grep -q '^compare: exit 0, judged: no point changed slower than 2%'" ||
	{ echo "  make compare's output, against csumreport compare's:"; diff "$T/compare.out" "$T/out" | head -n 20; }
said
ex 'csumreport plot r.csv --kernel c64,c64-prefetch@128'
ok "csumreport plot r.csv --kernel c64,c64-prefetch@128: those two lines, and the kernel's distance figure" \
	all exit_is 0 -- has "$W/r-size-c64+c64-prefetch@128.svg" '>c64-prefetch @128 B<' -- \
		lacks "$W/r-size-c64+c64-prefetch@128.svg" '>c64-prefetch @64 B<' -- \
		[ -s "$W/r-prefetch-c64-prefetch.png" ]; said
ex 'csumreport table --metric=cpb -- -x.csv'
ok "csumreport table --metric=cpb -- -x.csv: a file named with a dash" \
	all exit_is 0 -- has "$T/out" cycles/byte; said

# docs/man/csumbench.conf.5
ex 'csumbench run -n -c configs/default.conf'
ok "csumbench run -n -c configs/default.conf: the points, nothing timed" \
	all exit_is 0 -- has "$T/out" '^c64 1500 0 warm ' -- lacks "$T/out" '^wrote'; said
ex 'csumbench run -c configs/quick.conf --set sizes=1500 --set cache=cold'
f=$(ls "$W"/results/quick-*[0-9].csv 2> /dev/null | head -n 1)
ok "csumbench run -c configs/quick.conf --set sizes=1500 --set cache=cold: only 1500 B, cold" \
	all exit_is 0 -- [ -n "$f" ] -- has "${f:-/dev/null}" '^c64,[^,]*,csum,1500,0,cold,' -- \
		lacks "${f:-/dev/null}" '^c64,[^,]*,csum,64,' -- lacks "${f:-/dev/null}" '^c64,[^,]*,csum,1500,0,warm,'; said
# docs/configs.md's mine.conf: every key, as a config
sed -n '/^```ini$/,/^```$/p' docs/configs.md | awk '/^# configs\/mine.conf/ { on = 1 } on && /^```$/ { exit } on' > "$W/mine.conf"
"$BUILD/csumbench" run -n -c "$W/mine.conf" > "$T/mine.out" 2> "$T/mine.err"; rc=$?
ok "docs/configs.md's mine.conf is a config csumbench reads: its points listed" \
	all exit_is 0 -- has "$T/mine.out" '^c64-prefetch 64 2 cold 256 ' || cat "$T/mine.err"

# README.md
covered 'make deps'
ok "make deps: .ci/run runs it, as written, before make test" \
	[ "$(grep -x 'make deps\|make test' .ci/run | paste -sd,)" = 'make deps,make test' ]
ex 'csumbench check'
ok "csumbench check: a line per fact, each ok, note or WARN; exit 0, or 1 on a WARN" \
	bash -c "{ [ $rc = 0 ] && ! grep -q '^WARN' '$T/out' || [ $rc = 1 ] && grep -q '^WARN' '$T/out'; } &&
		grep -q '^\(ok\|note\|WARN\) ' '$T/out'"; said
covered 'make test'	# (this suite is one of its suites)
ok "make test RUNNER=vboard:sam460ex: tests/run.sh runs vboard_suite for it, as make test does for sam460ex" \
	all has tests/run.sh 'vboard_suite "${RUNNER#vboard:}"' -- has_line tests/run.sh 'vboard_suite sam460ex'
covered 'make test RUNNER=vboard:sam460ex'
DESTDIR=$T/stage ex 'make install PREFIX=/usr/local'	# (staged: DESTDIR)
ok "make install PREFIX=/usr/local: the binaries and man pages there" \
	all exit_is 0 -- \
		[ -x "$T/stage/usr/local/bin/csumbench" ] -- \
		[ -x "$T/stage/usr/local/bin/csumreport" ] -- \
		[ -f "$T/stage/usr/local/share/man/man1/csumbench.1" ]; said
ex 'make help'
ok "make help: the targets" all exit_is 0 -- has "$T/out" '^  bench ' -- has "$T/out" '^  install '; said

# Google Benchmark from C: docs/google-benchmark.md's sum.c
sed -n '/^<!-- gbc-example -->$/,/^<!-- end -->$/p' docs/google-benchmark.md | sed -e '1,2d' -e '$d' | sed '$d' > "$W/sum.c"
GB=('make gbench' 'cc -O2 -Igbench -c sum.c'
	'g++ -o sum sum.o build/x86_64/obj/gbench/gbc.o $(pkg-config --libs benchmark)')
EXAMPLE_NOTE=${GB[0]}
if needs g++ pkg-config; then
	ex "${GB[@]}"
	ok "make gbench, then sum.c built" [ "$rc" = 0 ]; said
	ex './sum --benchmark_format=json'
	ok "./sum --benchmark_format=json: JSON of sum/64, sum/512, sum/4096" \
		bash -c "[ $rc = 0 ] && python3 -c '
import json, sys
b = sorted(x[\"name\"] for x in json.load(open(sys.argv[1]))[\"benchmarks\"])
sys.exit(b != [\"sum/4096\", \"sum/512\", \"sum/64\"])' '$T/out'"; said
else
	covered "${GB[@]}" './sum --benchmark_format=json'
fi

# A user kernel: docs/contributing.md's mycsum.c
sed -n '/^<!-- mycsum-example -->$/,/^<!-- end -->$/p' docs/contributing.md | sed -e '1,2d' -e '$d' | sed '$d' > "$W/mycsum.c"
ok "docs/contributing.md's mycsum.c found" grep -q my_csum "$W/mycsum.c"
ex 'gcc -O2 -fPIC -shared -o mycsum.so mycsum.c' \
	'build/x86_64/csumbench run --set kernels=c64,./mycsum.so:my_csum -o results/'
ok "mycsum.so built, passed the gate and timed beside c64" \
	bash -c "[ $rc = 0 ] && f=\$(ls '$W'/results/defaults-*[0-9].csv) &&
		grep -q '^\./mycsum\.so:my_csum,' \"\$f\" && grep -q '^c64,' \"\$f\""; said

# A prefetching kernel: docs/contributing.md's recipe, in a copy of the
# tree (its build copied too, so only what the recipe touches is made).
recipe() { # recipe NAME: the code block after <!-- recipe-NAME -->
	sed -n "/^<!-- recipe-$1 -->\$/,/^<!-- end -->\$/p" docs/contributing.md | sed -e '1,2d' -e '$d' | sed '$d'
}
R=$T/recipe
mkdir "$R"
git ls-files -z | tar -c --null -T - 2> /dev/null | tar -x -C "$R" || cp -R . "$R"
mkdir -p "$R/build" "$R/results" && cp -pR "$BUILD" "$R/build/"
recipe body > "$R/kernels/generic/csum-s64-body.h"
recipe s64 > "$R/kernels/generic/csum-s64.c"
recipe s64-prefetch > "$R/kernels/generic/csum-s64-prefetch.c"
recipe def > "$T/def"
ok "docs/contributing.md's recipe found: a body, two kernels, two .def lines" \
	all has "$R/kernels/generic/csum-s64-body.h" s64_body -- has "$R/kernels/generic/csum-s64-prefetch.c" 'int dist' -- \
		count_is 1 "$T/def" '^KERNEL_PF(csum, "s64-prefetch"'
# (after the csum lines: after c64-prefetch's, which ends ".pf_step = 64)")
awk -v def="$T/def" '{ print } /"c64-prefetch"/ { on = 1 } on && /\)$/ { while ((getline l < def) > 0) print l; on = 0 }' \
	kernels/generic/kernels.def > "$R/kernels/generic/kernels.def"
RC=('make' 'build/x86_64/csumbench list' 'build/x86_64/csumbench run --set kernels=s64,s64-prefetch --set prefetch=none,128')
EXAMPLE_NOTE=${RC[0]}
if [ "${BUILD##*/}" = x86_64 ]; then
	covered "${RC[@]}"
	run_in "$R" recipe "${RC[0]}"
	run_in "$R" recipe-list "${RC[1]}"
	run_in "$R" recipe-run "${RC[2]}"
	collect recipe
	ok "the recipe builds: make, exit 0" [ "$rc" = 0 ]; said
	collect recipe-list
	ok "csumbench list names s64 and s64-prefetch, with its no-prefetch variant" \
		all exit_is 0 -- has "$T/out" '^  s64  *generic  no ' -- has "$T/out" '^  s64-prefetch  *generic  yes '; said
	collect recipe-run
	f=$(ls "$R"/results/defaults-*[0-9].csv 2> /dev/null | head -n 1)
	ok "... gated and timed: s64 at none, s64-prefetch at 128" \
		all exit_is 0 -- [ -n "$f" ] -- has "${f:-/dev/null}" '^s64,generic,csum,1500,0,warm,none,' -- \
			has "${f:-/dev/null}" '^s64-prefetch,generic,csum,1500,0,warm,128,'; said
else
	covered "${RC[@]}"
fi

# Lane B's results.
if [ -n "$lane_b_pid" ]; then
	wait "$lane_b_pid"
	collect ppc0; EXAMPLE_NOTE=${PPC[0]}
	ok "make ARCH=ppc32 ... CPU=464: a static ppc32 build/ppc32-464/csumbench" \
		bash -c "[ $rc = 0 ] && file -L build/ppc32-464/csumbench | grep -q 'PowerPC.*statically linked'"; said
	collect ppc1; EXAMPLE_NOTE=${PPC[1]}
	ok "make ARCH=ppc32 CPU=464: the same build" [ "$rc" = 0 ]; said
	collect ppc2; EXAMPLE_NOTE=${PPC[2]}
	ok "make bench ... RUNNER=\"ssh root@192.0.2.1\": sent, run on the board, the pair fetched" \
		bash -c "[ $rc = 0 ] && grep -q '^ssh root@192.0.2.1 ' '$SSH_LOG' &&
			f=\$(ls '$WB'/results/apm82181-192.0.2.1-*[0-9].csv) && grep -qx '# runner: ssh:192.0.2.1' \"\$f\" &&
			grep -q '^# cpu_model: PPC460EX' \"\$f\" && grep -q '^pipelined-dcbt,ppc32,csum,65536,' \"\$f\""; said
	collect ppc3; EXAMPLE_NOTE=${PPC[3]}
	ok "by hand over ssh: the pair fetched into results/, the board's folder removed" \
		bash -c "[ $rc = 0 ] && ls '$WB'/results/apm82181-vm-*[0-9].csv '$WB'/results/apm82181-vm-*-samples.csv > /dev/null &&
			d=\$(cat '$T/ppc3.d') && [ -n \"\$d\" ] && grep -q \"rm -r \$d\" '$SSH_LOG' && [ ! -e \"\$d\" ]"; said
	collect ppc8; EXAMPLE_NOTE=${PPC[8]}
	traced=$(ls "$WB"/results/traced-board-*[0-9].csv 2> /dev/null | head -n 1)
	ok "make bench ... CONFIG=traced.conf over ssh: the mix replayed on the board" \
		all exit_is 0 -- \
			[ -n "$traced" ] -- \
			has "$traced" '^# mix: .*sizes.mix: 12 packets' -- \
			has "$traced" '^pipelined-dcbt,ppc32,csum,mix,0,ring,64,'; said
	collect ppc9; EXAMPLE_NOTE=${PPC[9]}
	ok "make table METRIC=cpb: the newest results, the traced run's, in cycles/byte" \
		all exit_is 0 -- has "$T/out" pipelined -- has "$T/out" cycles/byte; said
	collect ppc10; EXAMPLE_NOTE=${PPC[10]}
	ok "make compare BEFORE=results/traced-board-a.csv AFTER=...-b.csv: the mix's points compared, inconclusive (one process each)" \
		bash -c "[ $rc = 2 ] && grep -q '^pipelined  *mix  *warm ' '$T/out' && tail -n 1 '$T/out' | grep -q '^compare: exit 3, inconclusive'"; said
fi

# Lane L's results.
if [ -n "${bg_pid[lab]:-}" ]; then
	ex_wait lab
	ok "by hand: sshd on 22022, the labgrid pytest against it passes" \
		bash -c "[ $rc = 0 ] && grep -q '1 passed' '$T/out' && ls '$WL'/results/good-tiny-labgrid-main-*[0-9].csv > /dev/null"; said
	d=$(cat "$T/lab.d")
	# (an sshd the examples started and did not stop)
	if [ -f "$d/pid" ] && kill -0 "$(cat "$d/pid")" 2> /dev/null; then
		kill "$(cat "$d/pid")"
		ok "... and stopped by the example" false
	fi
	case $d in /tmp/tmp.*) rm -rf "$d" ;; esac
fi

# --- 4. Run by the suite named, as written there: the normal forms of
# the suite's commands (its variables bound as tests/run.sh calls it;
# leading VAR=value words, make's -s and the order of its VAR=value
# words aside) hold the example's.
bindings() { # bindings SUITE: its variables' values, one a line
	case $1 in
	tests/vboard.sh) printf '%s\n' '$M=sam460ex' '$CPU=464' ;;	# run.sh: vboard_suite sam460ex
	tests/kspace.sh) printf '%s\n' '$M=sam460ex' '${B##*ppc32-}=464' '$kdir/tree=/usr/src/linux' \
		'$kdir=$(scripts/vboard.sh kernel sam460ex)' '$T/0001-csum-dcbt.patch=0001-csum-dcbt.patch' \
		'$T/dcbt.patch=dcbt.patch' ;;
	tests/trace.sh) printf '%s\n' '$m=sam460ex' '"$@"=ARCH=ppc32 CPU=464' ;;	# board_trace sam460ex 0 ARCH=ppc32 CPU=464
	tests/gbench.sh) printf '%s\n' '$B=build/x86_64' ;;	# run.sh: tests/gbench.sh "$A"
	tests/ab.sh) printf '%s\n' '$L=/usr/src/linux' '$T/dcbt.patch=0001-csum-dcbt.patch' ;;
	tests/model.sh) printf '%s\n' '$L=/usr/src/linux' ;;
	esac
}
in_suite() { # in_suite SUITE CMD
	local want b=()
	example "$2" || return
	want=$(printf '%s\n' "$2" | ex_py norm)
	mapfile -t b < <(bindings "$1")
	ex_py norm "${b[@]}" < "$1" > "$T/suite.norm"
	ok "$(where "$2"): '$2' is run by $1" grep -qxF -- "$want" "$T/suite.norm" ||
		diag "  (normal form: $want)"
}
in_suite tests/gbench.sh 'build/x86_64/csumbench-gb --benchmark_list_tests'
in_suite tests/gbench.sh "build/x86_64/csumbench-gb --benchmark_filter='^csum/c64/' --events=task-clock"
in_suite tests/gbench.sh "build/x86_64/csumbench-gb --benchmark_filter='/1500/warm' --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.05 --benchmark_format=json --benchmark_out=after.json"
in_suite tests/bench-ppc32.sh 'make bench ARCH=ppc32 CROSS_COMPILE=powerpc-linux-gnu- RUNNER=qemu-ppc CONFIG=configs/apm82181.conf'
in_suite tests/bench-ppc32.sh 'make bench ARCH=ppc32 CPU=464 RUNNER=qemu-ppc CONFIG=configs/apm82181.conf'
in_suite tests/vboard.sh 'make bench ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex CONFIG=configs/apm82181.conf'
in_suite tests/labgrid.sh 'pytest --lg-env boards/labgrid/vboard-sam460ex.yaml boards/labgrid/test_csumbench.py'
in_suite tests/kspace.sh 'make bench ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex SPACE=kernel CONFIG=configs/kernel-space.conf'
in_suite tests/kspace.sh 'make module ARCH=ppc32 KDIR="$(scripts/vboard.sh kernel sam460ex)/build"'
in_suite tests/kspace.sh 'make bench ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex SPACE=kernel CONFIG=configs/kernel-space.conf VBOARD_PATCH=dcbt.patch'
in_suite tests/trace.sh 'make trace ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex SECONDS=6'
in_suite tests/model.sh 'make bench ARCH=ppc32 CPU=8xx RUNNER=model CONFIG=configs/mpc885.conf'
in_suite tests/model.sh 'make bench ARCH=ppc32 CPU=e300c2 RUNNER=model CONFIG=configs/mpc8323.conf'
in_suite tests/model.sh 'make bench ARCH=ppc32 CPU=464 RUNNER=model CONFIG=configs/apm82181.conf'
in_suite tests/model.sh 'make model ARCH=ppc32 CPU=8xx KERNEL=unroll4 SIZE=1500 CACHE=cold'
in_suite tests/model.sh 'make ab ARCH=ppc32 CPU=8xx RUNNER=model OLD=/usr/src/linux/arch/powerpc/lib/checksum_32.S NEW=unroll4 SET="sizes=64,576,1500"'
# (the README's tree is linux-source-6.1's checksum files, its patch one
# made there; they are the suite's $L and $T/dcbt.patch)
in_suite tests/ab.sh 'make ab KSRC=/usr/src/linux PATCH=0001-csum-dcbt.patch ARCH=ppc32 CPU=464 RUNNER=qemu-ppc'
in_suite tests/ab.sh 'make ab OLD=/usr/src/linux/arch/x86/lib/csum-partial_64.c NEW=adc2'
in_suite tests/ab.sh 'make ab OLD=c64-prefetch NEW=c64-prefetch@128 SET="sizes=576,1500 cache=cold"'
in_suite tests/ab.sh 'make ab KSRC=/usr/src/linux PATCH=0001-csum-dcbt.patch ARCH=ppc32 CPU=464 RUNNER="ssh root@board"'
# (kspace.sh's tree is the board kernel's, linux-source-6.1 too)
in_suite tests/kspace.sh 'make ab KSRC=/usr/src/linux PATCH=0001-csum-dcbt.patch ARCH=ppc32 CPU=464 RUNNER=vboard:sam460ex SPACE=kernel'

# --- 5. What no machine here can run, and why.
cannot() { # cannot CMD WHY
	example "$1" && echo "examples: not run here: $(where "$1"): $1: $2"
}
for c in 'pytest --lg-env boards/labgrid/board.yaml boards/labgrid/test_csumbench.py' \
	'CSUMBENCH_CONFIG=configs/apm82181.conf pytest --lg-env boards/labgrid/board.yaml boards/labgrid/test_csumbench.py'; do
	cannot "$c" "a physical board (boards/labgrid/board.yaml's address and key)"
done
for c in 'insmod csumbench.ko' './csumbench run -c kernel-space.conf --set space=kernel' 'rmmod csumbench'; do
	cannot "$c" "on a ppc32 board, as root: the virtual boards load the module from their init (no shell, no insmod; tests/kspace.sh)"
done
# (the trace needs kprobe events, which this machine's kernel lacks, as
# checked; the virtual boards have them but no ssh: tests/trace.sh
# traces them through RUNNER=vboard)
for c in 'sudo ./csumbench trace --seconds 30 -o mix.mix' 'make trace RUNNER="ssh root@board" SECONDS=30'; do
	ok "$c: not run here, as this machine's kernel has no kprobe events" \
		all [ ! -e /sys/kernel/tracing/kprobe_events ] -- [ ! -e /sys/kernel/debug/tracing/kprobe_events ]
	cannot "$c" "a board whose kernel has kprobe events, over ssh"
done

# --- 6. Every example is covered.
while IFS=$'\t' read -r at c; do
	if ! grep -qxF -- "$c" "$T/covered"; then
		failed "an example no test runs: $at: $c"
	fi
done < "$T/examples"
finish
