#!/usr/bin/env bash
# make lava-qemu: a real LAVA job, run here by lava-dispatcher's lava-run
# (no server), on LAVA's qemu device type as an x86-64 PC: Debian's
# kernel (linux-image-amd64) and a ramdisk of busybox-static and the
# static csumbench, which LAVA adds its test shell to; boards/lava/csumbench.yaml
# runs boards/lava/qemu-x86_64.conf there.  Prints the test cases LAVA got back
# (boards/lava/lava-local.py results): one per point with its cycles per byte,
# and each kernel's gate.  Exit 0 when the job completed and every case
# passed, 1 when not, 2 when it could not start (what is missing said).
#
#   scripts/lava-qemu.sh [run [OUT-DIR]]  the job; OUT-DIR (default
#                                          build/lava-qemu) keeps job.yaml,
#                                          device.yaml, job.log, cases
#   scripts/lava-qemu.sh device-types      lava-server's device types'
#                                          folder (fetched once, cached)
#
# LAVA_QEMU_ACCEL=auto (default: KVM where it boots a kernel here, TCG
# otherwise), kvm or tcg.  LAVA_QEMU_TIMEOUT (seconds, default 360)
# bounds lava-run; the job's own timeouts are tighter.  lava-run runs
# only as root.
set -eu -o pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cache=${CSUMBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/csumbench}
types=$cache/lava-server/device-types
PY=/usr/bin/python3	# Debian's: lava-common, jinja2 and yaml are its
MAKE=${MAKE:-make}

die() { echo "lava-qemu: $*" >&2; exit 2; }

