/* csum_partial in one entry point that picks its path by length, for
 * CPUs with AVX-512 VNNI: the form a kernel would ship.
 *
 * uint32_t f(const void *buf, int len, uint32_t sum)
 * rdi buf, esi len, edx sum; eax result.  Any alignment, any len >= 0.
 *
 *   len == 40:        an IPv6 header: five adds (csum-small.h), 8.0
 *                     cycles a call here against 9.0 for the path below.
 *   len < 64:         one masked load, summed as the tail vector below:
 *                     9.0 cycles a call at every such length, where
 *                     scalar adds and their tests took 10 to 12.
 *   64 <= len <= 128 KiB:  avx512-vnni's scheme (each word XORed with
 *                     0x8000, then two words a dword lane by vpdpwssd)
 *                     with what costs per call cut down, since at 256 B
 *                     to 4 KiB the vector ops outside the loop are what
 *                     keep a kernel off the load limit: four sums, a
 *                     512-byte loop, the 256/128/64-byte rest as three
 *                     tested steps, the last 1..63 bytes one masked load,
 *                     and one 32-bit horizontal sum (below).
 *   len > 128 KiB:    the same, 128 KiB at a time.
 *
 * No prefetch: on Zen 5 one prefetcht0 per 512 bytes cost 20 to 30% at
 * 64 and 256 KiB warm (data in L2) and bought 3% at 4 KiB cold; one per
 * 64 bytes bought 5% there and cost 14 to 21% at 4 to 16 KiB warm.
 *
 * The multiplier is the words -1, so each vector adds 32 * 32768 minus
 * its words' sum to the sums, the zero-padded tail vector's padding
 * adding nothing net.  With V vectors the words' sum is then
 * (V << 20) - S, S the sums' total.  That sum is below 65535 * 32 * V,
 * under 2^32 for V <= 2048 (128 KiB), so 32-bit wrapping arithmetic
 * gives it exactly: no 64-bit widening and no fold, only the incoming
 * sum added with its end-around carry.
 */
#include "x86_64-asm.h"
#include "csum-small.h"

#define SIZED_VECTOR_MAX 131072

/* The 64-byte vector at \off(%rdi) into sum zmm\acc (zmm\x scratch). */
.macro SIZED_ADD off, x, acc
	vpxorq	\off(%rdi),%zmm13,%zmm\x
	vpdpwssd %zmm12,%zmm\x,%zmm\acc
.endm

ENTRY(csum_x86_64_sized_avx512)
	cmpl	$40,%esi
	je	.L40
	movl	%edx,%r8d
	cmpl	$64,%esi
	jb	.Lsmall
	cmpl	$SIZED_VECTOR_MAX,%esi
	ja	.Llarge
/* esi bytes at rdi, 0 to 128 KiB, added to the sum in r8d: eax. */
.Lvector:
	vpternlogd $0xff,%zmm12,%zmm12,%zmm12	/* words -1 */
	vpsllw	$15,%zmm12,%zmm13		/* words 0x8000 */
	vpxord	%zmm0,%zmm0,%zmm0
	vpxord	%zmm1,%zmm1,%zmm1
	vpxord	%zmm2,%zmm2,%zmm2
	vpxord	%zmm3,%zmm3,%zmm3
	leal	63(%rsi),%r10d
	shrl	$6,%r10d
	shll	$20,%r10d		/* 2^20 per vector, the tail's too */
	movl	%esi,%ecx
	shrl	$9,%ecx			/* 512-byte blocks */
	jz	2f
	.irp	r,4,5,6,7
	vpxord	%zmm\r,%zmm\r,%zmm\r
	.endr
	LOOP_AT csum_x86_64_sized_avx512
1:	SIZED_ADD 0, 8, 0
	SIZED_ADD 64, 9, 1
	SIZED_ADD 128, 10, 2
	SIZED_ADD 192, 11, 3
	SIZED_ADD 256, 8, 4
	SIZED_ADD 320, 9, 5
	SIZED_ADD 384, 10, 6
	SIZED_ADD 448, 11, 7
	addq	$512,%rdi
	decl	%ecx
	jnz	1b
	vpaddd	%zmm4,%zmm0,%zmm0
	vpaddd	%zmm5,%zmm1,%zmm1
	vpaddd	%zmm6,%zmm2,%zmm2
	vpaddd	%zmm7,%zmm3,%zmm3
	testl	$511,%esi		/* a multiple of 512: straight on */
	jz	6f
2:	testl	$256,%esi
	jz	3f
	SIZED_ADD 0, 8, 0
	SIZED_ADD 64, 9, 1
	SIZED_ADD 128, 10, 2
	SIZED_ADD 192, 11, 3
	addq	$256,%rdi
	testl	$255,%esi
	jz	6f
3:	testl	$128,%esi
	jz	4f
	SIZED_ADD 0, 8, 0
	SIZED_ADD 64, 9, 1
	addq	$128,%rdi
4:	testl	$64,%esi
	jz	5f
	SIZED_ADD 0, 10, 2
	addq	$64,%rdi
5:	andl	$63,%esi
	jz	6f
	movq	$-1,%rdx
	bzhiq	%rsi,%rdx,%rdx		/* the low len bits */
	kmovq	%rdx,%k1
	vmovdqu8 (%rdi),%zmm11{%k1}{z}
	vpxorq	%zmm11,%zmm13,%zmm11
	vpdpwssd %zmm12,%zmm11,%zmm3
6:	vpaddd	%zmm1,%zmm0,%zmm0
	vpaddd	%zmm3,%zmm2,%zmm2
	vpaddd	%zmm2,%zmm0,%zmm0
7:	vextracti64x4 $1,%zmm0,%ymm1	/* the 16 dwords' total */
	vpaddd	%ymm1,%ymm0,%ymm0
	vextracti128 $1,%ymm0,%xmm1
	vpaddd	%xmm1,%xmm0,%xmm0
	vpunpckhqdq %xmm0,%xmm0,%xmm1
	vpaddd	%xmm1,%xmm0,%xmm0
	vmovq	%xmm0,%rax
	vzeroupper
	movq	%rax,%rdx
	shrq	$32,%rdx
	addl	%edx,%eax
	subl	%eax,%r10d		/* the words' sum, exact */
	movl	%r10d,%eax
	addl	%r8d,%eax
	adcl	$0,%eax
	ret
/* 0..63 bytes: one masked load, the sum as one vector's. */
.Lsmall:
	vpternlogd $0xff,%zmm12,%zmm12,%zmm12
	vpsllw	$15,%zmm12,%zmm13
	movq	$-1,%rdx
	bzhiq	%rsi,%rdx,%rdx
	kmovq	%rdx,%k1
	vmovdqu8 (%rdi),%zmm0{%k1}{z}
	vpxorq	%zmm0,%zmm13,%zmm0
	vpmaddwd %zmm12,%zmm0,%zmm0
	movl	$1 << 20,%r10d
	jmp	7b
/* 40 bytes, an IPv6 header (csum-small.h). */
.L40:
	CSUM_40_AND_FOLD
/* Over 128 KiB: 128 KiB at a time, each folded into the sum (a call
   within the function, so a copy of it made for code placement runs). */
.Llarge:
	movl	%esi,%r9d
8:	movl	$SIZED_VECTOR_MAX,%esi
	call	.Lvector
	movl	%eax,%r8d
	subl	$SIZED_VECTOR_MAX,%r9d
	cmpl	$SIZED_VECTOR_MAX,%r9d
	ja	8b
	movl	%r9d,%esi
	jmp	.Lvector
END(csum_x86_64_sized_avx512)

	.section .note.GNU-stack,"",@progbits
