/* Copy and checksum with dcbz per destination line and a source dcbt.
 *
 * uint32_t csum_copy_ppc32_dcbt(const void *src, void *dst, int len,
 *                               uint32_t sum, int dist)
 *
 * The shape of Linux's csum_partial_copy_generic: per 32-byte line a dcbt
 * of the source and a dcbz of the destination.  Linux prefetches a fixed
 * number of lines ahead; here the distance (bytes) arrives in r7 and stays
 * in a register, so one binary sweeps every distance.  The loop is in
 * copy-csum-body.h.
 */
#include "ppc32-asm.h"
#include "copy-csum-body.h"

ENTRY(csum_copy_ppc32_dcbt)
	CSUM_COPY csum_copy_ppc32_dcbt, 1, 1
END(csum_copy_ppc32_dcbt)

	.section .note.GNU-stack,"",@progbits
