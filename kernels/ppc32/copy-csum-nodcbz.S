/* Copy and checksum with plain stores: no dcbz, no prefetch.
 *
 * uint32_t csum_copy_ppc32_nodcbz(const void *src, void *dst, int len,
 *                                 uint32_t sum)
 *
 * The same code as csum_copy_ppc32 less the dcbz, so the pair measures
 * what allocating destination lines without reading them is worth (each
 * store miss then fetches its line, on write-allocate caches).  The loop
 * is in copy-csum-body.h.
 */
#include "ppc32-asm.h"
#include "copy-csum-body.h"

ENTRY(csum_copy_ppc32_nodcbz)
	CSUM_COPY csum_copy_ppc32_nodcbz, 0, 0
END(csum_copy_ppc32_nodcbz)

	.section .note.GNU-stack,"",@progbits
