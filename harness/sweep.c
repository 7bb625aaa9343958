/* Points, gate and timing.  Warm: batches of back-to-back calls long
   enough to dwarf the timer.  Cold: one call per sample, the buffer's
   lines flushed just before the first timer read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"
#include "verify.h"

/* Results are stored here so the calls cannot be optimised away. */
static volatile uint32_t sink;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void add_point(struct bench *b, const struct kernel *k, int cache,
		      uint32_t size, uint32_t align, int32_t pf)
{
	struct point *p;

	b->pts = realloc(b->pts, (b->npts + 1) * sizeof(*b->pts));
	if (!b->pts)
		abort();
	p = &b->pts[b->npts++];
	memset(p, 0, sizeof(*p));
	p->kernel = k;
	p->runs = pf == PREFETCH_NONE ? kernel_nopf(k) : k;
	p->cache = cache;
	p->size = size;
	p->align = align;
	p->prefetch = pf;
	p->samples = b->cfg->samples;
	p->ticks = calloc(p->samples, sizeof(*p->ticks));
	if (!p->ticks)
		abort();
}

void sweep_plan(struct bench *b)
{
	const struct config *c = b->cfg;
	size_t ki, ci, si, ai, pi, need = 0;
	long page = sysconf(_SC_PAGESIZE);

	for (ki = 0; ki < c->nkernels; ki++)
		for (ci = 0; ci < c->ncaches; ci++)
			for (si = 0; si < c->nsizes; si++)
				for (ai = 0; ai < c->naligns; ai++) {
					const struct kernel *k = c->kernels[ki];
					if (!k->prefetch) {
						add_point(b, k, c->caches[ci], c->sizes[si],
							  c->aligns[ai], PREFETCH_NONE);
						continue;
					}
					for (pi = 0; pi < c->nprefetch; pi++)
						add_point(b, k, c->caches[ci], c->sizes[si],
							  c->aligns[ai], c->prefetch[pi]);
				}
	for (si = 0; si < c->nsizes; si++)
		if (c->sizes[si] > need)
			need = c->sizes[si];
	need += ALIGN_MAX + 1;
	b->bufsize = (need + (size_t)page - 1) & ~((size_t)page - 1);
	b->buf = mmap(NULL, b->bufsize, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->buf == MAP_FAILED) {
		perror("csumbench: mmap data buffer");
		exit(1);
	}
	/* Written, not just mapped, so no timed call takes a page fault. */
	for (need = 0; need < b->bufsize; need++)
		b->buf[need] = (unsigned char)(need * 2654435761u >> 13);
}

static void fail(struct bench *b, const char *msg)
{
	b->failed = realloc(b->failed, (b->nfailed + 1) * sizeof(*b->failed));
	if (!b->failed)
		abort();
	b->failed[b->nfailed++] = strdup(msg);
}

size_t sweep_gate(struct bench *b)
{
	bool *bad = calloc(b->npts ? b->npts : 1, sizeof(*bad));
	size_t i, j, n;
	char err[512];

	if (!bad)
		abort();
	/* One check per (code that runs, distance); its verdict stands for
	   every point that calls the same. */
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		int dist = p->prefetch == PREFETCH_NONE ? 0 : p->prefetch;

		for (j = 0; j < i; j++)
			if (b->pts[j].runs == p->runs && b->pts[j].prefetch == p->prefetch)
				break;
		if (p->runs && j < i) {
			bad[i] = bad[j];
			continue;
		}
		if (!p->runs)
			snprintf(err, sizeof(err), "%s: names '%s' as its variant "
				 "without prefetch, and there is no such kernel",
				 p->kernel->name, p->kernel->nopf);
		else if (verify_kernel(p->runs, dist, err, sizeof(err)) == 0)
			continue;
		bad[i] = true;
		fail(b, err);
		fprintf(stderr, "csumbench: FAILED correctness check, not timed: %s\n",
			err);
	}
	/* A kernel wrong at any distance is not timed at all. */
	for (i = 0; i < b->npts; i++)
		if (bad[i])
			for (j = 0; j < b->npts; j++)
				if (b->pts[j].kernel == b->pts[i].kernel)
					bad[j] = true;
	for (i = 0, n = 0; i < b->npts; i++) {
		if (bad[i])
			free(b->pts[i].ticks);
		else
			b->pts[n++] = b->pts[i];
	}
	b->npts = n;
	free(bad);
	return b->nfailed;
}

