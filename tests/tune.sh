#!/usr/bin/env bash
# csumbench tune and tune --reset on a stand-in /sys and /proc
# (CSUMBENCH_SYSROOT, as csumbench check reads): the exact values after
# tune and after --reset, csumbench check's warnings gone, a second tune
# that keeps the first one's values, settings it may not write, and
# state files it must refuse.
#   tests/tune.sh CSUMBENCH
set -u
SUITE=tune
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
read -r -a cpus < <(/usr/bin/python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)))')
C0=${cpus[0]} CL=${cpus[${#cpus[@]}-1]}
hex() { printf '%x' $(($1)); }	# hex EXPR: a CPU mask as the kernel prints it
OTHERS=0	# the mask of every CPU but the last
for c in "${cpus[@]}"; do [ "$c" = "$CL" ] || OTHERS=$((OTHERS | 1 << c)); done

# tree DIR: a machine as tune finds one: each CPU's governor
# powersave, boost on, perf_event_paranoid 3, IRQs on the CPUs
tree() {
	local r=$1 c s
	s=$r/sys/devices/system/cpu
	mkdir -p "$r/run" "$s/cpufreq" "$s/intel_pstate" "$r/proc/sys/kernel" "$r/proc/irq/default"
	for c in "${cpus[@]}"; do
		mkdir -p "$s/cpu$c/cpufreq"
		echo powersave > "$s/cpu$c/cpufreq/scaling_governor"
		echo performance powersave > "$s/cpu$c/cpufreq/scaling_available_governors"
	done
	echo 1 > "$s/cpufreq/boost"
	echo 0 > "$s/intel_pstate/no_turbo"
	echo 3 > "$r/proc/sys/kernel/perf_event_paranoid"
	mkdir "$r/proc/irq/0" "$r/proc/irq/1" "$r/proc/irq/2" "$r/proc/irq/3" "$r/proc/irq/5" \
		"$r/proc/irq/9" "$r/proc/irq/24"
	for i in 0 2 3 5; do hex "1 << $C0 | 1 << $CL" > "$r/proc/irq/$i/smp_affinity"; done
	hex "1 << $CL" > "$r/proc/irq/1/smp_affinity"
	hex "1 << $C0" > "$r/proc/irq/9/smp_affinity"
	printf '00000000,%08x\n' $((1 << CL)) > "$r/proc/irq/24/smp_affinity"
	hex "1 << $C0 | 1 << $CL" > "$r/proc/irq/default_smp_affinity"
}
# snap DIR: every setting of the tree and its value, one a line
snap() { (cd "$1" && grep -r '' sys proc | sort); }
value() { cat "$R/$1"; }
tune() { CSUMBENCH_SYSROOT=$R "$BIN" tune "$@" > "$T/out" 2> "$T/err"; rc=$?; }
check() { CSUMBENCH_SYSROOT=$R "$BIN" check --window 0.05 --cpu "$CL" > "$T/check" 2>&1; }
G=sys/devices/system/cpu S=run/csumbench/tune.state

if [ "${#cpus[@]}" -lt 2 ] || [ "$CL" -ge 32 ]; then
	diag "tune: moving IRQs takes two CPUs under 32 (this process may use ${cpus[*]}); its checks are not run"
	exit_two=1
fi
R=$T/r
tree "$R"
snap "$R" > "$T/before"
check
ok "check on the tree: governor and boost warned of, IRQs on CPU $CL noted" \
	all has "$T/check" '^WARN  governor' -- has "$T/check" '^WARN  boost' -- \
		joined_has "$T/check" "^.*note  irq  *6 IRQs may run on CPU $CL (0, 1, 2, 3, 5, 24): their  *handlers  *take its time" -- \
		joined_has "$T/check" "fix: csumbench tune --cpu $CL (and  *stop  *irqbalance,  *which moves them back)"
tune --cpu "$CL"
sed 's/^/# /' "$T/out"
ok "tune --cpu $CL: exit 0, nothing on stderr" all exit_is 0 -- empty "$T/err"
ok "every CPU's governor performance, said so" \
	all file_is "$R/$G/cpu$C0/cpufreq/scaling_governor" performance -- \
		file_is "$R/$G/cpu$CL/cpufreq/scaling_governor" performance -- \
		has_line "$T/out" "set   governor    CPU $C0: powersave -> performance" -- \
		has_line "$T/out" "set   governor    CPU $CL: powersave -> performance"
ok "boost off, both ways it shows" \
	all file_is "$R/$G/cpufreq/boost" 0 -- file_is "$R/$G/intel_pstate/no_turbo" 1 -- \
		has_line "$T/out" 'set   boost       cpufreq/boost: 1 -> 0' -- \
		has_line "$T/out" 'set   boost       intel_pstate/no_turbo: 0 -> 1'
ok "perf_event_paranoid down to 2, no lower" \
	all file_is "$R/proc/sys/kernel/perf_event_paranoid" 2 -- \
		has_line "$T/out" 'set   perf_event  perf_event_paranoid: 3 -> 2'
if [ -z "${exit_two:-}" ]; then
	ok "IRQs off CPU $CL: its bit cleared, one on it alone moved to the others, the mask's form kept" \
		all file_is "$R/proc/irq/0/smp_affinity" "$(hex "1 << $C0")" -- \
			file_is "$R/proc/irq/1/smp_affinity" "$(hex "$OTHERS")" -- \
			file_is "$R/proc/irq/24/smp_affinity" "$(printf '00000000,%08x' "$OTHERS")" -- \
			file_is "$R/proc/irq/default_smp_affinity" "$(hex "1 << $C0")" -- \
			file_is "$R/proc/irq/5/smp_affinity" "$(hex "1 << $C0")" -- \
			has_line "$T/out" "set   irq         IRQs 0,2-3,5: $(hex "1 << $C0 | 1 << $CL") -> $(hex "1 << $C0")" -- \
			has_line "$T/out" "set   irq         IRQ 1: $(hex "1 << $CL") -> $(hex "$OTHERS")"
	ok "an IRQ off CPU $CL already is left, and counted" \
		all file_is "$R/proc/irq/9/smp_affinity" "$(hex "1 << $C0")" -- \
			has_line "$T/out" "ok    irq         1 IRQ off CPU $CL already"
fi
ok "the old values kept in run/csumbench/tune.state, a file only this user reads, in a folder of its own" \
	all has_line "$R/$S" "/$G/cpu$C0/cpufreq/scaling_governor"$'\t'"powersave"$'\t'"performance" -- \
		has_line "$R/$S" "/proc/sys/kernel/perf_event_paranoid"$'\t'"3"$'\t'"2" -- \
		[ "$(stat -c %a "$R/$S")" = 600 ] -- [ "$(stat -c %a "$R/run/csumbench")" = 700 ] -- \
		has_line "$T/out" "the values before are kept in $R/$S;"
grep -v "^the values before are kept in" "$T/out" > "$T/out72"
ok "every line within 72 columns (but the state file's path)" width_ok "$T/out72"
check
ok "check after tune: governor, boost and IRQs ok, perf_event not a warning" \
	all has_line "$T/check" "ok    governor    performance on all ${#cpus[@]} CPUs" -- \
		has_line "$T/check" "ok    irq         no IRQ may run on CPU $CL" -- \
		has_line "$T/check" 'ok    boost       off (cpufreq/boost is 0)' -- \
		lacks "$T/check" '^WARN  perf_event' -- lacks "$T/check" '^WARN  governor'

# A second tune keeps the first one's values, not its own.
cp "$R/$S" "$T/state1"
tune --cpu "$CL"
ok "tune again: exit 0, every setting ok, the values before named" \
	all exit_is 0 -- lacks "$T/out" '^set ' -- \
		has_line "$T/out" "ok    governor    CPU $C0: performance (tune set it; before, powersave)" -- \
		cmp -s "$T/state1" "$R/$S"
echo schedutil > "$R/$G/cpu$C0/cpufreq/scaling_governor"
tune --cpu "$CL"
ok "a governor changed since, tuned again: set, its first value kept" \
	all exit_is 0 -- has_line "$T/out" "set   governor    CPU $C0: schedutil -> performance" -- \
		has_line "$R/$S" "/$G/cpu$C0/cpufreq/scaling_governor"$'\t'"powersave"$'\t'"performance"

# --reset puts back each value exactly, and forgets them.
echo schedutil > "$R/$G/cpu$CL/cpufreq/scaling_governor"
tune --reset
sed 's/^/# /' "$T/out"
snap "$R" > "$T/after"
ok "tune --reset: exit 0, every setting as it was before tune, the state and its folder gone" \
	all exit_is 0 -- cmp -s "$T/before" "$T/after" -- [ ! -e "$R/run/csumbench" ] ||
	diag "$(diff "$T/before" "$T/after")"
ok "each line says what it was and what it is now" \
	all has_line "$T/out" "reset governor    CPU $C0: performance -> powersave" -- \
		has_line "$T/out" 'reset boost       cpufreq/boost: 0 -> 1' -- \
		has_line "$T/out" 'reset perf_event  perf_event_paranoid: 2 -> 3' -- \
		has_line "$T/out" "reset irq         IRQs 0,2-3,5: $(hex "1 << $C0") -> $(hex "1 << $C0 | 1 << $CL")"
ok "one changed since tune: put back, and said" \
	has_line "$T/out" "reset governor    CPU $CL: schedutil -> powersave (tune had set performance)"
tune --reset
ok "--reset again: nothing to put back, exit 0" \
	all exit_is 0 -- has_line "$T/out" "csumbench tune --reset: nothing to put back (no $R/$S)"

# Settings it may not write: read-only, a link where a setting was, a
# governor the CPU lacks.
chmod 0444 "$R/$G/cpufreq/boost"
ln -s ../9/smp_affinity "$R/proc/irq/24/link"
mv "$R/proc/irq/24/smp_affinity" "$R/proc/irq/24/was"
ln -s was "$R/proc/irq/24/smp_affinity"
echo powersave > "$R/$G/cpu$C0/cpufreq/scaling_available_governors"
mkdir "$R/proc/irq/30"
{ for i in $(seq 71); do printf '00000000,'; done; printf '%08x\n' $((1 << CL)); } > "$R/proc/irq/30/smp_affinity"
cp "$R/proc/irq/30/smp_affinity" "$T/long"
tune --cpu "$CL"
ok "a setting read-only to all (no write bit, as sysfs has them) is noted, and why" \
	all file_is "$R/$G/cpufreq/boost" 1 -- \
		has_line "$T/out" 'note  boost       cpufreq/boost: 1: read-only (mode 0444)'
ok "a governor this CPU lacks is left, and why; exit 1" \
	all exit_is 1 -- file_is "$R/$G/cpu$C0/cpufreq/scaling_governor" powersave -- \
		has_line "$T/out" "left  governor    CPU $C0: powersave: no performance governor here (scaling_available_governors)"
if [ -z "${exit_two:-}" ]; then
	ok "a link in a setting's place is not written through; it is left, and not kept" \
		all has_line "$T/out" "left  irq         IRQ 24: 00000000,$(printf '%08x' $((1 << CL))): Too many levels of symbolic links" -- \
			lacks "$R/$S" '^/proc/irq/24/' -- file_is "$R/proc/irq/24/was" "$(printf '00000000,%08x' $((1 << CL)))"
fi
if [ -z "${exit_two:-}" ]; then
	ok "a mask longer than tune keeps (72 groups): left, and why, never written cut" \
		all has_line "$T/out" "left  irq         IRQ 30: 00000000,00000000,000000...: longer than the 638 characters tune keeps" -- \
			cmp -s "$T/long" "$R/proc/irq/30/smp_affinity"
fi
ok "the rest set, and only the set ones kept" \
	all file_is "$R/$G/cpu$CL/cpufreq/scaling_governor" performance -- \
		lacks "$R/$S" boost -- lacks "$R/$S" "cpu$C0/" -- has "$R/$S" "cpu$CL/"
tune --reset
ok "--reset: what was set, back" \
	all exit_is 0 -- file_is "$R/$G/cpu$CL/cpufreq/scaling_governor" powersave -- [ ! -e "$R/$S" ]
rm -r "$R/proc/irq/24/smp_affinity" "$R/proc/irq/24/link" "$R/proc/irq/30"
mv "$R/proc/irq/24/was" "$R/proc/irq/24/smp_affinity"
chmod 0644 "$R/$G/cpufreq/boost"
echo performance powersave > "$R/$G/cpu$C0/cpufreq/scaling_available_governors"

# Not root: every setting left, nothing kept.
if [ "$(id -u)" = 0 ]; then
	chmod 0755 "$T"
	snap "$R" > "$T/before"
	setpriv --reuid=65534 --regid=65534 --clear-groups env CSUMBENCH_SYSROOT="$R" \
		"$BIN" tune --cpu "$CL" > "$T/out" 2> "$T/err"; rc=$?
	ok "as another user: exit 1, each setting left as needing root, nothing changed or kept" \
		all exit_is 1 -- \
			has_line "$T/out" "left  governor    CPU $C0: powersave: needs root (Permission denied)" -- \
			has_line "$T/out" 'left  perf_event  perf_event_paranoid: 3: needs root (Permission denied)' -- \
			has_line "$T/out" 'nothing was changed, nothing kept' -- \
			lacks "$T/out" '^set ' -- [ ! -e "$R/$S" ] -- cmp -s "$T/before" <(snap "$R")
	tune --cpu "$CL"
	setpriv --reuid=65534 --regid=65534 --clear-groups env CSUMBENCH_SYSROOT="$R" \
		"$BIN" tune --reset > "$T/out" 2> "$T/err"; rc=$?
	ok "--reset as another user: root's state is not its own, nothing put back, exit 0" \
		all exit_is 0 -- has_line "$T/out" "csumbench tune --reset: nothing to put back (no $R/run/user/65534/csumbench/tune.state)" -- \
			has "$R/$S" perf_event_paranoid
	tune --reset
	chmod 0700 "$T"
else
	diag "tune: not root, so the checks as another user are not run"
fi

# State files it refuses: nothing changed, the line named.
snap "$R" > "$T/before"
mkdir -p "$R/run/csumbench"
bad() { # bad NAME LINE...: a state file of these lines, refused by tune and --reset
	local name=$1; shift
	printf '%s\n' '# csumbench tune: PATH, its value before, the value tune set' "$@" > "$R/$S"
	chmod 0600 "$R/$S"
	tune --cpu "$CL"
	ok "a state file with $name: tune refuses it (exit 2), names the line, changes nothing" \
		all exit_is 2 -- stderr_has "^$R/$S:$(($# + 1)): expected PATH<tab>WAS<tab>SET" -- \
			empty "$T/out" -- cmp -s "$T/before" <(snap "$R")
	tune --reset
	ok "... and so does --reset" \
		all exit_is 2 -- stderr_has "^$R/$S:$(($# + 1)): expected" -- cmp -s "$T/before" <(snap "$R")
}
bad "a path tune never sets" "/$G/cpu$C0/cpufreq/scaling_governor"$'\t'"powersave"$'\t'"performance" \
	"/etc/passwd"$'\t'"x"$'\t'"y"
bad "a path out of the tree" "/proc/irq/../../etc/shadow"$'\t'"1"$'\t'"2"
bad "two fields" "/proc/sys/kernel/perf_event_paranoid"$'\t'"3"
bad "a control character in a value" "/proc/sys/kernel/perf_event_paranoid"$'\t'$'3\r'$'\t'"2"
bad "an empty line" ""
bad "one path twice" "/proc/sys/kernel/perf_event_paranoid"$'\t'"3"$'\t'"2" \
	"/proc/sys/kernel/perf_event_paranoid"$'\t'"1"$'\t'"2"
printf '/proc/sys/kernel/perf_event_paranoid\t3\t2\n' > "$R/$S"
chmod 0666 "$R/$S"
tune --reset
ok "a state file others may write: not read, exit 1, nothing changed" \
	all exit_is 1 -- stderr_has "not read: it is not a file of this user's own" -- \
		cmp -s "$T/before" <(snap "$R")
rm "$R/$S"
ln -s "$T/elsewhere" "$R/$S"
printf '/proc/sys/kernel/perf_event_paranoid\t3\t2\n' > "$T/elsewhere"
tune --reset
ok "a link in the state file's place: not followed, exit 1" \
	all exit_is 1 -- stderr_has "$R/$S: Too many levels of symbolic links" -- \
		file_is "$R/proc/sys/kernel/perf_event_paranoid" 3
rm "$R/$S"
chmod 0777 "$R/run/csumbench"
tune --cpu "$CL"
ok "a state folder others may write: nothing kept there, nothing changed, exit 1" \
	all exit_is 1 -- stderr_has "is not a folder of this user's own" -- \
		cmp -s "$T/before" <(snap "$R") -- [ ! -e "$R/$S" ]
chmod 0700 "$R/run/csumbench"

# A VM: no cpufreq, perf_event_paranoid 2, no --cpu.
V=$T/vm
mkdir -p "$V/run" "$V/proc/sys/kernel" "$V/proc/irq/5"
echo 2 > "$V/proc/sys/kernel/perf_event_paranoid"
echo 3 > "$V/proc/irq/5/smp_affinity"
CSUMBENCH_SYSROOT=$V "$BIN" tune > "$T/out" 2> "$T/err"; rc=$?
ok "a VM's tree: governor and boost not visible, perf_event ok, IRQs left without --cpu; exit 0, nothing kept" \
	all exit_is 0 -- \
		has_line "$T/out" "note  governor    not visible (no cpufreq; a VM's host sets the clock)" -- \
		has_line "$T/out" 'note  boost       not visible (no cpufreq/boost, intel_pstate/no_turbo)' -- \
		width_ok "$T/out" -- \
		has_line "$T/out" 'ok    perf_event  perf_event_paranoid: 2' -- \
		has_line "$T/out" 'note  irq         left as they are: --cpu N moves them off CPU N' -- \
		has_line "$T/out" 'nothing was changed, nothing kept' -- \
		file_is "$V/proc/irq/5/smp_affinity" 3 -- [ ! -e "$V/$S" ]
if [ -z "${exit_two:-}" ]; then
	# (an IRQ the kernel will not move: its smp_affinity has no write bit)
	mkdir "$V/proc/irq/6"
	hex "1 << $C0 | 1 << $CL" > "$V/proc/irq/5/smp_affinity"
	hex "1 << $C0 | 1 << $CL" > "$V/proc/irq/6/smp_affinity"
	chmod 0444 "$V/proc/irq/6/smp_affinity"
	CSUMBENCH_SYSROOT=$V "$BIN" tune --cpu "$CL" > "$T/out" 2> "$T/err"; rc=$?
	ok "with --cpu $CL: the IRQ moved, one the kernel keeps noted; exit 0" \
		all exit_is 0 -- file_is "$V/proc/irq/5/smp_affinity" "$(hex "1 << $C0")" -- \
			has_line "$T/out" "note  irq         IRQ 6: $(hex "1 << $C0 | 1 << $CL"): read-only (mode 0444)"
	CSUMBENCH_SYSROOT=$V "$BIN" check --window 0.05 --cpu "$CL" > "$T/check" 2>&1
	ok "check after it: the IRQ the kernel keeps is the only one on CPU $CL, and ok" \
		joined_has "$T/check" "^.*ok    irq  *only 1 IRQ the kernel will not move  *may  *run  *on  *CPU $CL"
	CSUMBENCH_SYSROOT=$V "$BIN" tune --reset > "$T/out" 2> "$T/err"; rc=$?
	ok "... and back" all exit_is 0 -- file_is "$V/proc/irq/5/smp_affinity" "$(hex "1 << $C0 | 1 << $CL")"
fi

# The command line.
"$BIN" tune --cpu x > "$T/out" 2> "$T/err"; rc=$?
ok "--cpu x: exit 2, what was expected" all exit_is 2 -- stderr_has "cpu 'x', expected a CPU this process may use"
"$BIN" tune --cpu 4096 > "$T/out" 2> "$T/err"; rc=$?
ok "--cpu 4096: exit 2" all exit_is 2 -- stderr_has "cpu '4096', expected"
"$BIN" tune --reset --cpu "$C0" > "$T/out" 2> "$T/err"; rc=$?
ok "--reset --cpu: exit 2, it takes none" all exit_is 2 -- stderr_has "it takes no --cpu"
"$BIN" tune --help > "$T/out" 2> "$T/err"; rc=$?
ok "tune --help: exit 0, --cpu and --reset" all exit_is 0 -- has "$T/out" '--cpu' -- has "$T/out" '--reset'
finish
