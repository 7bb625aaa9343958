/* The avx2 kernel, shared by csum-avx2.S and csum-avx2-prefetch.S so the
 * two differ only by the prefetch.
 *
 * uint32_t f(const void *buf, int len, uint32_t sum[, int dist])
 * rdi buf, esi len, edx sum, ecx dist; r9 dist, eax the 128-byte blocks
 * left; ymm0-3 the lane sums, ymm4-7 the sums of high halves, ymm8-11 the
 * data.  Any alignment, any len >= 0.  Needs AVX2.
 *
 * avx512's scheme (csum-avx512-body.h) on 32-byte vectors: per 64-bit
 * lane all += x and hi += x >> 32, lo = all - (hi << 32), and lo + hi
 * is congruent to the checksum; one load and three vector ops per 32
 * bytes, four pairs of sums, 128 bytes per iteration.  AVX2 has no
 * byte-masked load, so the last 0..31 bytes go through adc1's scalar
 * tail (csum-tail.h), with the vector total and the sum in rax.
 */
#include "x86_64-asm.h"
#include "csum-tail.h"

/* One 32-byte vector in ymm\x: into the sums \all and \hi. */
.macro AVX2_ADD x, all, hi
	vpaddq	%ymm\x,%ymm\all,%ymm\all
	vpsrlq	$32,%ymm\x,%ymm\x
	vpaddq	%ymm\x,%ymm\hi,%ymm\hi
.endm

.macro CSUM_AVX2 name, prefetch
ENTRY(\name)
	movl	%edx,%r8d
	movslq	%ecx,%r9
	.irp	r,0,1,2,3,4,5,6,7
	vpxor	%xmm\r,%xmm\r,%xmm\r	/* VEX: the upper halves too */
	.endr
	movl	%esi,%eax
	shrl	$7,%eax			/* 128-byte blocks */
	jz	2f
	LOOP_AT \name
1:
	.if \prefetch
	prefetcht0 (%rdi,%r9)
	prefetcht0 64(%rdi,%r9)
	.endif
	vmovdqu	(%rdi),%ymm8
	vmovdqu	32(%rdi),%ymm9
	vmovdqu	64(%rdi),%ymm10
	vmovdqu	96(%rdi),%ymm11
	AVX2_ADD 8, 0, 4
	AVX2_ADD 9, 1, 5
	AVX2_ADD 10, 2, 6
	AVX2_ADD 11, 3, 7
	subq	$-128,%rdi		/* imm8: a shorter encoding than add */
	decl	%eax
	jnz	1b
	andl	$127,%esi
2:	cmpl	$32,%esi		/* 32-byte vectors left */
	jb	3f
	vmovdqu	(%rdi),%ymm8
	AVX2_ADD 8, 0, 4
	addq	$32,%rdi
	subl	$32,%esi
	jmp	2b
3:	vpaddq	%ymm1,%ymm0,%ymm0
	vpaddq	%ymm3,%ymm2,%ymm2
	vpaddq	%ymm5,%ymm4,%ymm4
	vpaddq	%ymm7,%ymm6,%ymm6
	vpaddq	%ymm2,%ymm0,%ymm0	/* all */
	vpaddq	%ymm6,%ymm4,%ymm4	/* hi */
	vpsllq	$32,%ymm4,%ymm8
	vpsubq	%ymm8,%ymm0,%ymm0	/* lo */
	vpaddq	%ymm4,%ymm0,%ymm0	/* lo + hi: each lane < 2^59 */
	HADD_YMM0			/* four lanes: < 2^61 */
	vzeroupper
	addq	%r8,%rax		/* the sum: no carry out below 2^62 */
	CSUM_TAIL_AND_FOLD
END(\name)
.endm
