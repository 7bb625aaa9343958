/* Cache flushers for the cold state: one small file per method. */
#ifndef CSUMBENCH_FLUSH_H
#define CSUMBENCH_FLUSH_H

#include <stdbool.h>
#include <stddef.h>

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

extern const struct flusher flush_clflush __attribute__((weak));
extern const struct flusher flush_dcbf __attribute__((weak));
extern const struct flusher flush_civac __attribute__((weak));
extern const struct flusher flush_evict;

/* The arch's instruction-based flusher where linked, else eviction. */
const struct flusher *flush_select(const char *name);

/* Data-cache line size from the system and where it came from. */
size_t cache_line_size(const char **source);

/* The largest cache (usually the last level) in bytes: sysfs, the
   auxiliary vector (PowerPC), sysconf, else 64 MiB; source says which. */
size_t cache_largest(const char **source);

/* The caches private to a core (L1 data and L2) together, in bytes:
   what another task's time slice on that core thrashes (after-switch). */
size_t cache_inner_bytes(const char **source);

#endif
