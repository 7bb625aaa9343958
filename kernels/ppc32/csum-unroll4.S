/* csum_partial unrolled by four words, loads issued ahead of the adds.
 *
 * uint32_t csum_ppc32_unroll4(const void *buf, int len, uint32_t sum)
 *
 * The loop and its register use are described in csum-unroll4-body.h.
 */
#include "ppc32-asm.h"
#include "csum-unroll4-body.h"

ENTRY(csum_ppc32_unroll4)
	CSUM_UNROLL4 csum_ppc32_unroll4, 0
END(csum_ppc32_unroll4)

	.section .note.GNU-stack,"",@progbits
