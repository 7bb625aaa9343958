/* The roofline's loop in AVX2: 32-byte loads XORed into four
 * accumulators, 128 bytes per iteration; one vector op per load and no
 * chain between them.  The last 0..31 bytes in 8-byte words and one
 * zero-padded word.  Result as kernel.h's load_fn says.
 * Shared by load-avx2.c and load-avx2-prefetch.c, which differ only by
 * the prefetch: one per 64 bytes, as the checksum kernels issue them. */
#ifndef LOAD_AVX2_BODY_H
#define LOAD_AVX2_BODY_H

#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "generic/prefetch.h"

__attribute__((target("avx2"), always_inline)) static inline uint32_t
load_x86_64_avx2_body(const void *buf, int len, uint32_t seed, int dist, bool prefetch)
{
	const unsigned char *p = buf;
	__m256i x0 = _mm256_setzero_si256(), x1 = x0, x2 = x0, x3 = x0;
	uint64_t s, t;

	for (; len >= 128; len -= 128, p += 128) {
		if (prefetch) {
			prefetch_at(p, dist);
			prefetch_at(p + 64, dist);
		}
		x0 = _mm256_xor_si256(x0, _mm256_loadu_si256((const __m256i *)p));
		x1 = _mm256_xor_si256(x1, _mm256_loadu_si256((const __m256i *)(p + 32)));
		x2 = _mm256_xor_si256(x2, _mm256_loadu_si256((const __m256i *)(p + 64)));
		x3 = _mm256_xor_si256(x3, _mm256_loadu_si256((const __m256i *)(p + 96)));
	}
	for (; len >= 32; len -= 32, p += 32)
		x0 = _mm256_xor_si256(x0, _mm256_loadu_si256((const __m256i *)p));
	x0 = _mm256_xor_si256(_mm256_xor_si256(x0, x1), _mm256_xor_si256(x2, x3));
	s = (uint64_t)_mm256_extract_epi64(x0, 0) ^ (uint64_t)_mm256_extract_epi64(x0, 1) ^
	    (uint64_t)_mm256_extract_epi64(x0, 2) ^ (uint64_t)_mm256_extract_epi64(x0, 3);
	for (; len >= 8; len -= 8, p += 8) {
		memcpy(&t, p, 8);
		s ^= t;
	}
	{	/* the last 0..7 bytes zero-padded, without a memcpy call */
		unsigned char b[8] = { 0 };
		int i;

		for (i = 0; i < len; i++)
			b[i] = p[i];
		memcpy(&t, b, 8);
		s ^= t;
	}
	return (uint32_t)s ^ (uint32_t)(s >> 32) ^ seed;
}

#endif
