/* csum_partial in one entry point that picks its path by length, for
 * CPUs with AVX2 and no AVX-512: sized-avx512's counterpart.
 *
 * uint32_t f(const void *buf, int len, uint32_t sum)
 * rdi buf, esi len, edx sum; eax result.  Any alignment, any len >= 0.
 *
 *   len < 64:   scalar adds (csum-small.h), no vector state; 40 bytes,
 *               an IPv6 header, as five adds with no test on its bits.
 *   len >= 64:  avx2's scheme (csum-avx2-body.h: per 64-bit lane
 *               all += x and hi += x >> 32): four pairs of sums in
 *               a 128-byte loop (two pairs ran 5 to 10% slower at
 *               16 KiB), two of them for the 64- and 32-byte rest as
 *               tested steps, and the last 0..31 bytes through the
 *               scalar adds, as avx2 has no byte-masked load.
 *
 * AVX2 has no instruction that adds 16-bit words into wider lanes
 * without a sign fix, so each 32 bytes costs three vector ops; the
 * load is its own.
 */
#include "x86_64-asm.h"
#include "csum-small.h"

/* The 32-byte vector at \off(%rdi) into the sums \all and \hi. */
.macro SIZED2_ADD off, x, all, hi
	vmovdqu	\off(%rdi),%ymm\x
	vpaddq	%ymm\x,%ymm\all,%ymm\all
	vpsrlq	$32,%ymm\x,%ymm\x
	vpaddq	%ymm\x,%ymm\hi,%ymm\hi
.endm

ENTRY(csum_x86_64_sized_avx2)
	cmpl	$40,%esi
	je	.L40x2
	movl	%edx,%eax
	cmpl	$64,%esi
	jb	.Lsmall2
	vpxor	%xmm0,%xmm0,%xmm0	/* VEX: the upper halves too */
	vpxor	%xmm1,%xmm1,%xmm1
	vpxor	%xmm2,%xmm2,%xmm2
	vpxor	%xmm3,%xmm3,%xmm3
	vpxor	%xmm4,%xmm4,%xmm4
	vpxor	%xmm5,%xmm5,%xmm5
	vpxor	%xmm6,%xmm6,%xmm6
	vpxor	%xmm7,%xmm7,%xmm7
	movl	%esi,%ecx
	shrl	$7,%ecx			/* 128-byte blocks */
	jz	2f
	LOOP_AT csum_x86_64_sized_avx2
1:	SIZED2_ADD 0, 8, 0, 2
	SIZED2_ADD 32, 9, 1, 3
	SIZED2_ADD 64, 10, 4, 6
	SIZED2_ADD 96, 11, 5, 7
	subq	$-128,%rdi		/* imm8: a shorter encoding than add */
	decl	%ecx
	jnz	1b
	testl	$127,%esi		/* a multiple of 128: straight on */
	jz	4f
2:	testl	$64,%esi
	jz	3f
	SIZED2_ADD 0, 8, 0, 2
	SIZED2_ADD 32, 9, 1, 3
	addq	$64,%rdi
3:	testl	$32,%esi
	jz	4f
	SIZED2_ADD 0, 10, 0, 2
	addq	$32,%rdi
4:	vpaddq	%ymm4,%ymm0,%ymm0
	vpaddq	%ymm5,%ymm1,%ymm1
	vpaddq	%ymm6,%ymm2,%ymm2
	vpaddq	%ymm7,%ymm3,%ymm3
	vpaddq	%ymm1,%ymm0,%ymm0	/* all */
	vpaddq	%ymm3,%ymm2,%ymm2	/* hi */
	vpsllq	$32,%ymm2,%ymm1
	vpsubq	%ymm1,%ymm0,%ymm0	/* lo */
	vpaddq	%ymm2,%ymm0,%ymm0	/* lo + hi: each lane < 2^59 */
	HADD_YMM0 rdx			/* rax holds the sum */
	vzeroupper
	addq	%rdx,%rax		/* + the sum: no carry out below 2^62 */
	andl	$31,%esi
.Lsmall2:
	CSUM_SMALL_AND_FOLD
.L40x2:
	CSUM_40_AND_FOLD
END(csum_x86_64_sized_avx2)

	.section .note.GNU-stack,"",@progbits
