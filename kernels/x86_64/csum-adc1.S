/* csum_partial by one adc chain, 64 bytes per iteration.
 *
 * uint32_t csum_x86_64_adc1(const void *buf, int len, uint32_t sum)
 * rdi buf, esi len, edx sum; rax the 64-bit accumulator, ecx the blocks
 * left; returns eax.  Any alignment (x86 loads need none), any len >= 0.
 *
 * The classic form of Linux's x86-64 csum_partial: eight adc of 64-bit
 * words per iteration, each taking the previous carry back in, and the
 * carry kept alive from one iteration to the next (lea and dec leave CF
 * alone), so every add waits for the one before: a chain of one adc per
 * 8 bytes, at best 8 bytes per cycle where adc has a latency of one.
 * A last adc $0 takes in the final carry; the 64-bit ones'-complement
 * sum is congruent to the 16-bit one modulo 0xffff (csum-tail.h folds).
 */
#include "x86_64-asm.h"
#include "csum-tail.h"

ENTRY(csum_x86_64_adc1)
	movl	%edx,%eax		/* the sum, zero-extended, starts it */
	movl	%esi,%ecx
	shrl	$6,%ecx			/* 64-byte blocks */
	jz	2f
	clc				/* shr left its last bit out in CF */
LOOP(csum_x86_64_adc1)
1:	adcq	(%rdi),%rax
	adcq	8(%rdi),%rax
	adcq	16(%rdi),%rax
	adcq	24(%rdi),%rax
	adcq	32(%rdi),%rax
	adcq	40(%rdi),%rax
	adcq	48(%rdi),%rax
	adcq	56(%rdi),%rax
	leaq	64(%rdi),%rdi
	decl	%ecx
	jnz	1b
	adcq	$0,%rax
	andl	$63,%esi		/* the tail takes 64 as a block */
2:	CSUM_TAIL_AND_FOLD
END(csum_x86_64_adc1)

	.section .note.GNU-stack,"",@progbits
