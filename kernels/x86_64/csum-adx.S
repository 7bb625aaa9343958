/* csum_partial by adcx and adox: two carry chains, 128 bytes per
 * iteration.  Needs ADX (Broadwell, Zen and later).
 *
 * uint32_t csum_x86_64_adx(const void *buf, int len, uint32_t sum)
 * rdi buf, esi len, edx sum; rax chain A (carry in CF, adcx), r8 chain B
 * (carry in OF, adox), r9 zero, rcx the blocks left; returns eax.
 *
 * adcx adds with CF and touches no other flag; adox the same with OF.
 * So the two chains alternate instruction by instruction, each keeping
 * its carry alive across iterations, with one dependent op per 16 bytes
 * per chain.  The loop counts without flags (lea, jrcxz, jmp), since dec
 * would overwrite OF.  After it, adcx and adox of the zero register take
 * in the last carries, and the tail is adc1's (csum-tail.h).
 */
#include "x86_64-asm.h"
#include "csum-tail.h"

ENTRY(csum_x86_64_adx)
	movl	%edx,%eax		/* chain A starts from the sum */
	movl	%esi,%ecx
	shrl	$7,%ecx			/* 128-byte blocks, zero-extended */
	jz	2f
	xorl	%r8d,%r8d		/* chain B from 0; CF = OF = 0 */
	xorl	%r9d,%r9d
LOOP(csum_x86_64_adx)
1:	adcxq	(%rdi),%rax
	adoxq	8(%rdi),%r8
	adcxq	16(%rdi),%rax
	adoxq	24(%rdi),%r8
	adcxq	32(%rdi),%rax
	adoxq	40(%rdi),%r8
	adcxq	48(%rdi),%rax
	adoxq	56(%rdi),%r8
	adcxq	64(%rdi),%rax
	adoxq	72(%rdi),%r8
	adcxq	80(%rdi),%rax
	adoxq	88(%rdi),%r8
	adcxq	96(%rdi),%rax
	adoxq	104(%rdi),%r8
	adcxq	112(%rdi),%rax
	adoxq	120(%rdi),%r8
	leaq	128(%rdi),%rdi
	leaq	-1(%rcx),%rcx
	jrcxz	3f
	jmp	1b
3:	adcxq	%r9,%rax		/* the last CF */
	adoxq	%r9,%r8			/* the last OF */
	addq	%r8,%rax
	adcq	$0,%rax
	andl	$127,%esi
2:	CSUM_TAIL_AND_FOLD
END(csum_x86_64_adx)

	.section .note.GNU-stack,"",@progbits
