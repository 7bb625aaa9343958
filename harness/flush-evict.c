/* Portable fallback: evict by reading a buffer twice the size of the
   largest cache, one load per line.  Slower and less certain than a flush
   instruction; used only where none is linked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flush.h"

static size_t largest_cache(void)
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
	if (!best) {
		long v = sysconf(_SC_LEVEL3_CACHE_SIZE);
		best = v > 0 ? (size_t)v : 32u << 20;
	}
	return best;
}

static void evict_range(const void *p, size_t len, size_t line)
{
	static volatile unsigned char *junk;
	static size_t size;
	unsigned char sink = 0;
	size_t i;

	(void)p;
	(void)len;
	if (!junk) {
		size = 2 * largest_cache();
		/* Written, so that every line is a distinct physical page and
		   not the shared zero page. */
		junk = malloc(size);
		if (!junk)
			abort();
		memset((void *)junk, 1, size);
	}
	for (i = 0; i < size; i += line)
		sink ^= junk[i];
	junk[0] = sink;
}

const struct flusher flush_evict = {
	.name = "evict",
	.what = "evict by streaming a buffer twice the largest cache",
	.flush = evict_range,
};
