# x86-64: native build; rdtsc and clflush(opt) are linked.
ARCH_CFLAGS ?=
EMULATOR ?=
