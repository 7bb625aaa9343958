/* Not a checksum: the ip_fast_csum call with no work, the per-call floor
   of that op's points (as csum-empty.c is csum's). */
#include <stdint.h>

uint16_t ip_fast_csum_empty(const void *iph, unsigned int ihl);

uint16_t ip_fast_csum_empty(const void *iph, unsigned int ihl)
{
	(void)iph;
	return (uint16_t)ihl;
}
