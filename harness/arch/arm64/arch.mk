# 64-bit Arm: native on an arm64 host; elsewhere a static cross build that
# runs under qemu-aarch64 or on a board with nothing installed.
ifneq ($(HOST_ARCH),arm64)
CROSS_COMPILE ?= aarch64-linux-gnu-
STATIC := 1
EMULATOR ?= qemu-aarch64
endif
ARCH_CFLAGS ?=
# Hot loops of kernels start on this boundary: fetch blocks of 16-32
# bytes; 32 keeps the padding short.
LOOP_ALIGN := 32
# A Linux checksum file built for make ab: as the kernel builds arm64
# code (general registers only).
LINUX_CFLAGS := -O2 -fno-strict-aliasing -fno-common -mgeneral-regs-only
