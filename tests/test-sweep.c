/* How a run is put together, checked without judging any timing: rounds
   visit every point once in a changing order; sequential order keeps a
   point's samples together; the empty kernel's floor points; K calls per
   cold region on a coarse timer; the cold ring's distinct buffers; code
   placement.  Runs under emulation too.  (One file, over 800 lines: every
   group builds its sweep from the fixtures at the top, the coarse timer
   and the recording kernels; split, each file would repeat them.) */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buildinfo.h"
#include "check.h"
#include "lib/platform.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"
#include "report/report.h"
#include "timer/chain.h"

/* A counter stepping by 1000 ticks once a microsecond: coarse. */
static uint64_t read_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) / 1000 * 1000;
}

static double hz_1g(void)
{
	return 1e9;
}

static const struct timer coarse = { "coarse", "1 us steps", false, NULL,
				     read_us, hz_1g, NULL, false };

/* A kernel of known cost: 4 cycles of dependent adds per byte. */
static uint32_t known_cost(const void *buf, int len, uint32_t sum)
{
	(void)buf;
	if (len >= CHAIN_BLOCK / 4)
		chain_adds((unsigned long)len * 4 / CHAIN_BLOCK);
	return sum;
}

static const struct kernel known = { .name = "known-cost", .arch = "generic",
				     .op = &op_csum,
				     .desc = "4 cycles per byte of dependent adds",
				     .fn = (void (*)(void))known_cost };

/* A neighbour that takes the CPU in two of every nine cold regions
   while K is found (noise_pilot), the first two: the kernel of known
   cost, 50 times slower in those regions.  A cold region starts with
   its untimed call on the warm buffer, [noise_warm, noise_warm_end). */
static bool noise_pilot, noise_on;
static const unsigned char *noise_warm, *noise_warm_end;
static unsigned long noise_regions;

static uint32_t noisy_cost(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	unsigned long slow = 1;

	if (noise_on && p >= noise_warm && p < noise_warm_end)
		noise_regions++;
	else if (noise_on && (noise_regions - 1) % 9 < 2)
		slow = 50;
	if (len >= CHAIN_BLOCK / 4)
		chain_adds((unsigned long)len * 4 * slow / CHAIN_BLOCK);
	return sum;
}

static const struct kernel noisy = { .name = "noisy-cost", .arch = "generic",
				     .op = &op_csum,
				     .desc = "known-cost, 50x slower in 2 of 9 regions",
				     .fn = (void (*)(void))noisy_cost };

/* A sweep from --set lines, planned, gated and prepared; with swap, the
   first point calls that kernel instead. */
static int make_with(struct sweep *b, struct config *c, const struct timer *t,
		     const char *const *sets, const struct kernel *swap)
{
	char err[512];

	config_defaults(c);
	/* The counts below are of the kernels named; roofline_points()
	   tests the roofline. */
	if (config_set(c, "roofline = none"))
		return -1;
	for (; *sets; sets++)
		if (config_set(c, *sets))
			return -1;
	if (config_resolve(c))
		return -1;
	memset(b, 0, sizeof(*b));
	b->cfg = c;
	b->machine.flush = flush_select(NULL);
	b->machine.line = cache_line_size(&b->machine.line_source);
	b->plan.seed = c->seed ? c->seed : 1;
	if (calibrate(t, c->cycles_per_tick, &b->machine.cal, err, sizeof(err)) ||
	    sweep_plan(b, err, sizeof(err))) {
		printf("  setup: %s\n", err);
		return -1;
	}
	sweep_gate(b);
	if (swap)
		b->plan.pts[0].spec.kernel = b->plan.pts[0].spec.runs = swap;
	if (noise_pilot) {
		if (sweep_alloc_buf(b, err, sizeof(err)))
			return -1;
		noise_warm = b->arena.buf;
		noise_warm_end = b->arena.buf + b->arena.bufsize;
		noise_regions = 0;
		noise_on = true;
	}
	if (sweep_prepare(b, err, sizeof(err))) {
		printf("  prepare: %s\n", err);
		noise_on = false;
		return -1;
	}
	noise_on = false;
	return 0;
}

static int make(struct sweep *b, struct config *c, const struct timer *t,
		const char *const *sets)
{
	return make_with(b, c, t, sets, NULL);
}

static int is_permutation(const size_t *v, size_t n)
{
	char *seen = calloc(n, 1);
	size_t i;
	int ok = 1;

	for (i = 0; i < n; i++) {
		if (v[i] >= n || seen[v[i]])
			ok = 0;
		else
			seen[v[i]] = 1;
	}
	free(seen);
	return ok;
}

/* The visits of a run, as sweep_watch reports them. */
struct trace {
	size_t *v, n, cap;
};

static void trace_visit(void *ctx, size_t i)
{
	struct trace *t = ctx;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->v = realloc(t->v, t->cap * sizeof(*t->v));
		if (!t->v)
			abort();
	}
	t->v[t->n++] = i;
}

static void trace_undo(void *ctx, size_t n)
{
	struct trace *t = ctx;

	t->n -= n;
}

/* b's visits from now on, into t (emptied). */
static void trace_on(struct sweep *b, struct trace *t)
{
	t->n = 0;
	b->watch.visit = trace_visit;
	b->watch.undo = trace_undo;
	b->watch.ctx = t;
}

static void rounds(void)
{
	static const char *const sets[] = { "kernels=word32,c64", "sizes=64,128",
		"cache=warm", "samples=6", "seed=7", "timer=clock", NULL };
	static const char *const other[] = { "kernels=word32,c64", "sizes=64,128",
		"cache=warm", "samples=6", "seed=8", "timer=clock", NULL };
	struct config c;
	struct sweep b, b2;
	struct trace tr = { NULL, 0, 0 };
	size_t n, r, changed = 0, *first;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "rounds: setup");
	n = b.plan.npts + 1;
	CHECK(b.plan.npts == 6 && b.plan.nempty == 2, "2 kernels x 2 sizes and 2 floor "
	      "points: %zu points, %zu empty", b.plan.npts, b.plan.nempty);
	trace_on(&b, &tr);
	sweep_run(&b, false);
	CHECK(tr.n == 6 * n, "6 rounds of %zu visits (points and the chain): "
	      "%zu visits", n, tr.n);
	for (r = 0; r < 6 && tr.n == 6 * n; r++) {
		CHECK(is_permutation(tr.v + r * n, n), "round %zu visits every "
		      "point and the chain exactly once", r + 1);
		if (r && memcmp(tr.v, tr.v + r * n, n * sizeof(size_t)))
			changed++;
	}
	CHECK(changed >= 4, "the order changes from round to round: %zu of 5 "
	      "rounds differ from the first", changed);
	first = malloc(tr.n * sizeof(*first));
	memcpy(first, tr.v, tr.n * sizeof(*first));
	n = tr.n;
	sweep_free(&b);
	config_free(&c);

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "rounds: setup again");
	trace_on(&b, &tr);
	sweep_run(&b, false);
	CHECK(tr.n == n && !memcmp(first, tr.v, n * sizeof(*first)),
	      "the same seed gives the same order");
	sweep_free(&b);
	config_free(&c);
	CHECK(make(&b2, &c, &timer_clock, other) == 0, "rounds: other seed");
	trace_on(&b2, &tr);
	sweep_run(&b2, false);
	CHECK(tr.n == n && memcmp(first, tr.v, n * sizeof(*first)),
	      "another seed gives another order");
	sweep_free(&b2);
	config_free(&c);
	free(first);
	free(tr.v);
}

