#!/usr/bin/env bash
# make ab and csumbench ab: a verdict about two versions from processes
# of their own, a Linux tree's checksum file as a side (linux-source-6.1's,
# read at build time), the paste block, the exit statuses.
#   tests/ab.sh native BIN REPORT    timed on this machine (runs alone)
#   tests/ab.sh ppc32                the patch under qemu-ppc: emulated
set -u
mode=$1
SUITE=ab-$mode
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
MAKE=${MAKE:-make}
unset MAKELEVEL MAKEFLAGS MFLAGS

# The Linux tree: linux-source-6.1's checksum files (all make ab reads).
L=$T/linux-source-6.1
tar -C "$T" -xJf /usr/src/linux-source-6.1.tar.xz linux-source-6.1/arch/powerpc/lib/checksum_32.S \
	linux-source-6.1/arch/x86/lib/csum-partial_64.c linux-source-6.1/arch/arm64/lib/csum.c \
	linux-source-6.1/lib/checksum.c
ok "linux-source-6.1's checksum files are there" [ -f "$L/arch/x86/lib/csum-partial_64.c" ]

# tenant FILE: the verdict was voided by a co-tenant the canary saw (a
# real one: this machine is shared), said in FILE
# (the summary's "Inconclusive: a warning voids ..." or the last line's
# "inconclusive (exit 3): a warning voids ...", wrapped anywhere)
tenant() { tr '\n' ' ' < "$1" | tr -s ' ' | grep -qi 'nconclusive[^:]*: a warning voids the verdict (the WARNING "process [0-9]*: canary'; }
# again CMD...: runs CMD (its output to $T/again.out), and again, twice at
# most, while a co-tenant voids the verdict; its exit status
again() {
	local rc try
	for try in 1 2 3; do
		"$@" > "$T/again.out" 2>&1 && return 0
		rc=$?
		[ $rc = 3 ] && tenant "$T/again.out" && [ $try != 3 ] || return $rc
		diag "  (a co-tenant voided the verdict, said: run again)"
	done
}

# last_status FILE: the status make ab's last line names
last_status() { tail -n 1 "$1" | sed -n 's/^ab: exit \([0-9]*\), .*/\1/p'; }

# A patch adding a dcbt 64 bytes ahead to __csum_partial's 16-byte loop,
# made here from the tree's file.
mkdir -p "$T/p/a/arch/powerpc/lib" "$T/p/b/arch/powerpc/lib"
cp "$L/arch/powerpc/lib/checksum_32.S" "$T/p/a/arch/powerpc/lib/"
sed -e 's|^21:\tsrwi\.\tr6,r4,4\t\t/\* # blocks of 4 words to do \*/$|&\n\tli\tr9,64\t\t/* dcbt 64 bytes ahead */|' \
	-e 's|^22:\tlwz\tr0,4(r3)$|22:\tdcbt\tr3,r9\n\tlwz\tr0,4(r3)|' \
	"$T/p/a/arch/powerpc/lib/checksum_32.S" > "$T/p/b/arch/powerpc/lib/checksum_32.S"
(cd "$T/p" && diff -u --label a/arch/powerpc/lib/checksum_32.S --label b/arch/powerpc/lib/checksum_32.S \
	a/arch/powerpc/lib/checksum_32.S b/arch/powerpc/lib/checksum_32.S) > "$T/dcbt.patch"
ok "the patch adds a dcbt to the loop" grep -q '^+22:	dcbt	r3,r9$' "$T/dcbt.patch"

