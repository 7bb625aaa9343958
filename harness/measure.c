/* Taking one sample of a point, and sizing its timed region beforehand.
 *
 * warm:      two untimed calls, then a batch of back-to-back calls on one
 *            buffer lasting at least the calibrated sample length.
 * cold:      one untimed call on each of K buffers (code, TLB and branch
 *            history warm), their lines flushed past the prefetch span,
 *            then K calls timed together.
 * cold-ring: one untimed call on the warm buffer (code warm), then the
 *            next K buffers of the ring timed together; nothing flushed.
 * K is 1 unless one call lasts under COARSE_STEPS steps of the timer; the
 * K calls are fenced apart (fence.h), so each costs what it would alone.
 * No flush and no bookkeeping happens between the two timer reads. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fence.h"
#include "sweep.h"
#include "watchdog.h"

static int dist_of(const struct point *p)
{
	return p->prefetch == PREFETCH_NONE ? 0 : p->prefetch;
}

/* Bytes from one cold buffer to the next: whole pages, so that every
   buffer keeps its alignment to the page, and room for the prefetches.
   An op with a destination has it in the second half of the slot. */
static size_t cold_slot(const struct bench *b, const struct point *p)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t half = (p->align + p->size + b->pfspan + page - 1) / page * page;

	return p->runs && p->runs->op->dst ? 2 * half : half;
}

double sweep_sample(struct bench *b, struct point *p)
{
	const struct timer *t = b->cal.timer;
	const struct kernel *kn = p->runs;
	const struct op *op = kn->op;
	unsigned char *bufs[K_MAX], *dsts[K_MAX];
	unsigned char *wdst = op->dst ? b->dbuf + p->align : NULL;
	int dist = dist_of(p);
	uint64_t k, ticks;
	size_t slot;

	switch (p->cache) {
	case CACHE_WARM:	/* the two untimed calls warm dst too */
		op->batch(t, kn, b->buf + p->align, wdst, p->size, dist, 2);
		ticks = op->batch(t, kn, b->buf + p->align, wdst, p->size, dist,
				  p->iters);
		break;
	case CACHE_COLD:
		slot = cold_slot(b, p);
		for (k = 0; k < p->iters; k++) {
			bufs[k] = b->pool + k * slot + p->align;
			dsts[k] = op->dst ? bufs[k] + slot / 2 : NULL;
		}
		op->list(t, kn, bufs, dsts, p->size, dist, p->iters);
		for (k = 0; k < (b->flush->whole ? 1 : p->iters); k++) {
			b->flush->flush(bufs[k], p->size + b->pfspan, b->line);
			if (op->dst && !b->flush->whole)
				b->flush->flush(dsts[k], p->size, b->line);
		}
		ticks = op->list(t, kn, bufs, dsts, p->size, dist, p->iters);
		break;
	default:	/* CACHE_RING: source and destination both from it */
		op->batch(t, kn, b->buf + p->align, wdst, p->size, dist, 1);
		for (k = 0; k < p->iters; k++) {
			bufs[k] = ring_next(p->ring) + p->align;
			dsts[k] = op->dst ? ring_next(p->ring) + p->align : NULL;
		}
		ticks = op->list(t, kn, bufs, dsts, p->size, dist, p->iters);
		break;
	}
	return ((double)ticks - b->cal.overhead) / (double)p->iters;
}

/* Warm: double the batch until it lasts a sample's length. */
static uint64_t warm_iters(const struct bench *b, const struct point *p)
{
	const struct timer *t = b->cal.timer;
	const struct op *op = p->runs->op;
	const unsigned char *buf = b->buf + p->align;
	unsigned char *dst = op->dst ? b->dbuf + p->align : NULL;
	uint64_t iters = 1;

	op->batch(t, p->runs, buf, dst, p->size, dist_of(p), 4);
	while (iters < (UINT64_C(1) << 32) &&
	       (double)op->batch(t, p->runs, buf, dst, p->size, dist_of(p), iters) -
	       b->cal.overhead < b->cal.sample_ticks)
		iters *= 2;
	return iters;
}

/* Cold and cold-ring: double K from 1 until the median of three regions
   of K calls spans COARSE_STEPS timer steps (with a quarter to spare, so
   the run's median stays above it), or K reaches its cap. */
static uint64_t cold_iters(struct bench *b, struct point *p, uint64_t cap)
{
	double want = 1.25 * COARSE_STEPS * b->cal.resolution, v[3];
	int i;

	for (p->iters = 1; p->iters < cap; p->iters *= 2) {
		for (i = 0; i < 3; i++)
			v[i] = sweep_sample(b, p) * (double)p->iters;
		if (stats_median(v, 3) >= want)
			break;
	}
	return p->iters < cap ? p->iters : cap;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* A ring's key: its size, and whether its points write into it (an op
   with a destination).  Those get rings of their own: the dirty lines
   they leave would be written back during other points' timed regions. */
static uint32_t ring_key(const struct point *p)
{
	return p->size << 1 | (p->runs && p->runs->op->dst);
}

/* Rings are one per distinct key, in ascending order. */
static size_t ring_of(const struct bench *b, uint32_t key)
{
	const uint32_t *s = bsearch(&key, b->ring_sizes, b->nrings,
				    sizeof(*s), cmp_u32);

	return (size_t)(s - b->ring_sizes);
}

/* One ring per buffer size (and per writing), all planned, checked
   against the memory there is, and made before any point refers to one. */
