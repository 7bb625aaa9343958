/* Points, the gate, and the figures of a point.  Measurement is in
   measure.c, the order of samples in rounds.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sweep.h"
#include "verify.h"

static struct point *add_point(struct bench *b, const struct kernel *k,
			       const struct kernel *runs, int cache,
			       uint32_t size, uint32_t align, int32_t pf,
			       int32_t off)
{
	struct point *p;
	size_t n = (size_t)b->samples * b->repeats;

	b->pts = realloc(b->pts, (b->npts + 1) * sizeof(*b->pts));
	if (!b->pts)
		abort();
	p = &b->pts[b->npts++];
	memset(p, 0, sizeof(*p));
	p->kernel = k;
	p->runs = runs;
	p->cache = cache;
	p->size = size;
	p->align = align;
	p->prefetch = pf;
	p->code_offset = off;
	p->loop_mod64 = -1;
	if (runs) {
		p->code_mod64 = place_mod64((const void *)runs->fn);
		p->loop_mod64 = place_loop_mod64(runs);
	}
	p->ticks = calloc(n, sizeof(*p->ticks));
	p->st = calloc(b->repeats, sizeof(*p->st));
	p->cpt = calloc(b->repeats, sizeof(*p->cpt));
	if (!p->ticks || !p->st || !p->cpt)
		abort();
	return p;
}

int sweep_plan(struct bench *b, char *err, size_t errlen)
{
	static const int32_t in_place = CODE_OFFSET_NONE, no_pf = PREFETCH_NONE;
	const struct config *c = b->cfg;
	size_t ki, ci, si, ai, pi, oi, i, j, need = 0;
	long page = sysconf(_SC_PAGESIZE);

	b->samples = c->samples;
	b->repeats = c->repeat;
	b->pfspan = 0;
	for (pi = 0; pi < c->nprefetch; pi++)
		if (c->prefetch[pi] > (int32_t)b->pfspan)
			b->pfspan = (size_t)c->prefetch[pi];
	for (ai = 0; ai < c->naligns; ai++)
		if (c->aligns[ai] > b->align_max)
			b->align_max = c->aligns[ai];

	for (ki = 0; ki < c->nkernels; ki++) {
		const struct kernel *k = c->kernels[ki];
		const int32_t *pfs = k->prefetch ? c->prefetch : &no_pf;
		const int32_t *offs = k->sym ? c->code_offset : &in_place;
		size_t npf = k->prefetch ? c->nprefetch : 1;
		size_t noff = k->sym ? c->ncode_offset : 1;

		if (k->pseudo)
			continue;	/* the empty kernel is added below */
		for (ci = 0; ci < c->ncaches; ci++)
			for (si = 0; si < c->nsizes; si++)
				for (ai = 0; ai < c->naligns; ai++)
					for (pi = 0; pi < npf; pi++)
						for (oi = 0; oi < noff; oi++) {
							const struct kernel *r = pfs[pi] == PREFETCH_NONE ?
								kernel_nopf(k) : k;
							if (r && offs[oi] != CODE_OFFSET_NONE &&
							    !(r = place_copy(r, (unsigned)offs[oi], err, errlen)))
								return -1;
							add_point(b, k, r, c->caches[ci], c->sizes[si],
								  c->aligns[ai], pfs[pi], offs[oi]);
						}
	}
	/* The floor: the empty kernel at every size, alignment and cache. */
	for (ci = 0; ci < c->ncaches; ci++)
		for (si = 0; si < c->nsizes; si++)
			for (ai = 0; ai < c->naligns; ai++) {
				add_point(b, kernel_empty, kernel_empty, c->caches[ci],
					  c->sizes[si], c->aligns[ai], PREFETCH_NONE,
					  CODE_OFFSET_NONE);
				b->nempty++;
			}
	for (i = 0; i < b->npts; i++)
		for (j = b->npts - b->nempty; j < b->npts; j++)
			if (b->pts[j].size == b->pts[i].size &&
			    b->pts[j].align == b->pts[i].align &&
			    b->pts[j].cache == b->pts[i].cache)
				b->pts[i].floor = j;

	for (si = 0; si < c->nsizes; si++)
		if (c->sizes[si] > need)
			need = c->sizes[si];
	need += ALIGN_MAX + 1 + b->pfspan;
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
	return 0;
}

