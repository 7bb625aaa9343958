/* Pseudo-header sums (pseudo-header.h).  The pseudo-header's 16-bit words
   are added as the bytes lie in memory, so the result is in the same
   byte order as the kernels' sums on any host. */
#include <string.h>

#include "workload/pseudo-header.h"

/* A 16-bit word of big-endian bytes, as a load on this host reads it. */
static uint32_t host_word(uint8_t hi, uint8_t lo)
{
	unsigned char b[2] = { hi, lo };
	uint16_t w;

	memcpy(&w, b, 2);
	return w;
}

static uint32_t add_bytes(uint64_t acc, const unsigned char *p, int n)
{
	int i;

	for (i = 0; i < n; i += 2)
		acc += host_word(p[i], p[i + 1]);
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	return (uint32_t)acc;
}

static uint16_t fold_invert(uint64_t acc)
{
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	return (uint16_t)~acc;
}

uint16_t csum_tcpudp_magic(const unsigned char saddr[4],
			   const unsigned char daddr[4], uint32_t len,
			   uint8_t proto, uint32_t sum)
{
	uint64_t acc = sum;

	acc = add_bytes(acc, saddr, 4);
	acc = add_bytes(acc, daddr, 4);
	acc += host_word(0, proto);
	acc += host_word((uint8_t)(len >> 8), (uint8_t)len);
	return fold_invert(acc);
}

uint16_t csum_ipv6_magic(const unsigned char saddr[16],
			 const unsigned char daddr[16], uint32_t len,
			 uint8_t proto, uint32_t sum)
{
	uint64_t acc = sum;

	acc = add_bytes(acc, saddr, 16);
	acc = add_bytes(acc, daddr, 16);
	acc += host_word((uint8_t)(len >> 24), (uint8_t)(len >> 16));
	acc += host_word((uint8_t)(len >> 8), (uint8_t)len);
	acc += host_word(0, proto);
	return fold_invert(acc);
}
