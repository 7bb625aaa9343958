/* PowerPC: make code written as data visible to instruction fetch.
   dcbst pushes each block to memory, icbi drops any stale copy from the
   i-cache, and sync/isync order it all (the sequence of the PowerPC
   Book II, "instruction storage").  GCC's __builtin___clear_cache emits
   nothing on this target. */
#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>

#include "call/place.h"

void place_sync_icache(void *p, size_t len)
{
	unsigned long d = getauxval(AT_DCACHEBSIZE), i = getauxval(AT_ICACHEBSIZE);
	unsigned long step = d && i ? (d < i ? d : i) : 16;	/* 16: 8xx */
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(step - 1);
	uintptr_t end = (uintptr_t)p + len, b;

	for (b = a; b < end; b += step)
		__asm__ volatile("dcbst 0,%0" : : "r"(b) : "memory");
	__asm__ volatile("sync" ::: "memory");
	for (b = a; b < end; b += step)
		__asm__ volatile("icbi 0,%0" : : "r"(b) : "memory");
	__asm__ volatile("sync\n\tisync" ::: "memory");
}
