/* Taking one sample of a point, and sizing its timed region beforehand.
 *
 * warm:      two untimed calls, then a batch of back-to-back calls on one
 *            buffer lasting at least the calibrated sample length.
 * cold:      one untimed call on each of K buffers (code, TLB and branch
 *            history warm), their lines flushed past the prefetch span,
 *            then K calls timed together.
 * cold-ring: one untimed call on the warm buffer (code warm), then the
 *            next K buffers of the ring timed together; nothing flushed.
 * ring:      one untimed descriptor, then rx_batch descriptors of the
 *            point's rx ring walked (rxring.h).
 * a mix:     warm: rx_batch buffers holding the mix's next packets, walked
 *            once untimed, then timed; ring: as ring.
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
#include "xalloc.h"

int sweep_dist(const struct point *p)
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

/* Points timed by walking descriptors: the rx ring, and any mix. */
static bool walks(const struct point *p)
{
	return p->cache == CACHE_RX || p->size == SIZE_MIX;
}

/* The largest payload one call of p covers. */
static uint32_t max_size(const struct bench *b, const struct point *p)
{
	return p->size == SIZE_MIX ? b->cfg->mix->max : p->size;
}

static uint64_t walk_sample(struct bench *b, struct point *p)
{
	const struct timer *t = b->cal.timer;
	const struct op *op = p->runs->op;
	const struct mix *m = b->cfg->mix;
	struct rx_walk_args a = {
		op, p->runs, op->dst ? sweep_dbuf(b) + p->align : NULL, p->align,
		sweep_dist(p), p->rxpf, b->cfg->rx_ahead, b->line,
	};
	struct rxring *r = &b->rxwarm;
	uint64_t before, ticks;
	size_t i;

	if (p->cache == CACHE_RX) {
		rx_walk(t, &p->rx, &a, 1);	/* code warm */
		before = p->rx.bytes;
		ticks = rx_walk(t, &p->rx, &a, p->iters);
		p->walked += p->rx.bytes - before;
		return ticks;
	}
	/* warm: the next packets of the mix, in buffers that stay put */
	for (i = 0; i < p->iters; i++) {
		r->desc[i].len = m->len[(p->mixpos + i) % m->n];
		rx_fill(r->desc[i].buf, m, p->mixpos + i, p->align);
	}
	p->mixpos = (p->mixpos + p->iters) % m->n;
	r->next = 0;
	rx_walk(t, r, &a, p->iters);
	r->next = 0;
	before = r->bytes;
	ticks = rx_walk(t, r, &a, p->iters);
	p->walked += r->bytes - before;
	return ticks;
}

void sweep_cold_ready(struct bench *b, struct point *p, unsigned char **bufs,
		      unsigned char **dsts)
{
	const struct op *op = p->runs->op;
	size_t slot = cold_slot(b, p);
	uint64_t k;

	for (k = 0; k < p->iters; k++) {
		bufs[k] = b->pool + (k + b->slot) * slot + p->align;
		dsts[k] = op->dst ? bufs[k] + slot / 2 : NULL;
	}
	op->list(b->cal.timer, p->runs, bufs, dsts, p->size, sweep_dist(p), p->iters);
	for (k = 0; k < (b->flush->whole ? 1 : p->iters); k++) {
		b->flush->flush(bufs[k], p->size + b->pfspan, b->line);
		if (op->dst && !b->flush->whole)
			b->flush->flush(dsts[k], p->size, b->line);
	}
}

