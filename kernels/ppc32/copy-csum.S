/* Copy and checksum, each destination line dcbz'd, no prefetch.
 *
 * uint32_t csum_copy_ppc32(const void *src, void *dst, int len,
 *                          uint32_t sum)
 *
 * Linux's csum_partial_copy_generic without its dcbt: dcbz allocates each
 * whole 32-byte line of dst before it is stored.  The loop, its register
 * use and the line-size assumption are described in copy-csum-body.h.
 */
#include "ppc32-asm.h"
#include "copy-csum-body.h"

ENTRY(csum_copy_ppc32)
	CSUM_COPY csum_copy_ppc32, 1, 0
END(csum_copy_ppc32)

	.section .note.GNU-stack,"",@progbits
