/* A software prefetch of p + dist for the generic C kernels, written as
   the core's own instruction with base and index registers.  Given
   __builtin_prefetch(p + dist), GCC may keep a second pointer for the
   prefetch and advance it in the loop (it does on arm64), so the
   prefetching loop would differ from its variant without prefetch by
   more than the prefetch (tests/placement.sh checks that it does not).
   dcbt, prefetcht0 and prfm never fault, whatever the address. */
#ifndef CSUM_PREFETCH_H
#define CSUM_PREFETCH_H

static inline __attribute__((always_inline)) void
prefetch_at(const unsigned char *p, long dist)
{
#if defined(__x86_64__)
	__asm__ volatile("prefetcht0 (%0,%1)" : : "r"(p), "r"(dist));
#elif defined(__aarch64__)
	__asm__ volatile("prfm pldl1keep, [%0, %1]" : : "r"(p), "r"(dist));
#elif defined(__powerpc__)
	__asm__ volatile("dcbt %0,%1" : : "b"(p), "r"(dist));	/* "b": not r0 */
#else
	__builtin_prefetch((const void *)((__UINTPTR_TYPE__)p + (__UINTPTR_TYPE__)dist));
#endif
}

#endif
