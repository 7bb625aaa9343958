/* Before the first sample: each point's calls per timed region (one K
   shared by a size and cache state, floors included), the cold rings,
   the rx rings and the cold pool (sample.c says what each state times). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "csumbench-uapi.h"
#include "kspace/kspace.h"
#include "lib/hugepage.h"
#include "lib/rand.h"
#include "lib/stats.h"
#include "lib/xalloc.h"
#include "sweep/sweep.h"
#include "timer/fence.h"
#include "workload/load.h"

/* Regions (or batches) a K (or a batch's calls) is judged on: their
   median, each taken again if the thread was switched out, so a task
   that takes the CPU now and then moves neither (a median of three
   moved when two were hit).  A sustained one still can, as can a median
   at a doubling's edge: iters in the CSV says, compare warns where two
   runs' K differ, and cold_calls = K fixes it. */
#define PILOT_REGIONS 9

/* One pilot region of p: a warm batch of iters calls (warm), else a
   sample of its K; in ticks less the overhead.  One during which the
   thread was switched out is taken again, as a sample is (rounds.c). */
static double pilot_region(struct sweep *b, struct point *p, uint64_t iters,
			   bool warm)
{
	const struct op *op = p->spec.runs->op;
	unsigned char *dst = op->dst ? sweep_dbuf(b) + p->spec.align : NULL;
	double v = 0;
	int tries;

	for (tries = 0; tries <= PREEMPT_RETAKES; tries++) {
		long before = thread_involuntary_switches();
		v = warm ? (double)op->batch(b->machine.cal.timer, p->spec.runs,
					     sweep_buf(b) +
					     p->spec.align, dst, p->spec.size,
					     sweep_dist(p), iters) - b->machine.cal.overhead :
			   sweep_sample(b, p) * (double)p->spec.iters;
		if (before < 0 || thread_involuntary_switches() == before)
			break;
	}
	return v;
}

/* The median of PILOT_REGIONS of them. */
static double pilot_median(struct sweep *b, struct point *p, uint64_t iters,
			   bool warm)
{
	double v[PILOT_REGIONS];
	int i;

	for (i = 0; i < PILOT_REGIONS; i++)
		v[i] = pilot_region(b, p, iters, warm);
	return stats_median(v, PILOT_REGIONS);
}

/* Warm: double the batch until it lasts a sample's length. */
static uint64_t warm_iters(struct sweep *b, struct point *p)
{
	const struct op *op = p->spec.runs->op;
	unsigned char *dst = op->dst ? sweep_dbuf(b) + p->spec.align : NULL;
	uint64_t iters = 1;

	if (p->spec.runs->kspace) {	/* the module's regions (kspace/) */
		for (p->spec.iters = 1; p->spec.iters < CSB_MAX_WARM_CALLS && !p->data.dead;
		     p->spec.iters *= 2)
			if (sweep_sample(b,
					 p) * (double)p->spec.iters >= b->machine.cal.sample_ticks)
				break;
		return p->spec.iters;
	}
	op->batch(b->machine.cal.timer, p->spec.runs,
		  sweep_buf(b) + p->spec.align, dst, p->spec.size,
		  sweep_dist(p), 4);
	while (iters < (UINT64_C(1) << 32) &&
	       pilot_median(b, p, iters, true) < b->machine.cal.sample_ticks)
		iters *= 2;
	return iters;
}

/* Cold states: double K from 1 until the median region of K calls spans
   REGION_STEPS timer steps (with a quarter to spare, so the run's median
   stays above it), or K reaches its cap.  Timed as batches even in
   per-call runs: K is what a region of K calls needs. */
static uint64_t cold_iters(struct sweep *b, struct point *p, uint64_t cap)
{
	double want = 1.25 * REGION_STEPS * b->machine.cal.resolution;

	b->piloting = true;
	for (p->spec.iters = 1; p->spec.iters < cap; p->spec.iters *= 2)
		if (pilot_median(b, p, p->spec.iters, false) >= want)
			break;
	b->piloting = false;
	return p->spec.iters < cap ? p->spec.iters : cap;
}

