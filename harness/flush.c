/* Flusher selection and the cache line size. */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "flush.h"

const struct flusher *flush_select(const char *name)
{
	const struct flusher *const all[] = {
		&flush_clflush, &flush_dcbf, &flush_civac, &flush_evict,
	};
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] && (!name || strcmp(all[i]->name, name) == 0))
			return all[i];
	return NULL;
}

static size_t sysfs_line_size(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size", "r");
	unsigned long v = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
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
	line = sysfs_line_size();
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
	size_t best = 0;
	char path[96];
	int i;

	for (i = 0; i < 8; i++) {
		FILE *f;
		unsigned long v;
		char unit = 0;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		f = fopen(path, "r");
		if (!f)
			break;
		if (fscanf(f, "%lu%c", &v, &unit) >= 1) {
			if (unit == 'K')
				v <<= 10;
			else if (unit == 'M')
				v <<= 20;
			if (v > best)
				best = v;
		}
		fclose(f);
	}
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
