/* x86-64 time-stamp counter.  With constant_tsc it ticks at a fixed
   reference rate, not at the core clock: cycles need the calibrated ratio.
   LFENCE before RDTSC waits for earlier instructions to complete; LFENCE
   after keeps later ones from starting early (Intel SDM, RDTSC; AMD makes
   LFENCE dispatch-serialising, which Linux enables). */

#include "timer/timer.h"

static int tsc_setup(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 0;
}

static uint64_t tsc_read(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc\n\tlfence"
			 : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/* "tsc: Detected 2600.000 MHz processor" is only in dmesg; cpuinfo's MHz
   is the core's.  Calibrate instead. */
static double tsc_hz(void)
{
	return 0;
}

const struct timer timer_arch = {
	.name = "tsc",
	.what = "x86-64 RDTSC reference ticks (lfence-ordered), not core cycles",
	.counts_cycles = false,
	.fixed_rate = true,
	.setup = tsc_setup,
	.read = tsc_read,
	.hz = tsc_hz,
};
