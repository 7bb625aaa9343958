/* PowerPC add chain: add has 1-cycle latency on 8xx, 603/e300, 44x and
   e500; bdnz is folded by the branch unit, off the chain. */
#include "timer/chain.h"

void chain_adds(unsigned long blocks)
{
	unsigned long acc = 0, one = 1;

	__asm__ volatile("mtctr %[n]\n"
			 "1:\n\t"
			 ".rept " CHAIN_STR(CHAIN_BLOCK) "\n\t"
			 "add %[acc],%[acc],%[one]\n\t"
			 ".endr\n\t"
			 "bdnz 1b"
			 : [acc] "+r"(acc)
			 : [n] "r"(blocks), [one] "r"(one)
			 : "ctr");
}
