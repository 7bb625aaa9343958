/* PowerPC: dcbf each block (write back and invalidate), then sync so the
   flushes have completed before the timed call starts. */
#include <stdint.h>

#include "cache/flush.h"

static void dcbf_range(const void *p, size_t len, size_t line)
{
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(line - 1);
	uintptr_t end = (uintptr_t)p + len;

	for (; a < end; a += line)
		__asm__ volatile("dcbf 0,%0" : : "r"(a) : "memory");
	__asm__ volatile("sync" ::: "memory");
}

const struct flusher flush_arch = {
	.name = "dcbf",
	.what = "dcbf per block + sync",
	.flush = dcbf_range,
};
