/* What a timer costs, how finely it counts, and how its ticks convert to
   core cycles and time. */
#ifndef CSUMBENCH_CALIBRATE_H
#define CSUMBENCH_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "timer/timer.h"

#define OVERHEAD_READS 1001
#define CHAIN_WINDOWS 101

struct calibration {
	const struct timer *timer;
	int cpu;		/* the CPU the run is pinned to, or -1 */
	double overhead;	/* ticks of an empty timed region: the mean of
				   back-to-back reads, interrupted ones left out */
	unsigned overhead_dropped;	/* reads left out as interrupted */
	double resolution;	/* the smallest step the counter advances by */
	double tick_hz;		/* ticks per second */
	const char *hz_source;
	const char *hz_key;	/* the same as data: system, CLOCK_MONOTONIC_RAW */
	double sample_ticks;	/* the length of a warm sample (and of a chain
				   window): >= 1000 ticks, 20 us, 50 reads */
	double cycles_per_tick;	/* what converts ticks to cycles */
	char cycles_per_tick_source[96];
	/* From the config, or 1 for a cycle counter: not taken from the
	   chain. */
	bool cycles_per_tick_given;
	unsigned long chain_blocks;	/* CHAIN_BLOCK adds per chain window */
	/* The chain's cycles per tick at start-up (median of CHAIN_WINDOWS
	   windows); 0 without a chain. */
	double chain_cycles_per_tick;
};

/* cycles_per_tick > 0 is the user's ratio (config or --set); 0 means: 1
   for a timer that counts cycles, else the add chain's.  The chain is
   timed in every case where the build has one.  0, or -1 with err. */
int calibrate(const struct timer *t, double cycles_per_tick,
	      struct calibration *c, char *err, size_t errlen);

/* Overhead and resolution from n back-to-back reads of t. */
void calibrate_overhead(const struct timer *t, struct calibration *c);

/* The step a counter advances by, from differences of reads taken
   around varied amounts of work: they are sums of steps.  Neighbouring
   differences (73, 74) come from steps of unequal size and count as one;
   the step is the mean distance between these groups, fitted over their
   whole range and rounded down (a TSC stepping by 24 or 25, 24.45 on
   average, gives 49, 73, 74, 98: 24).  Three neighbouring values mean a counter
   of single ticks: 1. */
double calibrate_resolution(const uint64_t *diff, size_t n);

/* One chain window of c->chain_blocks blocks: cycles per tick, overhead
   subtracted; 0 if the timer did not advance. */
double calibrate_chain_window(const struct calibration *c);

/* The calibrated core clock (tick rate x cycles per tick) against the
   one the system states (/proc/cpuinfo's "clock" on powerpc).  More
   than CLOCK_AGREE apart, and the cycles are suspect: an emulator, a
   wrong cycles_per_tick, a timebase fed from outside the core (44x
   CCR1[TCS]) or a clock that scales.  Returns true and says so in msg
   when they disagree; stated_hz <= 0 (none stated) agrees. */
#define CLOCK_AGREE 0.10
bool calibrate_clock_disagrees(double calibrated_hz, double stated_hz,
			       char *msg, size_t n);

#endif
