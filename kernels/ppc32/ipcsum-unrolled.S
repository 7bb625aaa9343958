/* ip_fast_csum with the minimal header's five words added without a loop.
 *
 * uint16_t ip_fast_csum_ppc32_unrolled(const void *iph, unsigned int ihl)
 * r3 iph (4-byte aligned, as Linux requires), r4 ihl (5-15 words);
 * r0, r5-r9, ctr, cr0 scratch; returns the folded, inverted sum in r3.
 *
 * Stands for the unrolling discussion on the powerpc list: an unrolled
 * ip_fast_csum measured 19.5 timebase ticks against 15.3 for the original
 * loop on an MPC8323 (e300c2) and was withdrawn.  The five words every
 * header has are loaded ahead of their adds (so each add finds its word
 * loaded) and summed by addc and four adde; only option words (ihl > 5)
 * go through a lwzu + adde + bdnz loop.  The compare for "no options" is
 * issued before the adds so its branch is resolved when they finish;
 * cmpwi leaves CA alone.  Fold and invert as ipcsum-mainline.S.
 */
#include "ppc32-asm.h"

ENTRY(ip_fast_csum_ppc32_unrolled)
	lwz	r5,0(r3)
	lwz	r6,4(r3)
	lwz	r7,8(r3)
	lwz	r8,12(r3)
	lwzu	r9,16(r3)
	addi	r4,r4,-5		/* option words */
	addc	r5,r5,r6
	cmpwi	r4,0
	adde	r5,r5,r7
	adde	r5,r5,r8
	adde	r5,r5,r9
	beq	2f
	mtctr	r4
LOOP(ip_fast_csum_ppc32_unrolled)
1:	lwzu	r6,4(r3)
	adde	r5,r5,r6
	bdnz	1b
2:	addze	r5,r5
	rotlwi	r0,r5,16		/* fold: hi + lo, end-around carry */
	add	r3,r5,r0
	not	r3,r3
	srwi	r3,r3,16
	blr
END(ip_fast_csum_ppc32_unrolled)

	.section .note.GNU-stack,"",@progbits