static int make_rings(struct bench *b, char *err, size_t errlen)
{
	uint64_t total = 0, mem = (uint64_t)sysconf(_SC_PHYS_PAGES) *
			 (uint64_t)sysconf(_SC_PAGESIZE);
	size_t i, j, n = 0;

	for (i = 0; i < b->npts; i++)
		if (b->pts[i].cache == CACHE_RING)
			n++;
	if (!n)
		return 0;
	b->ring_sizes = malloc(n * sizeof(*b->ring_sizes));
	if (!b->ring_sizes)
		abort();
	for (i = 0, n = 0; i < b->npts; i++)
		if (b->pts[i].cache == CACHE_RING)
			b->ring_sizes[n++] = ring_key(&b->pts[i]);
	qsort(b->ring_sizes, n, sizeof(*b->ring_sizes), cmp_u32);
	for (i = 0, j = 0; i < n; i++)
		if (!j || b->ring_sizes[i] != b->ring_sizes[j - 1])
			b->ring_sizes[j++] = b->ring_sizes[i];
	b->nrings = j;
	b->rings = calloc(j, sizeof(*b->rings));
	if (!b->rings)
		abort();
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		uint64_t bytes;

		if (p->cache != CACHE_RING)
			continue;
		/* Points are found by key, not by a search of every ring,
		   so this stays linear in sizes. */
		j = ring_of(b, ring_key(p));
		p->ring = &b->rings[j];
		if (b->rings[j].size)
			continue;
		bytes = ring_plan(p->ring, p->size, b->align_max + b->pfspan,
				  b->line, cache_largest(NULL));
		p->ring->written = ring_key(p) & 1;
		total = bytes && total + bytes > total ? total + bytes : UINT64_MAX;
	}
	if (total > mem / 2) {
		snprintf(err, errlen, "cache = cold-ring: rings whose buffers touch "
			 "twice the largest cache (%zu KiB) need %llu MiB for these "
			 "sizes, more than half of this machine's %llu MiB",
			 cache_largest(NULL) >> 10, (unsigned long long)(total >> 20),
			 (unsigned long long)(mem >> 20));
		return -1;
	}
	for (j = 0; j < b->nrings; j++)
		if (ring_alloc(&b->rings[j])) {
			snprintf(err, errlen, "cache = cold-ring: no memory for a "
				 "ring of %zu MiB", b->rings[j].bytes >> 20);
			return -1;
		}
	return 0;
}

/* Cold buffers are capped at this much memory in all; K shrinks to fit. */
#define POOL_MAX (64u << 20)

static uint64_t pool_cap(const struct bench *b, const struct point *p)
{
	size_t slot = cold_slot(b, p);

	/* Divisions, not products: a 32-bit size_t overflows at 16 MiB x 256. */
	return slot <= POOL_MAX / K_MAX ? K_MAX : POOL_MAX / slot ? POOL_MAX / slot : 1;
}

double sweep_sample_limit(const struct bench *b, const struct point *p)
{
	double calls = (double)p->iters + 2;

	(void)b;
	/* A cold region also flushes, which is the harness's time. */
	return watchdog_limit(calls * p->size, calls,
			      p->cache == CACHE_WARM ? 0 : 1.0);
}

/* Finding the calls per region takes a few samples' length, and up to
   a few K_MAX-call cold regions. */
static double pilot_limit(const struct bench *b, const struct point *p)
{
	double sample_s = b->cal.sample_ticks / b->cal.tick_hz;

	return watchdog_limit(6.0 * K_MAX * p->size, 6.0 * K_MAX,
			      3000 * sample_s + (p->cache == CACHE_WARM ? 0 : 1.0));
}

static uint64_t find_iters(struct bench *b, struct point *p)
{
	if (p->cache == CACHE_WARM)
		return warm_iters(b, p);
	if (p->cache == CACHE_COLD)
		return cold_iters(b, p, pool_cap(b, p));
	/* Half the ring at most, so a buffer comes round cold; an op with
	   a destination takes two buffers a call. */
	{
		size_t cap = p->ring->nslots / (p->runs->op->dst ? 4 : 2);
		return cold_iters(b, p, cap < K_MAX ? (cap ? cap : 1) : K_MAX);
	}
}

static void pilot(struct bench *b, struct point *p)
{
	uint64_t iters = 0;
	bool done;

	WATCHDOG_RUN(done, p->runs, pilot_limit(b, p), iters = find_iters(b, p));
	if (done)
		p->iters = iters;
	else
		sweep_stopped(b, p, "while its calls per region were found");
}

int sweep_prepare(struct bench *b, char *err, size_t errlen)
{
	size_t i, pool = 0;

	if (!b->buf && sweep_alloc_buf(b, err, errlen))
		return -1;
	if (make_rings(b, err, errlen))
		return -1;
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		/* pool_cap keeps this within POOL_MAX, or one slot */
		if (p->cache == CACHE_COLD && pool_cap(b, p) * cold_slot(b, p) > pool)
			pool = pool_cap(b, p) * cold_slot(b, p);
	}
	if (pool) {
		b->pool = mmap(NULL, pool, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (b->pool == MAP_FAILED) {
			b->pool = NULL;
			snprintf(err, errlen, "no memory for %zu bytes of cold buffers",
				 pool);
			return -1;
		}
		b->poolsize = pool;
		memset(b->pool, 0x5a, pool);
	}
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		if (!p->dead)
			pilot(b, p);
	}
	return 0;
}
