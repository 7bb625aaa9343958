/* The c64 loop, shared by csum-c64.c and csum-c64-prefetch.c so the two
   differ only by the prefetch.  Four independent 64-bit accumulators take
   32-bit words: no carry chain, and 2^32 additions fit before overflow. */
#ifndef CSUM_C64_BODY_H
#define CSUM_C64_BODY_H

#include <stdbool.h>
#include <stdint.h>

#include "csum-lanes.h"

static inline __attribute__((always_inline)) uint32_t
c64_body(const void *buf, int len, uint32_t sum, int dist, bool prefetch)
{
	const unsigned char *p = buf;
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
	int i;

	for (; len >= 64; len -= 64, p += 64) {
		/* Computed as an integer: the address may lie past the buffer,
		   which a prefetch tolerates and pointer arithmetic does not. */
		if (prefetch)
			__builtin_prefetch((const void *)((uintptr_t)p + (uintptr_t)(intptr_t)dist));
		for (i = 0; i < 64; i += 16) {
			a0 += ld32(p + i);
			a1 += ld32(p + i + 4);
			a2 += ld32(p + i + 8);
			a3 += ld32(p + i + 12);
		}
	}
	for (; len >= 4; len -= 4, p += 4)
		a0 += ld32(p);
	if (len & 2) {
		a1 += ld16(p);
		p += 2;
	}
	if (len & 1)
		a2 += lane_first(*p);

	return add_carry32(fold64_to32(a0 + a1 + a2 + a3), sum);
}

#endif
