/* The end of the adc kernels: the bytes left after their loop, summed
 * into rax, then the fold to 32 bits in eax.
 *
 * In: rdi the next byte, esi whose low 7 bits are the bytes left (64 or
 * more are taken as one more 64-byte block), rax the 64-bit ones'-
 * complement accumulator, CF not live.  Each block starts with add and
 * ends with adc $0, so the blocks need no carry from each other.  The
 * bytes are taken largest first, so each piece starts at an even offset
 * of buf and a last lone byte is the low (first) byte of its 16-bit
 * word, little-endian.  Clobbers rdx, rdi.
 */
#ifndef X86_64_CSUM_TAIL_H
#define X86_64_CSUM_TAIL_H

#include "x86_64-asm.h"		/* FOLD_RAX */

/* \bytes (8 to 64, a multiple of 8) at rdi added into rax as one add
   chain closed by adc $0, rdi then past them (lea: the flags untouched). */
.macro CSUM_ADD_BLOCK bytes
	addq	(%rdi),%rax
	.irp	off,8,16,24,32,40,48,56
	.if	\off < \bytes
	adcq	\off(%rdi),%rax
	.endif
	.endr
	adcq	$0,%rax
	leaq	\bytes(%rdi),%rdi
.endm

.macro CSUM_TAIL_AND_FOLD
	testl	$64,%esi
	jz	.Lt32\@
	CSUM_ADD_BLOCK 64
.Lt32\@:
	testl	$32,%esi
	jz	.Lt16\@
	CSUM_ADD_BLOCK 32
.Lt16\@:
	testl	$16,%esi
	jz	.Lt8\@
	CSUM_ADD_BLOCK 16
.Lt8\@:
	testl	$8,%esi
	jz	.Lt4\@
	CSUM_ADD_BLOCK 8
.Lt4\@:
	testl	$4,%esi
	jz	.Lt2\@
	movl	(%rdi),%edx		/* zero-extends: no carry out of 32 */
	addq	%rdx,%rax
	adcq	$0,%rax
	leaq	4(%rdi),%rdi
.Lt2\@:
	testl	$2,%esi
	jz	.Lt1\@
	movzwl	(%rdi),%edx
	addq	%rdx,%rax
	adcq	$0,%rax
	leaq	2(%rdi),%rdi
.Lt1\@:
	testl	$1,%esi
	jz	.Lfold\@
	movzbl	(%rdi),%edx
	addq	%rdx,%rax
	adcq	$0,%rax
.Lfold\@:
	FOLD_RAX
	ret
.endm

#endif
