/* Counted events beside the timer (events = ... in a config): one
 * perf_event group on the measuring thread, counting exactly the
 * timer's region of every sample.
 *
 * The group is enabled just before the region's first timer read and
 * disabled just after its second (region_start/region_stop, events/region.h);
 * it is read before the enable and after the disable, so each region's
 * counts stand alone, whatever ran untimed between regions.  The cost
 * of the enable, the two timer reads and the disable is measured on
 * empty regions and subtracted, as the timer's own overhead is.
 *
 * Names: the generic hardware, software and cache events of
 * linux/perf_event.h in perf list's spelling (generic.c), and,
 * where the build has libpfm4, any name libpfm4 knows for this machine
 * (pfm.c).  Every name becomes a CSV column by one rule
 * (events_column). */
#ifndef CSUMBENCH_EVENTS_H
#define CSUMBENCH_EVENTS_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "timer/timer.h"

#define EVENTS_MAX 8
#define EVENT_NAME_MAX 128

struct event {
	char name[EVENT_NAME_MAX];	/* as the user wrote it */
	char column[EVENT_NAME_MAX + 4];	/* ev_...: events_column */
	const char *source;		/* "generic" or "libpfm4" */
	struct perf_event_attr attr;
};

struct events {
	struct event ev[EVENTS_MAX];
	size_t n;
};

/* "cycles, instructions, ..." or "none".  0, or -1 with why in err
   (an unknown name gets close names, where there are any). */
int events_parse(struct events *e, const char *list, char *err, size_t errlen);
/* One name to an attr: generic names first, then libpfm4.  0, or -1
   with why (and suggestions) in err. */
int events_encode(const char *name, struct perf_event_attr *attr,
		  const char **source, char *err, size_t errlen);
/* The column of an event: "ev_" and the name in lower case, each run of
   characters other than a-z and 0-9 made one '_', none at the ends.
   cycles -> ev_cycles; L1-dcache-load-misses -> ev_l1_dcache_load_misses;
   perf::INSTRUCTIONS:u -> ev_perf_instructions_u. */
void events_column(const char *name, char *out, size_t outlen);

/* The generic names (generic.c). */
struct generic_event {
	const char *name;
	const char *kind;	/* hardware, software, cache */
	uint32_t type;
	uint64_t config;
};
/* 0 and attr filled, or -1: not a generic name. */
int events_generic(const char *name, struct perf_event_attr *attr);
/* The table, for lists and suggestions; *n is its length. */
const struct generic_event *events_generic_table(size_t *n);

/* libpfm4 (pfm.c, or nopfm.c when the build has none).
   Its headers define struct perf_event_attr themselves, so it takes the
   attr as bytes: the same kernel ABI.  events_pfm_version: NULL
   without libpfm4. */
const char *events_pfm_version(void);
/* 0 encoded, 1 libpfm4 does not know the name, -1 other error in err. */
int events_pfm_encode(const char *name, void *attr, size_t attr_size,
		      char *err, size_t errlen);
/* Calls fn for every event of every PMU libpfm4 finds on this machine.
   Returns the PMUs' names, comma-separated ("" when none or no libpfm4). */
typedef void events_pfm_fn(const char *pmu, const char *name,
			   const char *desc, void *ctx);
const char *events_pfm_each(events_pfm_fn *fn, void *ctx);

/* Close names for an unknown one: up to five, comma-separated, from the
   generic table and libpfm4's names.  Empty when none is close. */
void events_suggest(const char *name, char *out, size_t outlen);

/* Tries to open one event on this thread, alone: 0, or the errno. */
int events_try(const struct perf_event_attr *attr);
/* Why an errno from perf_event_open, in a few words. */
const char *events_why(int e);

/* The group: opened on this thread, disabled.  0, or -1 with the event
   that would not open and why in err. */
int events_open(const struct events *e, char *err, size_t errlen);
void events_close(void);
/* The leader, -1 when no group is open; the group on and off around a
   region (events/region.h). */
extern int events_fd;
void events_enable(void);
void events_disable(void);

/* The last region's counts.  running: the fraction of the region the
   group was on the PMU (1 when it was not multiplexed); the values are
   scaled by 1/running.  Returns false when the group did not run at
   all (values are then NAN). */
struct events_count {
	double value[EVENTS_MAX];
	double running;
};
bool events_last(struct events_count *c);
/* The arithmetic of events_last, on read(2)'s group layout
   (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING): nr,
   time_enabled, time_running, value[nr], before and after a region. */
bool events_delta(const uint64_t *before, const uint64_t *after, size_t n,
		  struct events_count *c);
/* The counts of an empty region (enable, two timer reads, disable):
   the median of many, per event, into oh[].  0, or -1 when the group
   never ran. */
int events_overhead(const struct timer *t, double *oh);

#endif