static void sequential(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=64,128",
		"cache=warm", "samples=4", "order=sequential", "repeat=2",
		"timer=clock", NULL };
	struct config c;
	struct sweep b;
	struct trace tr = { NULL, 0, 0 };
	size_t i, j, k = 0, bad = 0;
	unsigned rep;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "sequential: setup");
	trace_on(&b, &tr);
	sweep_run(&b, false);
	/* Per repeat and point: 4 chain windows, then its 4 samples. */
	for (rep = 0; rep < 2; rep++)
		for (i = 0; i < b.plan.npts; i++) {
			for (j = 0; j < 4; j++, k++)
				bad += k >= tr.n || tr.v[k] != b.plan.npts;
			for (j = 0; j < 4; j++, k++)
				bad += k >= tr.n || tr.v[k] != i;
		}
	CHECK(bad == 0 && k == tr.n, "sequential: chain windows then all "
	      "samples of one point, point after point, twice (%zu out of "
	      "place)", bad);
	for (i = 4, j = 0; i < 8; i++)
		j += b.plan.pts[0].data.ticks[i] != 0;
	CHECK(j >= 3, "repeat 2 has its own samples (%zu of 4 set)", j);
	sweep_free(&b);
	config_free(&c);
	free(tr.v);
}

static void floors(void)
{
	static const char *const sets[] = { "kernels=word32,c64-prefetch",
		"sizes=64,1500", "aligns=0,3", "cache=warm,cold",
		"prefetch=none,64", "samples=3", "timer=clock", NULL };
	struct config c;
	struct sweep b;
	size_t i, bad = 0;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "floors: setup");
	CHECK(b.plan.nempty == 8, "the empty kernel at 2 sizes x 2 aligns x 2 caches: "
	      "%zu points", b.plan.nempty);
	for (i = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i], *f = &b.plan.pts[p->spec.floor];
		bad += !f->spec.kernel->pseudo || f->spec.size != p->spec.size ||
		       f->spec.align != p->spec.align || f->spec.cache != p->spec.cache;
	}
	CHECK(bad == 0, "every point's floor is the empty kernel at its size, "
	      "alignment and cache (%zu wrong)", bad);
	CHECK(b.plan.pts[b.plan.npts - 1].spec.kernel == kernel_empty && kernel_empty->pseudo &&
	      !strcmp(kernel_empty->name, "empty"), "the floor points come last");
	sweep_free(&b);
	config_free(&c);
}

static void floor_warned(const struct sweep *b);

/* A coarse timer: short cold calls are timed K at a time. */
static void k_calls(void)
{
	static const char *const sets[] = { "sizes=256", "cache=cold",
		"samples=5", NULL };
	struct config c;
	struct sweep b;
	struct point *p;

	CHECK(make_with(&b, &c, &coarse, sets, &known) == 0, "K calls: setup");
	CHECK(b.machine.cal.resolution == 1000, "the simulated timer's step: %g",
	      b.machine.cal.resolution);
	p = &b.plan.pts[0];
	CHECK(p->spec.iters > 1, "a 256-byte call of ~1000 cycles on a 1000-tick "
	      "timer is timed %llu at a time, expected K > 1",
	      (unsigned long long)p->spec.iters);
	sweep_run(&b, false);
	sweep_finish(&b);
	CHECK(p->spec.iters == K_MAX || p->data.st[0].median * (double)p->spec.iters >=
	      REGION_STEPS * 1000 * 0.5, "K = %llu calls of %.0f ticks span "
	      "about %d steps or K is the cap", (unsigned long long)p->spec.iters,
	      p->data.st[0].median, REGION_STEPS);
	CHECK(fabs(p->data.steps[0] - p->data.st[0].median * (double)p->spec.iters / 1000) < 1e-9,
	      "region_steps: the median region in steps of the timer (%.1f)",
	      p->data.steps[0]);
	floor_warned(&b);
	sweep_free(&b);
	config_free(&c);
}

/* The floor takes its rows' K, so its regions of the harness's calls
   alone span a few steps of a coarse timer: said in a warning with how
   far floor_ticks moves. */
static void floor_warned(const struct sweep *b)
{
	const struct point *f = &b->plan.pts[b->plan.pts[0].spec.floor];
	size_t i, n = 0;
	double least = -1, self = -1, rows = -1;

	CHECK(f->spec.kernel->pseudo && f->spec.iters == b->plan.pts[0].spec.iters &&
	      f->data.steps[0] < REGION_STEPS, "the floor at K = %llu spans %.1f "
	      "steps of the coarse timer", (unsigned long long)f->spec.iters,
	      f->data.steps[0]);
	for (i = 0; i < b->log.nwarnings; i++)
		if (strstr(b->log.warnings[i], " floor point(s) (the empty kernel: ") &&
		    sscanf(b->log.warnings[i], "%zu floor point(s) (the empty kernel: "
			   "floor_ticks, subtracted in cycles_per_byte_net) time "
			   "regions of fewer than 100 timer steps (as few as %lf)",
			   &n, &least) == 2) {
			const char *at = strstr(b->log.warnings[i], "in steps of up to ");
			if (at)
				sscanf(at, "in steps of up to %lf%% of itself, %lf%% of "
				       "the fastest row", &self, &rows);
			break;
		}
	CHECK(n == 1 && fabs(least - f->data.steps[0]) < 0.06, "a warning names the "
	      "one short floor and its steps (%zu, as few as %.1f)", n, least);
	CHECK(self > 1 && rows >= 0 && rows < self, "and how far floor_ticks "
	      "moves, of itself and of the rows (%.1f%%, %.2f%%)", self, rows);
}

/* Another task in two of every nine regions while K is found, the
   first two: K is the undisturbed one (a median of three regions, two
   of them disturbed, took K = 1). */
static void k_steady(void)
{
	static const char *const sets[] = { "kernels=ref", "sizes=4096",
		"cache=cold", "samples=1", NULL };
	struct config c;
	struct sweep b;
	uint64_t clean, loud;

	CHECK(make_with(&b, &c, &coarse, sets, &noisy) == 0, "K steady: setup");
	clean = b.plan.pts[0].spec.iters;
	sweep_free(&b);
	config_free(&c);
	noise_pilot = true;
	CHECK(make_with(&b, &c, &coarse, sets, &noisy) == 0, "K steady: noisy");
	noise_pilot = false;
	loud = b.plan.pts[0].spec.iters;
	CHECK(noise_regions >= 3, "the neighbour came (%lu regions)",
	      noise_regions);
	CHECK(clean >= 4 && loud * 2 >= clean, "K with a neighbour in 2 of 9 "
	      "pilot regions: %llu, alone: %llu", (unsigned long long)loud,
	      (unsigned long long)clean);
	sweep_free(&b);
	config_free(&c);
}