temps=() qemu_pid=
cleanup() {
	[ -z "$qemu_pid" ] || kill -- -"$qemu_pid" 2> /dev/null || true
	[ ${#temps[@]} = 0 ] || rm -rf -- "${temps[@]}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

installed() { dpkg-query -W -f='${Status}' "$1" 2> /dev/null | grep -q 'install ok installed'; }

# lava-server's device types (qemu.jinja2, base.jinja2), from Debian's
# package taken apart, never installed (it is a whole server).
device_types() {
	local tmp
	[ -f "$types/qemu.jinja2" ] && return 0
	command -v apt-get > /dev/null && command -v dpkg > /dev/null ||
		die "no apt-get and dpkg to fetch lava-server's device types into $types"
	mkdir -p "$(dirname "$types")"
	tmp=$(mktemp -d)
	temps+=("$tmp")
	(cd "$tmp" && apt-get download lava-server > /dev/null 2>&1) ||
		die "apt-get download lava-server failed (its device types are" \
			"needed, not the server; apt-get update first?)"
	dpkg -x "$tmp"/lava-server_*.deb "$tmp/x" ||
		die "dpkg -x could not unpack $(echo "$tmp"/lava-server_*.deb)"
	[ -f "$tmp/x/usr/share/lava-server/device-types/qemu.jinja2" ] ||
		die "lava-server's package has no usr/share/lava-server/device-types/qemu.jinja2"
	rm -rf "$types.$$"
	cp -r "$tmp/x/usr/share/lava-server/device-types" "$types.$$"
	mv "$types.$$" "$types" 2> /dev/null || rm -rf "$types.$$"	# (another run's won)
	[ -f "$types/qemu.jinja2" ] || die "could not keep the device types in $types"
}

# Debian's x86-64 kernel: the x86_64 virtual board's (scripts/vboard.sh:
# the image of the package linux-image-amd64 depends on, downloaded and
# taken apart, not installed).  Sets kernel, kernel_pkg, kernel_version.
find_kernel() {
	local kdir
	kdir=$("$here/scripts/vboard.sh" kernel x86_64) ||
		die "no x86-64 kernel (scripts/vboard.sh kernel x86_64, above)"
	kernel=$kdir/vmlinuz
	read -r kernel_pkg kernel_version < "$kdir/version" ||
		die "$kdir/version: expected 'PACKAGE VERSION'"
	[ -r "$kernel" ] || die "$kernel: not there (scripts/vboard.sh kernel x86_64)"
}

# Whether qemu-system-x86_64 boots the kernel with KVM as LAVA's template
# asks for it (-cpu host -enable-kvm): the kernel's banner on the serial
# console within 10 s.  Nested virtualisation can offer /dev/kvm and
# still fail (an MSR QEMU cannot set, a guest that never gets going).
# Sets accel_why.
kvm_boots() {
	local log=$1 _ st=1
	accel_why=
	if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		accel_why="no /dev/kvm to use"
		return 1
	fi
	# (a process group of its own, which cleanup stops whole; under a
	# sh of its own, so that a QEMU that aborts is not reported by bash)
	setsid sh -c 'qemu-system-x86_64 "$@"' qemu -cpu host -enable-kvm -m 256 \
		-nographic -no-reboot -kernel "$kernel" -append "console=ttyS0 panic=-1" \
		< /dev/null > "$log" 2>&1 &
	qemu_pid=$!
	for _ in $(seq 100); do
		grep -q 'Linux version [0-9]' "$log" && { st=0; break; }
		kill -0 "$qemu_pid" 2> /dev/null || break
		sleep 0.1
	done
	kill -- -"$qemu_pid" 2> /dev/null || true
	wait "$qemu_pid" 2> /dev/null || true
	qemu_pid=
	if [ $st != 0 ]; then
		accel_why=$(grep -m 1 '^qemu-system-x86_64: ' "$log" | cut -c1-160 || true)
		accel_why="KVM did not boot the kernel${accel_why:+: $accel_why}"
	fi
	return $st
}

run() {
	local out=${1:-$here/build/lava-qemu} bin accel no_kvm busybox stage id st t0 f
	[ "$(uname -m)" = x86_64 ] ||
		die "the x86-64 job needs an x86-64 host (this is $(uname -m))"
	[ "$(id -u)" = 0 ] ||
		die "lava-run runs jobs only as root (lava-dispatcher's rule): run it as root"
	command -v lava-run > /dev/null || die "no lava-run (apt-get install lava-dispatcher)"
	command -v qemu-system-x86_64 > /dev/null ||
		die "no qemu-system-x86_64 (apt-get install qemu-system-x86)"
	command -v cpio > /dev/null || die "no cpio (apt-get install cpio)"
	"$PY" -c 'import jinja2, yaml' 2> /dev/null ||
		die "$PY lacks jinja2 or yaml (apt-get install python3-jinja2 python3-yaml)"
	installed busybox-static || die "no busybox-static (apt-get install busybox-static)"
	busybox=$(dpkg -L busybox-static | grep -m 1 '/bin/busybox$' || true)
	[ -n "$busybox" ] && [ -x "$busybox" ] ||
		die "busybox-static lists no executable bin/busybox (dpkg -L busybox-static)"
	find_kernel
	device_types

	mkdir -p "$out" || die "cannot make $out"
	out=$(cd "$out" && pwd)
	rm -rf "$out/run" "$out/ramdisk" "$out/job.log" "$out/cases" "$out/kvm-probe.log"

	# The static harness for the board (host-independent: nothing but
	# the kernel under it).
	echo "lava-qemu: building the static csumbench (build/x86_64-static)" >&2
	"$MAKE" -s --no-print-directory -C "$here" ARCH=x86_64 STATIC=1 \
		BUILD=build/x86_64-static build/x86_64-static/csumbench >&2 ||
		die "the static x86-64 csumbench did not build (make ARCH=x86_64 STATIC=1 BUILD=build/x86_64-static)"
	bin=$here/build/x86_64-static/csumbench

	case ${LAVA_QEMU_ACCEL:-auto} in
	tcg) accel=tcg accel_why="LAVA_QEMU_ACCEL=tcg" ;;
	kvm) accel=kvm accel_why="LAVA_QEMU_ACCEL=kvm" ;;
	auto)
		if kvm_boots "$out/kvm-probe.log"; then
			accel=kvm accel_why="it boots the kernel here"
		else
			accel=tcg
		fi ;;
	*) die "LAVA_QEMU_ACCEL=${LAVA_QEMU_ACCEL}: expected auto, kvm or tcg" ;;
	esac
	no_kvm=true
	[ $accel = tcg ] || no_kvm=false
	echo "lava-qemu: QEMU with $accel ($accel_why)" >&2

	# The ramdisk: busybox (its applets linked by the init), the init,
	# the harness.  No device node: the init mounts devtmpfs first.
	stage=$out/ramdisk
	mkdir -p "$stage/bin" "$stage/usr/bin" "$stage/dev" "$stage/proc" \
		"$stage/sys" "$stage/tmp" "$stage/root" "$stage/etc"
	cp "$busybox" "$stage/bin/busybox"
	ln -s busybox "$stage/bin/sh"
	cp "$here/boards/lava/ramdisk-init.sh" "$stage/init"
	cp "$bin" "$stage/usr/bin/csumbench"
	chmod 755 "$stage/init" "$stage/bin/busybox" "$stage/usr/bin/csumbench"
	(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0) | gzip -6 > "$out/ramdisk.cpio.gz" ||
		die "cpio could not pack $stage into $out/ramdisk.cpio.gz"
	rm -rf "$stage"

	# The test definition and what it runs, from this tree as it is
	# (committed or not), for LAVA's "from: url".
	tar -C "$here" --owner=0 --group=0 -czf "$out/tests.tar.gz" \
		boards/lava/csumbench.yaml boards/lava/lava-run.sh boards/lava/lava-cases.sh boards/lava/qemu-x86_64.conf ||
		die "tar could not pack boards/lava/ into $out/tests.tar.gz"

	"$PY" "$here/boards/lava/lava-local.py" job "$here/boards/lava/job-qemu-x86_64.yaml" \
		kernel="$kernel" ramdisk="$out/ramdisk.cpio.gz" tests="$out/tests.tar.gz" \
		no_kvm=$no_kvm > "$out/job.yaml" || exit 2
	"$PY" "$here/boards/lava/validate.py" "$out/job.yaml" > /dev/null || exit 2
	"$PY" "$here/boards/lava/lava-local.py" device "$out/job.yaml" \
		"$here/boards/lava/qemu-x86_64.jinja2" "$types" > "$out/device.yaml" || exit 2
	# (the address lava-dispatcher would otherwise look up from the
	# default route, which a container may lack; nothing here serves it)
	echo "dispatcher_ip: 127.0.0.1" > "$out/dispatcher.yaml"

	# A job id of its own: lava-run keeps its files in
	# /var/lib/lava/dispatcher/tmp/<id> and removes them at the end.
	id=$(( $(date +%s) % 100000000 ))$$
	echo "lava-qemu: lava-run job $id: $kernel_pkg $kernel_version, ramdisk" \
		"$(du -k "$out/ramdisk.cpio.gz" | cut -f1) KiB; log in $out/job.log" >&2
	t0=$SECONDS
	st=0
	timeout -k 30 "${LAVA_QEMU_TIMEOUT:-360}" lava-run --job-id "$id" \
		--output-dir "$out/run" --device "$out/device.yaml" \
		--dispatcher "$out/dispatcher.yaml" "$out/job.yaml" \
		< /dev/null > "$out/job.log" 2>&1 || st=$?
	if [ $st = 124 ] || [ $st = 137 ]; then
		echo "lava-qemu: lava-run did not end within ${LAVA_QEMU_TIMEOUT:-360} s" \
			"(LAVA_QEMU_TIMEOUT); stopped it" >&2
	fi
	echo "lava-qemu: lava-run exited $st after $((SECONDS - t0)) s" >&2
	# (what lava-run leaves when it is stopped: this job's alone)
	rm -rf "/var/lib/lava/dispatcher/tmp/$id"
	f=$out/run/result.yaml
	[ -f "$f" ] || f=
	"$PY" "$here/boards/lava/lava-local.py" results "$out/job.log" ${f:+"$f"} | tee "$out/cases" ||
		st=1
	if [ $st != 0 ]; then
		echo "lava-qemu: the job failed; its log is $out/job.log" >&2
		return 1
	fi
}

case ${1:-run} in
run) [ $# -le 2 ] || die "usage: scripts/lava-qemu.sh [run [OUT-DIR]]"; run "${2:-}" ;;
device-types)
	[ $# = 1 ] || die "usage: scripts/lava-qemu.sh device-types"
	device_types
	echo "$types" ;;
*) die "usage: scripts/lava-qemu.sh [run [OUT-DIR]] | device-types (see the top of $0)" ;;
esac
