/* Timer overhead, resolution, tick rate and cycles per tick.  The add
   chain is timed in windows as long as a warm sample and judged by their
   median, as samples are: a long window would take in interrupts and
   stolen time that a median of short samples leaves out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "timer/calibrate.h"
#include "timer/chain.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double calibrate_resolution(const uint64_t *diff, size_t n)
{
	uint64_t *s = xcalloc(n, sizeof(*s), "the timer's steps");
	double *c = xcalloc(n, sizeof(*c), "the timer's steps"), step, range;
	size_t i, m = 0, run = 1;

	for (i = 0; i < n; i++)
		s[i] = diff[i];
	qsort(s, n, sizeof(*s), stats_cmp_u64);
	/* Groups of neighbouring values, each at its centre.  Unequal steps
	   make groups of two (k steps sum to one of two neighbours); three
	   or more neighbours are a counter of single ticks. */
	for (i = 0; i < n; i++) {
		if (i && s[i] == s[i - 1])
			continue;
		if (i && s[i] - s[i - 1] == 1) {
			c[m - 1] += 0.5;
			if (++run >= 3)
				break;
			continue;
		}
		c[m++] = (double)s[i];
		run = 1;
	}
	free(s);
	if (run >= 3 || m < 2) {
		free(c);
		return 1;
	}
	/* The step: first the smallest distance between groups (within a
	   step and a half of it), then refined over ever wider ranges of
	   groups: group i lies round((c[i] - c[0]) / step) steps above the
	   first, which stays exact while the range grows fourfold a time. */
	for (i = 1, step = c[1] - c[0]; i < m; i++)
		step = fmin(step, c[i] - c[i - 1]);
	for (range = 8 * step; ; range *= 4) {
		for (i = m - 1; i > 0 && c[i] - c[0] > range; i--)
			;
		if (i > 0)
			step = (c[i] - c[0]) / fmax(1, floor((c[i] - c[0]) / step + 0.5));
		if (i == m - 1)
			break;
	}
	free(c);
	return fmax(1, floor(step + 1e-9));
}

/* Work between two reads, to spread their differences over many steps. */
static void spin(unsigned k)
{
	volatile unsigned x = 0;

	while (k--)
		x = x + 1;
}

void calibrate_overhead(const struct timer *t, struct calibration *c)
{
	uint64_t d[2 * OVERHEAD_READS];
	double v[OVERHEAD_READS], sum = 0, med, limit;
	unsigned kept = 0;
	int i;

	for (i = 0; i < OVERHEAD_READS; i++) {
		uint64_t a = t->read();
		uint64_t b = t->read();
		d[i] = b - a;
		v[i] = (double)d[i];
	}
	for (i = 0; i < OVERHEAD_READS; i++) {
		uint64_t a = t->read();
		spin((unsigned)i % 64);
		d[OVERHEAD_READS + i] = t->read() - a;
	}
	c->resolution = calibrate_resolution(d, 2 * OVERHEAD_READS);
	/* The mean, since a sample's two reads cost that on average however
	   the counter's steps fall; a read pair that took an interrupt is
	   not what a sample pays, so more than twice the median plus two
	   steps is left out. */
	med = stats_median(v, OVERHEAD_READS);
	limit = 2 * med + 2 * c->resolution;
	for (i = 0; i < OVERHEAD_READS; i++)
		if (v[i] <= limit) {
			sum += v[i];
			kept++;
		}
	c->overhead = sum / kept;
	c->overhead_dropped = OVERHEAD_READS - kept;
}

/* Ticks per second against CLOCK_MONOTONIC_RAW over about 50 ms. */
static double measure_hz(const struct timer *t)
{
	double n0 = now_ns(), n1;
	uint64_t t0 = t->read(), t1;

	do {
		n1 = now_ns();
	} while (n1 - n0 < 50e6);
	t1 = t->read();
	return (double)(t1 - t0) * 1e9 / (n1 - n0);
}

double calibrate_chain_window(const struct calibration *c)
{
	uint64_t a, b;
	double ticks;

	a = c->timer->read();
	chain_adds(c->chain_blocks);
	b = c->timer->read();
	ticks = (double)(b - a) - c->overhead;
	return ticks > 0 ? (double)c->chain_blocks * CHAIN_BLOCK / ticks : 0;
}

