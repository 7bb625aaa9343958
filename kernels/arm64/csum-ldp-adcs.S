/* csum_partial by an adcs chain over ldp pairs of 64-bit words.
 *
 * uint32_t csum_arm64_ldp_adcs(const void *buf, int len, uint32_t sum)
 *
 * Any address and any len >= 0: unaligned ldp/ldr are allowed at EL0 on
 * arm64 Linux (normal memory, SCTLR_EL1.A clear), so there is no
 * alignment prologue.  Nothing is read outside [buf, buf + len).
 * Little-endian: a 64-bit load holds four byte-swapped 16-bit words; the
 * ones'-complement sum commutes with the swap, so summing native words
 * and folding gives the host-order partial sum csum_partial returns.
 *
 * Registers: x0 buf (advanced), w1 len, w2 sum, x3 the accumulator,
 * w4 64-byte blocks left, x6-x13 the words of one block.
 *
 * Adding 64-bit words modulo 2^64 - 1 (each carry out taken back in) and
 * folding to 32 and then 16 bits gives the RFC 1071 sum, as Linux's
 * arch/arm64/lib/csum.c also relies on.  The loop loads a block with
 * four ldp, then adds its eight words in one adds/adcs chain, the
 * carry of each add taken in by the next.  The carry stays in the flags
 * across iterations: loop control is sub and cbnz, which leave NZCV
 * alone, so the chain runs from the first block to the last and one adc
 * after the loop takes in its final carry.  No closing adc can carry
 * out: an add that carried left at most 2^64 - 2.  The loads come first
 * in the block so the first adcs is four instructions after its ldp.
 * Tails of 32, 16 and 8 bytes are short chains closed by adc.  The last
 * 4, 2 and 1 bytes are summed zero-extended in x6 and added with one
 * more adds/adc: shifts by 16 or 32 bits change nothing modulo 2^16 - 1,
 * and the odd byte is at an even offset from buf, the low half of a
 * little-endian 16-bit word.  Fold: hi + lo, then + sum, each with
 * end-around carry.
 */
#include "arm64-asm.h"

#define BUF	x0
#define LEN	w1
#define SUM	w2
#define ACC	x3
#define ACC_W	w3
#define BLOCKS	w4

ENTRY(csum_arm64_ldp_adcs)
	mov	ACC, xzr
	lsr	BLOCKS, LEN, #6
	cbz	BLOCKS, 2f
	cmn	xzr, xzr		/* C = 0: the first adcs adds no carry */
LOOP(csum_arm64_ldp_adcs)
1:	ldp	x6, x7, [BUF]
	ldp	x8, x9, [BUF, #16]
	ldp	x10, x11, [BUF, #32]
	ldp	x12, x13, [BUF, #48]
	add	BUF, BUF, #64
	adcs	ACC, ACC, x6
	adcs	ACC, ACC, x7
	adcs	ACC, ACC, x8
	adcs	ACC, ACC, x9
	adcs	ACC, ACC, x10
	adcs	ACC, ACC, x11
	adcs	ACC, ACC, x12
	adcs	ACC, ACC, x13
	sub	BLOCKS, BLOCKS, #1	/* not subs: C is carried round */
	cbnz	BLOCKS, 1b
	adc	ACC, ACC, xzr

2:	tbz	LEN, #5, 3f		/* 32 bytes */
	ldp	x6, x7, [BUF]
	ldp	x8, x9, [BUF, #16]
	add	BUF, BUF, #32
	adds	ACC, ACC, x6
	adcs	ACC, ACC, x7
	adcs	ACC, ACC, x8
	adcs	ACC, ACC, x9
	adc	ACC, ACC, xzr
3:	tbz	LEN, #4, 4f		/* 16 bytes */
	ldp	x6, x7, [BUF], #16
	adds	ACC, ACC, x6
	adcs	ACC, ACC, x7
	adc	ACC, ACC, xzr
4:	tbz	LEN, #3, 5f		/* 8 bytes */
	ldr	x6, [BUF], #8
	adds	ACC, ACC, x6
	adc	ACC, ACC, xzr
5:	tst	LEN, #7			/* the last 0-7 bytes, summed in x6 */
	b.eq	9f
	mov	x6, xzr
	tbz	LEN, #2, 6f
	ldr	w7, [BUF], #4
	add	x6, x6, x7
6:	tbz	LEN, #1, 7f
	ldrh	w7, [BUF], #2
	add	x6, x6, x7
7:	tbz	LEN, #0, 8f
	ldrb	w7, [BUF]
	add	x6, x6, x7
8:	adds	ACC, ACC, x6		/* x6 < 2^33: a plain 64-bit add */
	adc	ACC, ACC, xzr

	/* 64 -> 32 and + sum, each carry out taken back in; the adc cannot
	   carry out (a 32-bit add that carried left at most 2^32 - 2). */
9:	lsr	x7, ACC, #32
	adds	w0, ACC_W, w7
	adcs	w0, w0, SUM
	adc	w0, w0, wzr
	ret
END(csum_arm64_ldp_adcs)

	.section .note.GNU-stack,"",%progbits
