#!/usr/bin/env bash
# LAVA: the test definition and both job templates against lava-common's
# schemas (and broken copies against them too), then lava-run.sh and
# lava-cases.sh on this machine with a recording lava-test-case.
# usage: tests/lava.sh CSUMBENCH [TEST-SO-KERNEL]
set -u
SUITE=lava
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
CB=$1 SO=${2:-}
PY=/usr/bin/python3	# Debian's, where lava-common is

"$PY" boards/lava/validate.py boards/lava/csumbench.yaml boards/lava/job-qemu.yaml boards/lava/job-board.yaml \
	boards/lava/job-qemu-x86_64.yaml > "$T/v" 2>&1
ok "the test definition and the three jobs are valid" [ $? = 0 ]
[ "$(grep -c ': a valid LAVA' "$T/v")" = 4 ] || cat "$T/v"
"$PY" boards/lava/validate.py > "$T/out" 2> "$T/err"
ok "validate.py without a file: exit 2, its usage" \
	all [ $? = 2 ] -- has "$T/err" '^usage: /usr/bin/python3 boards/lava/validate.py FILE' -- [ ! -s "$T/out" ]
# -S: no site packages, as a python3 that is not Debian's has none of them
"$PY" -S boards/lava/validate.py boards/lava/job-qemu.yaml > "$T/out" 2> "$T/err"
ok "validate.py on a python3 without lava-common: exit 2, says so and what to run" \
	all [ $? = 2 ] -- has "$T/err" 'has no lava-common; run it with Debian.s, /usr/bin/python3'

# The qemu job as LAVA would run it: lava-server's own qemu device type
# (its templates from Debian's lava-server, taken apart, not installed),
# rendered with the job's context, and the command put together as
# lava-dispatcher does; then qemu-system-ppc started with it.
# (fetched once and cached by scripts/lava-qemu.sh)
types=$(scripts/lava-qemu.sh device-types)
ok "lava-server's device types (apt-get download lava-server)" [ -f "$types/qemu.jinja2" ]
kdir=$(scripts/vboard.sh kernel sam460ex 2> /dev/null)
echo > "$T/nocmds"
scripts/vboard.sh initrd sam460ex "$T/rd.gz" "$T/nocmds" 2> /dev/null
cmd=$("$PY" boards/lava/qemu-command.py boards/lava/job-qemu.yaml "$types" kernel="$kdir/vmlinux" ramdisk="$T/rd.gz" 2> "$T/err")
ok "job-qemu.yaml renders to qemu-system-ppc -machine sam460ex, no KVM, no -cpu host" \
	bash -c "[[ \$1 == 'qemu-system-ppc -machine sam460ex '* ]] && [[ \$1 != *kvm* ]] && [[ \$1 != *'-cpu host'* ]]" _ "$cmd"
diag "lava: $cmd"
# boots: qemu still running once the kernel's banner is out (at most 30 s)
boots() { # boots COMMAND LOG: 0 when it is
	local pid _ st=1
	setsid sh -c "$1" < /dev/null > "$2" 2>&1 &
	pid=$!
	for _ in $(seq 300); do
		grep -q '^Linux version' "$2" && { kill -0 $pid 2> /dev/null && st=0; break; }
		kill -0 $pid 2> /dev/null || break
		sleep 0.1
	done
	kill -- -$pid 2> /dev/null
	wait $pid 2> /dev/null
	return $st
}
boots "$cmd" "$T/qemu.log"; rc=$?
# (QEMU warns that sam460ex takes no -net nic, which the template always
# adds: the job needs no network; any other word of QEMU's is an error)
ok "qemu-system-ppc takes that command line: the board's kernel boots" \
	bash -c "[ $rc = 0 ] && grep -q '^Linux version' '$T/qemu.log' &&
		! grep '^qemu-system-ppc: ' '$T/qemu.log' | grep -qv ': warning: \|: terminating on signal'"
# The job as it was: no no_kvm; LAVA added KVM and QEMU refused it.
"$PY" - boards/lava/job-qemu.yaml "$T/kvm.yaml" <<'EOF2'
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
del d["context"]["no_kvm"]
yaml.safe_dump(d, open(sys.argv[2], "w"))
EOF2
kcmd=$("$PY" boards/lava/qemu-command.py "$T/kvm.yaml" "$types" kernel="$kdir/vmlinux" ramdisk="$T/rd.gz")
boots "$kcmd" "$T/kvm.log"; rc=$?
ok "without no_kvm the rendering asks for KVM, and qemu-system-ppc refuses it (the check can fail)" \
	bash -c "[[ \$1 == *'-enable-kvm'* ]] && [ $rc != 0 ] && grep -qi 'kvm' '$T/kvm.log'" _ "$kcmd"
