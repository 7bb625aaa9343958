/* The C load loop, shared by load-c64.c and load-c64-prefetch.c so the
 * two differ only by the prefetch: every byte loaded in 64-bit words and
 * XORed into four accumulators, so no XOR waits on another and nothing
 * but the loads limits it.  XOR keeps each byte's place modulo 8, so
 * folding the 64 bits to 32 gives the op's result (kernel.h, load_fn) on
 * either byte order; the tail is one zero-padded word.  The prefetching
 * variant issues one prefetch per 64 bytes, as the checksum kernels do,
 * so a checksum that prefetches is held to a load that prefetches alike. */
#ifndef LOAD_C64_BODY_H
#define LOAD_C64_BODY_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "prefetch.h"

static inline uint64_t ld64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* The last 0..7 bytes as a zero-padded native word, a byte at a time:
   no memcpy call or table, so the kernel can be copied for code_offset. */
static inline uint64_t tail(const unsigned char *p, int len)
{
	uint64_t t = 0;
	int i;

	for (i = 0; i < len; i++)
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		t |= (uint64_t)p[i] << (8 * i);
#else
		t |= (uint64_t)p[i] << (56 - 8 * i);
#endif
	return t;
}

static inline __attribute__((always_inline)) uint32_t
load_c64_body(const void *buf, int len, uint32_t seed, int dist, bool prefetch)
{
	const unsigned char *p = buf;
	uint64_t x0 = 0, x1 = 0, x2 = 0, x3 = 0;

	for (; len >= 64; len -= 64, p += 64) {
		if (prefetch)
			prefetch_at(p, dist);
		x0 ^= ld64(p);
		x1 ^= ld64(p + 8);
		x2 ^= ld64(p + 16);
		x3 ^= ld64(p + 24);
		x0 ^= ld64(p + 32);
		x1 ^= ld64(p + 40);
		x2 ^= ld64(p + 48);
		x3 ^= ld64(p + 56);
	}
	for (; len >= 8; len -= 8, p += 8)
		x0 ^= ld64(p);
	x0 ^= x1 ^ x2 ^ x3 ^ tail(p, len);
	return (uint32_t)x0 ^ (uint32_t)(x0 >> 32) ^ seed;
}

#endif
