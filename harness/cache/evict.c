/* Portable fallback: evict by reading a buffer twice the size of the
   cache one core uses (cache_core), one load per line.  Slower and less
   certain than a flush instruction; used where none is linked, or where the start-up check
   (cache/check.c) finds that the instruction misses a level. */
#include <stdlib.h>
#include <string.h>

#include "cache/flush.h"
#include "lib/xalloc.h"

static void evict_range(const void *p, size_t len, size_t line)
{
	static volatile unsigned char *junk;
	static size_t size;
	unsigned char sink = 0;
	size_t i;

	(void)p;
	(void)len;
	if (!junk) {
		size = 2 * cache_core(NULL);
		/* Written, so that every line is a distinct physical page and
		   not the shared zero page. */
		junk = xmalloc(size, "the eviction buffer (twice the cache one core uses)");
		memset((void *)junk, 1, size);
	}
	for (i = 0; i < size; i += line)
		sink ^= junk[i];
	junk[0] = sink;
}

const struct flusher flush_evict = {
	.name = "evict",
	.what = "evict by streaming a buffer twice the cache one core uses",
	.flush = evict_range,
	.whole = true,
};