static void ring(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=64",
		"cache=cold-ring", "samples=7", "timer=clock", NULL };
	struct ring r;
	struct config c;
	struct sweep b;
	unsigned char *seen[1000];
	size_t i, j, dup = 0, next = 0;

	CHECK(ring_init(&r, 64, 0, 64, 64, 1 << 20, 7) == 0,
	      "ring for 64 B, 1 MiB cache");
	CHECK(r.nslots * 64 >= 2u << 20 && r.slot == 64, "%zu slots of %zu bytes "
	      "touch twice the cache", r.nslots, r.slot);
	CHECK(r.bytes == r.nslots * r.slot + 64, "and the prefetch span past the "
	      "last slot: %zu bytes", r.bytes);
	for (i = 0; i < 1000; i++) {
		seen[i] = ring_next(&r);
		for (j = 0; j < i; j++)
			dup += seen[j] == seen[i];
		next += i && seen[i] == seen[i - 1] + r.slot;
	}
	CHECK(dup == 0, "1000 buffers in a row are distinct (%zu repeats)", dup);
	/* In memory order a prefetcher streams from one into the next. */
	CHECK(next < 10, "and scattered: %zu of 999 follow the one before in "
	      "memory", next);
	for (; i < r.nslots; i++)
		ring_next(&r);
	CHECK(ring_next(&r) == seen[0], "the ring wraps after %zu buffers",
	      r.nslots);
	ring_free(&r);
	CHECK(ring_init(&r, 1500, 7, 256, 64, 1 << 20, 7) == 0 && r.slot == 1536,
	      "1500 B at alignment 7: %zu-byte slots (a prefetch past one lands "
	      "in another slot)", r.slot);
	ring_free(&r);

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "cold-ring: setup");
	CHECK(b.plan.pts[0].data.ring != NULL, "point 0 has a ring");
	i = b.plan.pts[0].data.ring->next;	/* where sizing K left it */
	j = b.plan.pts[1].data.ring->next;
	sweep_run(&b, false);
	/* word32 and the empty kernel: a ring each, so neither prefetches
	   the other's next buffers.  A sample taken again after it was
	   preempted takes K more, and so does each in a round the canary
	   had taken again (a tenant on the core). */
	CHECK(b.plan.pts[1].data.ring != b.plan.pts[0].data.ring && b.plan.pts[0].data.ring->next ==
	      (i + (7 + b.plan.pts[0].data.preempted[0] + b.machine.canary.retaken) * b.plan.pts[0].spec.iters) %
	      b.plan.pts[0].data.ring->nslots && b.plan.pts[1].data.ring->next ==
	      (j + (7 + b.plan.pts[1].data.preempted[0] + b.machine.canary.retaken) * b.plan.pts[1].spec.iters) %
	      b.plan.pts[1].data.ring->nslots,
	      "a ring per point, 7 samples (and %u retakes, %u rounds again) of K "
	      "each took its next buffers: point 0's went from %zu to %zu",
	      b.plan.pts[0].data.preempted[0], b.machine.canary.retaken, i, b.plan.pts[0].data.ring->next);
	sweep_free(&b);
	config_free(&c);
}

/* Several sizes: a ring each, made before any point refers to one (a
   ring array that moved under its points once read freed memory). */
static void rings(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=64,1500,4K",
		"cache=cold-ring", "samples=3", "timer=clock", NULL };
	struct config c;
	struct sweep b;
	size_t i, bad = 0;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "rings: setup");
	CHECK(b.arena.nrings == 6, "3 sizes of word32 and the floor, 6 rings: %zu",
	      b.arena.nrings);
	for (i = 0; i < b.plan.npts; i++)
		bad += !b.plan.pts[i].data.ring || b.plan.pts[i].data.ring < b.arena.rings ||
		       b.plan.pts[i].data.ring >= b.arena.rings + b.arena.nrings ||
		       b.plan.pts[i].data.ring->size != b.plan.pts[i].spec.size || !b.plan.pts[i].data.ring->mem;
	CHECK(bad == 0, "every point draws from a ring of its size (%zu "
	      "wrong)", bad);
	sweep_run(&b, false);
	sweep_free(&b);
	config_free(&c);
}

/* Eviction, the fallback flush: it empties every cache at once, so a
   K-call region evicts once, and the samples still come out. */
static void eviction(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=64",
		"cache=cold", "samples=3", "timer=clock", NULL };
	struct config c;
	struct sweep b;

	CHECK(flush_evict.whole && (flush_select(NULL) == &flush_evict ||
				    !flush_select(NULL)->whole),
	      "eviction, and only eviction, is marked as emptying every cache");
	CHECK(make(&b, &c, &timer_clock, sets) == 0, "eviction: setup");
	b.machine.flush = &flush_evict;
	sweep_run(&b, false);
	sweep_finish(&b);
	CHECK(b.plan.pts[0].data.st[0].median > 0,
	      "word32 cold after eviction: %.1f ticks",
	      b.plan.pts[0].data.st[0].median);
	sweep_free(&b);
	config_free(&c);
}

static void placement(void)
{
	static const char *const in_place[] = { "sizes=64", "samples=1",
		"timer=clock", NULL };
	static const char *const moved[] = { "kernels=c64,c64-prefetch",
		"prefetch=none,64", "sizes=64", "samples=1", "timer=clock",
		"code_offset=0,16,32,48", NULL };
	struct config c;
	struct sweep b;
	size_t i, bad = 0, loops = 0;

	CHECK(make(&b, &c, &timer_clock, in_place) == 0, "placement: setup");
	for (i = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i];
		bad += p->spec.code_mod64 != 0;
		if (p->spec.loop_mod64 >= 0) {
			loops++;
			bad += p->spec.loop_mod64 % CSUMBENCH_LOOP_ALIGN != 0;
		}
	}
	CHECK(bad == 0, "every built-in kernel starts on 64 bytes and its "
	      "marked loop on %d (%zu wrong)", CSUMBENCH_LOOP_ALIGN, bad);
	printf("placement: %zu points, %zu with a marked hot loop\n", b.plan.npts, loops);
	sweep_free(&b);
	config_free(&c);

#if defined(__SANITIZE_ADDRESS__)
	printf("placement: sanitizer build, copies are refused\n");
	CHECK(make(&b, &c, &timer_clock, moved) != 0, "a sanitizer build refuses "
	      "code_offset");
	sweep_free(&b);
