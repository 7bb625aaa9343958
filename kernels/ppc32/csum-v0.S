/* The csum_partial loop as Linux's powerpc32 had it before 2015.
 *
 * uint32_t csum_ppc32_v0(const void *buf, int len, uint32_t sum)
 * r3 buf, r4 len, r5 sum; r0, r6, r7, ctr scratch; returns r3.
 *
 * Big-endian, so a 32-bit load is two network-order 16-bit words and the
 * ones'-complement sum can run 32 bits wide: adde adds the carry of the
 * previous add back in, and addze folds the last one.  The cores this is
 * for load misaligned words in hardware and the sum depends only on the
 * offset from buf, so odd starts need no special path; a halfword first
 * brings a 2-mod-4 start to a word boundary to keep loads in one line.
 * Word loop: lwzu + adde + bdnz, 12 instructions per 16 bytes.
 * Tails: a halfword, then a byte as the high half of a word, by compares.
 */
#include "ppc32-asm.h"

ENTRY(csum_ppc32_v0)
	addic	r0,r5,0			/* r0 = sum; adding 0 clears CA */
	addi	r3,r3,-4		/* lwzu updates before it loads */
	srwi.	r6,r4,2			/* whole words */
	beq	3f
	andi.	r7,r3,2			/* halfword to a word boundary */
	beq	1f
	lhz	r7,4(r3)
	addi	r3,r3,2
	addi	r4,r4,-2
	adde	r0,r0,r7
	srwi.	r6,r4,2
	beq	3f
1:	mtctr	r6
LOOP(csum_ppc32_v0)
2:	lwzu	r7,4(r3)
	adde	r0,r0,r7
	bdnz	2b
3:	andi.	r4,r4,3			/* 0-3 bytes left */
	cmpwi	r4,2
	blt	4f
	lhz	r7,4(r3)
	addi	r3,r3,2
	addi	r4,r4,-2
	adde	r0,r0,r7
4:	cmpwi	r4,1
	bne	5f
	lbz	r7,4(r3)
	slwi	r7,r7,8			/* a last byte is a word's high half */
	adde	r0,r0,r7
5:	addze	r3,r0
	blr
END(csum_ppc32_v0)

	.section .note.GNU-stack,"",@progbits