/* A ring's key.  cold-ring: one ring per point (neighbours sharing one
   prefetched each other's buffers), bit 63 set, the point's index, and
   whether it writes into it (an op with a destination).  An rx pool:
   its size, bit 1 and the payload's alignment (every header says where
   its payload starts); shared by the points of a size and alignment,
   whose every sample flushes what it walks. */
static uint64_t ring_key(const struct sweep *b, const struct point *p)
{
	if (p->spec.cache == CACHE_RX)
		return (uint64_t)p->spec.size << 16 | (uint64_t)p->spec.align << 2 | 2;
	return UINT64_C(1) << 63 | (uint64_t)(p - b->plan.pts) << 2 |
	       (p->spec.runs && p->spec.runs->op->dst);
}

static bool has_ring(const struct point *p)
{
	return p->spec.cache == CACHE_RING || p->spec.cache == CACHE_RX;
}

/* Rings are one per distinct key, in ascending order. */
static size_t ring_of(const struct sweep *b, uint64_t key)
{
	const uint64_t *s = bsearch(&key, b->arena.ring_keys, b->arena.nrings,
				    sizeof(*s), stats_cmp_u64);

	return (size_t)(s - b->arena.ring_keys);
}

/* The memory this run may take: the machine's, and no more than is
   available now (MemAvailable, ulimit -v), so that rings and pools sized
   from a large cache leave the machine room. */
static uint64_t mem_budget(void)
{
	uint64_t mem = (uint64_t)sysconf(_SC_PHYS_PAGES) *
		       (uint64_t)sysconf(_SC_PAGESIZE);
	size_t room = xalloc_room();

	return room != SIZE_MAX && (uint64_t)room < mem ? (uint64_t)room : mem;
}

/* Plans every ring and pool for buffers touching twice cache_bytes:
   the bytes they take in all (UINT64_MAX past that). */
static uint64_t plan_rings(struct sweep *b, size_t cache_bytes)
{
	uint64_t total = 0, mem = mem_budget();
	size_t i, j;

	memset(b->arena.rings, 0, b->arena.nrings * sizeof(*b->arena.rings));
	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		uint64_t bytes;

		if (!has_ring(p))
			continue;
		/* Points are found by key, not by a search of every ring,
		   so this stays linear in sizes. */
		j = ring_of(b, ring_key(b, p));
		p->data.ring = &b->arena.rings[j];
		if (b->arena.rings[j].size)
			continue;
		if (p->spec.cache == CACHE_RX)
			bytes = rx_pool_plan(p->data.ring, point_max_size(b, p),
					     b->plan.align_max,
					     b->plan.pfspan, b->machine.line, cache_bytes,
					     p->spec.size == SIZE_MIX ? b->cfg->mix : NULL,
					     mem / 4);
		else
			bytes = ring_plan(p->data.ring, p->spec.size,
					  p->spec.align, b->plan.pfspan,
					  b->machine.line, cache_bytes);
		p->data.ring->written = p->spec.cache == CACHE_RING && (ring_key(b, p) & 1);
		total = bytes && total + bytes > total ? total + bytes : UINT64_MAX;
	}
	return total;
}

/* One ring per cold-ring point, and one rx pool per payload size and
   alignment, all planned, checked against the memory there is, and made
   before any point refers to one.  Where memory or the address space (a
   32-bit process: an emulated board on a host with a large cache) cannot
   hold them all, each is cut to fit, down to touching the cache one core
   uses once (any way under emulation), and the CSV says so. */
