/* csum_partial by two adc chains, 128 bytes per iteration.
 *
 * uint32_t csum_x86_64_adc2(const void *buf, int len, uint32_t sum)
 * rdi buf, esi len, edx sum; rax chain A, r8 chain B, ecx the blocks
 * left; returns eax.  Any alignment, any len >= 0.
 *
 * x86 has one carry flag, so two adc chains cannot be interleaved
 * instruction by instruction; but flags are renamed, so two chains that
 * take no carry from each other run side by side.  Each iteration gives
 * the first 64 bytes to A and the next 64 to B; each starts with add
 * (no carry in) and ends with adc $0 (its carry taken in), so B's first
 * add does not wait for A's last adc.  Nine dependent ops per chain per
 * 128 bytes where adc1 has sixteen.  A final adc $0 after an adc chain
 * never carries out: its incoming state cannot be all ones with CF set.
 */
#include "x86_64-asm.h"
#include "csum-tail.h"

ENTRY(csum_x86_64_adc2)
	movl	%edx,%eax		/* chain A starts from the sum */
	xorl	%r8d,%r8d		/* chain B from 0 */
	movl	%esi,%ecx
	shrl	$7,%ecx			/* 128-byte blocks */
	jz	2f
LOOP(csum_x86_64_adc2)
1:	addq	(%rdi),%rax
	adcq	8(%rdi),%rax
	adcq	16(%rdi),%rax
	adcq	24(%rdi),%rax
	adcq	32(%rdi),%rax
	adcq	40(%rdi),%rax
	adcq	48(%rdi),%rax
	adcq	56(%rdi),%rax
	adcq	$0,%rax
	addq	64(%rdi),%r8
	adcq	72(%rdi),%r8
	adcq	80(%rdi),%r8
	adcq	88(%rdi),%r8
	adcq	96(%rdi),%r8
	adcq	104(%rdi),%r8
	adcq	112(%rdi),%r8
	adcq	120(%rdi),%r8
	adcq	$0,%r8
	leaq	128(%rdi),%rdi
	decl	%ecx
	jnz	1b
	addq	%r8,%rax
	adcq	$0,%rax
	andl	$127,%esi		/* 64 or more left: one more block */
2:	CSUM_TAIL_AND_FOLD
END(csum_x86_64_adc2)

	.section .note.GNU-stack,"",@progbits
