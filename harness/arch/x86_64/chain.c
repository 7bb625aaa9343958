/* x86-64 add chain: 64-bit ADD reg,reg has 1-cycle latency on every x86-64
   core; the DEC/JNZ pair runs beside the chain, off its critical path. */
#include "timer/chain.h"

void chain_adds(unsigned long blocks)
{
	unsigned long acc = 0, one = 1;

	__asm__ volatile("1:\n\t"
			 ".rept " CHAIN_STR(CHAIN_BLOCK) "\n\t"
			 "add %[one], %[acc]\n\t"
			 ".endr\n\t"
			 "dec %[n]\n\t"
			 "jnz 1b"
			 : [acc] "+r"(acc), [n] "+r"(blocks)
			 : [one] "r"(one)
			 : "cc");
}
