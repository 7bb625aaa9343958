/* c64 with a software prefetch dist bytes ahead, once per 64-byte step. */
#include "csum-c64-body.h"

uint32_t csum_c64_prefetch(const void *buf, int len, uint32_t sum, int dist);

uint32_t csum_c64_prefetch(const void *buf, int len, uint32_t sum, int dist)
{
	return c64_body(buf, len, sum, dist, true);
}