static int make_rings(struct sweep *b, char *err, size_t errlen)
{
	uint64_t total, mem = mem_budget();
	uint64_t room = SIZE_MAX / 8;
	size_t i, j, n = 0;

	for (i = 0; i < b->plan.npts; i++)
		if (has_ring(&b->plan.pts[i]))
			n++;
	if (!n)
		return 0;
	b->arena.ring_keys = xcalloc(n, sizeof(*b->arena.ring_keys), "the rings' list");
	for (i = 0, n = 0; i < b->plan.npts; i++)
		if (has_ring(&b->plan.pts[i]))
			b->arena.ring_keys[n++] = ring_key(b, &b->plan.pts[i]);
	qsort(b->arena.ring_keys, n, sizeof(*b->arena.ring_keys),
	      stats_cmp_u64);
	for (i = 0, j = 0; i < n; i++)
		if (!j || b->arena.ring_keys[i] != b->arena.ring_keys[j - 1])
			b->arena.ring_keys[j++] = b->arena.ring_keys[i];
	b->arena.nrings = j;
	b->arena.rings = xcalloc(j, sizeof(*b->arena.rings), "the rings' list");
	if (room > mem / 2)
		room = mem / 2;
	b->arena.ring_cache = cache_core(NULL);
	total = plan_rings(b, b->arena.ring_cache);
	/* cut, but never below touching the core's cache once (under
	   emulation, where no cache is modelled, as far as it takes) */
	if (total > room && (total < 2 * room || b->machine.emulated)) {
		b->arena.ring_cache = (size_t)((double)b->arena.ring_cache * (double)room /
					 (double)total * 0.9);
		total = plan_rings(b, b->arena.ring_cache);
	}
	if (total > room) {
		snprintf(err, errlen, "cache = cold-ring and ring: rings whose "
			 "buffers touch twice the cache one core uses (%zu KiB), one "
			 "per cold-ring point, need %llu MiB for these points, more "
			 "than half of the %llu MiB this process may take (MemAvailable, "
			 "ulimit -v) even when cut to touch it once",
			 cache_core(NULL) >> 10, (unsigned long long)(total >> 20),
			 (unsigned long long)(mem >> 20));
		return -1;
	}
	for (j = 0; j < b->arena.nrings; j++) {
		struct ring *r = &b->arena.rings[j];
		uint64_t seed = b->plan.seed ^ (b->arena.ring_keys[j] * UINT64_C(0x9e3779b97f4a7c15));
		int rc;
		if (b->arena.ring_keys[j] & 2)	/* an rx pool: with the mix's packets */
			rc = rx_pool_alloc(r, b->arena.ring_keys[j] >> 16 == SIZE_MIX ?
					   b->cfg->mix : NULL,
					   (uint32_t)(b->arena.ring_keys[j] >> 2 & 0x3fff), seed);
		else
			rc = ring_alloc(r, seed);
		if (rc) {
			snprintf(err, errlen, "cache = %s: no memory for a ring of "
				 "%zu MiB", b->arena.ring_keys[j] & 2 ? "ring" : "cold-ring",
				 r->bytes >> 20);
			return -1;
		}
		/* written: its last lines would be in the cache, dirty */
		b->machine.flush->flush(r->mem, r->bytes, b->machine.line);
	}
	for (i = 0; i < b->plan.npts; i++)
		if (b->plan.pts[i].spec.cache == CACHE_RX &&
		    rxring_init(&b->plan.pts[i].data.rx, b->cfg->ring,
				b->plan.pts[i].data.ring)) {
			snprintf(err, errlen, "cache = ring: no memory for %u "
				 "descriptors", b->cfg->ring);
			return -1;
		}
	return 0;
}

/* A mix in warm: rx_batch buffers, made once and shared by its points
   (one is sampled at a time). */
static int make_rxwarm(struct sweep *b, char *err, size_t errlen)
{
	struct ring *r = &b->arena.rxwarm_mem;
	uint64_t mem = mem_budget();
	size_t i;

	for (i = 0; i < b->plan.npts; i++)
		if (b->plan.pts[i].spec.size == SIZE_MIX && b->plan.pts[i].spec.cache == CACHE_WARM)
			break;
	if (i == b->plan.npts)
		return 0;
	r->size = RX_HDR + b->cfg->mix->max;
	r->slot = (r->size + b->plan.align_max + b->plan.pfspan + b->machine.line - 1) / b->machine.line * b->machine.line;
	r->nslots = b->cfg->rx_batch;
	if ((uint64_t)r->slot * r->nslots > mem / 2) {
		snprintf(err, errlen, "sizes = mix: %zu warm buffers of %zu bytes "
			 "(rx_batch x its largest packet) need more than half of "
			 "the %llu MiB this process may take", r->nslots, r->slot,
			 (unsigned long long)(mem >> 20));
		return -1;
	}
	r->bytes = r->slot * r->nslots;
	if (ring_alloc(r, 1) || rxring_init(&b->arena.rxwarm, r->nslots, NULL)) {
		snprintf(err, errlen, "no memory for %zu warm rx buffers",
			 r->nslots);
		return -1;
	}
	for (i = 0; i < r->nslots; i++)
		b->arena.rxwarm.desc[i].buf = r->mem + i * r->slot;
	return 0;
}

