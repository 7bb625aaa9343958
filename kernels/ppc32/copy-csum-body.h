/* The copy-and-checksum loop shared by the four copy-csum*.S kernels, so
 * they differ only by whether each destination line is dcbz'd and each
 * source line dcbt'd.  Included from an ENTRY; a GNU as macro.
 *
 * name: the kernel's symbol, for the name_loop mark of the hot loop;
 * dcbz, dcbt: 1 to issue the instruction once per 32-byte line.
 * r3 src, r4 dst, r5 len, r6 sum (and accumulator), r7 prefetch distance
 * (dcbt variants); r0, r7-r12, ctr, cr0, cr7 scratch; returns r3.
 *
 * In the style of Linux's csum_partial_copy_generic (checksum_32.S): the
 * destination is aligned, first to a word by a byte and/or a halfword,
 * then to a cache line by single words; then each whole 32-byte line of
 * dst is copied by two steps of four lwz followed by four stw/adde pairs,
 * the lwz of a step issued together so that no stw waits on the load just
 * before it, with one lwzu and one stwu per line to move the pointers.
 * Before its stores each line is dcbz'd (the core then allocates it
 * without reading memory that is about to be overwritten), and the
 * source is dcbt'd a run-time distance ahead (r10 = dist + 4, r3 lagging
 * 4 behind the line being loaded).  Words, a halfword and a byte finish.
 *
 * Source alignment: once dst is aligned the source words are loaded at
 * whatever alignment src has, as Linux's copy loops (this one and memcpy
 * in copy_32.S) do.  The cores this targets (44x, e300, e500) do a
 * misaligned lwz in hardware in big-endian mode, as two accesses when it
 * crosses a boundary, and where an implementation traps instead the
 * kernel's alignment handler emulates the load: slower, never wrong.  A
 * shift-and-merge path for the misaligned case would read whole aligned
 * words, up to 3 bytes before src or past src + len, which the contract
 * (and the harness's guard pages) forbids.  Stores are always aligned:
 * words and the halfword tail go to a word-aligned dst.
 *
 * The sum is taken over the bytes as they are loaded, two 16-bit words
 * per 32-bit word counted from dst's word boundary.  When dst is odd that
 * boundary falls at an odd offset of src, which swaps the bytes of every
 * 16-bit word; ones'-complement sums commute with that swap, so the
 * incoming sum is rotated by 8 on entry, everything is summed in the
 * swapped frame (the head byte, before the boundary, being the low half
 * of its word), and the result is rotated by 8 again on exit: 16 in all,
 * the same after folding to 16 bits.  r12 holds 8 or 0 for the two rotlw.
 *
 * Line size: 32 bytes (44x, e300, e500).  dcbz zeroes the line holding
 * its address, and only lines lying wholly inside dst are given to it;
 * 8xx's 16-byte lines are safe too (dcbz zeroes the first half of the 32
 * bytes about to be stored), but a core with larger lines would zero bytes
 * outside dst: the harness's gate, which keeps canaries around dst,
 * catches that.
 */
	.macro	CSUM_COPY name, dcbz, dcbt
	.if \dcbt
	addi	r10,r7,4
	.endif
	rlwinm	r12,r4,3,28,28		/* 8 if dst is odd, else 0 */
	neg	r9,r4			/* low 5 bits: bytes to dst's next line */
	rotlw	r6,r6,r12		/* into the frame of dst's word boundary */
	addi	r3,r3,-4		/* lwzu/stwu update before they access */
	addic	r6,r6,0			/* CA = 0 */
	addi	r4,r4,-4
	andi.	r0,r9,1			/* a byte to a halfword boundary */
	beq	1f
	cmpwi	r5,1
	blt	7f
	lbz	r0,4(r3)
	addi	r3,r3,1
	stb	r0,4(r4)
	addi	r4,r4,1
	addi	r5,r5,-1
	adde	r6,r6,r0		/* a low half in the rotated frame */
1:	andi.	r0,r9,2			/* a halfword to a word boundary */
	beq	2f
	cmpwi	r5,2
	blt	7f
	lhz	r0,4(r3)
	addi	r3,r3,2
	sth	r0,4(r4)
	addi	r4,r4,2
	addi	r5,r5,-2
	adde	r6,r6,r0
2:	andi.	r0,r9,28		/* dst is word-aligned; words to its line */
	subf.	r8,r0,r5		/* bytes from the line boundary on */
	blt	5f			/* the end comes first */
	srwi.	r9,r8,5			/* whole lines of dst */
	beq	5f
	clrlwi	r5,r8,27		/* what the lines leave */
	srwi.	r0,r0,2
	beq	3f
	mtctr	r0
21:	lwzu	r7,4(r3)
	stwu	r7,4(r4)
	adde	r6,r6,r7
	bdnz	21b
3:	mtctr	r9
	.if \dcbz
	li	r11,4			/* dcbz r11,r4: the line at r4 + 4 */
	.endif
	.balign	CSUMBENCH_LOOP_ALIGN	/* as LOOP() in ppc32-asm.h */
	.globl	\name\()_loop
	.hidden	\name\()_loop
\name\()_loop:
4:
	.if \dcbt
	dcbt	r3,r10
	.endif
	.if \dcbz
	dcbz	r11,r4
	.endif
	lwz	r0,4(r3)
	lwz	r7,8(r3)
	lwz	r8,12(r3)
	lwz	r9,16(r3)
	stw	r0,4(r4)
	adde	r6,r6,r0
	stw	r7,8(r4)
	adde	r6,r6,r7
	stw	r8,12(r4)
	adde	r6,r6,r8
	stw	r9,16(r4)
	adde	r6,r6,r9
	lwz	r0,20(r3)
	lwz	r7,24(r3)
	lwz	r8,28(r3)
	lwzu	r9,32(r3)
	stw	r0,20(r4)
	adde	r6,r6,r0
	stw	r7,24(r4)
	adde	r6,r6,r7
	stw	r8,28(r4)
	adde	r6,r6,r8
	stwu	r9,32(r4)
	adde	r6,r6,r9
	bdnz	4b
5:	srwi.	r0,r5,2			/* single words */
	beq	7f
	mtctr	r0
6:	lwzu	r7,4(r3)
	stwu	r7,4(r4)
	adde	r6,r6,r7
	bdnz	6b
7:	mtcrf	0x01,r5			/* length bits 28-31 to cr7 */
	bf	LEN_HAS_2,8f
	lhz	r0,4(r3)
	addi	r3,r3,2
	sth	r0,4(r4)
	addi	r4,r4,2
	adde	r6,r6,r0
8:	bf	LEN_HAS_1,9f
	lbz	r0,4(r3)
	stb	r0,4(r4)
	slwi	r0,r0,8			/* a last byte is a word's high half */
	adde	r6,r6,r0
9:	addze	r3,r6
	rotlw	r3,r3,r12		/* back from the rotated frame */
	blr
	.endm
