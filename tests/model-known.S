/* Kernels whose dynamic instruction counts are known by construction,
 * for the core model's count tests (tests/model-counts.c, tests/model.sh).
 * 32-bit PowerPC, SysV ABI. */
	.text

/* known_loop(n): n >= 1 iterations of two adds and a bdnz.
 * Per call: other 1 (mtctr), integer 1 + 2n, branches taken n (n - 1
 * bdnz and the blr), not taken 1 (the last bdnz). */
	.p2align 6
	.globl known_loop
	.type known_loop,@function
known_loop:
	mtctr	3
	li	3,0
1:	addi	3,3,1
	addi	4,4,2
	bdnz	1b
	blr
	.size known_loop,.-known_loop

/* known_mem(buf): one of each memory class on buf (64-byte aligned,
 * 64 bytes): loads at buf and buf + 4, a store at buf + 12, dcbt of
 * buf + 36, dcbz of buf + 32, dcbf of buf + 4; integer 3 (addic, li,
 * li), carry 1 (adde), branch taken 1 (blr). */
	.p2align 6
	.globl known_mem
	.type known_mem,@function
known_mem:
	addic	0,0,0
	lwz	5,0(3)
	lwzu	6,4(3)
	adde	0,5,6
	stw	0,8(3)
	li	7,32
	dcbt	3,7
	li	8,28
	dcbz	8,3
	dcbf	0,3
	blr
	.size known_mem,.-known_mem

	.section .note.GNU-stack,"",@progbits
