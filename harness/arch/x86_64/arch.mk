# x86-64: native build; rdtsc and clflush(opt) are linked.
ARCH_CFLAGS ?=
EMULATOR ?=
# Hot loops of kernels start on this boundary: 64-byte fetch
# windows and op-cache lines.
LOOP_ALIGN := 64
# A Linux checksum file built for make ab: as the kernel builds x86-64
# code (no SSE, no red zone).
LINUX_CFLAGS := -O2 -fno-strict-aliasing -fno-common -mno-red-zone -mno-mmx -mno-sse -mno-sse2 -mno-3dnow -mno-avx
