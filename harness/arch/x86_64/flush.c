/* x86-64: CLFLUSHOPT (or CLFLUSH) each line, then MFENCE, which orders
   both against later loads, so the timed call starts from memory. */
#include <cpuid.h>
#include <stdbool.h>
#include <stdint.h>

#include "cache/flush.h"

static bool have_clflushopt(void)
{
	static int known = -1;
	unsigned a, b, c, d;

	if (known < 0)
		known = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 23));
	return known;
}

static void clflush_range(const void *p, size_t len, size_t line)
{
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(line - 1);
	uintptr_t end = (uintptr_t)p + len;

	__asm__ volatile("mfence" ::: "memory");
	if (have_clflushopt())
		for (; a < end; a += line)
			__asm__ volatile("clflushopt (%0)" : : "r"(a) : "memory");
	else
		for (; a < end; a += line)
			__asm__ volatile("clflush (%0)" : : "r"(a) : "memory");
	__asm__ volatile("mfence" ::: "memory");
}

const struct flusher flush_arch = {
	.name = "clflush",
	.what = "clflushopt/clflush per line + mfence",
	.flush = clflush_range,
};
