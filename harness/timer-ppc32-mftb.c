/* PowerPC timebase.  A timebase, not a cycle counter: at the core clock on
   44x with TCS clear, core/16 on 8xx, bus/4 on e300; hence the ratio.  The
   64-bit read retries until the upper half is stable across the lower. */
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

	/* mfspr 269/268 (TBU/TBL) is what every 32-bit core decodes; the
	   mftb mnemonic is not accepted for every -mcpu. */
	do {
		__asm__ volatile("mfspr %0,269\n\t"
				 "mfspr %1,268\n\t"
				 "mfspr %2,269"
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
	.what = "PowerPC timebase (mfspr 268/269), ticks not core cycles",
	.counts_cycles = false,
	.setup = mftb_setup,
	.read = mftb_read,
	.hz = mftb_hz,
};
