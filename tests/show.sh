#!/usr/bin/env bash
# csumreport show and csumbench show: a results file's machine, timer,
# clock, build, config, warnings and summary, each value the file's own
# ("not recorded" where it has none), an emulated run said first, 72
# columns and no trailing space; the warnings line (--line) make table
# and make compare start with; bad input named by file and line, exit 2.
# usage: tests/show.sh CSUMREPORT [CSUMBENCH]   (from the top of the tree)
set -u
R=${1:-build/host/csumreport}
B=${2:-}
D=tests/data
SUITE=show
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
case $R in /*) ;; *) R=$PWD/$R ;; esac
case $B in /* | '') ;; *) B=$PWD/$B ;; esac

# section FILE NAME: the lines of show's section NAME, its title aside
section() { awk -v s="$2" '$0 == s || index($0, s " (") == 1 { on = 1; next } on && /^$/ { exit } on' "$1"; }
# tidy FILE: within 72 columns, no line ending in a blank
tidy() { width_ok "$1" && ! grep -q '[[:blank:]]$' "$1"; }
# squeezed_has FILE TEXT: its lines joined, runs of blanks one, hold TEXT
squeezed_has() { tr '\n' ' ' < "$1" | tr -s ' ' | grep -qF -- "$2"; }
export -f section tidy

# --- a file that says little: what it lacks is "not recorded"
$R show $D/small.csv > "$T/small" 2> "$T/err"; rc=$?
ok "show small.csv: exit 0, nothing on stderr, 72 columns, no trailing blank" \
	all exit_is 0 -- empty "$T/err" -- tidy "$T/small"
ok "show small.csv: the path first, then the sections in order" \
	bash -c "first_is '$T/small' 'results: $D/small.csv' &&
		[ \"\$(grep -E '^[a-z]+( \\(|:|\$)' '$T/small' | sed 1d | sed -E 's/[ :].*//' | tr '\n' ' ')\" = 'machine timer clock build config warnings summary ' ]"
section "$T/small" machine > "$T/m"
ok "machine: the CPU as # cpu_model:, emulated no, the rest not recorded" \
	all has_line "$T/m" '  cpu           Test CPU 1000' -- has_line "$T/m" '  emulated      no' -- \
		has_line "$T/m" '  arch          not recorded' -- has_line "$T/m" '  kernel        not recorded'
section "$T/small" timer > "$T/t"
ok "timer: the counter as # timer:, a rate with words after it as written" \
	all has_line "$T/t" '  counter       tsc (test data)' -- has_line "$T/t" '  tick rate     2000000000 (test)' -- \
		has_line "$T/t" '  resolution    not recorded' -- has_line "$T/t" '  counts        not recorded'
ok "clock: cycles per tick as # cycles_per_tick:, no source invented" \
	bash -c "section '$T/small' clock > '$T/c' && has_line '$T/c' '  cycles/tick   1.5000' && has_line '$T/c' '  its source    not recorded'"
section "$T/small" config > "$T/cf"
ok "config: ops, kernels, sizes and caches as the rows have them" \
	all has_line "$T/cf" '  ops           csum' -- has_line "$T/cf" '  kernels       2: word32, c64-prefetch' -- \
		has_line "$T/cf" '  sizes         64, 1500' -- has_line "$T/cf" '  caches        warm, cold' -- \
		has_line "$T/cf" '  file          not recorded'
ok "warnings: none" has_line "$T/small" 'warnings: none'
# (the grid and the points counted from the CSV itself)
pts=$(grep -vc '^#' $D/small.csv); pts=$((pts - 1))
section "$T/small" summary > "$T/s"
ok "summary: 2 kernels (1 op) x 2 sizes x 2 cache states, its $pts rows' points, none flagged" \
	all has_line "$T/s" '  grid          2 kernels (1 op) x 2 sizes x 2 cache states' -- \
		has "$T/s" "^  points        $pts (0 of them the floor's" -- has "$T/s" '^  flagged       0: 0 left out'

