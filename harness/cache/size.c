/* The cache line size, the largest cache and the core's private caches,
   from sysfs, the auxiliary vector and sysconf. */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "cache/size.h"

#define SYSFS_CACHE "/sys/devices/system/cpu/cpu0/cache/index"

/* A byte count from a sysfs cache file ("64", "48K", "32M"); 0 when the
   file is missing or says nothing. */
static size_t sysfs_bytes(int index, const char *file)
{
	char path[128];
	unsigned long v = 0;
	char unit = 0;
	FILE *f;

	snprintf(path, sizeof(path), SYSFS_CACHE "%d/%s", index, file);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%lu%c", &v, &unit) < 1)
		v = 0;
	fclose(f);
	return unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : v;
}

size_t cache_line_size(const char **source)
{
	static size_t line;
	static const char *src;
	long v;

	if (line)
		goto out;
	/* PowerPC kernels pass the block size that dcbf/dcbz act on. */
	v = (long)getauxval(AT_DCACHEBSIZE);
	if (v > 0) {
		line = (size_t)v;
		src = "auxv AT_DCACHEBSIZE";
		goto out;
	}
	v = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
	if (v > 0) {
		line = (size_t)v;
		src = "sysconf _SC_LEVEL1_DCACHE_LINESIZE";
		goto out;
	}
	line = sysfs_bytes(0, "coherency_line_size");
	if (line) {
		src = "sysfs coherency_line_size";
		goto out;
	}
	/* Unknown: 16 bytes is the smallest line of any target; a finer
	   stride flushes every line of a larger one too, only more slowly. */
	line = 16;
	src = "unknown, flushing at the 16-byte minimum";
out:
	if (source)
		*source = src;
	return line;
}

static size_t sysfs_largest(void)
{
	size_t best = 0, v;
	int i;

	for (i = 0; i < 8 && (v = sysfs_bytes(i, "size")) > 0; i++)
		if (v > best)
			best = v;
	return best;
}

size_t cache_largest(const char **source)
{
	static size_t size;
	static const char *src;
	long v;

	if (size)
		goto out;
	size = sysfs_largest();
	src = "sysfs cache/index*/size";
	if (size)
		goto out;
	/* PowerPC kernels pass the cache geometry (AT_L2/L3_CACHESIZE). */
	v = (long)getauxval(AT_L3_CACHESIZE);
	if (v <= 0)
		v = (long)getauxval(AT_L2_CACHESIZE);
	src = "auxv AT_L3/L2_CACHESIZE";
	if (v <= 0) {
		v = sysconf(_SC_LEVEL3_CACHE_SIZE);
		src = "sysconf _SC_LEVEL3_CACHE_SIZE";
	}
	if (v > 0) {
		size = (size_t)v;
		goto out;
	}
	size = 64u << 20;
	src = "unknown, assumed 64 MiB";
out:
	if (source)
		*source = src;
	return size;
}

/* Sysfs gives each cache as one instance (an L3 slice and the CPUs that
   share it); sysconf's figure may be a socket's sum (a VM's CPUID: 508
   MiB on a Zen 5 host whose cores share 32 MiB slices), so without sysfs
   it is taken up to this much, more than any one core's slice today
   (96 MiB, AMD's 3D V-Cache). */
#define CACHE_CORE_MAX (128u << 20)

size_t cache_core(const char **source)
{
	static size_t size;
	static const char *src;
	static char why[160];
	const char *lsrc;

	if (size)
		goto out;
	size = cache_largest(&lsrc);
	src = lsrc;
	if (!strncmp(lsrc, "sysconf", 7) && size > CACHE_CORE_MAX) {
		snprintf(why, sizeof(why), "%s says %zu MiB, which may be a "
			 "socket's sum: no sysfs cache/index* says what one core "
			 "shares; taken as %u MiB", lsrc, size >> 20,
			 CACHE_CORE_MAX >> 20);
		size = CACHE_CORE_MAX;
		src = why;
	}
out:
	if (source)
		*source = src;
	return size;
}

/* The level's data or unified cache from sysfs; 0 when it says nothing. */
static size_t sysfs_level(int level)
{
	char path[128], type[32];
	size_t v;
	int i;

	for (i = 0; i < 8 && (v = sysfs_bytes(i, "size")) > 0; i++) {
		FILE *f;
		int lv = 0;

		snprintf(path, sizeof(path), SYSFS_CACHE "%d/level", i);
		if (!(f = fopen(path, "r")))
			continue;
		if (fscanf(f, "%d", &lv) != 1)
			lv = 0;
		fclose(f);
		snprintf(path, sizeof(path), SYSFS_CACHE "%d/type", i);
		type[0] = '\0';
		if ((f = fopen(path, "r"))) {
			if (!fgets(type, sizeof(type), f))
				type[0] = '\0';
			fclose(f);
		}
		if (lv == level && strncmp(type, "Instruction", 11))
			return v;
	}
	return 0;
}

size_t cache_inner_bytes(const char **source)
{
	static size_t size;
	static const char *src;
	long v;

	if (size)
		goto out;
	size = sysfs_level(1) + sysfs_level(2);
	src = "sysfs: L1d + L2";
	if (sysfs_level(1) && sysfs_level(2))
		goto out;
	v = sysconf(_SC_LEVEL2_CACHE_SIZE);
	if (v <= 0)
		v = (long)getauxval(AT_L2_CACHESIZE);
	if (v > 0) {
		size = (size_t)v + sysfs_level(1);
		src = "sysconf/auxv L2";
		goto out;
	}
	/* The largest cache of a one-level board, else a guess. */
	size = cache_largest(&src) < (1u << 20) ? cache_largest(&src) : 512u << 10;
	src = size == 512u << 10 ? "unknown, assumed 512 KiB" : src;
out:
	if (source)
		*source = src;
	return size;
}