static uint64_t batch(const struct timer *t, const struct kernel *k,
		      const unsigned char *p, int len, int dist, uint64_t iters)
{
	csum_fn *plain = (csum_fn *)(void *)k->fn;
	csum_pf_fn *pf = (csum_pf_fn *)(void *)k->fn;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	/* The kind of call is chosen outside the timed loop, not per call. */
	if (k->prefetch) {
		t0 = t->read();
		for (i = 0; i < iters; i++)
			acc += pf(p, len, 0, dist);
		t1 = t->read();
	} else {
		t0 = t->read();
		for (i = 0; i < iters; i++)
			acc += plain(p, len, 0);
		t1 = t->read();
	}
	sink = acc;
	return t1 - t0;
}

void sweep_measure(const struct bench *b, struct point *pt)
{
	const struct timer *t = b->cal.timer;
	const unsigned char *p = b->buf + pt->align;
	int len = (int)pt->size;
	int dist = pt->prefetch == PREFETCH_NONE ? 0 : pt->prefetch;
	double over = b->cal.overhead;
	unsigned s;

	if (pt->cache == CACHE_COLD) {
		pt->iters = 1;
		for (s = 0; s < 2; s++) {	/* code, stack and TLB warm */
			b->flush->flush(p, pt->size, b->line);
			sink = kernel_csum(pt->runs, p, len, 0, dist);
		}
		for (s = 0; s < pt->samples; s++) {
			uint64_t t0, t1;
			uint32_t r;

			b->flush->flush(p, pt->size, b->line);
			t0 = t->read();
			r = kernel_csum(pt->runs, p, len, 0, dist);
			t1 = t->read();
			sink = r;
			pt->ticks[s] = (double)(t1 - t0) - over;
		}
	} else {
		/* A sample lasts at least 1000 ticks, 20 us and 50 timer reads. */
		double target = b->cal.tick_hz * 20e-6;
		uint64_t iters = 1;

		if (target < 1000)
			target = 1000;
		if (target < 50 * over)
			target = 50 * over;
		batch(t, pt->runs, p, len, dist, 4);
		while (iters < (UINT64_C(1) << 32) &&
		       (double)batch(t, pt->runs, p, len, dist, iters) - over < target)
			iters *= 2;
		pt->iters = iters;
		batch(t, pt->runs, p, len, dist, iters);
		for (s = 0; s < pt->samples; s++)
			pt->ticks[s] = ((double)batch(t, pt->runs, p, len, dist,
						      iters) - over) / (double)iters;
	}
	pt->st = stats_summarise(pt->ticks, pt->samples);
}

void sweep_run(struct bench *b, bool progress)
{
	double start = now_s(), last = start;
	bool tty = isatty(2);
	size_t i;

	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		double now, eta;

		sweep_measure(b, p);
		now = now_s();
		if (!progress || now - start < 2 || (!tty && now - last < 5))
			continue;
		last = now;
		eta = (now - start) / (double)(i + 1) * (double)(b->npts - i - 1);
		fprintf(stderr, "%s[%zu/%zu] %s %u B %s%s ETA %.0f s%s",
			tty ? "\r" : "", i + 1, b->npts, p->kernel->name, p->size,
			cache_state_name[p->cache], p->prefetch >= 0 ? " pf" : "",
			eta, tty ? "\033[K" : "\n");
	}
	if (progress && tty && now_s() - start >= 2)
		fprintf(stderr, "\r\033[K");
}

size_t sweep_coarse(const struct bench *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->npts; i++)
		if (b->pts[i].iters == 1 &&
		    b->pts[i].st.median < COARSE_STEPS * b->cal.resolution)
			n++;
	return n;
}

double point_cycles_per_byte(const struct bench *b, const struct point *p)
{
	return p->st.median * b->cal.cycles_per_tick / (double)p->size;
}

void sweep_free(struct bench *b)
{
	size_t i;

	for (i = 0; i < b->npts; i++)
		free(b->pts[i].ticks);
	for (i = 0; i < b->nfailed; i++)
		free(b->failed[i]);
	free(b->pts);
	free(b->failed);
	if (b->buf)
		munmap(b->buf, b->bufsize);
	memset(b, 0, sizeof(*b));
}
