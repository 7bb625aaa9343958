/* xorshift64* (Vigna): small, seeded, the same sequence on every arch
   and host.  The rounds' order, layouts, mixes, rings and the cold
   pool's draws each keep a stream of their own. */
#ifndef CSUMBENCH_RAND_H
#define CSUMBENCH_RAND_H

#include <stdint.h>

static inline uint64_t rand_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

#endif
