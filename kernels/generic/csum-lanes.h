/* Byte-lane helpers shared by the generic C kernels. */
#ifndef CSUM_LANES_H
#define CSUM_LANES_H

#include <stdint.h>
#include <string.h>

/* Unaligned-safe native-order loads; compile to plain loads where allowed. */
static inline uint32_t ld32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static inline uint32_t ld16(const unsigned char *p)
{
	uint16_t v;
	memcpy(&v, p, 2);
	return v;
}

/* A lone byte at an even offset of the 16-bit word stream: the high-order
   half in network order, i.e. the byte at the lower address. */
static inline uint32_t lane_first(unsigned char b)
{
	unsigned char w[2] = { b, 0 };
	return ld16(w);
}

/* A lone byte at an odd offset: the low-order half of the word. */
static inline uint32_t lane_second(unsigned char b)
{
	unsigned char w[2] = { 0, b };
	return ld16(w);
}

static inline uint32_t add_carry32(uint32_t a, uint32_t b)
{
	a += b;
	return a + (a < b);
}

static inline uint32_t fold64_to32(uint64_t s)
{
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffffffffu) + (s >> 32);
	return (uint32_t)s;
}

#endif
