/* ip_fast_csum by an adc chain, as Linux's x86 ip_fast_csum does.
 *
 * uint16_t ip_fast_csum_x86_64_adc(const void *iph, unsigned int ihl)
 * rdi iph, esi ihl (5-15 words); rcx, rdx scratch; returns ax, zero-
 * extended to eax.
 *
 * Little-endian, so a 32-bit load holds two byte-swapped 16-bit words;
 * the ones'-complement sum commutes with the swap, so summing native
 * words and folding gives the checksum in memory order, as Linux's.  The
 * five words every header has are one add and four adc (each taking the
 * previous carry back in); option words (ihl > 5) go through a loop that
 * keeps CF alive between its adc: lea and dec leave CF alone, and jecxz,
 * which tests ecx without flags, skips it for a minimal header.  A last
 * adc $0 takes in the final carry.  Fold: adding the sum rotated by 16
 * leaves hi + lo, with the low half's carry, in the high half; inverted
 * and shifted down, that is the checksum (0 for a valid header).
 */
#include "x86_64-asm.h"

ENTRY(ip_fast_csum_x86_64_adc)
	movl	(%rdi),%eax
	leal	-5(%rsi),%ecx		/* option words */
	addl	4(%rdi),%eax
	adcl	8(%rdi),%eax
	adcl	12(%rdi),%eax
	adcl	16(%rdi),%eax
	jecxz	2f
	leaq	20(%rdi),%rdi
LOOP(ip_fast_csum_x86_64_adc)
1:	adcl	(%rdi),%eax
	leaq	4(%rdi),%rdi
	decl	%ecx
	jnz	1b
2:	adcl	$0,%eax
	movl	%eax,%edx
	roll	$16,%edx
	addl	%edx,%eax		/* high half: hi + lo + carry of lo + hi */
	notl	%eax
	shrl	$16,%eax
	ret
END(ip_fast_csum_x86_64_adc)

	.section .note.GNU-stack,"",@progbits