static void fail(struct bench *b, const char *msg)
{
	b->failed = realloc(b->failed, (b->nfailed + 1) * sizeof(*b->failed));
	if (!b->failed)
		abort();
	b->failed[b->nfailed++] = strdup(msg);
}

static void drop_point(struct point *p)
{
	free(p->ticks);
	free(p->st);
	free(p->cpt);
}

size_t sweep_gate(struct bench *b)
{
	bool *bad = calloc(b->npts ? b->npts : 1, sizeof(*bad));
	size_t i, j, n;
	char err[512];

	if (!bad)
		abort();
	/* One check per (code that runs, distance); its verdict stands for
	   every point that calls the same.  Copies are checked where they
	   are, as they will run. */
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		int dist = p->prefetch == PREFETCH_NONE ? 0 : p->prefetch;

		if (p->kernel->pseudo)
			continue;
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
		else if (p->code_offset != CODE_OFFSET_NONE)
			snprintf(err + strlen(err), sizeof(err) - strlen(err),
				 " (its copy at code_offset %d)", p->code_offset);
		bad[i] = true;
		fail(b, err);
		fprintf(stderr, "csumbench: FAILED correctness check, not timed: %s\n",
			err);
	}
	/* A kernel wrong at any distance or placement is not timed at all. */
	for (i = 0; i < b->npts; i++)
		if (bad[i])
			for (j = 0; j < b->npts; j++)
				if (b->pts[j].kernel == b->pts[i].kernel)
					bad[j] = true;
	for (i = 0, n = 0; i < b->npts; i++) {
		if (bad[i]) {
			drop_point(&b->pts[i]);
			continue;
		}
		b->pts[n++] = b->pts[i];
	}
	/* Floors are the last points and are never dropped: renumber. */
	for (i = 0; i < n; i++)
		b->pts[i].floor -= b->npts - n;
	b->npts = n;
	free(bad);
	return b->nfailed;
}

size_t sweep_coarse(const struct bench *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		if (p->cache != CACHE_WARM && p->st[0].median * (double)p->iters <
		    COARSE_STEPS * b->cal.resolution)
			n++;
	}
	return n;
}

double point_cycles_per_byte(const struct bench *b, const struct point *p,
			     unsigned r)
{
	(void)b;
	return p->st[r].median * p->cpt[r] / (double)p->size;
}

double point_floor_ticks(const struct bench *b, const struct point *p,
			 unsigned r)
{
	return b->pts[p->floor].st[r].median;
}

double point_cycles_per_byte_net(const struct bench *b, const struct point *p,
				 unsigned r)
{
	return (p->st[r].median - point_floor_ticks(b, p, r)) * p->cpt[r] /
	       (double)p->size;
}

double point_cycles_per_byte_all(const struct bench *b, const struct point *p)
{
	double v[REPEAT_MAX];
	unsigned r;

	for (r = 0; r < b->repeats; r++)
		v[r] = point_cycles_per_byte(b, p, r);
	return stats_median(v, b->repeats);
}

void sweep_free(struct bench *b)
{
	size_t i;

	for (i = 0; i < b->npts; i++)
		drop_point(&b->pts[i]);
	for (i = 0; i < b->nfailed; i++)
		free(b->failed[i]);
	for (i = 0; i < b->nwarnings; i++)
		free(b->warnings[i]);
	for (i = 0; i < b->nrings; i++)
		ring_free(&b->rings[i]);
	free(b->rings);
	free(b->pts);
	free(b->failed);
	free(b->warnings);
	free(b->chain);
	free(b->chain_block);
	free(b->trace);
	if (b->buf)
		munmap(b->buf, b->bufsize);
	if (b->pool)
		munmap(b->pool, b->poolsize);
	place_free();
	memset(b, 0, sizeof(*b));
}
