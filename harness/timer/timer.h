/* Timers: one small file per cycle source, in the manner of libcpucycles.
   Each says whether it counts core cycles or ticks that need a ratio. */
#ifndef CSUMBENCH_TIMER_H
#define CSUMBENCH_TIMER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct timer {
	const char *name;	/* as written in configs and CSV: "tsc", ... */
	const char *what;	/* one line: what it counts */
	bool counts_cycles;	/* true: ticks are core cycles, ratio 1 */
	/* 0 when usable; otherwise -1 and why in err. */
	int (*setup)(char *err, size_t errlen);
	/* Read the counter; ordered against surrounding instructions. */
	uint64_t (*read)(void);
	/* Nominal ticks per second, 0 when unknown (then calibrated). */
	double (*hz)(void);
	/* How it is read, where setup decides that (NULL: as what says). */
	const char *(*how)(void);
	bool fixed_rate;	/* a fixed-rate counter: TSC, the Power
				   timebase, the Arm generic timer */
};

/* The port's counter (harness/arch/<arch>/timer.c: tsc, mftb, cntvct),
   where it has one; perf and clock are there on every port. */
extern const struct timer timer_arch __attribute__((weak));
extern const struct timer timer_perf;
extern const struct timer timer_clock;
/* The ppc32 core model's estimates (timer/model.c): named, never auto. */
extern const struct timer timer_model;

/* "auto" picks perf cycles, else the arch counter, else the clock; it
   says on stderr (once) why it fell back.  NULL and err on failure. */
const struct timer *timer_select(const char *name, bool quiet,
				 char *err, size_t errlen);
/* Comma-separated names this build knows, for messages. */
const char *timer_names(void);

#endif
