/* The C load loop with a software prefetch dist bytes ahead, once per
   64-byte step: the ceiling of checksums that prefetch. */
#include "load-c64-body.h"

uint32_t load_c64_prefetch(const void *buf, int len, uint32_t seed, int dist);

uint32_t load_c64_prefetch(const void *buf, int len, uint32_t seed, int dist)
{
	return load_c64_body(buf, len, seed, dist, true);
}