#else
	CHECK(make(&b, &c, &timer_clock, moved) == 0, "code_offset: setup");
	CHECK(b.log.nfailed == 0, "copies pass the gate where they are: %s",
	      b.log.nfailed ? b.log.failed[0] : "");
	CHECK(b.plan.npts == 2 * 4 + 1 * 4 + 1, "c64 at 4 offsets, c64-prefetch at 2 "
	      "distances x 4 offsets, 1 floor: %zu points", b.plan.npts);
	for (i = 0, bad = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i];
		if (p->spec.kernel->pseudo)
			continue;
		bad += (int)p->spec.code_mod64 != p->spec.code_offset ||
		       p->spec.runs->fn == p->spec.kernel->fn;
	}
	CHECK(bad == 0, "each copy's entry is code_offset past 64 bytes (%zu "
	      "wrong)", bad);
	/* c64 at 0, 16, 32, 48; then c64-prefetch at none (c64 again) ... */
	CHECK(b.plan.pts[4].spec.prefetch == PREFETCH_NONE && b.plan.pts[4].spec.code_offset == 0 &&
	      b.plan.pts[4].spec.runs == b.plan.pts[0].spec.runs && b.plan.pts[0].spec.runs != b.plan.pts[1].spec.runs,
	      "one copy per kernel and offset, shared by the points that call it");
	sweep_free(&b);
#endif
	config_free(&c);
}

/* A flusher that writes down what it was asked to flush. */
static struct { const unsigned char *p; size_t len; } flushed[2 * K_MAX + 2];
static size_t nflushed;

static void record_flush(const void *p, size_t len, size_t line)
{
	(void)line;
	if (nflushed < sizeof(flushed) / sizeof(flushed[0])) {
		flushed[nflushed].p = p;
		flushed[nflushed].len = len;
	}
	nflushed++;
}

static const struct flusher recorder = { "record", "test", record_flush, false };

/* Two ops in one run: each point's floor is its own op's empty kernel;
   a csum_copy point writes its destination (warm) and has both its
   source and its destination flushed (cold). */
static void ops(void)
{
	static const char *const sets[] = { "kernels=c64,copy-c64", "sizes=1500",
		"cache=warm,cold", "samples=3", "timer=clock", NULL };
	struct config c;
	struct sweep b;
	struct point *warm = NULL, *cold = NULL;
	size_t i, good = 0, k;
	bool src_ok = true, dst_ok = true;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "ops: setup");
	CHECK(b.plan.npts == 8 && b.plan.nempty == 4, "2 kernels x 2 caches, and each "
	      "op's floor at 2 caches: %zu points, %zu floors", b.plan.npts, b.plan.nempty);
	for (i = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i], *f = &b.plan.pts[p->spec.floor];
		good += f->spec.kernel == op_empty(p->spec.kernel->op) && f->spec.size == p->spec.size &&
			f->spec.cache == p->spec.cache && f->spec.align == p->spec.align;
		if (p->spec.kernel->op == &op_csum_copy && !p->spec.kernel->pseudo)
			*(p->spec.cache == CACHE_WARM ? &warm : &cold) = &b.plan.pts[i];
	}
	CHECK(good == b.plan.npts, "every point's floor is its op's empty kernel at "
	      "its size, align and cache: %zu of %zu", good, b.plan.npts);
	CHECK(op_empty(&op_csum_copy) && !strcmp(op_empty(&op_csum_copy)->name,
						  "copy-empty"), "copy-empty");
	if (!warm || !cold) {
		CHECK(0, "ops: no warm and cold copy-c64 points");
		sweep_free(&b);
		config_free(&c);
		return;
	}
	memset(b.arena.dbuf, 0, b.arena.bufsize);
	sweep_sample(&b, warm);
	CHECK(!memcmp(b.arena.dbuf + warm->spec.align,
		      b.arena.buf + warm->spec.align, 1500),
	      "a warm csum_copy sample copies into the destination buffer");
	b.machine.flush = &recorder;
	nflushed = 0;
	sweep_sample(&b, cold);
	k = cold->spec.iters;
	CHECK(nflushed == 3 * k, "cold csum_copy: source and destination of "
	      "each of its %zu buffers flushed, and the destination written "
	      "back after the timed calls: %zu flushes", (size_t)k, nflushed);
	for (i = 0; i < k && 2 * k + i < sizeof(flushed) / sizeof(flushed[0]); i++)
		dst_ok &= flushed[2 * k + i].p == flushed[2 * i + 1].p &&
			  flushed[2 * k + i].len == 1500;
	for (i = 0; i + 1 < 2 * k && i + 1 < 2 * K_MAX; i += 2) {
		src_ok &= flushed[i].len >= 1500;
		dst_ok &= flushed[i + 1].len == 1500 &&
			  (flushed[i + 1].p >= flushed[i].p + flushed[i].len ||
			   flushed[i + 1].p + 1500 <= flushed[i].p);
	}
	CHECK(src_ok && dst_ok, "each flush covers a whole buffer, the "
	      "destination apart from the source");
	b.machine.flush = flush_select(NULL);
	sweep_free(&b);
	config_free(&c);
}

/* roofline = auto: the load kernel at every size and cache state of the
   run, each checksum point held to the one at its own, and the fraction
   its bytes per cycle over the roofline's. */
static void roofline(void)
{
	static const char *const sets[] = { "roofline=auto", "kernels=c64",
		"sizes=64,1500", "cache=warm,cold", "samples=3", "timer=clock",
		NULL };
	struct config c;
	struct sweep b;
	size_t i, held = 0, roofs = 0;
	bool right = true;
	double mine;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "roofline: setup");
	CHECK(c.roofline && b.plan.npts == 16 && b.plan.nempty == 8,
	      "c64 and the roofline "
	      "at 2 sizes x 2 caches, and both ops' floors: %zu points", b.plan.npts);
	sweep_run(&b, false);
	sweep_finish(&b);
	for (i = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i], *q = point_roofline(&b, p);
		double f = point_roofline_fraction(&b, p, 0);

		roofs += p->spec.kernel == c.roofline;
		if (p->spec.kernel->pseudo || p->spec.kernel == c.roofline) {
			right &= !q && isnan(f);
			continue;
		}
		held++;
		right &= q && q->spec.kernel == c.roofline && q->spec.size == p->spec.size &&
			 q->spec.cache == p->spec.cache && q->spec.align == p->spec.align;
		/* A median of 0 ticks (timer=clock is coarse, 64 B warm
		   is fast) has no fraction: NaN, never infinity. */
		mine = point_cycles_per_byte(&b, p, 0);
		right &= mine > 0 ? q && fabs(f - point_cycles_per_byte(&b, q, 0) /
					      mine) < 1e-12 : isnan(f);
	}
	CHECK(roofs == 4 && held == 4 && right, "each c64 point held to the "
	      "roofline's at its size and cache, its fraction cpb(roofline) / "
	      "cpb(c64); floors and the roofline have none");
	sweep_free(&b);
	config_free(&c);
}

/* In a run that prefetches, the roofline is the load's prefetching
   variant at every distance, and each point is held to the best. */
