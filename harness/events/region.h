/* A timed region's bounds: the timer's two reads, and where events are
   counted the group enabled before the first and disabled after the
   second, outside the timer's region, around the same code. */
#ifndef CSUMBENCH_EVENTS_REGION_H
#define CSUMBENCH_EVENTS_REGION_H

#include <stdint.h>

#include "events/events.h"
#include "timer/timer.h"

static inline uint64_t region_start(const struct timer *t)
{
	if (events_fd >= 0)
		events_enable();
	return t->read();
}

static inline uint64_t region_stop(const struct timer *t)
{
	uint64_t v = t->read();

	if (events_fd >= 0)
		events_disable();
	return v;
}

#endif