/* Blocks for a window of about one warm sample, then the median ratio of
   CHAIN_WINDOWS windows after a few to let the clock ramp up. */
static void measure_chain(struct calibration *c)
{
	double r[CHAIN_WINDOWS];
	int i;

	chain_adds(1000);	/* a first run can be slow (an emulator's JIT) */
	for (c->chain_blocks = 1; c->chain_blocks < (1ul << 28);
	     c->chain_blocks *= 2) {
		double best = 0;
		for (i = 0; i < 3; i++) {	/* interruptions only add */
			uint64_t a = c->timer->read();
			chain_adds(c->chain_blocks);
			double d = (double)(c->timer->read() - a) - c->overhead;
			if (i == 0 || d < best)
				best = d;
		}
		if (best >= c->sample_ticks)
			break;
	}
	for (i = 0; i < 20; i++)
		calibrate_chain_window(c);
	for (i = 0; i < CHAIN_WINDOWS; i++)
		r[i] = calibrate_chain_window(c);
	c->chain_cycles_per_tick = stats_median(r, CHAIN_WINDOWS);
}

int calibrate(const struct timer *t, double cycles_per_tick,
	      struct calibration *c, char *err, size_t errlen)
{
	double hz;

	c->timer = t;
	c->chain_cycles_per_tick = 0;
	c->chain_blocks = 0;
	calibrate_overhead(t, c);
	hz = t->hz();
	if (hz > 0) {
		c->tick_hz = hz;
		c->hz_source = "reported by the system";
		c->hz_key = "system";
	} else {
		c->tick_hz = measure_hz(t);
		c->hz_source = "measured against CLOCK_MONOTONIC_RAW";
		c->hz_key = "CLOCK_MONOTONIC_RAW";
	}
	c->sample_ticks = fmax(fmax(1000, c->tick_hz * 20e-6), 50 * c->overhead);
	if (chain_adds)
		measure_chain(c);

	c->cycles_per_tick_given = true;
	if (cycles_per_tick > 0) {
		c->cycles_per_tick = cycles_per_tick;
		snprintf(c->cycles_per_tick_source,
			 sizeof(c->cycles_per_tick_source), "config");
		return 0;
	}
	if (t->counts_cycles) {
		c->cycles_per_tick = 1;
		snprintf(c->cycles_per_tick_source,
			 sizeof(c->cycles_per_tick_source),
			 "timer counts core cycles");
		return 0;
	}
	if (!chain_adds) {
		snprintf(err, errlen, "timer '%s' does not count cycles and this "
			 "build has no add chain to calibrate it: set "
			 "cycles_per_tick", t->name);
		return -1;
	}
	if (c->chain_cycles_per_tick <= 0) {
		snprintf(err, errlen, "timer '%s' did not advance over %lu "
			 "dependent adds", t->name, c->chain_blocks * CHAIN_BLOCK);
		return -1;
	}
	c->cycles_per_tick_given = false;
	c->cycles_per_tick = c->chain_cycles_per_tick;
	snprintf(c->cycles_per_tick_source, sizeof(c->cycles_per_tick_source),
		 "add chain: median of windows of %lu dependent adds",
		 c->chain_blocks * CHAIN_BLOCK);
	return 0;
}

bool calibrate_clock_disagrees(double calibrated_hz, double stated_hz,
			       char *msg, size_t n)
{
	double off;

	if (!(stated_hz > 0) || !(calibrated_hz > 0))
		return false;
	off = calibrated_hz / stated_hz - 1;
	if (fabs(off) <= CLOCK_AGREE + 1e-9)	/* 880 over 800 is 10%, not 10.0000001 */
		return false;
	snprintf(msg, n, "the calibrated core clock, %.0f MHz (tick rate x "
		 "cycles per tick by the add chain), and the %.0f MHz "
		 "/proc/cpuinfo states "
		 "differ by %+.0f%%: an emulator, a wrong cycles_per_tick, a "
		 "timebase fed from outside the core (44x CCR1[TCS]) or "
		 "frequency scaling; cycles here may not be core cycles",
		 calibrated_hz / 1e6, stated_hz / 1e6, off * 100);
	return true;
}
