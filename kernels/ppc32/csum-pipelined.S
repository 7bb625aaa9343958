/* csum_partial as mainline Linux has it: the software-pipelined loop.
 *
 * uint32_t csum_ppc32_pipelined(const void *buf, int len, uint32_t sum)
 *
 * Stands for the mainline __csum_partial of arch/powerpc/lib/checksum_32.S
 * (the 2015 rework), against which the unrolling and prefetch proposals
 * were measured.  The loop and its register use are described in
 * csum-pipelined-body.h.
 */
#include "ppc32-asm.h"
#include "csum-pipelined-body.h"

ENTRY(csum_ppc32_pipelined)
	CSUM_PIPELINED csum_ppc32_pipelined, 0
END(csum_ppc32_pipelined)

	.section .note.GNU-stack,"",@progbits
