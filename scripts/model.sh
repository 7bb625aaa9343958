#!/usr/bin/env bash
# usage: scripts/model.sh PLUGIN CPU QEMU_CPU BIN [ARGS...]
# Runs the static ppc32 csumbench BIN under qemu-ppc with the core model's
# plugin (model/, docs/model.md) for the preset CPU: make bench RUNNER=model
# (BIN run ...) and make model (BIN model ...).  QEMU_CPU is the qemu-user
# CPU model the build runs under ("none": qemu's default, whose FPU the
# 8xx and e500 builds' libc needs; the model, not qemu, is the core).
set -eu
plugin=$1 cpu=$2 qemu_cpu=$3 bin=$4
shift 4
if [ -z "$cpu" ]; then
	echo "make: RUNNER=model needs a core: give CPU=8xx, e300c2, e300c3, 464, 440 or e500" \
		"(the build's preset is the core modelled)" >&2
	exit 2
fi
if ! command -v qemu-ppc > /dev/null; then
	"$(dirname "$0")/need.sh" qemu-user || {
		echo "make: RUNNER=model runs under Debian's qemu-user (apt-get install qemu-user)" >&2
		exit 2
	}
fi
cpu_args=()
[ -z "$qemu_cpu" ] || [ "$qemu_cpu" = none ] || cpu_args=(-cpu "$qemu_cpu")
# The harness reads this to say what ran it (# runner:, # emulated:).
export CSUMBENCH_EMULATOR="qemu-ppc${cpu_args[*]:+ ${cpu_args[*]}} with the $cpu core model"
exec qemu-ppc ${cpu_args[@]+"${cpu_args[@]}"} -plugin "$plugin,preset=$cpu" "$bin" "$@"
