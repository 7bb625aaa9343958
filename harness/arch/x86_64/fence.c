/* x86-64: LFENCE does not execute until all prior instructions have
   completed locally, and no later instruction starts before it (Intel
   SDM; AMD makes it dispatch-serialising, which Linux enables). */
#include "timer/fence.h"

void fence_wait(void)
{
	__asm__ volatile("lfence" ::: "memory");
}
