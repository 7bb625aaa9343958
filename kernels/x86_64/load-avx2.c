/* The roofline reference in AVX2: the loop of load-avx2-body.h. */
#include "load-avx2-body.h"

uint32_t load_x86_64_avx2(const void *buf, int len, uint32_t seed);

__attribute__((target("avx2")))
uint32_t load_x86_64_avx2(const void *buf, int len, uint32_t seed)
{
	return load_x86_64_avx2_body(buf, len, seed, 0, false);
}