# --- a file that says much: a board's, emulated, with warnings (the
# data small.csv's, the # lines made up for this test, not measured)
{
	sed -n '/^#/p' $D/small.csv
	cat <<'EOF'
# arch: ppc32
# kernel_release: Linux 6.1.0-test
# host: board
# runner: ssh:192.0.2.1
# compiler: powerpc-linux-gnu-gcc 12.2.0
# cflags: -O2 -mcpu=464
# build: sha256 00ff (10 bytes, /proc/self/exe); static yes
# config: configs/apm82181.conf
# repeat: 2
# samples_per_point: 5
# processes: 2
# timer_counts: timebase
# timer_overhead_ticks: 12.5
# timer_overhead_reads: 1001
# timer_overhead_dropped: 3
# timer_resolution_ticks: 1
# tick_hz_source: system
# cycles_per_tick_source: cycles_per_tick = 1.5 (the config's)
# virtualized: no
# emulated: yes
# warning: emulated run, timings are not real
# warning: process 1: canary: a round was slow
# warning: process 2: canary: a round was slow
# warning: cycles per tick moved by 4.4% across the run
EOF
	grep -v '^#' $D/small.csv
} | sed '/^# emulated: no$/d' > "$T/board.csv"
cp $D/small-samples.csv "$T/board-samples.csv"
$R show "$T/board.csv" > "$T/board" 2> "$T/err"; rc=$?
ok "show of an emulated board's file: exit 0, 72 columns, no trailing blank" \
	all exit_is 0 -- empty "$T/err" -- tidy "$T/board"
ok "emulated: said on the line after the path, before any section" \
	bash -c "sed -n 2p '$T/board' | grep -q '^EMULATED: timed under an emulator; no figure here is a CPU.s$'"
section "$T/board" machine > "$T/m"
ok "machine: arch, kernel, runner as the file has them, emulated YES" \
	all has_line "$T/m" '  arch          ppc32' -- has_line "$T/m" '  kernel        Linux 6.1.0-test' -- \
		has_line "$T/m" '  runner        ssh:192.0.2.1' -- has "$T/m" '^  emulated      YES: timed under an emulator'
section "$T/board" timer > "$T/t"
ok "timer: a timebase said not to count cycles, its resolution in ns at its rate, its overhead's reads" \
	all has "$T/t" '^  counts        timebase: a fixed-rate counter, not core cycles' -- \
		has_line "$T/t" '  resolution    1 tick (0.5 ns at the tick rate)' -- \
		squeezed_has "$T/t" 'overhead 12.5 ticks, the mean of 1001 back-to-back reads (3 interrupted left out)'
ok "clock and build: the source of cycles per tick, the compiler, the flags" \
	bash -c "section '$T/board' clock | grep -qx '  its source    cycles_per_tick = 1.5 (the config.s)' &&
		section '$T/board' build | grep -qx '  compiler      powerpc-linux-gnu-gcc 12.2.0' &&
		section '$T/board' build | grep -qx '  cflags        -O2 -mcpu=464'"
section "$T/board" config > "$T/cf"
ok "config: its file, repeats, processes, samples" \
	all has_line "$T/cf" '  file          configs/apm82181.conf' -- has_line "$T/cf" '  repeats       2' -- \
		has "$T/cf" '^  processes     2 (each repeat a process of its own)' -- \
		has_line "$T/cf" '  samples       5 per point and repeat'
section "$T/board" warnings > "$T/w"
ok "warnings (4): each with what it qualifies, the processes' said once" \
	all has_line "$T/board" 'warnings (4)' -- \
		has_line "$T/w" 'WARNING (the run): emulated run, timings are not real' -- \
		has_line "$T/w" 'WARNING (the run, processes 1, 2 of 2): canary: a round was slow' -- \
		has_line "$T/w" 'WARNING (the run): cycles per tick moved by 4.4% across the run'

# (csumbench ab's files: each process's warnings, the emulated one too)
sed -e 's/^# warning: emulated run/# warning: process 1: emulated run/' \
	-e 's/^\(# processes: 2\)$/\1 (csumbench ab: each repeat a process of its own)/' "$T/board.csv" > "$T/ab.csv"
echo '# warning: process 2: emulated run, timings are not real' >> "$T/ab.csv"
$R show "$T/ab.csv" > "$T/ab" 2> "$T/err"; rc=$?
ok "an ab file: the processes' emulated warning said once with them, not again for the key; # processes: as written" \
	all exit_is 0 -- has_line "$T/ab" 'WARNING (the run, processes 1, 2 of 2): emulated run, timings are not' -- \
		count_is 1 "$T/ab" 'emulated run' -- lacks "$T/ab" 'WARNING (the run): emulated' -- \
		has_line "$T/ab" '  processes     2 (csumbench ab: each repeat a process of its own)'