/* The pool: at least this much memory, four times the cache one core
   uses, and 8 slots of the largest point (a region takes a quarter of
   the slots at most); an eighth of the memory this process may take, or
   a quarter of the address space, at most. */
#define POOL_MIN (64u << 20)

static size_t largest_slot(const struct sweep *b)
{
	size_t i, slot = 0;

	for (i = 0; i < b->plan.npts; i++)
		if (sweep_pooled(b->plan.pts[i].spec.cache) && point_slot_bytes(b, &b->plan.pts[i]) > slot)
			slot = point_slot_bytes(b, &b->plan.pts[i]);
	return slot;
}

static size_t pool_bytes(const struct sweep *b)
{
	uint64_t mem = mem_budget();
	uint64_t want = POOL_MIN, llc = 4 * (uint64_t)cache_core(NULL);
	uint64_t big = 8 * (uint64_t)largest_slot(b);

	if (llc > want)
		want = llc;
	if (big > want)
		want = big;
	if (want > mem / 8)
		want = mem / 8;
	if (want > SIZE_MAX / 4)
		want = SIZE_MAX / 4;
	return (size_t)want;
}

/* A region's calls at most: a quarter of the pool's slots, so that draws
   stay scattered (sweep_prepare makes sure there are four). */
static uint64_t pool_cap(const struct sweep *b, const struct point *p)
{
	size_t n = b->arena.poolsize / point_slot_bytes(b, p) / 4;

	return n >= K_MAX ? K_MAX : n ? n : 1;
}

double sweep_sample_limit(const struct sweep *b, const struct point *p)
{
	double calls = (double)p->spec.iters + 2;

	/* A cold region also writes and flushes, which is the harness's
	   time. */
	return watchdog_limit(p->spec.runs, calls * point_max_size(b, p), calls,
			      p->spec.cache == CACHE_WARM && !point_walks(p) ? 0 : 1.0);
}

/* Finding the calls per region takes a few samples' length, and up to
   a few K_MAX-call cold regions. */
static double pilot_limit(const struct sweep *b, const struct point *p)
{
	double sample_s = b->machine.cal.sample_ticks / b->machine.cal.tick_hz;

	return watchdog_limit(p->spec.runs, 6.0 * K_MAX * point_max_size(b, p),
			      6.0 * K_MAX, 3000 * sample_s +
			      (p->spec.cache == CACHE_WARM ? 0 : 1.0));
}

/* The most calls a region of p may have. */
static uint64_t iters_cap(const struct sweep *b, const struct point *p)
{
	size_t cap;

	if (p->spec.runs->kspace)	/* the module's cold buffers */
		return kspace_cold_calls() < K_MAX ? kspace_cold_calls() : K_MAX;
	if (sweep_pooled(p->spec.cache))
		return pool_cap(b, p);
	/* Half the ring at most, so a buffer comes round cold; an op with
	   a destination takes two buffers a call. */
	cap = p->data.ring->nslots / (p->spec.runs->op->dst ? 4 : 2);
	return cap < K_MAX ? (cap ? cap : 1) : K_MAX;
}

static uint64_t find_iters(struct sweep *b, struct point *p)
{
	uint64_t cap;

	if (point_walks(p))
		return b->cfg->rx_batch;
	if (p->spec.cache == CACHE_WARM)
		return warm_iters(b, p);
	cap = iters_cap(b, p);
	if (b->cfg->cold_calls)		/* the config's K, not found */
		return b->cfg->cold_calls < cap ? b->cfg->cold_calls : cap;
	return cold_iters(b, p, cap);
}

static void pilot(struct sweep *b, struct point *p)
{
	uint64_t iters = 0;
	bool done;

	WATCHDOG_RUN(done, p->spec.runs, pilot_limit(b, p), iters = find_iters(b, p));
	if (done)
		p->spec.iters = iters;
	else
		sweep_stopped(b, p, "while its calls per region were found");
}

