/* Arm generic timer, virtual count (CNTVCT_EL0): a fixed-rate counter
   (often 24-100 MHz), not core cycles, so the ratio is calibrated.  ISB
   before the read keeps it from being taken before earlier instructions
   complete; ISB after, later ones from starting first. */
#include "timer/timer.h"

static int cntvct_setup(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 0;
}

static uint64_t cntvct_read(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
	return v;
}

/* The frequency the firmware programmed; what Linux reports too. */
static double cntvct_hz(void)
{
	uint64_t f;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	return (double)f;
}

const struct timer timer_arch = {
	.name = "cntvct",
	.what = "Arm generic timer CNTVCT_EL0 ticks, not core cycles",
	.counts_cycles = false,
	.fixed_rate = true,
	.setup = cntvct_setup,
	.read = cntvct_read,
	.hz = cntvct_hz,
};
