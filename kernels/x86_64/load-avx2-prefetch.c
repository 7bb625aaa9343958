/* load-avx2 with a software prefetch dist bytes ahead, once per 64
   bytes: the ceiling of checksums that prefetch. */
#include "load-avx2-body.h"

uint32_t load_x86_64_avx2_prefetch(const void *buf, int len, uint32_t seed, int dist);

__attribute__((target("avx2")))
uint32_t load_x86_64_avx2_prefetch(const void *buf, int len, uint32_t seed, int dist)
{
	return load_x86_64_avx2_body(buf, len, seed, dist, true);
}
