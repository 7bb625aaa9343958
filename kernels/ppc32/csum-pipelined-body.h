/* The software-pipelined loop shared by csum-pipelined.S and
 * csum-pipelined-dcbt.S, so the two differ only by the dcbt.  Included
 * from an ENTRY; a GNU as macro.
 *
 * name: the kernel's symbol, for the name_loop mark of the hot loop.
 * r3 buf, r4 len, r5 sum (and accumulator), r6 prefetch distance (dcbt
 * variant); r0, r6-r9, ctr, cr0 scratch.
 *
 * The shape of __csum_partial in mainline arch/powerpc/lib/checksum_32.S
 * (since 2015): srawi. counts the words and clears CA; a halfword brings
 * a 2-mod-4 start to a word boundary (odd starts are left to the
 * hardware's misaligned loads, the sum depending only on the offset from
 * buf); 0-3 single words leave a multiple of four.  Then the 16-byte
 * blocks are software-pipelined: the first block's four loads and three
 * of its adds are issued before the loop, and each iteration pairs every
 * load with the add of the word loaded before it, so no add waits on the
 * load just issued and the fourth add of a block happens in the next
 * iteration (or after the loop, for the last block).  bdz leaves before
 * the loop when the prologue's block was the only one.  9 instructions
 * per 16 bytes, as unroll4, but the loads and adds alternate.  The tails
 * test the length bits with andi., as mainline does.
 *
 * The dcbt variant adds one "dcbt r3,r9" at the top of the iteration,
 * r9 holding the distance plus the 4 that r3 lags behind the block the
 * iteration loads (r6, where the distance arrives, is one of the loop's
 * data registers).  dcbt never faults, so prefetching past the buffer is
 * harmless.
 */
	.macro	CSUM_PIPELINED name, prefetch
	.if \prefetch
	addi	r9,r6,4
	.endif
	addi	r3,r3,-4		/* lwz(u) offsets start at 4 */
	srawi.	r6,r4,2			/* whole words; CA = 0 as len >= 0 */
	beq	3f
	andi.	r0,r3,2			/* halfword to a word boundary */
	beq	1f
	lhz	r0,4(r3)
	addi	r4,r4,-2
	addi	r3,r3,2
	srwi.	r6,r4,2
	adde	r5,r5,r0
	beq	3f
1:	andi.	r6,r6,3			/* 0-3 words so the rest comes in 4s */
	beq	21f
	mtctr	r6
2:	lwzu	r0,4(r3)
	adde	r5,r5,r0
	bdnz	2b
21:	srwi.	r6,r4,4			/* 16-byte blocks */
	beq	3f
	lwz	r0,4(r3)		/* prologue: the first block's loads... */
	mtctr	r6
	lwz	r6,8(r3)
	adde	r5,r5,r0		/* ...and all but its last add */
	lwz	r7,12(r3)
	adde	r5,r5,r6
	lwzu	r8,16(r3)
	adde	r5,r5,r7
	bdz	23f			/* one block: only its last word to add */
	.balign	CSUMBENCH_LOOP_ALIGN	/* as LOOP() in ppc32-asm.h */
	.globl	\name\()_loop
	.hidden	\name\()_loop
\name\()_loop:
22:
	.if \prefetch
	dcbt	r3,r9
	.endif
	lwz	r0,4(r3)
	adde	r5,r5,r8		/* the previous block's last word */
	lwz	r6,8(r3)
	adde	r5,r5,r0
	lwz	r7,12(r3)
	adde	r5,r5,r6
	lwzu	r8,16(r3)
	adde	r5,r5,r7
	bdnz	22b
23:	adde	r5,r5,r8		/* the last block's last word */
3:	andi.	r0,r4,2
	beq	4f
	lhz	r0,4(r3)
	addi	r3,r3,2
	adde	r5,r5,r0
4:	andi.	r0,r4,1
	beq	5f
	lbz	r0,4(r3)
	slwi	r0,r0,8			/* a last byte is a word's high half */
	adde	r5,r5,r0
5:	addze	r3,r5
	blr
	.endm
