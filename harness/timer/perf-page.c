/* Reading a counter through the perf_event mmap page (perf-page.h).
 * The steps are those linux/perf_event.h documents over the struct;
 * written here with the page and the counter read passed in, so that
 * tests can run them on a page of their own without a PMU. */
#include "timer/perf-page.h"

#define barrier() __asm__ volatile("" ::: "memory")

bool perf_page_count(const volatile struct perf_event_mmap_page *pc,
		     pmc_read_fn *pmc, uint64_t *count)
{
	uint32_t seq, index;
	uint64_t n;
	int64_t value;
	unsigned width;

	do {
		seq = pc->lock;
		barrier();
		if (!pc->cap_user_rdpmc)
			return false;
		index = pc->index;
		n = (uint64_t)pc->offset;
		if (index) {
			width = pc->pmc_width;
			value = (int64_t)pmc(index - 1);
			/* a counter of width bits, sign-extended */
			if (width && width < 64)
				value = (int64_t)((uint64_t)value << (64 - width)) >>
					(64 - width);
			n += (uint64_t)value;
		}
		barrier();
	} while (pc->lock != seq);
	*count = n;
	return true;
}
