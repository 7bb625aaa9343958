/* ip_fast_csum in C: the five words every header has summed without a
   loop into a 64-bit accumulator (no carries to propagate), then the
   option words, then the fold.  The header is read in native order, as
   Linux's ip_fast_csum does, so the result is stored as is. */
#include <stdint.h>

#include "csum-lanes.h"

uint16_t ip_fast_csum_c_unrolled(const void *iph, unsigned int ihl);

uint16_t ip_fast_csum_c_unrolled(const void *iph, unsigned int ihl)
{
	const unsigned char *p = iph;
	uint64_t s = (uint64_t)ld32(p) + ld32(p + 4) + ld32(p + 8) +
		     ld32(p + 12) + ld32(p + 16);
	unsigned int i;

	for (i = 5; i < ihl; i++)
		s += ld32(p + 4 * i);
	s = fold64_to32(s);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}
