/* load-avx512 with a software prefetch dist bytes ahead, once per 64
   bytes: the ceiling of checksums that prefetch. */
#include "load-avx512-body.h"

uint32_t load_x86_64_avx512_prefetch(const void *buf, int len, uint32_t seed, int dist);

__attribute__((target("avx512f,avx512bw")))
uint32_t load_x86_64_avx512_prefetch(const void *buf, int len, uint32_t seed, int dist)
{
	return load_x86_64_avx512_body(buf, len, seed, dist, true);
}
