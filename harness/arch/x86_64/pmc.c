/* x86-64: RDPMC reads counter ECX, in user space when Linux has set
   CR4.PCE for this task (it does once the task maps a perf event's page,
   with /sys/bus/event_source/devices/cpu/rdpmc at its default 1).
   LFENCE on both sides orders it as the tsc timer's RDTSC is ordered. */
#include "timer/perf-page.h"

const char *const pmc_insn = "rdpmc";

void pmc_attr(struct perf_event_attr *attr)
{
	(void)attr;
}

uint64_t pmc_read(uint32_t counter)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdpmc\n\tlfence"
			 : "=a"(lo), "=d"(hi) : "c"(counter) : "memory");
	return (uint64_t)hi << 32 | lo;
}