static void roofline_prefetch(void)
{
	static const char *const sets[] = { "roofline=auto", "kernels=c64-prefetch",
		"prefetch=none,64,128", "sizes=1500", "cache=cold", "samples=3",
		"timer=clock", NULL };
	struct config c;
	struct sweep b;
	size_t i, held = 0, roofs = 0;
	bool right = true;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "roofline with prefetch: setup");
	CHECK(c.roofline && c.roofline->prefetch && c.roofline->op == &op_load,
	      "the roofline of a run that prefetches prefetches too: %s",
	      c.roofline ? c.roofline->name : "none");
	sweep_run(&b, false);
	sweep_finish(&b);
	for (i = 0; i < b.plan.npts; i++) {
		const struct point *p = &b.plan.pts[i], *q = point_roofline(&b, p);
		double best = INFINITY, mine, f;
		size_t j;

		roofs += p->spec.kernel == c.roofline;
		if (p->spec.kernel->pseudo || p->spec.kernel == c.roofline)
			continue;
		held++;
		for (j = 0; j < b.plan.npts; j++)
			if (b.plan.pts[j].spec.kernel == c.roofline &&
			    point_cycles_per_byte(&b, &b.plan.pts[j], 0) > 0)
				best = fmin(best, point_cycles_per_byte(&b,
									&b.plan.pts[j], 0));
		mine = point_cycles_per_byte(&b, p, 0);
		f = point_roofline_fraction(&b, p, 0);
		right &= q && p->spec.nroof == 3 && mine > 0 &&
			 fabs(f - best / mine) < 1e-12;
	}
	CHECK(roofs == 3 && held == 3 && right, "3 roofline points (none, 64, "
	      "128) and each c64-prefetch point held to the best of them");
	sweep_free(&b);
	config_free(&c);
}

/* Layouts: R copies of each point's code, entry mod 64 kept (code_offset's
   for a placed copy), at addresses that differ within the page; a sample
   picks one of them and one of the buffer slots. */
static void layouts(void)
{
	static const char *const sets[] = { "kernels=c64,copy-split",
		"ops=csum,csum_copy", "sizes=64", "samples=1", "timer=clock",
		"code_offset=none,16", "layouts=8", NULL };
	struct config c;
	struct sweep b;
	char err[512];
	size_t i, sets_moved = 0, bad = 0, spread = 0, fixed = 0;
	unsigned l, seen[8] = { 0 };

#if defined(__SANITIZE_ADDRESS__)
	printf("layouts: sanitizer build, nothing is copied\n");
	return;
#endif
	CHECK(make(&b, &c, &timer_clock, sets) == 0, "layouts: setup");
	CHECK(layout_make(&b, err, sizeof(err)) == 0, "layouts: %s", err);
	for (i = 0; i < b.arena.nlaysets; i++) {
		const struct layset *s = &b.arena.laysets[i];
		unsigned mod = place_mod64((const void *)s->of->fn), j, k;
		uintptr_t first = 0;

		if (s->n == 1) {
			fixed += s->fixed != NULL;
			continue;
		}
		sets_moved++;
		bad += s->n != 8;
		for (j = 0; j < s->n; j++) {
			uintptr_t a = (uintptr_t)(void *)s->k[j]->fn;
			bad += place_mod64((const void *)s->k[j]->fn) != mod;
			for (k = 0; k < j; k++)
				bad += s->k[k]->fn == s->k[j]->fn;
			if (!j)
				first = a & 4095;
			else
				spread += (a & 4095) != first;
		}
	}
	CHECK(sets_moved >= 3 && bad == 0, "%zu sets of 8 copies, each entry at "
	      "its original's offset mod 64 (16 for code_offset 16), no two at "
	      "one address (%zu wrong)", sets_moved, bad);
	CHECK(spread > 0, "the copies sit at different places in their pages");
	CHECK(fixed >= 1, "copy-split (KERNEL_FIXED) stays where it was linked");
	CHECK(sweep_gate(&b) == 0, "every copy passes the gate");
	CHECK(b.arena.nslots == 8, "8 buffer slots: %u", b.arena.nslots);
	for (i = 0, bad = 0; i < 200; i++) {
		struct point *p = &b.plan.pts[0];
		const struct layset *s = &b.arena.laysets[p->spec.lay - 1];
		l = layout_pick(&b, p);
		bad += l >= 8 || p->spec.runs != s->k[l % s->n] || b.arena.slot >= b.arena.nslots;
		seen[l] |= 1u << b.arena.slot;
	}
	CHECK(bad == 0, "a pick sets the sample's code copy and buffer slot");
	for (l = 0, i = 0; l < 8; l++)
		i += seen[l] != 1u << l;
	CHECK(i > 0, "code copy and buffer slot are drawn apart (not slot = copy)");
	sweep_free(&b);
	config_free(&c);
}

/* A kernel that writes down where it was called. */
static const unsigned char *called[4 * K_MAX + 16];
static size_t ncalled;

static uint32_t record_call(const void *buf, int len, uint32_t sum)
{
	(void)len;
	if (ncalled < sizeof(called) / sizeof(called[0]))
		called[ncalled] = buf;
	ncalled++;
	return sum;
}

static const struct kernel recorded = { .name = "recorded", .arch = "generic",
					.op = &op_csum,
					.desc = "writes down its calls",
					.fn = (void (*)(void))record_call };

static size_t times_called(const unsigned char *p)
{
	size_t i, n = 0;

	for (i = 0; i < ncalled && i < sizeof(called) / sizeof(called[0]); i++)
		n += called[i] == p;
	return n;
}

/* cache = cold is the DMA case: each sample's K buffers are fresh ones
   from the pool, scattered, written by the harness and flushed, and the
   kernel reads each only in the timed call; cold-read reads each once
   first; after-switch reads each once, then thrashes. */
static void dma_cold(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=1500",
		"cache=cold,cold-read,after-switch", "samples=3", NULL };
	struct config c;
	struct sweep b;
	const unsigned char *first[K_MAX];
	size_t i, k, n, pool_calls, twice, shared = 0, inorder = 0, bad = 0;
	struct point *p;

	CHECK(make_with(&b, &c, &coarse, sets, NULL) == 0, "dma cold: setup");
	for (i = 0; i < b.plan.npts; i++)
		if (!b.plan.pts[i].spec.kernel->pseudo)
			b.plan.pts[i].spec.runs = &recorded;
	p = &b.plan.pts[0];
	CHECK(p->spec.cache == CACHE_COLD && p->spec.iters > 1, "a cold point timed K = "
	      "%llu at a time on the coarse timer", (unsigned long long)p->spec.iters);
	n = p->spec.iters;
	ncalled = 0;
	sweep_sample(&b, p);
	for (i = 0, pool_calls = 0, twice = 0; i < ncalled; i++) {
		bool in_pool = called[i] >= b.arena.pool && called[i] < b.arena.pool + b.arena.poolsize;
		pool_calls += in_pool;
		twice += in_pool && times_called(called[i]) != 1;
	}
	CHECK(pool_calls == n && twice == 0, "cold: each of the K buffers is "
	      "read once, in the timed calls (%zu pool calls for K = %zu, %zu "
	      "read twice)", pool_calls, n, twice);
	CHECK(ncalled == n + 1 && !(called[0] >= b.arena.pool &&
				    called[0] < b.arena.pool + b.arena.poolsize),
	      "and the one untimed call is on the warm buffer (%zu calls)",
	      ncalled);
	for (k = 0; k < n; k++)
		first[k] = called[k + 1];
	for (k = 1; k < n; k++)
		inorder += first[k] > first[k - 1];
	CHECK(n < 4 || inorder < n - 1, "the K buffers are not in memory order "
	      "(%zu of %zu rise)", inorder, n - 1);
	for (k = 0; k < n; k++) {
		uint64_t v, want = (uint64_t)((first[k] - b.arena.pool) & ~(ptrdiff_t)7) *
				   UINT64_C(0x9e3779b97f4a7c15);
		memcpy(&v, b.arena.pool + ((first[k] - b.arena.pool) & ~(ptrdiff_t)7), 8);
		bad += v != want;
	}
	CHECK(bad == 0, "each holds the data the pool was written with (the "
	      "DMA, long before)");
	ncalled = 0;
	sweep_sample(&b, p);
	for (k = 0; k < n; k++)
		shared += times_called(first[k]);
	CHECK(shared <= n / 8, "the next sample takes fresh buffers (%zu of %zu "
	      "again)", shared, n);

	for (i = 0; i < b.plan.npts; i++) {
		p = &b.plan.pts[i];
		if (p->spec.kernel->pseudo || p->spec.cache == CACHE_COLD)
			continue;
		ncalled = 0;
		sweep_sample(&b, p);
		for (k = 0, twice = 0; k < p->spec.iters; k++)
			twice += times_called(called[k]) == 2;
		CHECK(ncalled == 2 * p->spec.iters && twice == p->spec.iters,
		      "%s: each buffer read once untimed, then timed (%zu calls, "
		      "K = %llu)", cache_state_name[p->spec.cache], ncalled,
		      (unsigned long long)p->spec.iters);
	}
	CHECK(b.arena.thrash && b.arena.thrashsize >= 2 * 32 * 1024,
	      "after-switch thrashes "
	      "with %zu bytes", b.arena.thrashsize);
	sweep_free(&b);
	config_free(&c);
}

