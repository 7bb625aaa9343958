/* The csum_partial loop after the 2015 instruction clean-up.
 *
 * uint32_t csum_ppc32_tuned(const void *buf, int len, uint32_t sum)
 * r3 buf, r4 len, r5 sum (and accumulator); r0, r6, ctr, cr7 scratch.
 *
 * Same word loop as v0 (lwzu + adde + bdnz, 12 instructions per 16
 * bytes) with fewer instructions around it: srawi. computes the word count
 * and, the length being non-negative, clears CA in the same instruction;
 * the sum accumulates in r5 where it arrives, so adde is used throughout
 * with no addic to set up; and the tails are chosen by copying the low
 * bits of the length into cr7 and branching on bits 30 and 31, instead of
 * compares.  Misaligned starts: as v0.
 */
#include "ppc32-asm.h"

ENTRY(csum_ppc32_tuned)
	srawi.	r6,r4,2			/* whole words; CA = 0 as len >= 0 */
	addi	r3,r3,-4		/* lwzu updates before it loads */
	beq	3f
	andi.	r0,r3,2			/* halfword to a word boundary */
	beq	1f
	lhz	r0,4(r3)
	addi	r3,r3,2
	addi	r4,r4,-2		/* flips bit 30 of the length */
	adde	r5,r5,r0
	srwi.	r6,r4,2
	beq	3f
1:	mtctr	r6
LOOP(csum_ppc32_tuned)
2:	lwzu	r0,4(r3)
	adde	r5,r5,r0
	bdnz	2b
3:	mtcrf	0x01,r4			/* length bits 28-31 to cr7 */
	bf	LEN_HAS_2,4f
	lhz	r0,4(r3)
	addi	r3,r3,2
	adde	r5,r5,r0
4:	bf	LEN_HAS_1,5f
	lbz	r0,4(r3)
	slwi	r0,r0,8			/* a last byte is a word's high half */
	adde	r5,r5,r0
5:	addze	r3,r5
	blr
END(csum_ppc32_tuned)

	.section .note.GNU-stack,"",@progbits
