/* 32-bit word loop with compare-based carry: the classic portable form.
   An odd start address is handled the way Linux's lib/checksum.c does:
   take one byte, sum the rest from an aligned address (every word then
   lands byte-swapped), and swap the folded result back.  Loads are
   aligned, so it runs on strict-alignment cores too. */
#include <stdint.h>

#include "csum-lanes.h"

uint32_t csum_word32(const void *buf, int len, uint32_t sum);

uint32_t csum_word32(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	uint32_t acc = 0;
	int odd;

	if (len <= 0)
		return sum;
	odd = (int)((uintptr_t)p & 1);
	if (odd) {
		/* In the swapped frame the first byte is the low-order half. */
		acc = lane_second(*p);
		p++;
		len--;
	}
	if (len >= 2 && ((uintptr_t)p & 2)) {
		acc += ld16(p);
		p += 2;
		len -= 2;
	}
	for (; len >= 4; len -= 4, p += 4)
		acc = add_carry32(acc, ld32(p));
	if (len & 2) {
		acc = add_carry32(acc, ld16(p));
		p += 2;
	}
	if (len & 1)
		acc = add_carry32(acc, lane_first(*p));

	acc = (acc & 0xffff) + (acc >> 16);
	acc = (acc & 0xffff) + (acc >> 16);
	if (odd)
		acc = ((acc & 0xff) << 8) | (acc >> 8);
	return add_carry32(acc, sum);
}
