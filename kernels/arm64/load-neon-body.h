/* The load roofline: every byte of buf read with 64-byte ldp q pairs, XORed.
 *
 * uint32_t load_arm64_neon(const void *buf, int len, uint32_t seed)
 * uint32_t load_arm64_neon_prefetch(const void *buf, int len, uint32_t seed,
 *                                   int dist)
 *
 * Returns seed XOR the XOR of buf's little-endian 32-bit words at offsets
 * 0, 4, 8, ..., the last partial word zero-padded.  Any address and any
 * len >= 0: unaligned vector loads are allowed at EL0 on arm64 Linux, and
 * nothing is read outside [buf, buf + len).
 *
 * Registers: x0 buf (advanced), w1 len, w2 seed, w4 64-byte blocks left,
 * v0-v3 data, v16-v19 the accumulators; x3 the prefetch distance in
 * the loop (the prefetch variant), then with x4 the fold.  v8-v15,
 * callee-saved, are not used.
 *
 * The loop is the csum kernels' loads with the least work after them:
 * two ldp q (the widest loads, 64 bytes per iteration), and each q
 * register XORed into its own accumulator, so no chain is longer than
 * one eor per iteration and the loads alone set the pace.  Every load
 * is at an offset from buf that is a multiple of 16, so a word's four
 * bytes always land in one 32-bit lane, and the XOR of all lanes is the
 * XOR of the words.  The last 0-63 bytes: 32 and 16 bytes with q loads,
 * then single-lane loads into a zeroed v0 (ld1 {v0.d}[0], .s[2], .h[6]),
 * the last odd byte into lane byte 14 or 12 as it is the third or the
 * first byte of its word.  Fold: the four accumulators XORed, then the
 * two 64-bit halves, the two 32-bit halves and seed, so the result
 * depends on every byte read.
 *
 * Shared by load-neon.S and load-neon-prefetch.S as a GNU as macro, so
 * the two differ only by the prefetch: "prfm pldl1keep, [x0, x3]" at the
 * top of each 64-byte iteration, x3 the distance (w3, sign-extended), as
 * the checksum kernels prefetch once per 64 bytes.  prfm never faults.
 */
#define BUF	x0
#define LEN	w1
#define SEED	w2
#define BLOCKS	w4

#define DIST	x3

	.macro	LOAD_NEON name, prefetch
	.if \prefetch
	sxtw	DIST, w3
	.endif
	movi	v16.2d, #0
	movi	v17.2d, #0
	movi	v18.2d, #0
	movi	v19.2d, #0
	lsr	BLOCKS, LEN, #6
	cbz	BLOCKS, 2f
	.balign	CSUMBENCH_LOOP_ALIGN	/* as LOOP() in arm64-asm.h */
	.globl	\name\()_loop
	.hidden	\name\()_loop
\name\()_loop:
1:	.if \prefetch
	prfm	pldl1keep, [BUF, DIST]
	.endif
	ldp	q0, q1, [BUF]
	ldp	q2, q3, [BUF, #32]
	add	BUF, BUF, #64
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	subs	BLOCKS, BLOCKS, #1
	b.ne	1b

2:	tbz	LEN, #5, 3f		/* 32 bytes */
	ldp	q0, q1, [BUF], #32
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
3:	tbz	LEN, #4, 4f		/* 16 bytes */
	ldr	q0, [BUF], #16
	eor	v18.16b, v18.16b, v0.16b
4:	tst	LEN, #15		/* the last 0-15 bytes, one lane each */
	b.eq	9f
	movi	v0.2d, #0
	tbz	LEN, #3, 5f
	ld1	{v0.d}[0], [BUF], #8
5:	tbz	LEN, #2, 6f
	ld1	{v0.s}[2], [BUF], #4
6:	tbz	LEN, #1, 7f
	ld1	{v0.h}[6], [BUF], #2
	tbz	LEN, #0, 8f
	ld1	{v0.b}[14], [BUF]	/* byte 2 of the last word */
	b	8f
7:	tbz	LEN, #0, 8f
	ld1	{v0.b}[12], [BUF]	/* byte 0 of the last word */
8:	eor	v19.16b, v19.16b, v0.16b

9:	eor	v16.16b, v16.16b, v17.16b
	eor	v18.16b, v18.16b, v19.16b
	eor	v16.16b, v16.16b, v18.16b
	fmov	x3, d16
	umov	x4, v16.d[1]
	eor	x3, x3, x4
	eor	x3, x3, x3, lsr #32
	eor	w0, w3, SEED
	ret
	.endm