/* One K per size and cache state: every kernel, load and rx policy there
   and the floor subtracted from them (the floor's own K read 17.1 ticks
   a call at K = 32 against 28.2 at K = 1). */
static void one_k(void)
{
	static const char *const sets[] = { "kernels=word32,c64", "sizes=64,4096",
		"cache=cold,cold-ring", "samples=3", NULL };
	struct config c;
	struct sweep b;
	size_t i, j, bad = 0, differ = 0;

	CHECK(make_with(&b, &c, &coarse, sets, &known) == 0, "one K: setup");
	for (i = 0; i < b.plan.npts; i++)
		for (j = 0; j < b.plan.npts; j++) {
			const struct point *p = &b.plan.pts[i], *q = &b.plan.pts[j];
			if (p->spec.size == q->spec.size && p->spec.cache == q->spec.cache)
				bad += p->spec.iters != q->spec.iters;
			differ += p->spec.size != q->spec.size && p->spec.iters != q->spec.iters;
		}
	CHECK(bad == 0, "the same K at a size and cache state for known-cost, "
	      "word32, c64 and the floor (%zu pairs differ)", bad);
	CHECK(b.plan.pts[b.plan.pts[0].spec.floor].spec.iters == b.plan.pts[0].spec.iters, "the floor at its "
	      "point's K: %llu", (unsigned long long)b.plan.pts[0].spec.iters);
	sweep_free(&b);
	config_free(&c);
	(void)differ;
}

/* timing = per-call: a warm sample is calls timed one by one, none
   untimed before them, every one counted. */
static void per_call(void)
{
	static const char *const sets[] = { "kernels=word32", "sizes=64",
		"cache=warm,cold", "samples=3", "timing=per-call", "timer=clock",
		NULL };
	struct config c;
	struct sweep b;
	struct call_hist h;
	size_t i;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "per-call: setup");
	for (i = 0; i < b.plan.npts; i++)
		if (!b.plan.pts[i].spec.kernel->pseudo)
			b.plan.pts[i].spec.runs = &recorded;
	memset(&h, 0, sizeof(h));
	b.arena.hist_out = &h;
	ncalled = 0;
	sweep_sample(&b, &b.plan.pts[0]);
	CHECK(b.plan.pts[0].spec.cache == CACHE_WARM && ncalled > 1 &&
	      h.n + h.preempted == ncalled, "warm: %zu calls, %llu of them "
	      "timed and counted", ncalled, (unsigned long long)(h.n + h.preempted));
	memset(&h, 0, sizeof(h));
	ncalled = 0;
	sweep_sample(&b, &b.plan.pts[1]);
	CHECK(b.plan.pts[1].spec.cache == CACHE_COLD && h.n + h.preempted == b.plan.pts[1].spec.iters &&
	      ncalled == h.n + h.preempted + 1, "cold: its K calls each timed "
	      "(%llu), one untimed on the warm buffer",
	      (unsigned long long)(h.n + h.preempted));
	b.arena.hist_out = NULL;
	memset(&h, 0, sizeof(h));
	for (i = 0; i < 1000; i++)
		call_hist_add(&h, (double)i);
	call_hist_add(&h, 1e6);
	CHECK(call_hist_quantile(&h, 0.99) == 990 && h.max == 1e6 && h.min == 0 &&
	      call_hist_quantile(&h, 1.0) >= 0.99e6 && call_hist_quantile(&h, 1.0) <= 1e6,
	      "the histogram's p99 (%g) and its top bin (%g, within 1%% of 1e6)",
	      call_hist_quantile(&h, 0.99), call_hist_quantile(&h, 1.0));
	sweep_free(&b);
	config_free(&c);
}

static char *reported(void (*report)(FILE *, const struct sweep *),
		      const struct sweep *b);

/* A switch-out lands in a call or in the gap between two: the longest
   of both together are the switch-outs, and only the calls among them
   leave the spread. */
static void switched(void)
{
	static const double w[] = { 40, 40, 42, 60, 300, 9000 };
	static const double gap[] = { 20, 20, 21, 5000, 7000 };

	CHECK(calls_switched(w, 6, gap, 5, 0) == 0, "no switch: no call held one");
	CHECK(calls_switched(w, 6, gap, 5, 1) == 1, "one switch: the 9000-tick "
	      "call, longer than any gap, held it");
	CHECK(calls_switched(w, 6, gap, 5, 3) == 1, "three: the 9000 call and "
	      "the 7000 and 5000 gaps; the 300-tick call (a cache miss) stays");
	CHECK(calls_switched(w, 6, gap, 1, 2) == 2, "with one short gap, two "
	      "switches are the two longest calls");
	CHECK(calls_switched(w, 6, gap, 5, 100) == 6, "more switches than calls "
	      "and gaps: every call (%zu)", calls_switched(w, 6, gap, 5, 100));
}

/* timing = per-call on a timer of 1000-tick steps: every call figure
   whole steps or empty (below one step), none below 0, and the rows
   below one step counted and warned about. */
