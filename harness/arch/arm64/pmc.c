/* arm64: the PMU's counters are readable at EL0 when the kernel allows
   it (sysctl kernel.perf_user_access = 1, Linux 5.17 on) and the event
   asks for it: config1 bit 1 ("rdpmc"), and bit 0 ("long") for a 64-bit
   counter (arch/arm64/kernel/perf_event.c's format attributes).  The
   page's index - 1 is 31 for the cycle counter, PMCCNTR_EL0; else an
   event counter, read through PMSELR_EL0 and PMXEVCNTR_EL0. */
#include "timer/perf-page.h"

const char *const pmc_insn = "mrs pmccntr_el0 / pmxevcntr_el0";

void pmc_attr(struct perf_event_attr *attr)
{
	attr->config1 |= 0x3;
}

uint64_t pmc_read(uint32_t counter)
{
	uint64_t v;

	if (counter == 31) {
		__asm__ volatile("isb\n\tmrs %0, pmccntr_el0\n\tisb"
				 : "=r"(v) : : "memory");
		return v;
	}
	__asm__ volatile("msr pmselr_el0, %1\n\tisb\n\tmrs %0, pmxevcntr_el0\n\tisb"
			 : "=r"(v) : "r"((uint64_t)counter) : "memory");
	return v;
}
