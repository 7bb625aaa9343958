/* The c64 loop, shared by csum-c64.c and csum-c64-prefetch.c so the two
   differ only by the prefetch.  Four independent 64-bit accumulators take
   32-bit words: no carry chain, and 2^32 additions fit before overflow.
   The 64-byte step is written out, one load per line of source, so the
   compiler emits one flat loop (it is built without the vectoriser, see
   the Makefile); the empty asm that both variants share pins the loop's
   pointer and the order of its loads, so the prefetching copy is the
   same loop plus one instruction (tests/placement.sh checks it). */
#ifndef CSUM_C64_BODY_H
#define CSUM_C64_BODY_H

#include <stdbool.h>
#include <stdint.h>

#include "csum-lanes.h"
#include "prefetch.h"

static inline __attribute__((always_inline)) uint32_t
c64_body(const void *buf, int len, uint32_t sum, int dist, bool prefetch)
{
	const unsigned char *p = buf;
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;

	for (; len >= 64; len -= 64, p += 64) {
		if (prefetch)
			prefetch_at(p, dist);
		__asm__ volatile("" : : "r"(p) : "memory");	/* see above */
		a0 += ld32(p + 0);
		a1 += ld32(p + 4);
		a2 += ld32(p + 8);
		a3 += ld32(p + 12);
		a0 += ld32(p + 16);
		a1 += ld32(p + 20);
		a2 += ld32(p + 24);
		a3 += ld32(p + 28);
		a0 += ld32(p + 32);
		a1 += ld32(p + 36);
		a2 += ld32(p + 40);
		a3 += ld32(p + 44);
		a0 += ld32(p + 48);
		a1 += ld32(p + 52);
		a2 += ld32(p + 56);
		a3 += ld32(p + 60);
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
