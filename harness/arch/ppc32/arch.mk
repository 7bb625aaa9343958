# 32-bit PowerPC: a static binary that runs on a board with nothing installed.
CROSS_COMPILE ?= powerpc-linux-gnu-
STATIC := 1
EMULATOR ?= qemu-ppc

# CPU presets.  Debian's gcc links -mcpu=440/464/860 only with -mhard-float
# (alone they imply soft-float, which its hard-float libc rejects).  8xx and
# e500v1/v2 have no classic FPU: the harness keeps floating point out of
# timed code, and the board's kernel emulates the rest (CONFIG_MATH_EMULATION).
CPU_FLAGS_ := -mcpu=powerpc
CPU_FLAGS_464 := -mcpu=464 -mhard-float
CPU_FLAGS_440 := -mcpu=440 -mhard-float
CPU_FLAGS_8xx := -mcpu=860 -mhard-float
CPU_FLAGS_e300c2 := -mcpu=e300c2 -mhard-float
CPU_FLAGS_e300c3 := -mcpu=e300c3
CPU_FLAGS_e500 := -mcpu=8540 -mhard-float
ifeq ($(origin CPU_FLAGS_$(CPU)),undefined)
$(error CPU=$(CPU) is not a ppc32 preset; expected one of: 464 440 8xx e300c2 e300c3 e500, or none)
endif
ARCH_CFLAGS ?= $(CPU_FLAGS_$(CPU))
# The qemu-user CPU model each preset runs under (make bench
# RUNNER=qemu-ppc, make test): gcc's -mcpu=464 emits dlmzb., which qemu's
# default CPU lacks.  QEMU's 8xx and e500 have no classic FPU, where
# libc's setjmp stores floating point (stfd): none, qemu-user cannot run
# those builds (the boards' kernels emulate it; see boards/ppce500).
QEMU_CPU_ :=
QEMU_CPU_464 := 460exb
QEMU_CPU_440 := 440epx
QEMU_CPU_8xx := none
QEMU_CPU_e300c2 := e300c2
QEMU_CPU_e300c3 := e300c3
QEMU_CPU_e500 := none
QEMU_CPU := $(QEMU_CPU_$(CPU))
# Hot loops of kernels start on this boundary: the 32-byte i-cache
# line of 44x and e300 (8xx has 16).
LOOP_ALIGN := 32
# A Linux checksum file built for make ab: as the kernel builds it, with
# the preset's L1 line (CACHELINE_BYTES in checksum_32.S): 16 bytes on
# 8xx, 32 on 44x, e300 and e500.
LINUX_CFLAGS := -O2 -fno-strict-aliasing -fno-common
L1_CACHE_SHIFT := $(if $(filter 8xx,$(CPU)),4,5)
