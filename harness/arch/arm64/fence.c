/* arm64: DSB waits for earlier memory accesses to complete, ISB then
   refetches, so later instructions start after both. */
#include "timer/fence.h"

void fence_wait(void)
{
	__asm__ volatile("dsb ish\n\tisb" ::: "memory");
}
