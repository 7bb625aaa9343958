/* Does the flush instruction reach every level?  A line it has flushed
   must load as slowly as one evicted by streaming twice the largest
   cache.  An outer cache that the instruction does not reach (as may be
   behind the PPC464's L2 on the APM82181) makes the flushed line much
   faster, and cold figures would then be warm ones: eviction is used.
   Loads are timed as a chase of dependent pointers through lines on
   separate pages, in a shuffled order no prefetcher can follow. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cache/check.h"
#include "lib/stats.h"

#define LINES 64
#define TRIALS 9

static volatile uintptr_t chase_sink;

static double chase(const struct calibration *c, void **start)
{
	void **p = start;
	uint64_t t0, t1;
	int i;

	t0 = c->timer->read();
	for (i = 0; i < LINES; i++)
		p = (void **)*p;
	t1 = c->timer->read();
	chase_sink = (uintptr_t)p;
	return ((double)(t1 - t0) - c->overhead) / LINES;
}

void flush_check(struct flush_check *fc, const struct calibration *c,
		 const struct flusher *f, size_t line, bool emulated)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	double fl[TRIALS], ev[TRIALS];
	unsigned char *m;
	void **slot[LINES];
	uint32_t x = 0x2545f491u;
	int t;

	memset(fc, 0, sizeof(*fc));
	if (emulated) {
		snprintf(fc->verdict, sizeof(fc->verdict), "not checked: emulated "
			 "(QEMU models no caches, so the check means nothing)");
		return;
	}
	m = mmap(NULL, LINES * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		snprintf(fc->verdict, sizeof(fc->verdict), "not checked: no memory");
		return;
	}
	/* One line per page, at a different offset in each, linked in a
	   shuffled cycle. */
	for (i = 0; i < LINES; i++)
		slot[i] = (void **)(m + i * page + (i * line) % page);
	for (i = LINES - 1; i > 0; i--) {
		size_t j;
		void **tmp;
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		j = x % (i + 1);
		tmp = slot[i];
		slot[i] = slot[j];
		slot[j] = tmp;
	}
	for (i = 0; i < LINES; i++)
		*slot[i] = slot[(i + 1) % LINES];

	for (t = 0; t < TRIALS; t++) {
		for (i = 0; i < LINES && !f->whole; i++)
			f->flush(slot[i], sizeof(void *), line);
		fl[t] = f->whole ? 0 : chase(c, slot[0]);
		flush_evict.flush(NULL, 0, line);
		/* Streaming emptied the TLB too: a load of another line of
		   each page (half a page on) brings its entry back, so both
		   chases time lines from memory, neither a page walk. */
		for (i = 0; i < LINES && page >= 2 * line; i++)
			chase_sink += ((volatile unsigned char *)m)[(size_t)
				((unsigned char *)slot[i] - m) ^ (page / 2)];
		ev[t] = chase(c, slot[0]);
	}
	munmap(m, LINES * page);
	if (f->whole) {
		fc->evicted = stats_median(ev, TRIALS);
		fc->chase = fc->evicted;
		snprintf(fc->verdict, sizeof(fc->verdict), "not needed: the flush "
			 "is eviction");
		return;
	}
	fc->done = true;
	fc->flushed = stats_median(fl, TRIALS);
	fc->evicted = stats_median(ev, TRIALS);
	fc->misses = fc->flushed < 0.5 * fc->evicted;
	fc->chase = fc->misses ? fc->evicted : fc->flushed;
	snprintf(fc->verdict, sizeof(fc->verdict), "%s: a line loads in %.0f "
		 "ticks after %s, %.0f after eviction (median of %d chases of %d "
		 "lines)", fc->misses ? "MISSES an outer cache, eviction used" :
		 "reaches memory", fc->flushed, f->name, fc->evicted, TRIALS, LINES);
}