double sweep_sample(struct bench *b, struct point *p)
{
	const struct timer *t = b->cal.timer;
	const struct kernel *kn = p->runs;
	const struct op *op = kn->op;
	unsigned char *bufs[K_MAX], *dsts[K_MAX];
	unsigned char *wdst = op->dst ? sweep_dbuf(b) + p->align : NULL;
	int dist = sweep_dist(p);
	uint64_t k, ticks;

	if (walks(p))
		return ((double)walk_sample(b, p) - b->cal.overhead) /
		       (double)p->iters;
	switch (p->cache) {
	case CACHE_WARM:	/* the two untimed calls warm dst too */
		op->batch(t, kn, sweep_buf(b) + p->align, wdst, p->size, dist, 2);
		ticks = op->batch(t, kn, sweep_buf(b) + p->align, wdst, p->size, dist,
				  p->iters);
		break;
	case CACHE_COLD:
		sweep_cold_ready(b, p, bufs, dsts);
		ticks = op->list(t, kn, bufs, dsts, p->size, dist, p->iters);
		break;
	default:	/* CACHE_RING: source and destination both from it */
		op->batch(t, kn, sweep_buf(b) + p->align, wdst, p->size, dist, 1);
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
	const unsigned char *buf = sweep_buf(b) + p->align;
	unsigned char *dst = op->dst ? sweep_dbuf(b) + p->align : NULL;
	uint64_t iters = 1;

	op->batch(t, p->runs, buf, dst, p->size, sweep_dist(p), 4);
	while (iters < (UINT64_C(1) << 32) &&
	       (double)op->batch(t, p->runs, buf, dst, p->size, sweep_dist(p), iters) -
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

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* A ring's key: its size; for cold-ring, whether its points write into
   it (an op with a destination: the dirty lines they leave would be
   written back during other points' timed regions); for an rx pool, a
   bit of its own and, for a capture's bytes, the payload's alignment. */
static uint64_t ring_key(const struct bench *b, const struct point *p)
{
	if (p->cache == CACHE_RX)
		return (uint64_t)p->size << 16 |
		       (b->cfg->mix && b->cfg->mix->capture ? p->align : 0) << 2 | 2;
	return (uint64_t)p->size << 16 | (p->runs && p->runs->op->dst);
}

static bool has_ring(const struct point *p)
{
	return p->cache == CACHE_RING || p->cache == CACHE_RX;
}

/* Rings are one per distinct key, in ascending order. */
static size_t ring_of(const struct bench *b, uint64_t key)
{
	const uint64_t *s = bsearch(&key, b->ring_keys, b->nrings,
				    sizeof(*s), cmp_u64);

	return (size_t)(s - b->ring_keys);
}

/* One ring per buffer size (and per writing), and one rx pool per
   payload size, all planned, checked against the memory there is, and
   made before any point refers to one. */
static int make_rings(struct bench *b, char *err, size_t errlen)
{
	uint64_t total = 0, mem = (uint64_t)sysconf(_SC_PHYS_PAGES) *
			 (uint64_t)sysconf(_SC_PAGESIZE);
	size_t i, j, n = 0;

	for (i = 0; i < b->npts; i++)
		if (has_ring(&b->pts[i]))
			n++;
	if (!n)
		return 0;
	b->ring_keys = xcalloc(n, sizeof(*b->ring_keys), "the rings' list");
	for (i = 0, n = 0; i < b->npts; i++)
		if (has_ring(&b->pts[i]))
			b->ring_keys[n++] = ring_key(b, &b->pts[i]);
	qsort(b->ring_keys, n, sizeof(*b->ring_keys), cmp_u64);
	for (i = 0, j = 0; i < n; i++)
		if (!j || b->ring_keys[i] != b->ring_keys[j - 1])
			b->ring_keys[j++] = b->ring_keys[i];
	b->nrings = j;
	b->rings = xcalloc(j, sizeof(*b->rings), "the rings' list");
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		uint64_t bytes;

		if (!has_ring(p))
			continue;
		/* Points are found by key, not by a search of every ring,
		   so this stays linear in sizes. */
		j = ring_of(b, ring_key(b, p));
		p->ring = &b->rings[j];
		if (b->rings[j].size)
			continue;
		if (p->cache == CACHE_RX)
			bytes = rx_pool_plan(p->ring, max_size(b, p),
					     b->align_max + b->pfspan, b->line,
					     cache_largest(NULL), p->size == SIZE_MIX ?
					     b->cfg->mix : NULL, mem / 4);
		else
			bytes = ring_plan(p->ring, p->size, b->align_max + b->pfspan,
					  b->line, cache_largest(NULL));
		p->ring->written = p->cache == CACHE_RING && (ring_key(b, p) & 1);
		total = bytes && total + bytes > total ? total + bytes : UINT64_MAX;
	}
	if (total > mem / 2) {
		snprintf(err, errlen, "cache = cold-ring and ring: rings whose "
			 "buffers touch twice the largest cache (%zu KiB) need %llu "
			 "MiB for these sizes, more than half of this machine's %llu "
			 "MiB", cache_largest(NULL) >> 10,
			 (unsigned long long)(total >> 20),
			 (unsigned long long)(mem >> 20));
		return -1;
	}
	for (j = 0; j < b->nrings; j++) {
		struct ring *r = &b->rings[j];
		int rc;
		if (b->ring_keys[j] & 2)	/* an rx pool: with the mix's packets */
			rc = rx_pool_alloc(r, b->ring_keys[j] >> 16 == SIZE_MIX ?
					   b->cfg->mix : NULL,
					   (uint32_t)(b->ring_keys[j] >> 2 & 0x3fff));
		else
			rc = ring_alloc(r);
		if (rc) {
			snprintf(err, errlen, "cache = %s: no memory for a ring of "
				 "%zu MiB", b->ring_keys[j] & 2 ? "ring" : "cold-ring",
				 r->bytes >> 20);
			return -1;
		}
	}
	for (i = 0; i < b->npts; i++)
		if (b->pts[i].cache == CACHE_RX &&
		    rxring_init(&b->pts[i].rx, b->cfg->ring, b->pts[i].ring)) {
			snprintf(err, errlen, "cache = ring: no memory for %u "
				 "descriptors", b->cfg->ring);
			return -1;
		}
	return 0;
}

/* A mix in warm: rx_batch buffers, made once and shared by its points
   (one is sampled at a time). */
static int make_rxwarm(struct bench *b, char *err, size_t errlen)
{
	struct ring *r = &b->rxwarm_mem;
	uint64_t mem = (uint64_t)sysconf(_SC_PHYS_PAGES) *
		       (uint64_t)sysconf(_SC_PAGESIZE);
	size_t i;

	for (i = 0; i < b->npts; i++)
		if (b->pts[i].size == SIZE_MIX && b->pts[i].cache == CACHE_WARM)
			break;
	if (i == b->npts)
		return 0;
	r->size = RX_HDR + b->cfg->mix->max;
	r->slot = (r->size + b->align_max + b->pfspan + b->line - 1) / b->line * b->line;
	r->nslots = b->cfg->rx_batch;
	if ((uint64_t)r->slot * r->nslots > mem / 2) {
		snprintf(err, errlen, "sizes = mix: %zu warm buffers of %zu bytes "
			 "(rx_batch x its largest packet) need more than half of "
			 "this machine's %llu MiB", r->nslots, r->slot,
			 (unsigned long long)(mem >> 20));
		return -1;
	}
	r->bytes = r->slot * r->nslots;
	if (ring_alloc(r) || rxring_init(&b->rxwarm, r->nslots, NULL)) {
		snprintf(err, errlen, "no memory for %zu warm rx buffers",
			 r->nslots);
		return -1;
	}
	for (i = 0; i < r->nslots; i++)
		b->rxwarm.desc[i].buf = r->mem + i * r->slot;
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
	return watchdog_limit(calls * max_size(b, p), calls,
			      p->cache == CACHE_WARM && !walks(p) ? 0 : 1.0);
}

/* Finding the calls per region takes a few samples' length, and up to
   a few K_MAX-call cold regions. */
static double pilot_limit(const struct bench *b, const struct point *p)
{
	double sample_s = b->cal.sample_ticks / b->cal.tick_hz;

	return watchdog_limit(6.0 * K_MAX * max_size(b, p), 6.0 * K_MAX,
			      3000 * sample_s + (p->cache == CACHE_WARM ? 0 : 1.0));
}

static uint64_t find_iters(struct bench *b, struct point *p)
{
	if (walks(p))
		return b->cfg->rx_batch;
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
	if (make_rings(b, err, errlen) || make_rxwarm(b, err, errlen))
		return -1;
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		/* pool_cap keeps this within POOL_MAX, or one slot, and
		   the layouts' slots past it within SLOTS_MAX */
		size_t need = (pool_cap(b, p) + b->nslots - 1) * cold_slot(b, p);
		if (p->cache == CACHE_COLD && need > pool)
			pool = need;
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
