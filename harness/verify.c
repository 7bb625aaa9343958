/* The correctness gate: short and long lengths, every alignment 0..7,
   three incoming sums, random and all-0xFF data (every add carries). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify.h"

csum_fn csum_ref;

uint32_t verify_ref(const void *buf, int len, uint32_t sum)
{
	return csum_ref(buf, len, sum);
}

static const int long_lens[] = {
	511, 512, 513, 1023, 1024, 1025, 1499, 1500, 1501, 4095, 4096, 4097,
	65535, 65536, 65537,
};

static int check(const struct kernel *k, int dist, const unsigned char *p,
		 int len, uint32_t sum, const char *data, int align,
		 char *err, size_t errlen)
{
	uint16_t want = csum_fold16(csum_ref(p, len, sum));
	uint16_t got = csum_fold16(kernel_csum(k, p, len, sum, dist));

	if (want == got)
		return 0;
	snprintf(err, errlen, "%s: len %d, align %d, sum 0x%08x, %s data: "
		 "folded 0x%04x, ref 0x%04x", k->name, len, align, sum, data,
		 got, want);
	return -1;
}

int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen)
{
	static const uint32_t sums[] = { 0, 0xffffffffu, 0x89abcdefu };
	const size_t cap = 65537 + 64;
	unsigned char *buf = malloc(cap), *ones = malloc(cap);
	uint32_t x = 2463534242u;
	int len, align, rc = 0;
	size_t i, s;

	if (!buf || !ones)
		abort();
	for (i = 0; i < cap; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = (unsigned char)x;
	}
	memset(ones, 0xff, cap);

	for (len = 0; len <= 256 && !rc; len++)
		for (align = 0; align < 8 && !rc; align++)
			for (s = 0; s < 3 && !rc; s++)
				rc = check(k, dist, buf + align, len, sums[s],
					   "random", align, err, errlen) ||
				     check(k, dist, ones + align, len, sums[s],
					   "0xff", align, err, errlen);
	for (i = 0; i < sizeof(long_lens) / sizeof(long_lens[0]) && !rc; i++)
		for (align = 0; align < 8 && !rc; align += long_lens[i] > 4097 ? 3 : 1)
			rc = check(k, dist, buf + align, long_lens[i], sums[i % 3],
				   "random", align, err, errlen) ||
			     check(k, dist, ones + align, long_lens[i], sums[2],
				   "0xff", align, err, errlen);
	free(buf);
	free(ones);
	return rc ? -1 : 0;
}
