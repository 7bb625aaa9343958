/* What a timer costs and how its ticks convert to core cycles and time. */
#ifndef CSUMBENCH_CALIBRATE_H
#define CSUMBENCH_CALIBRATE_H

#include <stddef.h>

#include "timer.h"

struct calibration {
	const struct timer *timer;
	int cpu;		/* the CPU the run is pinned to, or -1 */
	double overhead;	/* ticks of an empty timed region (median) */
	double resolution;	/* the step the counter advances by, in ticks */
	double tick_hz;		/* ticks per second */
	const char *hz_source;
	double cycles_per_tick;
	char cpt_source[96];
	bool cpt_measured;	/* by the add chain (so it can be re-checked) */
};

/* cpt > 0 is the user's ratio (config or --set); 0 means: 1 for a timer
   that counts cycles, else measure it with the add chain.  Returns 0, or
   -1 with err when the ratio cannot be found. */
int calibrate(const struct timer *t, double cpt, struct calibration *c,
	      char *err, size_t errlen);

/* Re-measures cycles per tick with the add chain (as at the start) to
   catch a clock that changed during the run.  0 when not measurable. */
double calibrate_recheck(const struct calibration *c);

/* Ticks of one dependent-add chain run of the given blocks, best of reps. */
double calibrate_chain_ticks(const struct timer *t, unsigned long blocks,
			     int reps);

#endif
