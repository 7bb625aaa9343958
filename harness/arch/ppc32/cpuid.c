/* The core as the processor version register names it.  mfpvr is
   privileged, but Linux emulates it for user space (arch/powerpc's
   emulate_instruction) and so does qemu-user: under qemu-user, whose
   /proc/cpuinfo is the host's, it is the only account of the CPU
   being emulated. */
#include <stdint.h>
#include <stdio.h>

#include "lib/platform.h"

/* The families csumbench's presets are for, by the PVR's version (the
   upper 16 bits); values from the cores' manuals as Linux's cputable
   lists them.  Others are given by number alone. */
static const struct {
	uint16_t version;
	const char *name;
} cores[] = {
	{ 0x0050, "MPC8xx" },
	{ 0x0083, "e300c1" },
	{ 0x0084, "e300c2" },
	{ 0x0085, "e300c3" },
	{ 0x0086, "e300c4" },
	{ 0x8020, "e500v1" },
	{ 0x8021, "e500v2" },
	{ 0x12c4, "PPC464 (APM821xx)" },
	{ 0x1302, "PPC460EX/GT" },
	{ 0x2000, "PPC440 (440EP/EPx/GR/GRx)" },
};

bool platform_cpu_id(char *buf, size_t n)
{
	uint32_t pvr;
	size_t i;

	__asm__ volatile("mfpvr %0" : "=r"(pvr));
	for (i = 0; i < sizeof(cores) / sizeof(cores[0]); i++)
		if (cores[i].version == pvr >> 16) {
			snprintf(buf, n, "%s, PVR 0x%08x", cores[i].name, pvr);
			return true;
		}
	snprintf(buf, n, "PVR 0x%08x", pvr);
	return true;
}