static void per_call_steps(void)
{
	static const char *const sets[] = { "kernels=c64", "sizes=64",
		"cache=warm", "samples=3", "timing=per-call", NULL };
	static const char *const cols[] = { "ticks_min", "ticks_median",
		"ticks_mean", "ticks_max", "ticks_p99", "call_min", "call_p99",
		"call_p999", "call_max", "call_mean", "call_max_unpreempted", NULL };
	struct config c;
	struct sweep b;
	char *s, *line, *save = NULL, *hdr = NULL;
	size_t rows = 0, cells = 0, fine = 0, below = 0;

	CHECK(make(&b, &c, &coarse, sets) == 0, "per-call steps: setup");
	sweep_run(&b, false);
	sweep_finish(&b);
	s = reported(report_csv, &b);
	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[64], *p = line, *e;
		size_t n = 0, i, k;

		while (n < 64) {
			f[n++] = p;
			if (!(e = strchr(p, ',')))
				break;
			*e = '\0';
			p = e + 1;
		}
		if (!hdr) {
			hdr = line;
			continue;
		}
		rows++;
		for (k = 0; cols[k]; k++) {
			const char *h = hdr;
			for (i = 0; i < n && strcmp(h, cols[k]); i++)
				h += strlen(h) + 1;
			if (i == n || !*f[i])
				continue;
			cells++;
			fine += fmod(atof(f[i]), 1000) != 0 || atof(f[i]) < 1000;
		}
		{
			const char *h = hdr;
			for (i = 0; i < n && strcmp(h, "calls_below_step"); i++)
				h += strlen(h) + 1;
			below += i < n && atof(f[i]) > 0;
		}
	}
	CHECK(rows == 2 && cells > 0 && !fine, "per-call on 1000-tick steps: %zu "
	      "figures in %zu rows, %zu of them not whole steps of 1000 or below "
	      "one", cells, rows, fine);
	CHECK(below == 2, "a 64 B call is below one step of 1 us: calls_below_step "
	      "counts them in both rows (%zu)", below);
	free(s);
	s = reported(report_meta, &b);
	CHECK(strstr(s, "have a median call below one timer step of 1000 ticks"),
	      "... and a warning says the row has no figures, not 0");
	free(s);
	sweep_free(&b);
	config_free(&c);
}

/* What a reporter wrote, as one string. */
static char *reported(void (*report)(FILE *, const struct sweep *),
		      const struct sweep *b)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	report(f, b);
	fclose(f);
	return s;
}

/* The first number below 0 in s, or NULL: a '-' before a digit that
   starts a field (after a comma, a space or a colon). */
static const char *negative(const char *s)
{
	const char *p;

	for (p = s; (p = strchr(p, '-')); p++)
		if (p > s && strchr(", :\n", p[-1]) && p[1] >= '0' && p[1] <= '9')
			return p;
	return NULL;
}

static const char *line_of(const char *s, const char *at)
{
	static char line[160];
	const char *b = at, *e = strchr(at, '\n');

	while (b > s && b[-1] != '\n')
		b--;
	snprintf(line, sizeof(line), "%.*s", (int)((e ? e : at + strlen(at)) - b), b);
	return line;
}

/* A region shorter than the overhead subtracted is no time: with the
   overhead larger than every region (as an emulated board's empty
   region can read 115 ticks and its empty kernel's cold region 93), no
   report prints a figure below 0, the rows count those samples, and the
   run warns. */
static void below_overhead(void)
{
	static const char *const sets[] = { "kernels=c64", "sizes=64",
		"cache=warm,cold", "samples=5", "timer=clock", NULL };
	void (*const reports[])(FILE *, const struct sweep *) = {
		report_csv, report_samples_csv, report_json, report_summary };
	static const char *const names[] = { "CSV", "samples CSV", "JSON",
					     "summary" };
	struct config c;
	struct sweep b;
	size_t i, warned = 0;
	char *s;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "below the overhead: setup");
	b.machine.cal.overhead = 1e15;
	sweep_run(&b, false);
	sweep_finish(&b);
	for (i = 0; i < sizeof(reports) / sizeof(reports[0]); i++) {
		const char *at;

		s = reported(reports[i], &b);
		at = negative(s);
		CHECK(!at, "the %s prints no figure below 0: %s", names[i],
		      at ? line_of(s, at) : "");
		if (i == 0)
			CHECK(strstr(s, ",below_overhead") && strstr(s, ",5,,,\n"),
			      "the CSV's below_overhead column counts the 5 samples");
		free(s);
	}
	for (i = 0; i < b.log.nwarnings; i++)
		warned += strstr(b.log.warnings[i], "shorter than the overhead") != NULL;
	CHECK(warned == 1, "one warning says regions were shorter than the "
	      "overhead subtracted (%zu)", warned);
	sweep_free(&b);
	config_free(&c);
}

/* A median below its floor's (the empty call's, which an emulated
   board's cold 40 B can read higher than a kernel's) is no net time:
   cycles_per_byte_net is left empty, never below 0. */
static void below_floor(void)
{
	static const char *const sets[] = { "kernels=c64", "sizes=64",
		"cache=warm", "samples=5", "timer=clock", NULL };
	struct config c;
	struct sweep b;
	size_t i, nan = 0, held = 0;
	const char *at;
	char *s;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "below the floor: setup");
	sweep_run(&b, false);
	sweep_finish(&b);
	for (i = 0; i < b.plan.npts; i++)
		if (!b.plan.pts[i].spec.kernel->pseudo)
			b.plan.pts[b.plan.pts[i].spec.floor].data.st[0].median = b.plan.pts[i].data.st[0].median + 1000;
	for (i = 0; i < b.plan.npts; i++)
		if (!b.plan.pts[i].spec.kernel->pseudo) {
			held++;
			nan += isnan(point_cycles_per_byte_net(&b, &b.plan.pts[i], 0));
		}
	CHECK(held && nan == held, "a median below its floor's: no net figure "
	      "(%zu of %zu NaN)", nan, held);
	s = reported(report_csv, &b);
	at = negative(s);
	CHECK(!at, "... and the CSV prints none below 0: %s", at ? line_of(s, at) : "");
	free(s);
	sweep_free(&b);
	config_free(&c);
}

/* The miss latency is the chase's ticks in the run's cycles per tick
   (the rows' # cycles_per_tick:), not the start-up calibration's: here
   that one is made 1000 times off, and the line names the one it used. */
static void miss_units(void)
{
	static const char *const sets[] = { "kernels=c64", "sizes=64",
		"cache=cold", "samples=3", "timer=clock", NULL };
	struct config c;
	struct sweep b;
	char want[64], cycles_per_tick[32], *s;
	const char *m, *h;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "miss units: setup");
	sweep_run(&b, false);
	b.machine.fcheck.chase = 400;
	b.machine.cal.cycles_per_tick /= 1000;
	sweep_finish(&b);
	CHECK(b.machine.cycles_per_tick_run > 0 && fabs(b.machine.miss_cycles - 400 * b.machine.cycles_per_tick_run) <
	      1e-9 * b.machine.miss_cycles, "miss_cycles %.1f = 400 ticks x the run's "
	      "%.4f cycles per tick", b.machine.miss_cycles, b.machine.cycles_per_tick_run);
	s = reported(report_meta, &b);
	snprintf(cycles_per_tick, sizeof(cycles_per_tick), "%.4f", b.machine.cycles_per_tick_run);
	h = strstr(s, "# cycles_per_tick: ");
	CHECK(h && !strncmp(h + 19, cycles_per_tick, strlen(cycles_per_tick)) && h[19 + strlen(cycles_per_tick)] ==
	      '\n', "# cycles_per_tick: is the run's %s: %s", cycles_per_tick,
	      h ? line_of(s, h) : "(none)");
	m = strstr(s, "# miss_latency: ");
	snprintf(want, sizeof(want), "%.1f\n", 400 * b.machine.cycles_per_tick_run);
	CHECK(m && !strncmp(m + 16, want, strlen(want)), "# miss_latency: %s: "
	      "%s", want, m ? line_of(s, m) : "(none)");
	snprintf(want, sizeof(want), "\n# miss_latency_ticks: 400.0\n"
		 "# miss_latency_cycles_per_tick: %s\n", cycles_per_tick);
	CHECK(m && strstr(m, want), "... and says it took 400.0 ticks at the "
	      "run's %s cycles per tick", cycles_per_tick);
	free(s);
	sweep_free(&b);
	config_free(&c);
}