# --- the warnings line
(cd "$T" && $R show --line board.csv) > "$T/line" 2> "$T/err"; rc=$?
ok "--line: one line, the count, EMULATED first, the first words of each, where to read them" \
	all exit_is 0 -- lines_are 1 "$T/line" -- \
		has_line "$T/line" 'warnings: 4 (EMULATED; canary; ...) -- csumbench show board.csv'
$R show --line $D/small.csv > "$T/line"
ok "--line of a file without warnings: none, and its path" \
	has_line "$T/line" "warnings: none -- csumbench show $D/small.csv"
sed '/^# emulated: no$/s/no/yes/' $D/small.csv > "$T/emu.csv"
$R show --line "$T/emu.csv" > "$T/line"
ok "--line of an emulated run without a warning line: the key alone makes it 1 (EMULATED)" \
	has "$T/line" '^warnings: 1 (EMULATED) -- csumbench show '
mkdir -p "$T/a/very/long/folder/name/that/does/not/fit/in/seventy/two/columns"
L=$T/a/very/long/folder/name/that/does/not/fit/in/seventy/two/columns/board.csv
cp "$T/board.csv" "$L"
$R show --line "$L" > "$T/line"
ok "--line of a long path: within 72 columns, the labels kept, the path as FILE" \
	all lines_are 1 "$T/line" -- width_ok "$T/line" -- has_line "$T/line" 'warnings: 4 (EMULATED; canary; ...) -- csumbench show FILE'
$R show --line $D/small.csv "$T/board.csv" > "$T/line"
ok "--line of two files: before and after, one line within 72 columns" \
	all lines_are 1 "$T/line" -- width_ok "$T/line" -- has "$T/line" '^warnings: before none; after 4 (EMULATED'
$R show --line $D/small.csv $D/small.csv > "$T/line"
ok "--line of two files without warnings: none, before or after" \
	has_line "$T/line" 'warnings: none, before or after -- csumbench show FILE'
$R show $D/small.csv $D/small.csv > "$T/out" 2> "$T/err"; rc=$?
ok "show of two files without --line: exit 2, says so" \
	all exit_is 2 -- empty "$T/out" -- stderr_has "^csumreport show: unexpected '$D/small.csv' (one RESULTS.csv; two only with --line)"

# --- make table and make compare start with it
make -s table RESULTS="$T/board.csv" > "$T/mk" 2>&1; rc=$?
$R table "$T/board.csv" > "$T/want"
ok "make table: the warnings line, then csumreport table's output as it is" \
	all exit_is 0 -- first_is "$T/mk" 'warnings: 4 (EMULATED; canary; ...) -- csumbench show FILE' -- \
		bash -c "tail -n +2 '$T/mk' | cmp -s - '$T/want'"
make -s compare BEFORE=$D/small.csv AFTER="$T/board.csv" BEFORE_KERNEL=word32 AFTER_KERNEL=word32 > "$T/mk" 2> /dev/null; rc=$?
$R compare $D/small.csv "$T/board.csv" --before-kernel word32 --after-kernel word32 > "$T/want" 2> /dev/null
ok "make compare: the two runs' warnings line, then csumreport compare's output, then its status" \
	all first_is "$T/mk" 'warnings: before none; after 4 (EMULATED; ...) -- csumbench show FILE' -- \
		bash -c "sed '1d;\$d' '$T/mk' | cmp -s - '$T/want'" -- last_is "$T/mk" 'compare: exit 3, inconclusive.*'

