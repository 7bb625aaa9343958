/* Timer resolution and overhead: worked examples, and simulated timers
   whose step is known, so no real timer's noise decides the result. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "lib/platform.h"
#include "timer/calibrate.h"

static uint64_t ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A counter that advances 25 ticks at a time, once per 10 ns. */
static uint64_t read_step25(void)
{
	return ns() / 10 * 25;
}

/* A 2.445 GHz TSC updated at 100 MHz: steps of 24 or 25 ticks. */
static uint64_t read_step24_25(void)
{
	return ns() / 10 * 2445 / 100;
}

/* Reads that cost 12.5 ticks of a 25-tick counter: back-to-back pairs
   read 0 or 25 in turn, and every 200th read takes an "interrupt". */
static uint64_t calls;
static uint64_t read_half_step(void)
{
	calls++;
	return calls / 4 * 25 + calls / 200 * 100000;
}

/* A single-tick counter: nanoseconds. */
static uint64_t read_ns(void)
{
	return ns();
}

static double hz_1g(void)
{
	return 1e9;
}

static double resolution_of(uint64_t (*read)(void))
{
	struct timer t = { "sim", "simulated", false, NULL, read, hz_1g, NULL, false };
	struct calibration c;

	calibrate_overhead(&t, &c);
	return c.resolution;
}

/* The core clock /proc/cpuinfo states against the calibrated one: how
   powerpc kernels print it, and where a disagreement starts. */
static void clocks(void)
{
	char msg[400] = "";
	double hz = 0;

	CHECK(platform_parse_clock("1150.000000MHz", &hz) && hz == 1150e6,
	      "'1150.000000MHz' (a 44x kernel's clock line) is 1150 MHz: %g", hz);
	CHECK(platform_parse_clock("1.5 GHz", &hz) && hz == 1.5e9,
	      "'1.5 GHz' is 1500 MHz: %g", hz);
	CHECK(!platform_parse_clock("", &hz) && !platform_parse_clock("fast", &hz) &&
	      !platform_parse_clock("800", &hz) && !platform_parse_clock("-5MHz", &hz),
	      "no number, no unit or a negative clock is no clock");
	CHECK(!calibrate_clock_disagrees(800e6, 800e6, msg, sizeof(msg)) &&
	      !calibrate_clock_disagrees(880e6, 800e6, msg, sizeof(msg)) &&
	      !calibrate_clock_disagrees(720e6, 800e6, msg, sizeof(msg)),
	      "within 10%% is agreement: %s", msg);
	CHECK(calibrate_clock_disagrees(3900e6, 1150e6, msg, sizeof(msg)) &&
	      strstr(msg, "3900 MHz") && strstr(msg, "1150 MHz") && strstr(msg, "+239%"),
	      "QEMU's sam460ex (3900 MHz by the chain, 1150 stated) disagrees: %s", msg);
	CHECK(calibrate_clock_disagrees(50e6, 800e6, msg, sizeof(msg)) &&
	      strstr(msg, "-94%"), "a timebase at core/16 read as the core's: %s", msg);
	CHECK(calibrate_clock_disagrees(881e6, 800e6, msg, sizeof(msg)),
	      "11%% apart disagrees");
	CHECK(!calibrate_clock_disagrees(3900e6, 0, msg, sizeof(msg)),
	      "no stated clock (x86-64, arm64): nothing to compare");
}

int main(void)
{
	static const uint64_t tsc[] = { 49, 73, 74, 98, 73, 49, 122, 123, 5023 };
	static const uint64_t slow[] = { 0, 0, 1, 0, 1, 0, 0 };
	static const uint64_t fine[] = { 38, 39, 41, 40, 38, 5000 };
	static const uint64_t even[] = { 38, 40, 42, 40, 44 };
	double r;

	r = calibrate_resolution(tsc, sizeof(tsc) / sizeof(tsc[0]));
	CHECK(r == 24, "reads of a TSC stepping by 24 or 25 (49 73 74 98 ...): "
	      "resolution %g, expected 24", r);
	r = calibrate_resolution(slow, sizeof(slow) / sizeof(slow[0]));
	CHECK(r == 1, "a slow counter read as 0 or 1: resolution %g, expected 1", r);
	r = calibrate_resolution(fine, sizeof(fine) / sizeof(fine[0]));
	CHECK(r == 1, "38 39 40 41 and an interrupted 5000: resolution %g, "
	      "expected 1 (the outlier must not count)", r);
	r = calibrate_resolution(even, sizeof(even) / sizeof(even[0]));
	CHECK(r == 2, "a counter stepping by 2: resolution %g, expected 2", r);

	r = resolution_of(read_step25);
	CHECK(r == 25, "simulated 25-tick timer: resolution %g, expected 25", r);
	r = resolution_of(read_step24_25);
	CHECK(r == 24, "simulated TSC stepping by 24 or 25: resolution %g, "
	      "expected 24", r);
	r = resolution_of(read_ns);
	CHECK(r >= 1 && r <= 100, "nanosecond clock: resolution %g, expected "
	      "1 (or the clock's own step, under 100 ns)", r);

	{
		struct timer t = { "sim", "simulated", false, NULL, read_half_step,
				   hz_1g, NULL, false };
		struct calibration c;

		calibrate_overhead(&t, &c);
		CHECK(fabs(c.overhead - 12.5) < 0.25, "reads costing half a step: "
		      "overhead %g, expected the mean 12.5 (a median says 0 or 25)",
		      c.overhead);
		CHECK(c.overhead_dropped >= 1 && c.overhead_dropped <= 10,
		      "%u of %d read pairs left out as interrupted, expected the "
		      "~5 that straddle a jump", c.overhead_dropped, OVERHEAD_READS);
	}
	clocks();
	return check_done("calibrate");
}
