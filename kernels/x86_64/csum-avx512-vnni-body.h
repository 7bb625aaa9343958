/* The avx512-vnni kernel, shared by csum-avx512-vnni.S and its prefetch
 * variant so the two differ only by the prefetch.
 *
 * uint32_t f(const void *buf, int len, uint32_t sum[, int dist])
 * rdi buf, esi len, edx sum, ecx dist; r8d the sum kept, r9 dist, r10
 * the 64-byte vectors in all, eax the 512-byte blocks left, ecx those of
 * this chunk; zmm0-7 the sums (signed dwords), zmm8-11 the data, zmm12
 * the words 1, zmm13 the words 0x8000, zmm14 the 64-bit total.  Any
 * alignment, any len >= 0.  Needs AVX-512F, BW and VNNI.
 *
 * vpdpwssd multiplies signed 16-bit words pairwise and adds both
 * products to a 32-bit lane: with the words 1, one instruction adds two
 * data words to a sum.  They are signed, so each word u is first XORed
 * with 0x8000, which makes it u - 32768 exactly; the loop is then two
 * vector ops per 64 bytes, the XOR folding the load (avx512 needs three
 * and a load).  Each vector adds 32 * 32768 = 2^20 less than its words,
 * so the total is the dword sums plus 2^20 per vector, counting the
 * zero-padded tail vector (its padding adds (0 - 32768) + 32768 = 0).
 * vpdpwssd has a latency of several cycles, hence eight sums.  A lane
 * takes at most 65536 in magnitude per vector, so up to 32767 vectors
 * may go into the eight sums together before their sum can leave 32
 * bits: the loop runs in chunks of 4094 blocks (2 MiB), after each of
 * which the eight are added as dwords and widened into zmm14.
 */
#include "x86_64-asm.h"

#define VNNI_CHUNK 4094

/* The eight sums into zmm14 as 64-bit lanes, and cleared. */
.macro VNNI_SPILL
	vpaddd	%zmm1,%zmm0,%zmm0
	vpaddd	%zmm3,%zmm2,%zmm2
	vpaddd	%zmm5,%zmm4,%zmm4
	vpaddd	%zmm7,%zmm6,%zmm6
	vpaddd	%zmm2,%zmm0,%zmm0
	vpaddd	%zmm6,%zmm4,%zmm4
	vpaddd	%zmm4,%zmm0,%zmm0
	vpsraq	$32,%zmm0,%zmm8		/* odd dwords, sign-extended */
	vpsllq	$32,%zmm0,%zmm0
	vpsraq	$32,%zmm0,%zmm0		/* even dwords */
	vpaddq	%zmm8,%zmm14,%zmm14
	vpaddq	%zmm0,%zmm14,%zmm14
	.irp	r,0,1,2,3,4,5,6,7
	vpxord	%zmm\r,%zmm\r,%zmm\r
	.endr
.endm

/* The 64-byte vector at \off(%rdi) into sum zmm\acc. */
.macro VNNI_ADD off, x, acc
	vpxorq	\off(%rdi),%zmm13,%zmm\x
	vpdpwssd %zmm12,%zmm\x,%zmm\acc
.endm

.macro CSUM_AVX512_VNNI name, prefetch
ENTRY(\name)
	movl	%edx,%r8d
	movslq	%ecx,%r9
	movl	%esi,%r10d
	addq	$63,%r10
	shrq	$6,%r10			/* vectors, the tail's included */
	vpxord	%zmm14,%zmm14,%zmm14
	vpternlogd $0xff,%zmm12,%zmm12,%zmm12
	vpsrlw	$15,%zmm12,%zmm12	/* words 1 */
	vpsllw	$15,%zmm12,%zmm13	/* words 0x8000 */
	.irp	r,0,1,2,3,4,5,6,7
	vpxord	%zmm\r,%zmm\r,%zmm\r
	.endr
	movl	%esi,%eax
	shrl	$9,%eax			/* 512-byte blocks */
	jz	3f
2:	movl	$VNNI_CHUNK,%ecx
	cmpl	%ecx,%eax
	cmovbl	%eax,%ecx
	subl	%ecx,%eax
	LOOP_AT \name
1:
	.if \prefetch
	prefetcht0 (%rdi,%r9)
	prefetcht0 64(%rdi,%r9)
	prefetcht0 128(%rdi,%r9)
	prefetcht0 192(%rdi,%r9)
	prefetcht0 256(%rdi,%r9)
	prefetcht0 320(%rdi,%r9)
	prefetcht0 384(%rdi,%r9)
	prefetcht0 448(%rdi,%r9)
	.endif
	VNNI_ADD 0, 8, 0
	VNNI_ADD 64, 9, 1
	VNNI_ADD 128, 10, 2
	VNNI_ADD 192, 11, 3
	VNNI_ADD 256, 8, 4
	VNNI_ADD 320, 9, 5
	VNNI_ADD 384, 10, 6
	VNNI_ADD 448, 11, 7
	addq	$512,%rdi
	decl	%ecx
	jnz	1b
	testl	%eax,%eax
	jz	3f
	VNNI_SPILL
	jmp	2b
3:	andl	$511,%esi
4:	cmpl	$64,%esi		/* 64-byte vectors left: at most 7 */
	jb	5f
	VNNI_ADD 0, 8, 0
	addq	$64,%rdi
	subl	$64,%esi
	jmp	4b
5:	testl	%esi,%esi
	jz	6f
	movl	%esi,%ecx
	movq	$1,%rdx
	shlq	%cl,%rdx
	decq	%rdx			/* the low len bits: len < 64 */
	kmovq	%rdx,%k1
	vmovdqu8 (%rdi),%zmm8{%k1}{z}
	vpxorq	%zmm8,%zmm13,%zmm8
	vpdpwssd %zmm12,%zmm8,%zmm1
6:	VNNI_SPILL
	vmovdqa64 %zmm14,%zmm0
	HADD_ZMM0_RAX			/* the dword sums, signed */
	vzeroupper
	shlq	$20,%r10
	addq	%r10,%rax		/* + 2^20 per vector: the words' sum */
	FOLD_RAX_ADD_R8D
	ret
END(\name)
.endm
