/* The start-up check that the cold flush reaches every cache level. */
#ifndef CSUMBENCH_FLUSH_CHECK_H
#define CSUMBENCH_FLUSH_CHECK_H

#include <stdbool.h>

#include "cache/flush.h"
#include "timer/calibrate.h"

struct flush_check {
	bool done;		/* measured (not skipped) */
	bool misses;		/* the flush left lines in a cache: use evict */
	double flushed;		/* ticks per load of a line after the flush */
	double evicted;		/* ... after eviction by streaming */
	double chase;		/* ticks per line from memory, nothing else in
				   flight: the miss latency (miss.h); 0: not
				   measured */
	char verdict[256];	/* one line for stderr and the CSV */
};

/* Chases pointers through lines just flushed by f and just evicted by
   streaming twice the cache one core uses, and compares the two load times. */
void flush_check(struct flush_check *fc, const struct calibration *c,
		 const struct flusher *f, size_t line, bool emulated);

#endif
