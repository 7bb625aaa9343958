/* arm64 add chain: ADD (register) has 1-cycle latency on Arm's cores;
   SUBS/B.NE run beside the chain, off its critical path. */
#include "timer/chain.h"

void chain_adds(unsigned long blocks)
{
	unsigned long acc = 0, one = 1;

	__asm__ volatile("1:\n\t"
			 ".rept " CHAIN_STR(CHAIN_BLOCK) "\n\t"
			 "add %[acc], %[acc], %[one]\n\t"
			 ".endr\n\t"
			 "subs %[n], %[n], #1\n\t"
			 "b.ne 1b"
			 : [acc] "+r"(acc), [n] "+r"(blocks)
			 : [one] "r"(one)
			 : "cc");
}
