/* The unrolled loop shared by csum-unroll4.S and csum-unroll4-dcbt.S, so
 * the two differ only by the dcbt.  Included from an ENTRY; a GNU as macro.
 *
 * name: the kernel's symbol, for the name_loop mark of the hot loop.
 * r3 buf, r4 len, r5 sum (and accumulator), r6 prefetch distance (dcbt
 * variant); r0, r6-r11, ctr, cr7 scratch.
 *
 * After the tuned set-up (srawi. clears CA) and a halfword to a word
 * boundary, 0-3 single words make the rest a multiple of four; then each
 * iteration issues all four loads before the four adde, so the load-use
 * delay of one is hidden behind the others, and updates the pointer once,
 * with the last load's lwzu: 9 instructions per 16 bytes.  The dcbt
 * variant adds one "dcbt r3,r11" at the top of the iteration, r11 holding
 * the distance plus the 4 that r3 lags behind the next load, so the
 * distance is counted from the bytes this iteration sums.  dcbt never
 * faults, so prefetching past the buffer is harmless.
 */
	.macro	CSUM_UNROLL4 name, prefetch
	.if \prefetch
	addi	r11,r6,4
	.endif
	srawi.	r6,r4,2			/* whole words; CA = 0 as len >= 0 */
	addi	r3,r3,-4		/* lwzu updates before it loads */
	beq	5f
	andi.	r0,r3,2			/* halfword to a word boundary */
	beq	1f
	lhz	r0,4(r3)
	addi	r3,r3,2
	addi	r4,r4,-2
	adde	r5,r5,r0
	srwi.	r6,r4,2
	beq	5f
1:	andi.	r0,r6,3			/* 0-3 words so the rest comes in 4s */
	beq	3f
	mtctr	r0
2:	lwzu	r0,4(r3)
	adde	r5,r5,r0
	bdnz	2b
3:	srwi.	r6,r6,2
	beq	5f
	mtctr	r6
	.balign	CSUMBENCH_LOOP_ALIGN	/* as LOOP() in ppc32-asm.h */
	.globl	\name\()_loop
	.hidden	\name\()_loop
\name\()_loop:
4:
	.if \prefetch
	dcbt	r3,r11
	.endif
	lwz	r7,4(r3)
	lwz	r8,8(r3)
	lwz	r9,12(r3)
	lwzu	r10,16(r3)
	adde	r5,r5,r7
	adde	r5,r5,r8
	adde	r5,r5,r9
	adde	r5,r5,r10
	bdnz	4b
5:	mtcrf	0x01,r4			/* length bits 28-31 to cr7 */
	bf	LEN_HAS_2,6f
	lhz	r0,4(r3)
	addi	r3,r3,2
	adde	r5,r5,r0
6:	bf	LEN_HAS_1,7f
	lbz	r0,4(r3)
	slwi	r0,r0,8			/* a last byte is a word's high half */
	adde	r5,r5,r0
7:	addze	r3,r5
	blr
	.endm
