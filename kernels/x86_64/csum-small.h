/* The one-entry kernels' short paths (csum-sized-*.S): under 64 bytes
 * the call is most of the time and a kernel's instructions overlap with
 * its caller's, so each one counts.
 *
 * CSUM_40_AND_FOLD: exactly 40 bytes, an IPv6 header (the size Linux's
 * csum_partial has tested first since 2023, as its hot case): five adds
 * and the fold, no test on the length's bits.  In: rdi buf, edx the
 * sum.  Clobbers rdx.
 *
 * CSUM_SMALL_AND_FOLD: scalar adds, the fewest instructions a size
 * takes, then the fold to 32 bits (sized-avx2's path under 64 bytes
 * and after its vectors; sized-avx512 has a masked load instead).
 * In: rdi the bytes, esi how many (0..63), rax the sum so far, below
 * 2^63.  The 32-, 16- and 8-byte pieces go largest first, each an add
 * chain closed by adc $0, so each piece starts at an offset of buf that
 * is a multiple of 8.  The last 1..7 bytes are the high bytes of the 8
 * that end the buffer, shifted down: the same even offset, no read past
 * the end, one branch in place of three.  Under 8 bytes there is no
 * such word, and 4, 2 and 1 bytes are added as they come.  Clobbers
 * rcx, rdx, rdi, esi.
 */
#ifndef X86_64_CSUM_SMALL_H
#define X86_64_CSUM_SMALL_H

#include "csum-tail.h"		/* CSUM_ADD_BLOCK */

.macro CSUM_40_AND_FOLD
	movl	%edx,%edx
	addq	(%rdi),%rdx
	adcq	8(%rdi),%rdx
	adcq	16(%rdi),%rdx
	adcq	24(%rdi),%rdx
	adcq	32(%rdi),%rdx
	adcq	$0,%rdx
	movq	%rdx,%rax		/* 64 to 32 bits: the high half of */
	rolq	$32,%rax		/* x + (x rotated by 32) is hi + lo */
	addq	%rdx,%rax		/* with the end-around carry, and */
	shrq	$32,%rax		/* no flag between the steps */
	ret
.endm

.macro CSUM_SMALL_AND_FOLD
	cmpl	$8,%esi
	jb	.Ls4\@
	testl	$32,%esi
	jz	.Ls16\@
	CSUM_ADD_BLOCK 32
.Ls16\@:
	testl	$16,%esi
	jz	.Ls8\@
	CSUM_ADD_BLOCK 16
.Ls8\@:
	testl	$8,%esi
	jz	.Lslast\@
	CSUM_ADD_BLOCK 8
.Lslast\@:
	andl	$7,%esi
	jz	.Lsfold\@
	movq	-8(%rdi,%rsi),%rdx	/* ends at the buffer's end */
	leal	(,%rsi,8),%ecx
	negl	%ecx			/* 64 - 8 * (len & 7), as shrq masks it */
	shrq	%cl,%rdx
	addq	%rdx,%rax
	adcq	$0,%rax
	jmp	.Lsfold\@
.Ls4\@:					/* 0..7 bytes: rax stays below 2^64 */
	testl	$4,%esi
	jz	.Ls2\@
	movl	(%rdi),%edx
	addq	%rdx,%rax
	addq	$4,%rdi
.Ls2\@:
	testl	$2,%esi
	jz	.Ls1\@
	movzwl	(%rdi),%edx
	addq	%rdx,%rax
	addq	$2,%rdi
.Ls1\@:
	testl	$1,%esi
	jz	.Lsfold\@
	movzbl	(%rdi),%edx
	addq	%rdx,%rax
.Lsfold\@:
	FOLD_RAX
	ret
.endm

#endif
