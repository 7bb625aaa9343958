/* PowerPC: isync waits for all earlier instructions to complete and
   discards any prefetched after it (context synchronisation). */
#include "timer/fence.h"

void fence_wait(void)
{
	__asm__ volatile("isync" ::: "memory");
}
