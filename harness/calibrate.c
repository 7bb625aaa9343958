/* Timer overhead, resolution, tick rate and cycles per tick. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "calibrate.h"
#include "chain.h"
#include "stats.h"

#define OVERHEAD_READS 1001

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

/* Overhead: median of back-to-back reads.  Resolution: the greatest common
   divisor of the differences, since some counters step by more than one
   (a VM's TSC here advances in steps of 26). */
static void measure_overhead(const struct timer *t, struct calibration *c)
{
	double d[OVERHEAD_READS];
	uint64_t res = 0;
	int i;

	for (i = 0; i < OVERHEAD_READS; i++) {
		uint64_t a = t->read();
		uint64_t b = t->read();
		d[i] = (double)(b - a);
		res = gcd(res, b - a);
	}
	c->overhead = stats_median(d, OVERHEAD_READS);
	c->resolution = (double)res;
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

double calibrate_chain_ticks(const struct timer *t, unsigned long blocks,
			     int reps)
{
	double best = 0;
	int i;

	for (i = 0; i < reps; i++) {
		uint64_t a = t->read();
		chain_adds(blocks);
		uint64_t b = t->read();
		double d = (double)(b - a);
		if (i == 0 || d < best)
			best = d;
	}
	return best;
}

/* Chain blocks for one ~5 ms run at this timer's rate. */
static unsigned long chain_blocks(const struct timer *t, double tick_hz)
{
	unsigned long blocks;

	for (blocks = 1000; blocks < (1ul << 28); blocks *= 2)
		if (calibrate_chain_ticks(t, blocks, 1) >= tick_hz * 5e-3)
			break;
	return blocks;
}

double calibrate_recheck(const struct calibration *c)
{
	unsigned long blocks;
	double ticks;

	if (!c->cpt_measured)
		return 0;
	blocks = chain_blocks(c->timer, c->tick_hz);
	ticks = calibrate_chain_ticks(c->timer, blocks, 7) - c->overhead;
	return ticks > 0 ? (double)blocks * CHAIN_BLOCK / ticks : 0;
}

int calibrate(const struct timer *t, double cpt, struct calibration *c,
	      char *err, size_t errlen)
{
	double hz, ticks;
	unsigned long blocks;

	c->timer = t;
	c->cpt_measured = false;
	measure_overhead(t, c);
	hz = t->hz();
	if (hz > 0) {
		c->tick_hz = hz;
		c->hz_source = "reported by the system";
	} else {
		c->tick_hz = measure_hz(t);
		c->hz_source = "measured against CLOCK_MONOTONIC_RAW";
	}

	if (cpt > 0) {
		c->cycles_per_tick = cpt;
		snprintf(c->cpt_source, sizeof(c->cpt_source), "config");
		return 0;
	}
	if (t->counts_cycles) {
		c->cycles_per_tick = 1;
		snprintf(c->cpt_source, sizeof(c->cpt_source),
			 "timer counts core cycles");
		return 0;
	}
	if (!chain_adds) {
		snprintf(err, errlen, "timer '%s' does not count cycles and this "
			 "build has no add chain to calibrate it: set "
			 "cycles_per_tick", t->name);
		return -1;
	}

	/* Size the chain to ~5 ms, warm up (clock ramp) with 5 runs, then keep
	   the fastest of 7: interruptions only ever add ticks. */
	blocks = chain_blocks(t, c->tick_hz);
	calibrate_chain_ticks(t, blocks, 5);
	ticks = calibrate_chain_ticks(t, blocks, 7) - c->overhead;
	if (ticks <= 0) {
		snprintf(err, errlen, "timer '%s' did not advance over %lu "
			 "dependent adds", t->name, blocks * CHAIN_BLOCK);
		return -1;
	}
	c->cycles_per_tick = (double)blocks * CHAIN_BLOCK / ticks;
	c->cpt_measured = true;
	snprintf(c->cpt_source, sizeof(c->cpt_source),
		 "calibrated: %lu dependent adds, best of 7",
		 blocks * CHAIN_BLOCK);
	return 0;
}
