/* The roofline's loop in AVX-512: 64-byte loads XORed into four
 * accumulators, 256 bytes per iteration, and the last 0..63 bytes as one
 * masked load (zero past the end, no fault).  Result as kernel.h's
 * load_fn says.
 * Shared by load-avx512.c and load-avx512-prefetch.c, which differ only by
 * the prefetch: one per 64 bytes, as the checksum kernels issue them. */
#ifndef LOAD_AVX512_BODY_H
#define LOAD_AVX512_BODY_H

#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>

#include "generic/prefetch.h"

__attribute__((target("avx512f,avx512bw"), always_inline)) static inline uint32_t
load_x86_64_avx512_body(const void *buf, int len, uint32_t seed, int dist, bool prefetch)
{
	const unsigned char *p = buf;
	__m512i x0 = _mm512_setzero_si512(), x1 = x0, x2 = x0, x3 = x0;
	__m256i y;
	uint64_t s;

	for (; len >= 256; len -= 256, p += 256) {
		if (prefetch) {
			prefetch_at(p, dist);
			prefetch_at(p + 64, dist);
			prefetch_at(p + 128, dist);
			prefetch_at(p + 192, dist);
		}
		x0 = _mm512_xor_si512(x0, _mm512_loadu_si512((const void *)p));
		x1 = _mm512_xor_si512(x1, _mm512_loadu_si512((const void *)(p + 64)));
		x2 = _mm512_xor_si512(x2, _mm512_loadu_si512((const void *)(p + 128)));
		x3 = _mm512_xor_si512(x3, _mm512_loadu_si512((const void *)(p + 192)));
	}
	for (; len >= 64; len -= 64, p += 64)
		x0 = _mm512_xor_si512(x0, _mm512_loadu_si512((const void *)p));
	if (len)
		x1 = _mm512_xor_si512(x1, _mm512_maskz_loadu_epi8(((__mmask64)1 << len) - 1, p));
	x0 = _mm512_xor_si512(_mm512_xor_si512(x0, x1), _mm512_xor_si512(x2, x3));
	y = _mm256_xor_si256(_mm512_castsi512_si256(x0),
			     _mm512_extracti64x4_epi64(x0, 1));
	s = (uint64_t)_mm256_extract_epi64(y, 0) ^ (uint64_t)_mm256_extract_epi64(y, 1) ^
	    (uint64_t)_mm256_extract_epi64(y, 2) ^ (uint64_t)_mm256_extract_epi64(y, 3);
	return (uint32_t)s ^ (uint32_t)(s >> 32) ^ seed;
}

#endif
