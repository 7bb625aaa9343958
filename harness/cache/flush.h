/* Cache flushers for the cold state: one small file per method. */
#ifndef CSUMBENCH_FLUSH_H
#define CSUMBENCH_FLUSH_H

#include <stdbool.h>
#include <stddef.h>

#include "cache/size.h"

struct flusher {
	const char *name;
	const char *what;
	/* Write back and invalidate every line of [p, p+len) from every cache
	   level, and wait until that is done.  Never inside a timed region. */
	void (*flush)(const void *p, size_t len, size_t line);
	/* It empties every cache whatever the range (eviction): once per
	   sample is enough, and the TLB and code go cold with the data. */
	bool whole;
};

/* The port's instruction (harness/arch/<arch>/flush.c: clflush, dcbf,
   dc civac), where it has one. */
extern const struct flusher flush_arch __attribute__((weak));
extern const struct flusher flush_evict;

/* The arch's instruction-based flusher where linked, else eviction. */
const struct flusher *flush_select(const char *name);

#endif
