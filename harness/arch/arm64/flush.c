/* arm64: DC CIVAC (clean and invalidate to the point of coherency) each
   line, then DSB SY so all have completed before the timed call.  Linux
   lets user space issue it (SCTLR_EL1.UCI). */
#include <stdint.h>

#include "cache/flush.h"

static void civac_range(const void *p, size_t len, size_t line)
{
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(line - 1);
	uintptr_t end = (uintptr_t)p + len;

	for (; a < end; a += line)
		__asm__ volatile("dc civac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb sy" ::: "memory");
}

const struct flusher flush_arch = {
	.name = "civac",
	.what = "dc civac per line + dsb sy",
	.flush = civac_range,
};
