/* Copy and checksum in one pass, in C: each 32-bit word is loaded once,
   stored, and added into one of two 64-bit accumulators (c64's scheme,
   no carry chain).  32 bytes a step, unaligned-safe loads and stores
   (memcpy of 4 bytes compiles to plain moves where the target allows). */
#include <stdint.h>
#include <string.h>

#include "csum-lanes.h"

uint32_t csum_copy_c64(const void *src, void *dst, int len, uint32_t sum);

static inline uint32_t mv32(const unsigned char *s, unsigned char *d)
{
	uint32_t v = ld32(s);

	memcpy(d, &v, 4);
	return v;
}

uint32_t csum_copy_c64(const void *src, void *dst, int len, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t a0 = 0, a1 = 0;

	for (; len >= 32; len -= 32, s += 32, d += 32) {
		a0 += mv32(s + 0, d + 0);
		a1 += mv32(s + 4, d + 4);
		a0 += mv32(s + 8, d + 8);
		a1 += mv32(s + 12, d + 12);
		a0 += mv32(s + 16, d + 16);
		a1 += mv32(s + 20, d + 20);
		a0 += mv32(s + 24, d + 24);
		a1 += mv32(s + 28, d + 28);
	}
	for (; len >= 4; len -= 4, s += 4, d += 4)
		a0 += mv32(s, d);
	if (len & 2) {
		a1 += ld16(s);
		memcpy(d, s, 2);
		s += 2;
		d += 2;
	}
	if (len & 1) {
		a0 += lane_first(*s);
		*d = *s;
	}
	return add_carry32(fold64_to32(a0 + a1), sum);
}
