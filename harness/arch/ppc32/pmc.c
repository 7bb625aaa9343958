/* 32-bit PowerPC: the perf page's counters are not read from user space
   here (Linux sets no cap_user_rdpmc on powerpc), so timer perf reads
   with read(2).  pmc_read is never called. */
#include <stddef.h>

#include "timer/perf-page.h"

const char *const pmc_insn = NULL;

void pmc_attr(struct perf_event_attr *attr)
{
	(void)attr;
}

uint64_t pmc_read(uint32_t counter)
{
	(void)counter;
	return 0;
}
