/* csum_partial by NEON uadalp into 32-bit lanes, widened to 64 bits per pass.
 *
 * uint32_t csum_arm64_neon(const void *buf, int len, uint32_t sum)
 *
 * Any address and any len >= 0: unaligned vector loads are allowed at EL0
 * on arm64 Linux, so there is no alignment prologue, and nothing is read
 * outside [buf, buf + len).  Advanced SIMD is mandatory in the arm64 Linux
 * ABI, so there is no feature check.  Little-endian: a .8h lane holds a
 * byte-swapped 16-bit word, and the ones'-complement sum commutes with the
 * swap, so summing native lanes and folding gives the host-order partial
 * sum csum_partial returns.
 *
 * Registers: x0 buf (advanced), w1 len, w2 sum, w4 64-byte blocks left,
 * w5 the blocks of this pass, v0-v3 data, v16-v19 the 32-bit lane sums of
 * a pass, v20-v21 the 64-bit lane sums, v4 the tail's 32-bit lane sums.
 * v8-v15, callee-saved, are not used.
 *
 * Each iteration loads 64 bytes with two ldp q (one instruction per 32
 * bytes, and no structure load to crack) and adds each q register's
 * eight 16-bit lanes pairwise into the four 32-bit lanes of its own
 * accumulator (uadalp .4s, .8h): four independent chains of one uadalp
 * per iteration.  One uadalp adds at most 2 * 65535 = 131070 to a lane,
 * and 32768 * 131070 = 2^32 - 65536 while 32769 * 131070 > 2^32 - 1, so
 * a pass runs at most MAX_ITERS = 32768 iterations (2 MiB) from zeroed
 * lanes; then uadalp .2d, .4s adds the lanes pairwise into 64-bit lanes,
 * which cannot overflow for any int len (< 2^44 each).  The last 0-63
 * bytes are summed into v4 with 32- and 16-byte loads and, below that,
 * single-lane loads (ld1 {v0.d}[0], .s[2], .h[6], .b[14]) into a zeroed
 * v0: each piece keeps its offset's parity, the odd byte at an even
 * offset being the low half of a little-endian 16-bit word.  Fold: the
 * 64-bit lanes added (< 2^47), then hi + lo and + sum, each with
 * end-around carry.
 */
#include "arm64-asm.h"

#define BUF	x0
#define LEN	w1
#define SUM	w2
#define BLOCKS	w4
#define ITERS	w5
#define MAX_ITERS 32768

ENTRY(csum_arm64_neon)
	movi	v20.2d, #0
	movi	v21.2d, #0
	lsr	BLOCKS, LEN, #6
	cbz	BLOCKS, 3f
1:	mov	ITERS, #MAX_ITERS	/* this pass: min(BLOCKS, MAX_ITERS) */
	cmp	BLOCKS, ITERS
	csel	ITERS, BLOCKS, ITERS, lo
	sub	BLOCKS, BLOCKS, ITERS
	movi	v16.2d, #0
	movi	v17.2d, #0
	movi	v18.2d, #0
	movi	v19.2d, #0
LOOP(csum_arm64_neon)
2:	ldp	q0, q1, [BUF]
	ldp	q2, q3, [BUF, #32]
	add	BUF, BUF, #64
	uadalp	v16.4s, v0.8h
	uadalp	v17.4s, v1.8h
	uadalp	v18.4s, v2.8h
	uadalp	v19.4s, v3.8h
	subs	ITERS, ITERS, #1
	b.ne	2b
	uadalp	v20.2d, v16.4s		/* widen before a lane can overflow */
	uadalp	v21.2d, v17.4s
	uadalp	v20.2d, v18.4s
	uadalp	v21.2d, v19.4s
	cbnz	BLOCKS, 1b

3:	movi	v4.2d, #0		/* at most four uadalp: no overflow */
	tbz	LEN, #5, 4f		/* 32 bytes */
	ldp	q0, q1, [BUF], #32
	uadalp	v4.4s, v0.8h
	uadalp	v4.4s, v1.8h
4:	tbz	LEN, #4, 5f		/* 16 bytes */
	ldr	q0, [BUF], #16
	uadalp	v4.4s, v0.8h
5:	tst	LEN, #15		/* the last 0-15 bytes, one lane each */
	b.eq	10f
	movi	v0.2d, #0
	tbz	LEN, #3, 6f
	ld1	{v0.d}[0], [BUF], #8
6:	tbz	LEN, #2, 7f
	ld1	{v0.s}[2], [BUF], #4
7:	tbz	LEN, #1, 8f
	ld1	{v0.h}[6], [BUF], #2
8:	tbz	LEN, #0, 9f
	ld1	{v0.b}[14], [BUF]
9:	uadalp	v4.4s, v0.8h

10:	uadalp	v20.2d, v4.4s
	add	v20.2d, v20.2d, v21.2d
	addp	d0, v20.2d
	fmov	x3, d0
	/* 64 -> 32 and + sum, each carry out taken back in.  The last adc
	   cannot carry out: a 32-bit add that carried left at most
	   2^32 - 2. */
	lsr	x7, x3, #32
	adds	w0, w3, w7
	adcs	w0, w0, SUM
	adc	w0, w0, wzr
	ret
END(csum_arm64_neon)

	.section .note.GNU-stack,"",%progbits
