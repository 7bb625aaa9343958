/* The load roofline: every byte of buf read with 64-byte ldp q pairs,
 * XORed; the loop is in load-neon-body.h.
 *
 * uint32_t load_arm64_neon(const void *buf, int len, uint32_t seed)
 */
#include "arm64-asm.h"
#include "load-neon-body.h"

ENTRY(load_arm64_neon)
	LOAD_NEON load_arm64_neon, 0
END(load_arm64_neon)

	.section .note.GNU-stack,"",%progbits
