/* The mainline pipelined loop with one dcbt per 16-byte iteration.
 *
 * uint32_t csum_ppc32_pipelined_dcbt(const void *buf, int len,
 *                                    uint32_t sum, int dist)
 *
 * Stands for the dcbt patch proposed for the APM82181 (a 464 core):
 * "dcbt r3,r9" inside the mainline loop, r9 a constant loaded once before
 * it.  Here the distance arrives in r6 and is moved to r9 (plus the 4 that
 * r3 lags behind the loads) before r6 becomes a data register, so one
 * binary sweeps every distance with the instruction sequence the patch
 * had.  The loop is in csum-pipelined-body.h.
 */
#include "ppc32-asm.h"
#include "csum-pipelined-body.h"

ENTRY(csum_ppc32_pipelined_dcbt)
	CSUM_PIPELINED csum_ppc32_pipelined_dcbt, 1
END(csum_ppc32_pipelined_dcbt)

	.section .note.GNU-stack,"",@progbits
