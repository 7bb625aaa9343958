/* Not a checksum: the csum_copy call with no work (nothing copied, the
   sum returned), the per-call floor of that op's points. */
#include <stdint.h>

uint32_t csum_copy_empty(const void *src, void *dst, int len, uint32_t sum);

uint32_t csum_copy_empty(const void *src, void *dst, int len, uint32_t sum)
{
	(void)src;
	(void)dst;
	(void)len;
	return sum;
}
