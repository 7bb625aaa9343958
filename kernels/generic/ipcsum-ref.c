/* ip_fast_csum reference: RFC 1071 over the header, folded and inverted.
   The oracle of the ip_fast_csum gate; kept obviously correct, do not
   optimise it.  Self-contained (no call), so code_offset can move it. */
#include <stdint.h>
#include <string.h>

uint16_t ip_fast_csum_ref(const void *iph, unsigned int ihl);

uint16_t ip_fast_csum_ref(const void *iph, unsigned int ihl)
{
	const unsigned char *p = iph;
	unsigned char net[2];
	uint32_t acc = 0;
	uint16_t host;
	unsigned int i;

	/* 16-bit big-endian words, at most 30 of them: no overflow. */
	for (i = 0; i < 4 * ihl; i += 2)
		acc += (uint32_t)p[i] << 8 | p[i + 1];
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	acc = ~acc & 0xffff;

	/* The checksum as the header stores it: network-order bytes, read
	   back natively, as Linux's ip_fast_csum returns it. */
	net[0] = (unsigned char)(acc >> 8);
	net[1] = (unsigned char)acc;
	memcpy(&host, net, 2);
	return host;
}
