/* User kernels in a shared object, loaded as path/lib.so:symbol. */
#include <stdint.h>

uint32_t csum_user(const void *buf, int len, uint32_t sum);
uint32_t csum_user_wrong(const void *buf, int len, uint32_t sum);
uint32_t csum_user_overread(const void *buf, int len, uint32_t sum);

/* 16-bit native loads, 64-bit accumulator: right on any byte order. */
uint32_t csum_user(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	union { unsigned char b[2]; uint16_t w; } u;

	for (; len >= 2; len -= 2, p += 2) {
		u.b[0] = p[0];
		u.b[1] = p[1];
		acc += u.w;
	}
	if (len) {
		u.b[0] = p[0];
		u.b[1] = 0;
		acc += u.w;
	}
	acc = (acc & 0xffffffffu) + (acc >> 32);
	acc = (acc & 0xffffffffu) + (acc >> 32);
	return (uint32_t)acc;
}

/* Right sums, but loads 4 bytes past the end (ignoring them): the gate's
   guard page must catch it, and the run must survive. */
uint32_t csum_user_overread(const void *buf, int len, uint32_t sum)
{
	volatile const unsigned char *p = buf;
	unsigned char past = p[len + 3];

	(void)past;
	return csum_user(buf, len, sum);
}

/* Wrong on purpose: drops a trailing odd byte.  The gate must refuse it. */
uint32_t csum_user_wrong(const void *buf, int len, uint32_t sum)
{
	return csum_user(buf, len & ~1, sum);
}
