/* The perf_event mmap page (linux/perf_event.h, struct
 * perf_event_mmap_page): a counter read in user space, without a
 * system call, where the kernel lets this task read its PMU counter. */
#ifndef CSUMBENCH_PERF_PAGE_H
#define CSUMBENCH_PERF_PAGE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

/* Reads hardware counter number counter (the page's index - 1). */
typedef uint64_t pmc_read_fn(uint32_t counter);

/* The event's count now: the page's offset plus the counter's value,
   sign-extended from pmc_width bits, under the page's seqlock (retried
   while the kernel rewrites it).  When the event is not on a counter
   (index 0) the offset alone is its count.  false, and nothing read,
   when the page does not allow user reads (cap_user_rdpmc 0). */
bool perf_page_count(const volatile struct perf_event_mmap_page *pc,
		     pmc_read_fn *pmc, uint64_t *count);

/* Per arch (arch/<arch>/pmc.c): the instruction that reads a counter, NULL
   where there is none this code uses; what an event needs in its attr to
   be readable so (arm64: config1 bits); and the read itself. */
extern const char *const pmc_insn;
void pmc_attr(struct perf_event_attr *attr);
uint64_t pmc_read(uint32_t counter);

#endif
