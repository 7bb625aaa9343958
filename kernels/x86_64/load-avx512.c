/* The roofline reference in AVX-512: the loop of load-avx512-body.h. */
#include "load-avx512-body.h"

uint32_t load_x86_64_avx512(const void *buf, int len, uint32_t seed);

__attribute__((target("avx512f,avx512bw")))
uint32_t load_x86_64_avx512(const void *buf, int len, uint32_t seed)
{
	return load_x86_64_avx512_body(buf, len, seed, 0, false);
}
