/* Copy and checksum with a source dcbt per line and no dcbz.
 *
 * uint32_t csum_copy_ppc32_nodcbz_dcbt(const void *src, void *dst, int len,
 *                                      uint32_t sum, int dist)
 *
 * csum_copy_ppc32_dcbt less the dcbz: the prefetch alone.  The distance
 * (bytes) arrives in r7 and stays in a register.  The loop is in
 * copy-csum-body.h.
 */
#include "ppc32-asm.h"
#include "copy-csum-body.h"

ENTRY(csum_copy_ppc32_nodcbz_dcbt)
	CSUM_COPY csum_copy_ppc32_nodcbz_dcbt, 0, 1
END(csum_copy_ppc32_nodcbz_dcbt)

	.section .note.GNU-stack,"",@progbits