if [ "$mode" = ppc32 ]; then
	# The done-when of the board without a board: built, gated, emulated.
	mkdir "$T/res"
	# (README's first recipe, as written: tests/examples.sh binds $L and
	# the patch to its names)
	CSUMBENCH_RESULTS_DIR=$T/res $MAKE -s ab KSRC="$L" PATCH="$T/dcbt.patch" ARCH=ppc32 CPU=464 RUNNER=qemu-ppc \
		> "$T/out" 2> "$T/err"
	ok "make ab KSRC= PATCH= ARCH=ppc32 CPU=464 RUNNER=qemu-ppc: ends 'ab: exit 3, inconclusive'" \
		bash -c "[ '$(last_status "$T/out")' = 3 ] && tail -n 1 '$T/out' | grep -q '^ab: exit 3, inconclusive'" ||
		{ tail -n 5 "$T/err"; tail -n 5 "$T/out"; }
	ok "both sides built from the tree's file, the patched one as NEW" \
		all has "$T/err" "^make ab: OLD is $L/arch/powerpc/lib/checksum_32.S: old:__csum_partial" -- \
			has "$T/err" '^make ab: NEW is .*/arch/powerpc/lib/checksum_32.S: new:__csum_partial'
	ok "csum_partial_copy_generic is said to be built, not timed, and why" \
		grep -q 'csum_partial_copy_generic: built, not gated or timed: its contract' "$T/err"
	old=$(ls "$T"/res/ab-old-*[0-9].csv 2> /dev/null) new=$(ls "$T"/res/ab-new-*[0-9].csv 2> /dev/null)
	ok "both gated, then timed in 3 processes each (the emulated default)" \
		all has "$old" '^# processes: 3 ' -- \
			has "$new" '^# processes: 3 ' -- \
			has "$old" '^old:__csum_partial,linux_tree,csum,1500,' -- \
			has "$new" '^new:__csum_partial,linux_tree,csum,1500,'
	ok "the processes ran forked (qemu-user cannot exec a ppc binary) and the files say so" \
		grep -q "^# processes: 3 (csumbench ab: each repeat a process of its own, forked" "$old"
	ok "the emulated banner first, the figures, no verdict" \
		all has "$T/out" '^EMULATED RUN: figures only, no verdict' -- \
			has "$T/out" '^1500 B  *warm  *[0-9.]*  *[0-9.]*  *[-+][0-9.]*%' -- \
			lacks "$T/out" ' \*$'
	txt=$(ls "$T"/res/ab-*[0-9].txt 2> /dev/null)
	ok "the paste block, EMULATED first, within 72 columns, quoting the command" \
		bash -c "[ -f '$txt' ] && head -n 1 '$txt' | grep -q '^EMULATED: not real timings' && width_ok '$txt' &&
			grep -q '^command: make ab KSRC=' '$txt' && grep -q '^verdict: inconclusive: emulated' '$txt'"
	# a patch that breaks the sum (the last add loses its carry): NEW
	# refused at the gate, nothing timed
	(cd "$T/p" && sed 's/^23:	adde	r5,r5,r8$/23:	add	r5,r5,r8/' a/arch/powerpc/lib/checksum_32.S > b/arch/powerpc/lib/checksum_32.S &&
		diff -u --label a/arch/powerpc/lib/checksum_32.S --label b/arch/powerpc/lib/checksum_32.S \
		a/arch/powerpc/lib/checksum_32.S b/arch/powerpc/lib/checksum_32.S) > "$T/wrong.patch"
	mkdir "$T/res2"
	CSUMBENCH_RESULTS_DIR=$T/res2 $MAKE -s ab KSRC="$L" PATCH="$T/wrong.patch" ARCH=ppc32 CPU=464 \
		RUNNER=qemu-ppc SET="sizes=64,1500 samples=5" > "$T/out2" 2> "$T/err2"
	ok "a patch whose function disagrees with ref: refused, naming it, the length and alignment; exit 2, nothing written" \
		bash -c "[ '$(last_status "$T/out2")' = 2 ] &&
			grep -q 'NEW (new:__csum_partial) is refused: it disagrees with its op.s reference' '$T/err2' &&
			grep -q 'new:__csum_partial: len [0-9]*, align [0-9]*' '$T/err2' &&
			[ -z \"\$(ls -A '$T/res2')\" ]" || { tail -n 5 "$T/err2"; tail -n 3 "$T/out2"; }
	# The board over ssh (README's, as written): a stand-in ssh runs the
	# board's commands here, the ppc32 binary under qemu-ppc -cpu 460exb
	# as the 464 board would run it; emulated, so figures only.
	mkdir "$T/bin" "$T/board" "$T/rs"
	cat > "$T/bin/ssh" <<'SH'
#!/usr/bin/env bash
echo "$*" >> "$SSH_LOG"
shift
cd "$BOARD_HOME" || exit 255
exec bash -c '
./csumbench() { qemu-ppc -cpu 460exb ./csumbench "$@"; }
eval "$1"' board "$*"
SH
	chmod +x "$T/bin/ssh"
	# (README's, as written: PATH set apart, so that tests/examples.sh
	# finds the command as the README has it)
	export SSH_LOG=$T/ssh.log BOARD_HOME=$T/board PATH=$T/bin:$PATH
	CSUMBENCH_RESULTS_DIR=$T/rs $MAKE -s ab KSRC="$L" PATCH="$T/dcbt.patch" ARCH=ppc32 CPU=464 RUNNER="ssh root@board" \
		> "$T/so" 2> "$T/se"
	ok "make ab ... RUNNER=\"ssh root@board\": run on the board, judged here: emulated, exit 3" \
		bash -c "[ '$(last_status "$T/so")' = 3 ] && grep -q ' ./csumbench ab -c ab.conf -o results/ --no-verdict ' '$T/ssh.log' &&
			grep -q '^EMULATED RUN: figures only, no verdict' '$T/so'" || { tail -n 5 "$T/se"; tail -n 5 "$T/so"; }
	ok "... the two files and the paste block here, named with the board" \
		bash -c "ls '$T'/rs/ab-old-board-*[0-9].csv '$T'/rs/ab-new-board-*[0-9].csv '$T'/rs/ab-board-*[0-9].txt &&
			grep -q '^old:__csum_partial,linux_tree,csum,1500,' '$T'/rs/ab-old-board-*[0-9].csv" > /dev/null
	finish
	exit
fi

BIN=$2 R=$3
# --- bad input: exit 2, a line saying what was expected, nothing written
mkdir "$T/none"
bad() { # bad NAME PATTERN MAKE-ARGS...
	local name=$1 pat=$2; shift 2
	CSUMBENCH_RESULTS_DIR=$T/none $MAKE -s ab "$@" > "$T/bo" 2> "$T/be"
	ok "$name: exit 2, said" all has "$T/be" "$pat" -- \
		has "$T/be" '^ab: exit 2, bad input' -- \
		dir_empty "$T/none" || { tail -n 3 "$T/be"; }
}
bad "no sides" "give OLD= and NEW="
bad "a file that is not there" "OLD=$T/gone.c: no such file" OLD="$T/gone.c" NEW=c64
echo 'int x;' > "$T/other.c"
bad "a C file that is no checksum file of a tree" "not a checksum file csumbench builds" OLD="$T/other.c" NEW=c64
bad "a ppc32 file for an x86-64 build" "is ppc32 code and this build is ARCH=x86_64" \
	OLD="$L/arch/powerpc/lib/checksum_32.S" NEW=c64
bad "KSRC without PATCH" "KSRC= and PATCH= go together" KSRC="$L"
echo 'not a patch' > "$T/not.patch"
bad "a PATCH with no +++ line" "not a patch" KSRC="$L" PATCH="$T/not.patch"
sed 's|a/arch/powerpc/lib/checksum_32.S|a/arch/powerpc/lib/other.S|; s|b/arch/powerpc/lib/checksum_32.S|b/arch/powerpc/lib/other.S|' \
	"$T/dcbt.patch" > "$T/other.patch"
bad "a PATCH that changes another file" "changes arch/powerpc/lib/other.S; csumbench builds only the checksum files" \
	KSRC="$L" PATCH="$T/other.patch"
sed 's/^ 	adde	r5,r5,r0$/ 	adde	r5,r5,r9/' "$T/dcbt.patch" > "$T/stale.patch"
bad "a PATCH for no file of this ARCH" "changes no checksum file for ARCH=x86_64" KSRC="$L" PATCH="$T/dcbt.patch"
bad "a PATCH that does not apply" "does not apply to" KSRC="$L" PATCH="$T/stale.patch" ARCH=ppc32 CPU=464 RUNNER=qemu-ppc
bad "SPACE=kernel here with KDIR= no kernel tree" "KDIR=$T/nowhere: no configured kernel build tree there" \
	OLD=c64 NEW=adc2 SPACE=kernel KDIR="$T/nowhere"
"$BIN" ab c64 > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab with one side: exit 2, usage" all exit_is 2 -- has "$T/e" 'expected two sides, OLD NEW'
"$BIN" ab -o "$T/none/" c64 nosuch > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab with an unknown kernel: exit 2, the kernels listed" \
	all exit_is 2 -- has "$T/e" "NEW: unknown kernel 'nosuch', expected one of:" -- dir_empty "$T/none"
"$BIN" ab -o "$T/none/" c64 ip-ref > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab of two ops: exit 2" all exit_is 2 -- has "$T/e" 'expected two kernels of one op'
"$BIN" ab -p 1 c64 word32 > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab -p 1: exit 2, the range" all exit_is 2 -- has "$T/e" "--processes '1': expected 2 to 200"
"$BIN" ab -o "$T/none/" --fail-above 2% c64 word32 > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab --fail-above 2%: refused before anything runs, exit 2" \
	all exit_is 2 -- has "$T/e" "--fail-above '2%': expected a percentage" -- dir_empty "$T/none"
"$BIN" ab -o "$T/none/" c64@64 word32 > /dev/null 2> "$T/e"; rc=$?
ok "csumbench ab c64@64: c64 does not prefetch, exit 2" all exit_is 2 -- has "$T/e" 'c64 does not prefetch'

# --- Linux 6.1's x86-64 csum_partial against adc2 (the README's, as
# written: configs/ab.conf, P chosen to fill about a minute)
fast="sizes=1500,16K cache=warm samples=31"
mkdir "$T/r1"
CSUMBENCH_RESULTS_DIR=$T/r1 $MAKE -s ab OLD="$L/arch/x86/lib/csum-partial_64.c" NEW=adc2 > "$T/o1" 2> "$T/e1"
for try in 2 3; do
	[ "$(last_status "$T/o1")" = 3 ] && tenant "$T/o1" || break
	diag "  (a co-tenant voided the verdict, said: run again)"
	rm -rf "$T/r1" && mkdir "$T/r1"
	CSUMBENCH_RESULTS_DIR=$T/r1 $MAKE -s ab OLD="$L/arch/x86/lib/csum-partial_64.c" NEW=adc2 > "$T/o1" 2> "$T/e1"
done
ok "make ab OLD=<6.1's csum-partial_64.c> NEW=adc2: exit 0, judged" \
	bash -c "[ '$(last_status "$T/o1")' = 0 ]" || { tail -n 5 "$T/e1"; tail -n 5 "$T/o1"; }
for s in "1500 B" "16 KiB"; do
	ok "adc2 faster at $s warm, its interval excluding 0" \
		bash -c "grep -q '^adc2 is [0-9.]* ± [0-9.]*x faster than old:csum_partial at $s warm' '$T/o1' &&
			grep -E '^$s +warm +[0-9.]+ +[0-9.]+ +-[0-9.]+% +\[-[0-9.]+,-[0-9.]+\] +[<0-9.]+ \*$' '$T/o1' > /dev/null"
done
old=$(ls "$T"/r1/ab-old-*[0-9].csv) new=$(ls "$T"/r1/ab-new-*[0-9].csv) txt=$(ls "$T"/r1/ab-*[0-9].txt)
# (the README shows this run's output: the same, in shape, but for the
# lines the verdict words and the numbers, which a run decides; the
# adj. CI note among them, as its levels' digits move where it wraps:
# "97.5%" / "to 99.5%)" in the README, "95% to" / "99.5%)" when every
# point is decided)
cpu=$(sed -n 's/^# cpu_model: //p' "$old")
python3 tests/examples.py shape README.md paste-example "$T/o1" --as "AMD EPYC=$cpu" \
	adc2 '(20' inconclusive 'inconclusive)' verdict: '±1%);' ab: slowdown adj. to > "$T/shape"
ok "README.md's make ab output and paste block are what this run prints, in shape" \
	bash -c "[ '$(last_status "$T/o1")' != 0 ] || [ ! -s '$T/shape' ]" || cat "$T/shape"
ok "the Linux side is old:csum_partial, described by its file and hash" \
	bash -c "grep -q '^# ab: old $L/arch/x86/lib/csum-partial_64.c against new adc2' '$old' ||
		grep -q '^old:csum_partial,linux_tree,csum,1500,0,warm,' '$old'"
P=$(sed -n 's/^# processes: \([0-9]*\) .*/\1/p' "$old")
ok "6 to 20 processes a side ($P), each said with its own run id and seed" \
	bash -c "grep -q '^# processes: $P (csumbench ab: each repeat a process of its own, exec.d afresh' '$old' &&
		[ $P -ge 6 ] && [ $P -le 20 ] && [ \$(grep -c '^# process: ' '$old') = $P ] &&
		[ \$(sed -n 's/^# process: [0-9]*: run_id \([^,]*\),.*/\1/p' '$old' '$new' | sort -u | wc -l) = \$((2 * $P)) ] &&
		[ \$(awk -F, '\$1 == \"old:csum_partial\" && \$4 == 1500 && \$6 == \"warm\" { print \$13 }' '$old' | sort -u | wc -l) = $P ]"
ok "the paste block: within 72 columns, the verdict, machine, clock, timer, compiler, kernel, version, command" \
	bash -c "width_ok '$txt' && grep -q '^verdict: NEW faster at [0-9]* and slower at [0-9]* of 10 points' '$txt' &&
		grep -q '^machine: ' '$txt' && grep -q '^core clock: ' '$txt' && grep -q '^timer: ' '$txt' &&
		grep -q '^compiler: ' '$txt' && grep -q '^kernel: ' '$txt' && grep -q '^csumbench: ' '$txt' &&
		tr '\n' ' ' < '$txt' | sed 's/ *$//; s/\/  */\//g' | grep -q 'command: make ab OLD=$L/arch/x86/lib/csum-partial_64.c NEW=adc2'" || cat "$txt"
ok "... printed too, beside the results as ab-*.txt" all has "$T/o1" '^--- paste (72 columns) ---' -- has "$T/o1" "^wrote $txt"
for try in 1 2 3; do
	CSUMBENCH_RESULTS_DIR=$T/r1 $MAKE -s ab OLD=adc2 NEW="$L/arch/x86/lib/csum-partial_64.c" \
		SET="$fast" PROCESSES=6 FAIL_ABOVE=2 > "$T/o2" 2> "$T/e2"
	[ "$(last_status "$T/o2")" = 3 ] && tenant "$T/o2" && [ $try != 3 ] || break
	diag "  (a co-tenant voided the verdict, said: run again)"
done
ok "swapped, FAIL_ABOVE=2: exit 1, the points named" \
	bash -c "[ '$(last_status "$T/o2")' = 1 ] && grep -q '^  *FAILED fail-above 2%: 2 points\|^FAILED fail-above 2%: 2 points' '$T/o2'" ||
	tail -n 5 "$T/o2"
ok "the first result is kept beside the second (nothing replaced)" \
	bash -c "[ \$(ls '$T'/r1/ab-old-*[0-9].csv | wc -l) -ge 2 ] && [ -f '$old' ]"

# --- A/A, five invocations: at most 5% of the points changed, and no
# point changed one way in one and the other way in another
aa() { # aa OUT-PREFIX PROCESSES OLD NEW SET...: five invocations; the changed lines
	local i p=$1 np=$2 o=$3 n=$4 ; shift 4
	for i in 1 2 3 4 5; do
		again "$BIN" ab -q -p "$np" -o "$T/$p$i/" --report "$R" "$@" -- "$o" "$n"
		echo "$? $(grep -c '^[0-9].* \*$' "$T/again.out")" >> "$T/$p.counts"
		cp "$T/again.out" "$T/$p$i.txt"
		sed -n 's/^\([^ ]* is [0-9.]* ± [0-9.]*x \(faster\|slower\)\) than .* at \(.*\)/\3 \2/p' "$T/$p$i.txt" >> "$T/$p.dirs"
	done
	touch "$T/$p.dirs"
}
aa aa 6 c64 c64 --set sizes=576,1500,16K --set cache=warm,cold --set samples=21
changed=$(awk '{ n += $2 } END { print n + 0 }' "$T/aa.counts")
ok "A/A: five invocations ran (exit 0 each)" bash -c "[ \$(grep -c '^0 ' '$T/aa.counts') = 5 ]" || cat "$T/aa.counts"
ok "A/A: at most 5% of 30 points called changed (got $changed)" [ "$changed" -le 1 ]
ok "A/A: no point changed in opposite directions" \
	bash -c "[ \$(sed 's/ [a-z]*\$//' '$T/aa.dirs' | sort -u | wc -l) = \$(sort -u '$T/aa.dirs' | wc -l) ]"
# (the README's prefetch example, through make)
mkdir "$T/pf0"
CSUMBENCH_RESULTS_DIR=$T/pf0 $MAKE -s ab OLD=c64-prefetch NEW=c64-prefetch@128 SET="sizes=576,1500 cache=cold" \
	> "$T/pf0.txt" 2>&1
for try in 2 3; do
	[ "$(last_status "$T/pf0.txt")" = 3 ] && tenant "$T/pf0.txt" || break
	diag "  (a co-tenant voided the verdict, said: run again)"
	CSUMBENCH_RESULTS_DIR=$T/pf0 $MAKE -s ab OLD=c64-prefetch NEW=c64-prefetch@128 SET="sizes=576,1500 cache=cold" \
		> "$T/pf0.txt" 2>&1
done
ok "make ab OLD=c64-prefetch NEW=c64-prefetch@128 SET=...: both distances of c64-prefetch, judged" \
	bash -c "[ '$(last_status "$T/pf0.txt")' = 0 ] && grep -q '^selected: c64-prefetch@none (before) vs c64-prefetch@128 (after)' '$T/pf0.txt'" ||
	tail -n 5 "$T/pf0.txt"
# Five invocations of a real change, adc1 against adc2 warm: one adc
# chain against two, a change made by the carry chain's latency on any
# x86-64 (-21.8% at 576 B and -33.3% at 1500 B here, intervals within
# 0.4 points): a point called must be called one way each time. Not a
# pair whose sign follows the host: c64 (C, its code as the compiler
# and placement leave it) against adc1 at 1500 B was called slower in
# five invocations and faster in one of five in another hour; and the
# prefetch pair cold read -10.0% [-14.9,-5.1] at 576 B in one
# invocation and +6.8% [+3.6,+10.1] minutes later, as other guests
# loaded the host's memory.
aa ca 10 adc1 adc2 --set sizes=576,1500 --set cache=warm
ok "adc1 against adc2 at 576 and 1500 B warm, five invocations: no point changed in opposite directions" \
	bash -c "[ \$(sed 's/ [a-z]*\$//' '$T/ca.dirs' | sort -u | wc -l) = \$(sort -u '$T/ca.dirs' | wc -l) ]"
ok "... and at least half the ten points were called (the check is not vacuous)" \
	bash -c "[ \$(wc -l < '$T/ca.dirs') -ge 5 ]" || cat "$T/ca.counts"
echo "  A/A changed $changed of 30; adc1 against adc2: $(sort "$T/ca.dirs" | uniq -c | tr '\n' ';')"

# --- a size mix replayed one call per sample: judged by the mean call
# (1001 calls a process: a mean over single calls moves with each one an
# interrupt lengthened; 201 left the interval wide enough to miss 2.6x)
again "$BIN" ab -p 6 -o "$T/mix/" --report "$R" -c configs/replay.conf --set rx_batch=1 --set cache=warm \
	--set samples=1001 word32 c64; rc=$?
cp "$T/again.out" "$T/mix.txt"
ok "imix replayed one call per sample, word32 against c64: c64 faster by the mean call" \
	all exit_is 0 -- \
		has "$T/mix.txt" '^c64 is [0-9.]* ± [0-9.]*x faster than word32 at mix warm' -- \
		has "$T/mix.txt" '^mix, warm: judged by the mean call' || grep -v -e '^WARNING' -e '^    ' "$T/mix.txt" | head -n 30

# --- two runs of one process each: compare says it cannot judge
"$BIN" run -q --set kernels=c64 --set sizes=1500 --set samples=11 -o "$T/one-a.csv" > /dev/null
"$BIN" run -q --set kernels=c64 --set sizes=1500 --set samples=11 -o "$T/one-b.csv" > /dev/null
"$R" compare "$T/one-a.csv" "$T/one-b.csv" > "$T/one.txt" 2>&1; rc=$?
ok "csumreport compare of two one-repeat runs: exit 3, and why" \
	all exit_is 3 -- \
		has "$T/one.txt" '^Inconclusive: each run is one process' -- \
		has "$T/one.txt" '^inconclusive (exit 3): each run is one process'

# --- the throughput canary, with a stand-in for a co-tenant that takes
# issue slots (CSUMBENCH_TEST_CANARY: the canary does 1.5 times its work
# in rounds 3 to 5 while the add chain is left alone)
CSUMBENCH_TEST_CANARY=1.5@3-5 "$BIN" run -q --set kernels=c64 --set sizes=1500 --set cache=warm \
	--set samples=21 -o "$T/can.csv" > /dev/null 2>&1
# (3 rounds at least: a real tenant may slow more, and add to the 50%)
ok "a co-tenant slowing the canary in rounds 3-5: those rounds taken again, kept slow, said in # canary:" \
	grep -Eq '^# canary: [0-9.]+ \(median of [0-9]+ rounds.*; ([6-9]|[1-9][0-9]) round\(s\) taken again, ([3-9]|1[0-9]) still slow after 2 retakes \(up to ([4-9][0-9]|[1-9][0-9][0-9])% slower\)$' "$T/can.csv" ||
	grep '^# canary' "$T/can.csv"
ok "... and warned of with the size of the slowdown" \
	grep -Eq '^# warning: canary: a throughput-bound loop \(four independent add chains\) ran up to ([4-9][0-9]|[1-9][0-9][0-9])% slower than at the run.s start in ([3-9]|1[0-9]) of 21 rounds' "$T/can.csv"
CSUMBENCH_TEST_CANARY=1.5 "$BIN" ab -p 3 -o "$T/can/" --report "$R" --set sizes=1500 --set cache=warm \
	--set samples=21 c64 word32 > "$T/can.txt" 2>&1; rc=$?
txt=$(ls "$T"/can/ab-*[0-9].txt 2> /dev/null)
ok "a canary slow through every round voids ab's verdict: inconclusive, exit 3, said first" \
	all exit_is 3 -- \
		has "$T/can.txt" '^Inconclusive: a warning voids the verdict' -- \
		lacks "$T/can.txt" ' \*$'
ok "... the canary's warning in the paste block" \
	bash -c "tr '\n' ' ' < '$txt' | tr -s ' ' | grep -q 'WARNING (OLD, c64, processes 1, 2, 3 of 3): canary: a throughput-bound loop'"

# --- a busy loop on the measured CPU: the warning travels with the number
if [ "$(nproc)" -ge 2 ]; then
	cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[,-].*//')
	taskset -c "$cpu" sh -c 'while :; do :; done' &
	busy=$!
	"$BIN" ab -p 3 -o "$T/busy/" --report "$R" --set "cpu=$cpu" --set sizes=1500 --set cache=warm \
		--set samples=51 c64 word32 > "$T/busy.txt" 2>&1
	kill "$busy"
	txt=$(ls "$T"/busy/ab-*[0-9].txt 2> /dev/null)
	ok "a busy loop on the measured CPU: the contention warning in ab's summary" \
		bash -c "sed -n '1,/^Cycles\\/byte/p' '$T/busy.txt' | tr '\n' ' ' | tr -s ' ' | grep -q 'WARNING (OLD, c64, process.* contention: other tasks ran on CPU $cpu during the run'" ||
		head -n 20 "$T/busy.txt"
	ok "... and in the paste block" \
		bash -c "[ -f '$txt' ] && tr '\n' ' ' < '$txt' | tr -s ' ' | grep -q 'WARNING (NEW, word32, process.* contention: other tasks ran on CPU'"
fi
# --- a board over ssh, without a board: a stand-in ssh runs the board's
# commands here, in a folder of its own (as tests/bench-ssh.sh does), so
# the path is real: one binary holding both sides sent, csumbench ab
# run there, its two files fetched and judged here
mkdir "$T/sshbin" "$T/board" "$T/rs"
cat > "$T/sshbin/ssh" <<'SH'
#!/bin/sh
# ssh HOST COMMAND: COMMAND run here by sh, in the board's home
echo "$*" >> "$SSH_LOG"
shift
cd "$BOARD_HOME" || exit 255
exec sh -c "$*"
SH
chmod +x "$T/sshbin/ssh"
again env PATH="$T/sshbin:$PATH" SSH_LOG="$T/ssh.log" BOARD_HOME="$T/board" CSUMBENCH_RESULTS_DIR="$T/rs" \
	$MAKE -s ab OLD="$L/arch/x86/lib/csum-partial_64.c" NEW=adc2 RUNNER="ssh root@board" PROCESSES=3 \
	SET="sizes=1500 cache=warm samples=21"
st=$?
cp "$T/again.out" "$T/ssh.out"
sold=$(ls "$T"/rs/ab-old-board-*[0-9].csv 2> /dev/null)
snew=$(ls "$T"/rs/ab-new-board-*[0-9].csv 2> /dev/null)
ok "make ab RUNNER=\"ssh root@board\": judged here, exit 0" \
	bash -c "[ $st = 0 ] && tail -n 1 '$T/ssh.out' | grep -q '^ab: exit 0, judged'" || tail -n 8 "$T/ssh.out"
ok "... the board ran csumbench ab with --no-verdict, the sides quoted" \
	grep -q "^root@board cd /tmp/csumbench\.[A-Za-z0-9]* && ./csumbench ab -c ab.conf -o results/ --no-verdict --set runner=ssh:board .* '--' 'old:csum_partial' 'adc2'$" "$T/ssh.log"
ok "... its files fetched and named here: ab-old-board-*, ab-new-board-*, samples beside" \
	all [ -f "$sold" ] -- [ -f "$snew" ] -- [ -f "${sold%.csv}-samples.csv" ] -- [ -f "${snew%.csv}-samples.csv" ]
ok "... the board's runner and sides said in them, 3 processes each" \
	all has_line "$sold" '# runner: ssh:board' -- \
		has "$sold" '^# ab_kernel: old:csum_partial ' -- \
		has "$snew" '^# ab_kernel: adc2 ' -- \
		has "$snew" '^# processes: 3 '
ok "... the verdict in the summary, and the paste block beside them" \
	bash -c "grep -q '^adc2 is [0-9.]* ± [0-9.]*x faster than old:csum_partial at 1500 B warm' '$T/ssh.out' &&
		ls '$T'/rs/ab-board-*[0-9].txt > /dev/null && ! grep -q 'no verdict here' '$T/ssh.out'"
dir=$(grep -o '/tmp/csumbench\.[A-Za-z0-9]*' "$T/ssh.log" | grep -v XXXXXX | head -n 1)
ok "... the board's folder removed" all [ -n "$dir" ] -- [ ! -e "$dir" ]
PATH="$T/sshbin:$PATH" SSH_LOG="$T/ssh.log" BOARD_HOME="$T/board" CSUMBENCH_RESULTS_DIR="$T/none" \
	$MAKE -s ab OLD="$T/lib.so:csum_any" NEW=adc2 RUNNER="ssh root@board" > /dev/null 2> "$T/e"
ok "a .so side over ssh: refused, exit 2" \
	all [ $? = 2 ] -- has "$T/e" 'a .so side runs here only' -- dir_empty "$T/none"
PATH="$T/sshbin:$PATH" SSH_LOG="$T/ssh.log" BOARD_HOME="$T/board" CSUMBENCH_RESULTS_DIR="$T/none" \
	$MAKE -s ab OLD=c64 NEW=adc2 SPACE=kernel KDIR="$T/nowhere" RUNNER="ssh root@board" > /dev/null 2> "$T/e"
ok "SPACE=kernel over ssh with KDIR= not the board kernel's tree: refused, exit 2" \
	bash -c "[ $? = 2 ] && grep -q \"SPACE=kernel: the board runs Linux $(uname -r) and KDIR=$T/nowhere is no built kernel tree\" '$T/e' &&
		[ -z \"\$(ls -A '$T/none')\" ]"
finish