"$PY" boards/lava/qemu-command.py > /dev/null 2> "$T/err"
ok "qemu-command.py without arguments: exit 2, its usage" \
	all [ $? = 2 ] -- has "$T/err" '^usage: '

invalid() { # invalid NAME FILE PYTHON-EDIT: the edited copy is refused
	rm -f "$T/bad.yaml"
	if ! "$PY" - "$2" "$T/bad.yaml" <<EOF
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
$3
yaml.safe_dump(d, open(sys.argv[2], "w"))
EOF
	then
		ok "the edit for '$1' applies" false
		return
	fi
	"$PY" boards/lava/validate.py "$T/bad.yaml" > /dev/null 2> "$T/bad.err"
	ok "refused: $1" all [ $? = 1 ] -- \
		has "$T/bad.err" 'bad.yaml: not valid: ' -- \
		lacks "$T/bad.err" 'No such file'
}
invalid "a job without timeouts" boards/lava/job-qemu.yaml 'del d["timeouts"]'
invalid "a deploy to nowhere" boards/lava/job-board.yaml 'd["actions"][0]["deploy"]["to"] = "floppy"'
invalid "a boot method LAVA lacks" boards/lava/job-qemu.yaml 'd["actions"][1]["boot"]["method"] = "magic"'
invalid "a context key LAVA lacks" boards/lava/job-qemu.yaml 'd["context"]["colour"] = "blue"'
invalid "a test definition with an unknown key" boards/lava/csumbench.yaml 'd["runs"] = d.pop("run")'
invalid "a test definition of another format" boards/lava/csumbench.yaml 'd["metadata"]["format"] = "Lava-Test 2"'
# The definition inline in a job: the job's own schema checks it too.
"$PY" - > "$T/inline.yaml" <<'EOF'
import sys, yaml
job = yaml.safe_load(open("boards/lava/job-qemu.yaml"))
td = yaml.safe_load(open("boards/lava/csumbench.yaml"))
d = job["actions"][2]["test"]["definitions"][0]
d.pop("params")  # an inline definition carries its own
d.update({"from": "inline", "repository": td})
yaml.safe_dump(job, sys.stdout)
EOF
"$PY" boards/lava/validate.py "$T/inline.yaml" > /dev/null 2>&1
ok "the test definition inline in a job is valid" [ $? = 0 ]

# A recording lava-test-case: one line per call.
mkdir "$T/bin"
cat > "$T/bin/lava-test-case" <<'EOF'
#!/bin/sh
echo "$*" >> "$LAVA_LOG"
EOF
chmod +x "$T/bin/lava-test-case"
export LAVA_LOG=$T/cases

"$CB" run -q -c tests/configs/good-tiny.conf -o "$T/r.csv" > /dev/null 2>&1
: > "$LAVA_LOG"
PATH=$T/bin:$PATH boards/lava/lava-cases.sh "$T/r.csv"
ok "lava-cases.sh exits 0 on a results CSV" [ $? = 0 ]
rows=$(grep -v '^#' "$T/r.csv" | tail -n +2 | wc -l)
ok "a case per row ($rows), each with its cycles per byte" \
	[ "$(grep -c -- '--measurement .* --units cycles/byte$' "$LAVA_LOG")" = "$rows" ]
ok "case names are unique and LAVA-safe" \
	bash -c "cut -d' ' -f1 '$LAVA_LOG' | sort | uniq -d | grep -q . && exit 1
		! cut -d' ' -f1 '$LAVA_LOG' | grep -q '[^-_a-zA-Z0-9.]'"
