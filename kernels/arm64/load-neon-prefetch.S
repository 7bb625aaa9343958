/* load-neon with a software prefetch dist bytes ahead, once per 64-byte
 * iteration: the ceiling of checksums that prefetch.  The loop is in
 * load-neon-body.h.
 *
 * uint32_t load_arm64_neon_prefetch(const void *buf, int len, uint32_t seed,
 *                                   int dist)
 */
#include "arm64-asm.h"
#include "load-neon-body.h"

ENTRY(load_arm64_neon_prefetch)
	LOAD_NEON load_arm64_neon_prefetch, 1
END(load_arm64_neon_prefetch)

	.section .note.GNU-stack,"",%progbits
