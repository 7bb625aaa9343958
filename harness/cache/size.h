/* What the caches are: line size, the largest, the core's own. */
#ifndef CSUMBENCH_CACHE_SIZE_H
#define CSUMBENCH_CACHE_SIZE_H

#include <stddef.h>

/* Data-cache line size from the system and where it came from. */
size_t cache_line_size(const char **source);

/* The largest cache (usually the last level) in bytes: sysfs, the
   auxiliary vector (PowerPC), sysconf, else 64 MiB; source says which. */
size_t cache_largest(const char **source);

/* The largest cache one core can use, what buffers meant to outgrow the
   caches are sized by (cold rings, the pool, the busy load, eviction):
   cache_largest's, but where only sysconf tells it (no sysfs, as in
   many VMs), at most 128 MiB; source says which and why. */
size_t cache_core(const char **source);

/* The caches private to a core (L1 data and L2) together, in bytes:
   what another task's time slice on that core thrashes (after-switch). */
size_t cache_inner_bytes(const char **source);

#endif