# Each row's measurement is that row's cycles_per_byte, under its name.
want=$(awk -F, '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
	{ n = $c["kernel"] "-" $c["size"] "-" $c["cache"] "-" $c["prefetch"]
	  if ($c["align"] != "0") n = n "-a" $c["align"]
	  print n " --result pass --measurement " $c["cycles_per_byte"] " --units cycles/byte" }' "$T/r.csv" | sort)
ok "names are <kernel>-<size>-<cache>-<prefetch>[-a<align>], values the CSV's" \
	[ "$want" = "$(grep -- --measurement "$LAVA_LOG" | sort)" ]
ok "c64-prefetch at 1500 B, cold, 64 B ahead, align 1 is one of them" \
	grep -q '^c64-prefetch-1500-cold-64-a1 --result pass --measurement [0-9.]* --units cycles/byte$' "$LAVA_LOG"
sed 's/^# emulated: no$/# emulated: yes (as a note may follow it)/' "$T/r.csv" > "$T/re.csv"
: > "$LAVA_LOG"
PATH=$T/bin:$PATH boards/lava/lava-cases.sh "$T/re.csv"
ok "the same rows marked emulated: every measurement in cycles/byte(emulated)" \
	[ "$(grep -c -- '--measurement [0-9.]* --units cycles/byte(emulated)$' "$LAVA_LOG")" = "$rows" ]
ok "a passed gate case per kernel" \
	all has_line "$LAVA_LOG" 'word32-gate --result pass' -- \
		has_line "$LAVA_LOG" 'c64-prefetch-gate --result pass'
if [ -n "$SO" ]; then
	"$CB" run -q --set "kernels=ref,$SO:csum_user_wrong" --set sizes=64 \
		--set samples=3 -o "$T/w.csv" > /dev/null 2>&1
	: > "$LAVA_LOG"
	PATH=$T/bin:$PATH boards/lava/lava-cases.sh "$T/w.csv"
	ok "a kernel that failed its gate is a failed case, and has no points" \
		all has_ere "$LAVA_LOG" '^[-_a-zA-Z0-9.]*csum_user_wrong-gate --result fail$' -- \
			lacks "$LAVA_LOG" csum_user_wrong-64 -- \
			has_line "$LAVA_LOG" 'ref-gate --result pass'
fi
printf 'name,value\n1,2\n' > "$T/other.csv"
PATH=$T/bin:$PATH boards/lava/lava-cases.sh "$T/other.csv" 2> "$T/err"
ok "a CSV that is not csumbench's: exit 2 with FILE:LINE" \
	all [ $? = 2 ] -- has "$T/err" 'other.csv:1: expected a csumbench header'

# lava-run.sh as LAVA runs it, with a binary from a path.
: > "$LAVA_LOG"
PATH=$T/bin:$PATH boards/lava/lava-run.sh "$CB" tests/configs/good-tiny.conf yes > "$T/job.log" 2> "$T/job.err"
ok "lava-run.sh exits 0 and reports the binary and the run" \
	bash -c "[ $? = 0 ] && grep -qx 'csumbench-binary --result pass' '$LAVA_LOG' &&
		grep -qx 'csumbench-run --result pass' '$LAVA_LOG' &&
		[ \$(grep -c -- --measurement '$LAVA_LOG') -gt 20 ]"
ok "its run is emulated (yes): every measurement in cycles/byte(emulated), none unmarked" \
	bash -c "[ \$(grep -c -- '--measurement [0-9.]* --units cycles/byte(emulated)\$' '$LAVA_LOG') = \
		\$(grep -c -- --measurement '$LAVA_LOG') ]"
scripts/vboard.sh fetch "$T/job.log" "$T/got" > "$T/names" 2> "$T/err"
ok "the pair is in the job log, framed: fetch recovers it, checked" \
	bash -c "[ $? = 0 ] && [ \$(wc -l < '$T/names') = 2 ] &&
		grep -qx '# emulated: yes' '$T'/got/good-tiny-lava-*[0-9].csv &&
		grep -q '^# runner: lava:' '$T'/got/good-tiny-lava-*[0-9].csv"
: > "$LAVA_LOG"
PATH=$T/bin:$PATH boards/lava/lava-run.sh "" tests/configs/good-tiny.conf > /dev/null 2>&1
ok "no binary: a failed csumbench-binary case" grep -qx 'csumbench-binary --result fail' "$LAVA_LOG"

# A real LAVA job (make lava-qemu): lava-dispatcher's lava-run, no
# server, on LAVA's own qemu device type as an x86-64 PC, Debian's
# kernel and a busybox ramdisk with the static csumbench; the cases
# that came back, against the points the config has.
if [ "$(id -u)" != 0 ]; then
	echo "SKIPPED: $SUITE: lava-qemu: lava-run runs jobs only as root"
	[ "${CI:-}" != true ] || ok "lava-qemu runs (a skip fails under CI=true)" false
else
	t0=$SECONDS
	scripts/lava-qemu.sh run "$T/lq" > "$T/lq.out" 2> "$T/lq.err"; rc=$?
	diag "lava-qemu: $((SECONDS - t0)) s, $(sed -n 's/^lava-qemu: QEMU with //p' "$T/lq.err")"
	ok "scripts/lava-qemu.sh (make lava-qemu): exit 0" [ $rc = 0 ]
	[ $rc = 0 ] || tail -n 25 "$T/lq.err"
	ok "the job completed: LAVA's verdict, and lava-run's result.yaml" \
		all has_line "$T/lq.out" 'lava job pass' -- has_line "$T/lq/run/result.yaml" 'result: pass'
	ok "the test definition ran whole (lava 0_csumbench pass)" grep -qx 'lava 0_csumbench pass' "$T/lq.out"
	ok "csumbench-binary and csumbench-run passed on the device" \
		all has_line "$T/lq.out" 'case csumbench-binary pass' -- \
			has_line "$T/lq.out" 'case csumbench-run pass'
	ok "a passed gate case per kernel: c64, adc1 and the floor's" \
		all has_line "$T/lq.out" 'case c64-gate pass' -- \
			has_line "$T/lq.out" 'case adc1-gate pass' -- \
			has_line "$T/lq.out" 'case empty-gate pass'
	# The config's points, named as lava-cases.sh names them: the same
	# config run here, through the recording lava-test-case.
	"$CB" run -q -c boards/lava/qemu-x86_64.conf -o "$T/pts.csv" > /dev/null 2>&1
	: > "$LAVA_LOG"
	PATH=$T/bin:$PATH boards/lava/lava-cases.sh "$T/pts.csv"
	grep -- ' --measurement ' "$LAVA_LOG" | cut -d' ' -f1 | sort > "$T/lq-want"
	awk '$1 == "case" && NF == 5 { print $2 }' "$T/lq.out" | sort > "$T/lq-got"
	ok "a case per point of boards/lava/qemu-x86_64.conf ($(wc -l < "$T/lq-want")), named as here" \
		bash -c "[ \$(wc -l < '$T/lq-want') -ge 6 ] && cmp -s '$T/lq-want' '$T/lq-got'"
	ok "each passed, with a number of cycles/byte(emulated) as its measurement (EMULATED: yes)" \
		awk '$1 == "case" && NF == 5 { n++; if ($3 != "pass" || $4 !~ /^[0-9]+(\.[0-9]+)?$/ || $5 != "cycles/byte(emulated)") bad = 1 }
			END { exit bad || n == 0 }' "$T/lq.out"
	ok "no other case came back, and the count line says so" \
		bash -c "[ \$(grep -c '^case ' '$T/lq.out') = \$((\$(wc -l < '$T/lq-want') + 5)) ] &&
			grep -qx \"\$(grep -c '^case ' '$T/lq.out') cases: \$(grep -c '^case ' '$T/lq.out') passed, 0 failed; \$(wc -l < '$T/lq-want') with a measurement\" '$T/lq.out'"
	# The device: lava-server's qemu.jinja2 through boards/lava/qemu-x86_64.jinja2,
	# with KVM asked for only where the probe found it boots.
	if grep -q '^lava-qemu: QEMU with kvm' "$T/lq.err"; then kvm=yes; else kvm=no; fi
	ok "the device is lava-server's qemu type for x86_64 (KVM: $kvm, as probed)" \
		bash -c "grep -q '^ *qemu-system-x86_64\$' '$T/lq/device.yaml' &&
			if [ $kvm = yes ]; then grep -q -- '- -enable-kvm' '$T/lq/device.yaml'
			else ! grep -q -- '-enable-kvm' '$T/lq/device.yaml'; fi"
	# The verdict can be a failure: the same log with a case failed,
	# and without the job's result.
	sed '/"case": "csumbench-run"/s/"result": "pass"/"result": "fail"/' "$T/lq/job.log" > "$T/bad.log"
	"$PY" boards/lava/lava-local.py results "$T/bad.log" > "$T/bad.out" 2> "$T/bad.err"
	ok "a failed case fails the run: exit 1, naming it" \
		all [ $? = 1 ] -- \
			has_line "$T/bad.out" 'case csumbench-run fail' -- \
			has "$T/bad.err" 'case csumbench-run: fail'
	grep -v '"case": "job"' "$T/lq/job.log" > "$T/nojob.log"
	"$PY" boards/lava/lava-local.py results "$T/nojob.log" > /dev/null 2> "$T/bad.err"
	ok "a log without the job's result fails the run: exit 1, saying so" \
		all [ $? = 1 ] -- has "$T/bad.err" 'the log has no job result'
fi
"$PY" boards/lava/lava-local.py job boards/lava/job-qemu-x86_64.yaml kernel="$T/none" ramdisk="$T/none" \
	tests="$T/none" > /dev/null 2> "$T/err"
ok "lava-local.py job with a file that is not there: exit 2, naming it" \
	all [ $? = 2 ] -- has "$T/err" "kernel=$T/none: no such file"
"$PY" boards/lava/lava-local.py > /dev/null 2> "$T/err"
ok "lava-local.py without a command: exit 2, its usage" \
	all [ $? = 2 ] -- has "$T/err" '^usage: /usr/bin/python3 boards/lava/lava-local.py job'
finish
