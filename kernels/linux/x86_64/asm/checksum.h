/* What arch/x86/lib/csum-partial_64.c takes from the x86 checksum
   header (make ab), written for csumbench. */
#ifndef CSB_X86_ASM_CHECKSUM_H
#define CSB_X86_ASM_CHECKSUM_H

#include <linux/kernel.h>

/* a + b with the carry added back in: one add and one adc, as the
   kernel's inline assembly has it. */
static inline unsigned int add32_with_carry(unsigned int a, unsigned int b)
{
	__asm__("addl %2,%0\n\tadcl $0,%0" : "=r"(a) : "0"(a), "rm"(b));
	return a;
}

/* The 32-bit sum folded to 16 bits and inverted. */
static inline __sum16 csum_fold(__wsum sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (__sum16)~sum;
}
#define HAVE_ARCH_CSUM_FOLD 1

#endif
