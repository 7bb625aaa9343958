/* SPDX-License-Identifier: GPL-2.0 */
/* What differs by architecture: the timer read and its fences, the
   fence between a cold region's calls, and the flush of a buffer's
   lines, each with the kernel's own helpers. */
#ifndef CSUMBENCH_MODULE_ARCH_H
#define CSUMBENCH_MODULE_ARCH_H

#include <linux/timex.h>
#include <asm/cacheflush.h>
#ifdef CONFIG_ARM64
#include <asm/cputype.h>
#endif

#if defined(CONFIG_PPC32)
/* get_cycles() is the timebase (mftb); isync keeps the timed code from
   moving across it, as the harness's own read does. */
#define CSB_TIMER "get_cycles(): the timebase (mftb), isync either side"
#define CSB_FLUSH "flush_dcache_range (dcbf per line, sync)"
#define CSB_ARCH "ppc32"
static inline void csb_fence(void) { asm volatile("isync" ::: "memory"); }
/* dcbf writes back and invalidates every line of the range, then
   sync: the lines are gone from every cache level when it returns. */
static inline void csb_flush(const void *p, size_t len)
{
	unsigned long a = (unsigned long)p;

	flush_dcache_range(a, a + len);
}
#elif defined(CONFIG_X86_64)
#define CSB_TIMER "get_cycles(): the TSC (rdtsc), lfence either side"
#define CSB_FLUSH "clflush_cache_range (clflush(opt) per line, mfence)"
#define CSB_ARCH "x86_64"
static inline void csb_fence(void) { asm volatile("lfence" ::: "memory"); }
static inline void csb_flush(const void *p, size_t len)
{
	clflush_cache_range((void *)p, len);
}
#elif defined(CONFIG_ARM64)
#define CSB_TIMER "get_cycles(): the virtual counter (cntvct_el0), isb either side"
#define CSB_FLUSH "dc civac per line (CTR_EL0's DminLine), dsb sy"
#define CSB_ARCH "arm64"
static inline void csb_fence(void) { asm volatile("isb" ::: "memory"); }
/* The loop of the kernel's dcache_clean_inval_poc, which 6.1 does not
   export to modules: clean and invalidate to the point of coherency,
   line by line at the smallest D-cache line, then a barrier. */
static inline void csb_flush(const void *p, size_t len)
{
	unsigned long line = 4ul << ((read_cpuid_cachetype() >> 16) & 0xf);
	unsigned long a = (unsigned long)p & ~(line - 1), end = (unsigned long)p + len;

	for (; a < end; a += line)
		asm volatile("dc civac, %0" : : "r"(a) : "memory");
	asm volatile("dsb sy" ::: "memory");
}
#else
#error "csumbench.ko: ppc32, x86-64 and arm64 only (module/arch.h)"
#endif

/* A fenced read of get_cycles(). */
static inline cycles_t csb_now(void)
{
	cycles_t t;

	csb_fence();
	t = get_cycles();
	csb_fence();
	return t;
}

#endif