/* json.c's zone as +01:00: a date without a whole zone is left alone
   (the sign is looked for 5 characters from the end, never before the
   string: here a '+' sits just before it). */
static void json_zone(void)
{
	char full[32] = "2026-12-07T04:07:19+0100";
	char west[32] = "2026-12-07T04:07:19-0530";
	char bare[8] = "+0100";
	char room[16] = "+0+01";
	char *shorter = room + 2;

	json_zone_colon(full);
	CHECK(!strcmp(full, "2026-12-07T04:07:19+01:00"), "zone: %s", full);
	json_zone_colon(west);
	CHECK(!strcmp(west, "2026-12-07T04:07:19-05:30"), "zone: %s", west);
	json_zone_colon(bare);
	CHECK(!strcmp(bare, "+01:00"), "zone alone: %s", bare);
	json_zone_colon(shorter);
	CHECK(!strcmp(room, "+0+01"), "a 3-character date changed: %s", room);
}

/* A reporter alone: report_csv on a result made by hand (no plan, no
   buffers, no timing), read only.  One warm point of 64 bytes, its own
   floor, 120 ticks at 2 cycles per tick: 3.75 cycles per byte. */
static void report_alone(void)
{
	struct config c;
	struct summary st = { .min = 100, .median = 120, .mean = 121,
			      .max = 140, .stddev = 4, .iqr = 5, .p99 = NAN };
	struct call_stats cs = { 0 };
	unsigned taken = 3, preempted = 0, below = 0;
	double cycles_per_tick = 2, steps = 12;
	struct point pt = {
		.spec = { .kernel = &known, .runs = &known, .size = 64,
			  .cache = CACHE_WARM, .load = LOAD_IDLE,
			  .rx_prefetch = RX_PREFETCH_NONE, .prefetch = PREFETCH_NONE,
			  .code_offset = CODE_OFFSET_NONE, .loop_mod64 = -1,
			  .iters = 10 },
		.data = { .bytes = 64, .st = &st, .cs = &cs, .cycles_per_tick = &cycles_per_tick,
			  .taken = &taken, .steps = &steps,
			  .preempted = &preempted, .below = &below },
	};
	struct sweep b = { .cfg = &c };
	const struct sweep *result = &b;
	char line[2048], *row = NULL;
	size_t commas = 0, header_commas = 0, rows = 0;
	FILE *f = tmpfile();
	const char *q;

	config_defaults(&c);
	b.plan.pts = &pt;
	b.plan.npts = b.plan.repeats = 1;
	b.plan.samples = 3;
	b.machine.cal.timer = &coarse;
	b.machine.cal.resolution = 1;
	b.machine.cal.tick_hz = 1e9;
	CHECK(f != NULL, "report alone: a temporary file");
	if (!f)
		return;
	report_csv(f, result);
	rewind(f);
	CHECK(fgets(line, sizeof(line), f) && !strncmp(line, CSV_HEADER,
	      strlen(CSV_HEADER)), "report alone: the header first: %s", line);
	for (q = CSV_HEADER; *q; q++)
		header_commas += *q == ',';
	while (fgets(line, sizeof(line), f)) {
		rows++;
		free(row);
		row = strdup(line);
	}
	fclose(f);
	CHECK(rows == 1 && row, "report alone: one row (%zu)", rows);
	if (!row)
		return;
	for (q = row; *q; q++)
		commas += *q == ',';
	CHECK(commas == header_commas, "report alone: the header's columns "
	      "(%zu commas, the header %zu)", commas, header_commas);
	CHECK(!strncmp(row, "known-cost,generic,csum,64,0,warm,none,none,idle,none,",
		       54), "report alone: the point's key: %s", row);
	CHECK(strstr(row, ",100.00,120.00,121.00,140.00,,4.00,5.00,0,120.00,"
		     "2.0000,3.7500,") != NULL, "report alone: ticks, floor, "
	      "cycles per tick and per byte: %s", row);
	free(row);
	config_free(&c);
}

/* The run's summary: c64 at 103% of the roofline reads "at roof" when
   its samples and the roofline's spread wide enough to hold 100%, and
   "103%" when they are tight. */
static void roofline_summary(void)
{
	static const char *const sets[] = { "roofline=auto", "kernels=c64",
		"sizes=1500", "cache=warm", "samples=3", "timer=clock", NULL };
	static const double iqr[2] = { 0.3, 0.001 };	/* of the median */
	static const char *const want[2] = { " c64 at roof\n", " c64 103%\n" };
	struct point *p = NULL, *q = NULL;
	struct config c;
	struct sweep b;
	size_t i, k;
	char *out;

	CHECK(make(&b, &c, &timer_clock, sets) == 0, "roofline summary: setup");
	sweep_run(&b, false);
	sweep_finish(&b);
	for (i = 0; i < b.plan.npts; i++) {
		struct point *x = &b.plan.pts[i];

		if (!x->spec.kernel->pseudo)
			*(x->spec.kernel == c.roofline ? &q : &p) = x;
	}
	CHECK(p && q, "c64 and its roofline");
	for (k = 0; p && q && k < 2; k++) {
		/* the roofline 1030 ticks, c64 1000: 103% */
		p->data.st[0].median = 1000;
		q->data.st[0].median = 1030;
		p->data.st[0].iqr = iqr[k] * 1000;
		q->data.st[0].iqr = iqr[k] * 1030;
		p->data.cycles_per_tick[0] = q->data.cycles_per_tick[0] = 1;
		p->data.steps[0] = q->data.steps[0] = 1e6;
		out = reported(report_summary, &b);
		CHECK(out && strstr(out, want[k]), "IQR %.1f%% of the median: "
		      "'%s' in the summary:\n%s", 100 * iqr[k], want[k],
		      out ? out : "");
		free(out);
	}
	sweep_free(&b);
	config_free(&c);
}

int main(void)
{
	report_alone();
	json_zone();
	miss_units();
	below_overhead();
	below_floor();
	dma_cold();
	one_k();
	per_call();
	switched();
	per_call_steps();
	roofline();
	roofline_summary();
	roofline_prefetch();
	layouts();
	ops();
	rounds();
	sequential();
	floors();
	k_calls();
	k_steady();
	ring();
	rings();
	eviction();
	placement();
	return check_done("sweep");
}
