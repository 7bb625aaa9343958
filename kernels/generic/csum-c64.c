/* 64-bit accumulators, four independent chains, no prefetch. */
#include "csum-c64-body.h"

uint32_t csum_c64(const void *buf, int len, uint32_t sum);

uint32_t csum_c64(const void *buf, int len, uint32_t sum)
{
	return c64_body(buf, len, sum, 0, false);
}
