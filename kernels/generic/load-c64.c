/* The roofline reference in C: the loop of load-c64-body.h. */
#include "load-c64-body.h"

uint32_t load_c64(const void *buf, int len, uint32_t seed);

uint32_t load_c64(const void *buf, int len, uint32_t seed)
{
	return load_c64_body(buf, len, seed, 0, false);
}