# --- bad input: the file and the line, exit 2, nothing on stdout
bad() { # bad NAME FILE MESSAGE
	$R show "$2" > "$T/out" 2> "$T/err"; rc=$?
	ok "$1: exit 2, nothing on stdout, the message names it" \
		all exit_is 2 -- empty "$T/out" -- lines_are 1 "$T/err" -- stderr_has "$3"
	$R show --line "$2" > "$T/out" 2> "$T/err"; rc=$?
	ok "$1, --line: the same" all exit_is 2 -- empty "$T/out" -- stderr_has "$3"
}
bad "a missing file" "$T/nope.csv" "^$T/nope.csv: cannot open: No such file"
printf 'name,value\nx,1\n' > "$T/other.csv"
bad "a CSV that is not results" "$T/other.csv" "^$T/other.csv:1: header has no 'kernel' column"
n=$(grep -c '^#' "$T/board.csv")
grep '^#' "$T/board.csv" > "$T/cut.csv"
bad "a file cut in its # lines" "$T/cut.csv" "^$T/cut.csv:$n: the file ends with no header line"
{ grep '^#' "$T/board.csv"; grep -v '^#' "$T/board.csv" | head -n 1 | cut -c 1-20; } > "$T/half.csv"
bad "a header cut short" "$T/half.csv" "^$T/half.csv:$((n + 1)): header has no 'align' column"
{ grep '^#' "$T/board.csv"; grep -v '^#' "$T/board.csv" | head -n 1; } > "$T/rowless.csv"
bad "a header and no row" "$T/rowless.csv" "^$T/rowless.csv:$((n + 1)): no data rows after the header"

# --- csumbench show: csumreport's, found beside it
if [ -n "$B" ] && [ -x "$B" ]; then
	"$B" show "$T/board.csv" > "$T/cb" 2> "$T/err"; rc=$?
	ok "csumbench show FILE: csumreport show's output, its status" \
		all exit_is 0 -- cmp -s "$T/cb" "$T/board"
	"$B" show --line "$T/nope.csv" > "$T/out" 2> "$T/err"; rc=$?
	ok "csumbench show of a missing file: exit 2, csumreport's message" \
		all exit_is 2 -- stderr_has "^$T/nope.csv: cannot open"
	mkdir "$T/lone"
	cp "$B" "$T/lone/csumbench"
	PATH=/nonexistent "$T/lone/csumbench" show "$T/board.csv" > "$T/out" 2> "$T/err"; rc=$?
	ok "csumbench show without a csumreport beside it or on PATH: exit 2, says how to get one" \
		all exit_is 2 -- empty "$T/out" -- stderr_has '^csumbench show: no csumreport beside csumbench.*make build/host/csumreport'
	# a run of this machine's: what show says is what the file says
	"$B" run -q --set kernels=c64 --set sizes=64,1500 -o "$T/real/" > /dev/null 2> "$T/err"; rc=$?
	f=$(ls "$T"/real/*[0-9].csv 2> /dev/null | head -n 1)
	if ok "a real run written" all exit_is 0 -- test -n "$f"; then
		"$B" show "$f" > "$T/real.txt" 2> "$T/err"; rc=$?
		cpu=$(sed -n 's/^# cpu_model: //p' "$f")
		timer=$(sed -n 's/^# timer: //p' "$f")
		nw=$(grep -c '^# warning: ' "$f")
		ok "a real run: 72 columns, no trailing blank, its CPU, its timer, its $nw warnings" \
			all exit_is 0 -- tidy "$T/real.txt" -- \
				joined_has "$T/real.txt" "cpu *${cpu//./\\.}" -- \
				has "$T/real.txt" "^  counter       ${timer:0:20}" -- \
				bash -c "[ $nw = 0 ] && grep -qx 'warnings: none' '$T/real.txt' || grep -qx 'warnings ($nw)' '$T/real.txt'"
		# (its kernels, ops, sizes and caches, the harness's floor aside)
		n_of() { awk -F, -v c="$1" '!/^#/ && !h { for (i = 1; i <= NF; i++) k[$i] = i; h = 1; next }
			!/^#/ && $k["arch"] != "harness" { s[$k[c]] = 1 } END { print length(s) }' "$f"; }
		pl() { [ "$1" = 1 ] && echo "1 $2" || echo "$1 $3"; }
		grid="$(pl "$(n_of kernel)" kernel kernels) ($(pl "$(n_of op)" op ops)) x $(pl "$(n_of size)" size sizes) x $(pl "$(n_of cache)" 'cache state' 'cache states')"
		ok "a real run: its grid as its rows have it ($grid)" \
			bash -c "section '$T/real.txt' summary | grep -qxF '  grid          $grid'"
	fi
else
	diag "csumbench show: not run (no csumbench given)"
fi
finish
