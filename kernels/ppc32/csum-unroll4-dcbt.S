/* unroll4 with a dcbt each iteration, the distance set at run time.
 *
 * uint32_t csum_ppc32_unroll4_dcbt(const void *buf, int len, uint32_t sum,
 *                                  int dist)
 *
 * The distance arrives in r6 and stays in a register (dcbt rA,rB), the
 * way "li r9,DIST; dcbt r3,r9" would hold a constant, so one binary
 * sweeps every distance.  The loop is in csum-unroll4-body.h.
 */
#include "ppc32-asm.h"
#include "csum-unroll4-body.h"

ENTRY(csum_ppc32_unroll4_dcbt)
	CSUM_UNROLL4 csum_ppc32_unroll4_dcbt, 1
END(csum_ppc32_unroll4_dcbt)

	.section .note.GNU-stack,"",@progbits
