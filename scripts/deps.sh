#!/usr/bin/env bash
# usage: scripts/deps.sh [GROUP...]   The Debian packages csumbench's
# builds and tests use, by what needs them: one list, read by make deps
# (every group; .ci/run and make test call it before the first suite)
# and by tests/run.sh (a group's packages, to say what a skipped suite
# lacks).  No GROUP: every package, once each.
set -euo pipefail
group() {
	case $1 in
	build) echo make gcc libc6-dev procps ;;
	native) echo libpcap-dev libpfm4-dev python3 ;;
	emu) echo qemu-user ;;
	ppc32) echo gcc-powerpc-linux-gnu libc6-dev-powerpc-cross qemu-user ;;
	arm64) echo gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user ;;
	model) echo gcc-powerpc-linux-gnu libc6-dev-powerpc-cross qemu-user linux-source-6.1 ;;
	gbench) echo g++ pkg-config libbenchmark-dev libbenchmark-tools python3-scipy ;;
	vboard) echo linux-source-6.1 qemu-system-ppc bison flex libssl-dev bc cpio \
		gcc-powerpc-linux-gnu libc6-dev-powerpc-cross patch perl ;;
	vboard-x86) echo qemu-system-x86 linux-headers-amd64 ;;
	labgrid) echo python3-labgrid python3-pytest openssh-server openssh-client ;;
	lava) echo lava-common lava-dispatcher python3-yaml python3-jinja2 busybox-static ;;
	plot) echo gnuplot-nox ;;
	docs) echo man-db groff-base shellcheck ;;
	*)
		echo "scripts/deps.sh: no group '$1'; the groups: $all_groups" >&2
		return 2 ;;
	esac
}
all_groups="build native emu ppc32 arm64 model gbench vboard vboard-x86 labgrid lava plot docs"
if [ $# = 0 ]; then
	# shellcheck disable=SC2086 # the groups are words
	set -- $all_groups
fi
for g in "$@"; do
	group "$g" || exit 2
done | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' ' | sed 's/ $/\n/'
