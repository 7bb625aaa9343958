/* PowerPC timebase.  A timebase, not a cycle counter: at the core clock on
   44x with TCS clear, core/16 on 8xx, bus/4 on e300; hence the ratio.  The
   64-bit read retries until the upper half is the same on both sides of
   the lower, so a carry between the reads is never half-seen. */
#include <sys/platform/ppc.h>

#include "timer.h"

static int mftb_setup(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 0;
}

static uint64_t mftb_read(void)
{
	uint32_t hi, lo, hi2;

	/* The mnemonics let the assembler pick the encoding the -mcpu core
	   decodes: mfspr 268/269 for Book E (44x, e500), the mftb opcode for
	   8xx and 603/e300, which do not read the timebase with mfspr. */
	do {
		__asm__ volatile("mftbu %0\n\t"
				 "mftb %1\n\t"
				 "mftbu %2"
				 : "=r"(hi), "=r"(lo), "=r"(hi2) : : "memory");
	} while (hi != hi2);
	/* isync: later instructions wait for the read (and earlier ones for
	   nothing, but the timed call is a branch-and-link that follows). */
	__asm__ volatile("isync" ::: "memory");
	return (uint64_t)hi << 32 | lo;
}

/* glibc takes it from the kernel (AT or /proc/cpuinfo "timebase"); 0
   under qemu-user, where it is then calibrated against the clock. */
static double mftb_hz(void)
{
	return (double)__ppc_get_timebase_freq();
}

const struct timer timer_mftb = {
	.name = "mftb",
	.what = "PowerPC timebase (mftbu/mftb), ticks not core cycles",
	.counts_cycles = false,
	.setup = mftb_setup,
	.read = mftb_read,
	.hz = mftb_hz,
};