/* Whether p takes its K from its size and cache state's group. */
static bool grouped(const struct point *p)
{
	return !point_walks(p) && p->spec.cache != CACHE_WARM;
}

/* One K per size and cache state: the largest any of its points needs
   (the fastest kernel's), for every kernel, load and rx policy there
   and for the floor it is subtracted from, each within its own cap.
   The floor's own need is not counted: its calls are the harness's
   alone, and K enough for them (256 here) is another measurement (c64
   cold at 576 B read 45% slower at K = 256 than at 8 to 32); its short
   regions are warned of instead (rounds.c).  O(points^2) over the few
   grouped points of a run. */
static void share_iters(struct sweep *b)
{
	size_t i, j;

	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		uint64_t k = 0;

		if (!grouped(p))
			continue;
		for (j = 0; j < b->plan.npts; j++) {
			const struct point *q = &b->plan.pts[j];
			if (grouped(q) && !q->data.dead && !q->spec.kernel->pseudo &&
			    q->spec.size == p->spec.size && q->spec.cache == p->spec.cache &&
			    q->spec.iters > k)
				k = q->spec.iters;
		}
		if (k) {
			uint64_t cap = iters_cap(b, p);
			p->spec.iters = k < cap ? k : cap;
		} else if (!p->spec.iters) {
			p->spec.iters = 1;	/* every kernel of its group died */
		}
	}
}

int sweep_prepare(struct sweep *b, char *err, size_t errlen)
{
	size_t i, pool = 0, inner = 0;

	if (!b->arena.buf && sweep_alloc_buf(b, err, errlen))
		return -1;
	if (make_rings(b, err, errlen) || make_rxwarm(b, err, errlen))
		return -1;
	/* (the module's points take their cold buffers from the module) */
	for (i = 0; i < b->plan.npts; i++) {
		pool |= sweep_pooled(b->plan.pts[i].spec.cache) && !b->plan.pts[i].spec.runs->kspace;
		inner |= b->plan.pts[i].spec.cache == CACHE_SWITCH;
	}
	if (pool) {
		pool = pool_bytes(b);
		if (pool / largest_slot(b) < 4) {
			snprintf(err, errlen, "cold buffers of %zu bytes: the pool they "
				 "are drawn from needs four of them, %zu MiB, more than "
				 "an eighth of the memory this process may take or a "
				 "quarter of the address space", largest_slot(b), 4 * largest_slot(b) >> 20);
			return -1;
		}
		b->arena.pool = huge_map(pool);
		if (!b->arena.pool) {
			snprintf(err, errlen, "no memory for %zu bytes of cold buffers",
				 pool);
			return -1;
		}
		b->arena.poolsize = pool;
		/* the DMA's write of every buffer, then flushed: no draw finds
		   a dirty line whose write-back its read would wait for */
		for (i = 0; i + 8 <= pool; i += 8) {
			uint64_t v = i * UINT64_C(0x9e3779b97f4a7c15);
			memcpy(b->arena.pool + i, &v, 8);
		}
		b->machine.flush->flush(b->arena.pool, pool, b->machine.line);
		b->arena.poolhuge = huge_resident(b->arena.pool, pool);
		b->arena.pool_rng = b->plan.seed ^ UINT64_C(0x5deece66d);
		if (!b->arena.pool_rng)
			b->arena.pool_rng = 1;
	}
	if (b->cfg->timing == TIMING_PER_CALL)
		b->arena.scratch = xcalloc(2 * PERCALL_MAX, sizeof(*b->arena.scratch),
				     "a per-call sample (calls and gaps)");
	if (inner) {
		b->arena.thrashsize = 2 * cache_inner_bytes(NULL);
		b->arena.thrash = xmalloc(b->arena.thrashsize,
					  "the after-switch thrash buffer");
		memset(b->arena.thrash, 1, b->arena.thrashsize);
	}
	/* Floors in cold states are not piloted: they take their group's K. */
	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		if (!p->data.dead && (!grouped(p) || !p->spec.kernel->pseudo))
			pilot(b, p);
	}
	share_iters(b);
	return 0;
}
