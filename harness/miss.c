/* The cold cost of one line (miss.h).  K buffers of one line, each in a
 * page of its own, each flushed, then one call on each in a timed region (the
 * op's list, fenced apart); against the same K calls, fenced alike, on
 * one warm buffer.  The median of the regions' differences, per call, in
 * cycles: the time one line takes to arrive, nothing else in flight. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "miss.h"
#include "stats.h"
#include "sweep.h"

#define MISS_K 32
#define MISS_REGIONS 51

void miss_measure(struct bench *b)
{
	const struct config *c = b->cfg;
	const struct timer *t = b->cal.timer;
	const struct kernel *k = NULL;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i, j;
	unsigned char *mem, *bufs[MISS_K], *dsts[MISS_K];
	unsigned char *wbufs[MISS_K], *wdsts[MISS_K];
	double cold[MISS_REGIONS], warm[MISS_REGIONS];
	uint32_t line = (uint32_t)b->line;
	bool any_cold = false;

	b->miss_cycles = NAN;
	b->miss_kernel = NULL;
	for (i = 0; i < b->npts && !k; i++)
		if (b->pts[i].kernel->prefetch)
			k = kernel_nopf(b->pts[i].kernel);
	for (i = 0; i < c->ncaches; i++)
		any_cold |= c->caches[i] == CACHE_COLD || c->caches[i] == CACHE_RING;
	if (!k || !any_cold || !b->flush || line == 0 || line > page)
		return;
	/* Sources and, for ops that write, destinations: 2K pages. */
	mem = mmap(NULL, 2 * MISS_K * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return;
	memset(mem, 0x5a, 2 * MISS_K * page);
	/* Pages in a scrambled order (7 is prime to 32) and lines at
	   scrambled places in them: no constant stride for a stride
	   prefetcher to follow from one call to the next. */
	for (i = 0; i < MISS_K; i++) {
		size_t pg = (i * 7 + 3) % MISS_K;
		size_t at = (i * 13 % (page / line)) * line;

		bufs[i] = mem + pg * page + at;
		dsts[i] = mem + (MISS_K + pg) * page + at;
	}
	for (i = 0; i < MISS_K; i++) {
		wbufs[i] = bufs[0];
		wdsts[i] = dsts[0];
	}
	for (j = 0; j < MISS_REGIONS; j++) {
		k->op->call(k, bufs[0], dsts[0], line, 0);	/* warm it */
		warm[j] = (double)k->op->list(t, k, wbufs, wdsts, line, 0, MISS_K) -
			  b->cal.overhead;
		for (i = 0; i < MISS_K; i++)
			k->op->call(k, bufs[i], dsts[i], line, 0);	/* TLB */
		for (i = 0; i < MISS_K && !(b->flush->whole && i); i++) {
			b->flush->flush(bufs[i], line, b->line);
			if (k->op->dst)
				b->flush->flush(dsts[i], line, b->line);
		}
		cold[j] = (double)k->op->list(t, k, bufs, dsts, line, 0, MISS_K) -
			  b->cal.overhead;
		cold[j] -= warm[j];
	}
	munmap(mem, 2 * MISS_K * page);
	b->miss_cycles = stats_median(cold, MISS_REGIONS) / MISS_K *
			 b->cal.cycles_per_tick;
	b->miss_kernel = k;
}
