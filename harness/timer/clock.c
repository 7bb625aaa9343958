/* clock_gettime(CLOCK_MONOTONIC_RAW): nanoseconds, available everywhere. */
#include <time.h>

#include "timer/timer.h"

static int clock_setup(char *err, size_t errlen)
{
	struct timespec ts;

	(void)err;
	(void)errlen;
	return clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
}

static uint64_t clock_read(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static double clock_hz(void)
{
	return 1e9;
}

const struct timer timer_clock = {
	.name = "clock",
	.what = "clock_gettime(CLOCK_MONOTONIC_RAW) nanoseconds, not cycles",
	.counts_cycles = false,
	.setup = clock_setup,
	.read = clock_read,
	.hz = clock_hz,
};
