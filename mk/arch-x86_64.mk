# x86-64: native build; rdtsc and clflush(opt) are linked.
ARCH_CFLAGS ?=
EMULATOR ?=
# Hot loops of kernels start on this boundary: 64-byte fetch
# windows and op-cache lines.
LOOP_ALIGN := 64
