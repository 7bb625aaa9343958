/* Memory for buffer pools on transparent huge pages where the kernel
   allows it: a driver's packet buffers sit in the kernel's linear map,
   whose large pages a 4 KiB-page pool would not model (its TLB misses
   were a third of a cold-ring call's cost here). */
#ifndef CSUMBENCH_HUGEPAGE_H
#define CSUMBENCH_HUGEPAGE_H

#include <stddef.h>

#define HUGE_BYTES (2u << 20)	/* the size asked for; where the kernel
				   uses another, smaps says so */

/* bytes of anonymous memory, aligned to HUGE_BYTES and advised
   MADV_HUGEPAGE; NULL without memory.  Free with huge_unmap. */
void *huge_map(size_t bytes);
void huge_unmap(void *p, size_t bytes);
/* Of [p, p + bytes), how many bytes are on huge pages now (from
   /proc/self/smaps, AnonHugePages); 0 where it cannot tell. */
size_t huge_resident(const void *p, size_t bytes);
/* What /sys/kernel/mm/transparent_hugepage/enabled selects ("always",
   "madvise", "never"), or "not available". */
const char *huge_mode(void);

#endif
