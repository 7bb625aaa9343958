/* A user kernel of known cost, for make accuracy: a correct csum_partial
   whose critical path is two dependent 1-cycle adds per 16-bit word, so
   it takes exactly 1 core cycle per byte on any core that retires one
   add per cycle on a dependency chain (every x86-64 and arm64 core).
   The loads and the loop's own work run beside the chain. */
#include <stdint.h>
#include <string.h>

uint32_t csum_known_1cpb(const void *buf, int len, uint32_t sum);

uint32_t csum_known_1cpb(const void *buf, int len, uint32_t sum)
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
