/* RFC 1071 reference checksum: the oracle every test and the correctness
   gate compare against.  Kept obviously correct; do not optimise it. */
#include <stdint.h>
#include <string.h>

uint32_t csum_ref(const void *buf, int len, uint32_t sum);

uint32_t csum_ref(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = 0;
	unsigned char net[2];
	uint16_t host;
	int i;

	/* RFC 1071: sum the data as 16-bit big-endian words, odd byte padded. */
	for (i = 0; i + 1 < len; i += 2)
		acc += (uint32_t)p[i] << 8 | p[i + 1];
	if (len > 0 && (len & 1))
		acc += (uint32_t)p[len - 1] << 8;
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);

	/* csum_partial returns host order: store the network-order value as
	   bytes and read them back natively. */
	net[0] = (unsigned char)(acc >> 8);
	net[1] = (unsigned char)acc;
	memcpy(&host, net, 2);

	acc = (uint64_t)sum + host;
	acc = (acc & 0xffffffffu) + (acc >> 32);
	return (uint32_t)acc;
}
