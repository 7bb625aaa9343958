/* User kernels of known cost, for make accuracy and the verdict tests: a
   correct csum_partial whose critical path is two dependent 1-cycle adds
   per 16-bit word, so it takes exactly 1 core cycle per byte on any core
   that retires one add per cycle on a dependency chain (every x86-64 and
   arm64 core), and the same loop with three more dependent adds (of zero)
   per 64 bytes: 67/64 cycles per byte, 4.7% slower.  The loads and the
   loop's own work run beside the chain. */
#include <stdint.h>
#include <string.h>

uint32_t csum_known_1cpb(const void *buf, int len, uint32_t sum);
uint32_t csum_known_slower(const void *buf, int len, uint32_t sum);

/* The loop, with extra dependent adds per 64 bytes: 0 or 3. */
static inline __attribute__((always_inline)) uint32_t
known(const void *buf, int len, uint32_t sum, int extra)
{
	const unsigned char *p = buf;
	uint64_t acc = sum, zero = 0, w;
	long n = len / 64;

	for (; n > 0; n--, p += 64) {
#if defined(__x86_64__)
		__asm__ volatile(
			".irp off,0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,"
			"32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62\n\t"
			"movzwl \\off(%[p]), %k[w]\n\t"
			"add %[w], %[acc]\n\t"
			"add %[zero], %[acc]\n\t"
			".endr"
			: [acc] "+r"(acc), [w] "=&r"(w)
			: [p] "r"(p), [zero] "r"(zero) : "cc", "memory");
		if (extra)
			__asm__ volatile("add %[zero], %[acc]\n\t"
					 "add %[zero], %[acc]\n\t"
					 "add %[zero], %[acc]"
					 : [acc] "+r"(acc) : [zero] "r"(zero) : "cc");
#elif defined(__aarch64__)
		__asm__ volatile(
			".irp off,0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,"
			"32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62\n\t"
			"ldrh %w[w], [%[p], #\\off]\n\t"
			"add %[acc], %[acc], %[w]\n\t"
			"add %[acc], %[acc], %[zero]\n\t"
			".endr"
			: [acc] "+r"(acc), [w] "=&r"(w)
			: [p] "r"(p), [zero] "r"(zero) : "memory");
		if (extra)
			__asm__ volatile("add %[acc], %[acc], %[zero]\n\t"
					 "add %[acc], %[acc], %[zero]\n\t"
					 "add %[acc], %[acc], %[zero]"
					 : [acc] "+r"(acc) : [zero] "r"(zero));
#else
#error "known-cost kernel: x86-64 and arm64 only"
#endif
	}
	for (len &= 63; len >= 2; len -= 2, p += 2) {
		uint16_t v;
		memcpy(&v, p, 2);
		acc += v;
	}
	if (len) {
		unsigned char last[2] = { p[0], 0 };
		uint16_t v;
		memcpy(&v, last, 2);
		acc += v;
	}
	acc = (acc & 0xffffffffu) + (acc >> 32);
	acc = (acc & 0xffffffffu) + (acc >> 32);
	return (uint32_t)acc;
}

uint32_t csum_known_1cpb(const void *buf, int len, uint32_t sum)
{
	return known(buf, len, sum, 0);
}

uint32_t csum_known_slower(const void *buf, int len, uint32_t sum)
{
	return known(buf, len, sum, 3);
}
