/* The avx512 kernel, shared by csum-avx512.S and csum-avx512-prefetch.S
 * so the two differ only by the prefetch.
 *
 * uint32_t f(const void *buf, int len, uint32_t sum[, int dist])
 * rdi buf, esi len, edx sum, ecx dist; r8d the sum kept, r9 dist, eax
 * the 256-byte blocks left; zmm0-3 the lane sums, zmm4-7 the sums of
 * high halves, zmm8-11 the data.  Any alignment, any len >= 0.  Needs
 * AVX-512F and BW (the byte-masked tail).
 *
 * Each 64-bit lane x of the data goes into two sums: all += x (mod 2^64,
 * so carries out of bit 63 are lost) and hi += x >> 32, which is exact.
 * Since all = lo + 2^32 hi mod 2^64, and the true sum lo of the low
 * halves stays below 2^64 for any int len, lo = all - (hi << 32) exactly,
 * and lo + hi is the sum of every 32-bit word: congruent modulo 0xffff to
 * the sum of the 16-bit words (2^16 = 1 mod 0xffff).  So the loop is one
 * load and three vector ops per 64 bytes, with no carry chain; four
 * pairs of sums keep the adds independent.  The load is its own
 * instruction because folding it into both the add and the shift, as a
 * compiler does, loads each line twice and halves the load bandwidth.
 * The last 0..63 bytes are one masked load: masked-off bytes read as
 * zero (the contract's padding) and never fault.
 */
#include "x86_64-asm.h"

/* One 64-byte vector in zmm\x: into the sums \all and \hi. */
.macro AVX512_ADD x, all, hi
	vpaddq	%zmm\x,%zmm\all,%zmm\all
	vpsrlq	$32,%zmm\x,%zmm\x
	vpaddq	%zmm\x,%zmm\hi,%zmm\hi
.endm

.macro CSUM_AVX512 name, prefetch
ENTRY(\name)
	movl	%edx,%r8d
	movslq	%ecx,%r9
	.irp	r,0,1,2,3,4,5,6,7
	vpxord	%zmm\r,%zmm\r,%zmm\r
	.endr
	movl	%esi,%eax
	shrl	$8,%eax			/* 256-byte blocks */
	jz	2f
	LOOP_AT \name
1:
	.if \prefetch
	prefetcht0 (%rdi,%r9)
	prefetcht0 64(%rdi,%r9)
	prefetcht0 128(%rdi,%r9)
	prefetcht0 192(%rdi,%r9)
	.endif
	vmovdqu64 (%rdi),%zmm8
	vmovdqu64 64(%rdi),%zmm9
	vmovdqu64 128(%rdi),%zmm10
	vmovdqu64 192(%rdi),%zmm11
	AVX512_ADD 8, 0, 4
	AVX512_ADD 9, 1, 5
	AVX512_ADD 10, 2, 6
	AVX512_ADD 11, 3, 7
	addq	$256,%rdi
	decl	%eax
	jnz	1b
	andl	$255,%esi
2:	cmpl	$64,%esi		/* 64-byte vectors left */
	jb	3f
	vmovdqu64 (%rdi),%zmm8
	AVX512_ADD 8, 0, 4
	addq	$64,%rdi
	subl	$64,%esi
	jmp	2b
3:	testl	%esi,%esi
	jz	4f
	movl	%esi,%ecx
	movq	$1,%rdx
	shlq	%cl,%rdx
	decq	%rdx			/* the low len bits: len < 64 */
	kmovq	%rdx,%k1
	vmovdqu8 (%rdi),%zmm8{%k1}{z}
	AVX512_ADD 8, 1, 5
4:	vpaddq	%zmm1,%zmm0,%zmm0
	vpaddq	%zmm3,%zmm2,%zmm2
	vpaddq	%zmm5,%zmm4,%zmm4
	vpaddq	%zmm7,%zmm6,%zmm6
	vpaddq	%zmm2,%zmm0,%zmm0	/* all */
	vpaddq	%zmm6,%zmm4,%zmm4	/* hi */
	vpsllq	$32,%zmm4,%zmm8
	vpsubq	%zmm8,%zmm0,%zmm0	/* lo */
	vpaddq	%zmm4,%zmm0,%zmm0	/* lo + hi: each lane < 2^59 */
	HADD_ZMM0_RAX			/* eight lanes: < 2^62 */
	vzeroupper
	FOLD_RAX_ADD_R8D
	ret
END(\name)
.endm
