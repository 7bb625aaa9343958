/* ip_fast_csum as Linux's powerpc checksum.h has it on 32-bit: a loop.
 *
 * uint16_t ip_fast_csum_ppc32_mainline(const void *iph, unsigned int ihl)
 * r3 iph (4-byte aligned, as Linux requires), r4 ihl (5-15 words);
 * r0, r5, r6, ctr scratch; returns the folded, inverted sum in r3.
 *
 * The inline asm of ip_fast_csum_nofold: the first two words are added
 * with addc (which also sets CA from nothing), the remaining ihl - 2 by a
 * lwzu + adde + bdnz loop, and addze takes in the last carry.  Here the
 * two first loads are ours (the compiler issues them for the inline asm).
 * csum_fold then adds the word to itself rotated by 16, so the high half
 * holds hi + lo with the low half's carry already in, and the inverted
 * high half is the checksum: 0 for a header whose checksum field is valid.
 */
#include "ppc32-asm.h"

ENTRY(ip_fast_csum_ppc32_mainline)
	lwz	r5,0(r3)
	addi	r4,r4,-2		/* words after the first two */
	lwzu	r6,4(r3)
	mtctr	r4
	addc	r5,r5,r6
LOOP(ip_fast_csum_ppc32_mainline)
1:	lwzu	r6,4(r3)
	adde	r5,r5,r6
	bdnz	1b
	addze	r5,r5
	rotlwi	r0,r5,16		/* fold: hi + lo, end-around carry */
	add	r3,r5,r0
	not	r3,r3
	srwi	r3,r3,16
	blr
END(ip_fast_csum_ppc32_mainline)

	.section .note.GNU-stack,"",@progbits
