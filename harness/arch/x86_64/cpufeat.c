/* x86-64 features from CPUID, and from XGETBV whether the OS saves the
   vector state they need (Intel SDM vol. 1, 13.3: a CPU may have AVX
   while the OS leaves XCR0's YMM bits clear, and then AVX faults). */
#include <cpuid.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "call/cpufeat.h"

/* XCR0 bits: SSE and AVX (YMM) state; AVX-512's opmask, ZMM0-15 upper
   halves and ZMM16-31. */
#define XCR0_YMM 0x06u
#define XCR0_ZMM 0xe6u

/* CPUID.(EAX=7,ECX=0): EBX, ECX. */
static void leaf7(uint32_t *ebx, uint32_t *ecx)
{
	unsigned a, b = 0, c = 0, d;

	if (__get_cpuid_max(0, NULL) >= 7)
		__cpuid_count(7, 0, a, b, c, d);
	*ebx = b;
	*ecx = c;
}

static uint64_t xcr0(void)
{
	unsigned a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return 0;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static const struct {
	const char *name, *label;
	uint32_t ebx7, ecx7;	/* CPUID.(EAX=7,ECX=0) bits */
	uint32_t xcr0;		/* state the OS must save */
} feats[] = {
	{ "adx", "ADX", bit_ADX, 0, 0 },
	{ "bmi2", "BMI2", bit_BMI2, 0, 0 },
	{ "avx2", "AVX2", bit_AVX2, 0, XCR0_YMM },
	{ "avx512f", "AVX-512F", bit_AVX512F, 0, XCR0_ZMM },
	{ "avx512bw", "AVX-512BW", bit_AVX512F | bit_AVX512BW, 0, XCR0_ZMM },
	{ "avx512_vnni", "AVX-512 VNNI", bit_AVX512F, bit_AVX512VNNI, XCR0_ZMM },
};

int cpufeat_has(const char *name, const char **label)
{
	uint32_t ebx, ecx;
	size_t i;

	for (i = 0; i < sizeof(feats) / sizeof(feats[0]); i++) {
		if (strcmp(feats[i].name, name))
			continue;
		*label = feats[i].label;
		leaf7(&ebx, &ecx);
		if ((ebx & feats[i].ebx7) != feats[i].ebx7 ||
		    (ecx & feats[i].ecx7) != feats[i].ecx7)
			return 0;
		return (xcr0() & feats[i].xcr0) == feats[i].xcr0;
	}
	*label = name;
	return -1;
}
