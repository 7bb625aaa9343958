/* recommend's analysis of a point: each distance against none and
   against the best, and the distance the model gives. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "read/query.h"
#include "read/results.h"
#include "recommend/recommend.h"
#include "stat/stattest.h"

/* The model is Little's law: the lines in flight are the latency times
   the rate at which the loop takes them, so a prefetch ceil(l / s) lines
   ahead covers a miss, l the miss latency and s the cycles the loop takes
   per line when it is bound by memory bandwidth.  s is the kernel's own:
   its lowest cycles/byte over every distance (none too) at the largest
   size the run has cold ("cold", else "cold-read", else "cold-ring"),
   times the line size.  That measured rate already holds however many
   misses the core keeps in flight, so no other cap is needed for them.
   (Mowry, Lam and Gupta's warm loop time, the old s, is several times too
   fast for a prefetched cold loop and asked for distances several times
   too long; it stays only as the fallback of a run with no cold rows.)
   At a size S the distance is at most the last whole line before S: one
   at or past the end prefetches past the buffer only.  l is the run's
   "# miss_latency:"; without it, the cold cost minus the warm cost of a
   one-line call from the run's own prefetch = none rows at a size of at
   most two lines.  A model that points elsewhere than the measurement is
   flagged, not trusted. */

/* A point's median: of its samples, or of its repeats without them. */
static double point_median(const struct kernel_ctx *k, const struct row *w)
{
	if (k->with_samples && w->ncpb)
		return stats_median(w->cpb, w->ncpb);
	return w->cycles_per_byte;
}

static double test_p(const struct kernel_ctx *k, const struct row *a,
		     const struct row *b)
{
	if (k->test == TEST_PAIRED)
		return rounds_paired_p(a, b);
	if (k->test == TEST_REPEATS)
		return welch_t_p(a->rep_cpb, a->nrep, b->rep_cpb, b->nrep);
	return -1;
}

/* Whether a prefetch value is a distance: a whole number of bytes. */
int rec_is_distance(const char *s, unsigned *out)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (*end || errno || v > 0xffffffffUL)
		return 0;
	if (out)
		*out = (unsigned)v;
	return 1;
}

/* A prefetching kernel has rows at a distance; any other prefetch value
   but none is an error at its line.  1, 0, or -1 after a message. */
int rec_prefetching(const struct results *r, const char *kernel)
{
	struct row *const *w;
	size_t n = results_kernel_rows(r, kernel, &w), i;
	int any = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(w[i]->prefetch, "none"))
			continue;
		if (!rec_is_distance(w[i]->prefetch, NULL)) {
			fprintf(stderr, "%s:%zu: prefetch '%s', expected none or a "
				"distance in bytes\n", r->path, w[i]->line,
				w[i]->prefetch);
			return -1;
		}
		any = 1;
	}
	return any;
}

/* The point of the kernel at prefetch none, size and cache state, and its
   median per call (NAN if there is none). */
static double none_per_call(const struct kernel_ctx *k, unsigned size,
			    const char *cache, double *cpb)
{
	const struct row *w = results_find(k->r, k->kernel, size, k->align, cache,
					   "none", k->off);

	if (!w)
		return NAN;
	*cpb = point_median(k, w);
	return *cpb * size;
}

/* The miss latency: the run's, else cold minus warm per call at prefetch
   none at the size nearest one line, of those of at most two. */
void rec_find_miss(struct kernel_ctx *k)
{
	const struct model_meta *mm = k->mm;
	unsigned *sizes, best = 0;
	size_t n, i;
	double cold = NAN, warm = NAN, cpb;

	k->miss = NAN;
	if (!isnan(mm->miss)) {
		if (mm->miss > 0) {
			k->miss = mm->miss;
			snprintf(k->miss_why, sizeof(k->miss_why),
				 "# miss_latency");
		} else {
			snprintf(k->miss_why, sizeof(k->miss_why),
				 "no miss latency in this run (# miss_latency: "
				 "%.1f cycles)", mm->miss);
		}
		return;
	}
	snprintf(k->miss_why, sizeof(k->miss_why),
		 "no miss latency in this run");
	if (!mm->line)
		return;
	n = results_sizes(k->r, &sizes);
	for (i = 0; i < n; i++) {
		unsigned s = sizes[i];
		double c, w;

		if (!s || s > 2 * mm->line ||
		    isnan(c = none_per_call(k, s, "cold", &cpb)) ||
		    isnan(w = none_per_call(k, s, "warm", &cpb)))
			continue;
		/* Ties go to the smaller size: fewer lines to miss. */
		if (!best || (s > mm->line ? s - mm->line : mm->line - s) <
			     (best > mm->line ? best - mm->line : mm->line - best)) {
			best = s;
			cold = c;
			warm = w;
		}
	}
	free(sizes);
	if (!best)
		return;
	if (cold - warm <= 0) {
		snprintf(k->miss_why, sizeof(k->miss_why), "no miss latency in "
			 "this run (cold <= warm at %u B)", best);
		return;
	}
	k->miss = cold - warm;
	snprintf(k->miss_why, sizeof(k->miss_why), "the run has no miss_latency "
		 "line: cold - warm per call at %u B, prefetch none", best);
}

/* The model's rate: at the largest size the kernel has in the first of
   cold, cold-read and cold-ring it has at all, its lowest median over
   every prefetch value there (none too), per line.  A prefetched cold
   loop is bound by bandwidth: that rate is what the core sustains with
   as many misses in flight as it keeps. */
void rec_find_rate(struct kernel_ctx *k, const char *const *pfs, size_t npf)
{
	static const char *const colds[] = { "cold", "cold-read", "cold-ring" };
	unsigned *sizes;
	size_t n = results_sizes(k->r, &sizes), c, i, f;

	k->rate_cache = NULL;
	for (c = 0; c < sizeof(colds) / sizeof(colds[0]) && !k->rate_cache; c++)
		for (i = n; i-- > 0 && !k->rate_cache;) {
			double lo = NAN;
			const char *lo_pf = NULL;

			for (f = 0; sizes[i] && f < npf; f++) {
				const struct row *w = results_find(k->r, k->kernel,
								   sizes[i], k->align,
								   colds[c], pfs[f],
								   k->off);
				double m;

				if (!w || !((m = point_median(k, w)) > 0))
					continue;
				if (!lo_pf || m < lo) {
					lo = m;
					lo_pf = pfs[f];
				}
			}
			if (!lo_pf)
				continue;
			k->rate = lo * k->mm->line;
			k->rate_size = sizes[i];
			k->rate_cache = colds[c];
			k->rate_pf = lo_pf;
		}
	free(sizes);
}

/* The model at a point: the cold rate, or without one the loop time per
   line from the warm none point at its size or the nearest size that has
   one; then the cap at the buffer's last whole line. */
static void model(const struct kernel_ctx *k, struct point *pt)
{
	unsigned *sizes, near = 0, line = k->mm->line;
	size_t n, i, j;
	double cpb = NAN, target;

	pt->model_ok = 0;
	if (pt->v == V_NEVER)
		return;
	if (!line) {
		snprintf(pt->model_why, sizeof(pt->model_why),
			 "no cache line size in this run");
		return;
	}
	if (isnan(k->miss)) {
		snprintf(pt->model_why, sizeof(pt->model_why), "%s", k->miss_why);
		return;
	}
	if (k->rate_cache) {
		pt->loop_size = pt->size;
		pt->loop = k->rate;
	} else {
		n = results_sizes(k->r, &sizes);
		for (i = 0; i < n; i++) {
			unsigned s = sizes[i];
			double c;
			unsigned dn = s > pt->size ? s - pt->size : pt->size - s;
			unsigned db = near > pt->size ? near - pt->size :
							pt->size - near;

			if (!s || isnan(none_per_call(k, s, "warm", &c)))
				continue;
			if (!near || dn < db) {		/* ties: the smaller */
				near = s;
				cpb = c;
			}
		}
		free(sizes);
		if (!near || !(cpb > 0)) {
			snprintf(pt->model_why, sizeof(pt->model_why), "no cold "
				 "point, and no warm prefetch none point of this "
				 "kernel for the loop time");
			return;
		}
		pt->loop_size = near;
		pt->loop = cpb * line;
	}
	pt->miss = k->miss;
	/* A ratio of exactly n lines stays n despite rounding in the CSV. */
	pt->lines = ceil(k->miss / pt->loop - 1e-9);
	pt->model_dist = pt->lines * line;
	/* A distance at or past the end prefetches past the buffer only. */
	pt->use_lines = (pt->size - 1) / line;
	pt->capped = pt->lines > pt->use_lines;
	if (!pt->capped)
		pt->use_lines = (unsigned)pt->lines;
	pt->model_ok = 1;
	if (!pt->use_lines)
		return;		/* a buffer of one line: no distance */
	target = (double)pt->use_lines * line;
	/* The nearest distance measured here; ties to the shorter. */
	for (j = 0; j < pt->nd; j++) {
		double dj = fabs(pt->dist[j] - target);
		if (!j || dj < fabs(pt->nearest - target))
			pt->nearest = pt->dist[j];
	}
	/* Only a point where a distance helps has a best to disagree with. */
	if (pt->v == V_HELPS) {
		for (j = 0; j < pt->nd && pt->dist[j] != pt->nearest; j++)
			;
		pt->flag = j == pt->nd || (j != pt->best && !pt->noise[j]);
	}
}

/* Fills a point from its rows: 0, or -1 when the kernel has no distance
   at this size and cache state. */
int rec_analyse(const struct kernel_ctx *k, struct point *pt,
		const char *const *pfs, size_t npf)
{
	size_t i;

	pt->d = xcalloc(npf, sizeof(*pt->d), "the recommendation");
	pt->dist = xcalloc(npf, sizeof(*pt->dist), "the recommendation");
	pt->med = xcalloc(npf, sizeof(*pt->med), "the recommendation");
	pt->chg = xcalloc(npf, sizeof(*pt->chg), "the recommendation");
	pt->pnone = xcalloc(npf, sizeof(*pt->pnone), "the recommendation");
	pt->noise = xcalloc(npf, sizeof(*pt->noise), "the recommendation");
	for (i = 0; i < npf; i++) {
		const struct row *w;
		unsigned d;

		if (!rec_is_distance(pfs[i], &d) ||
		    !(w = results_find(k->r, k->kernel, pt->size, k->align,
				       pt->cache, pfs[i], k->off)))
			continue;
		pt->d[pt->nd] = w;
		pt->dist[pt->nd] = d;
		pt->med[pt->nd] = point_median(k, w);
		if (!pt->nd || pt->med[pt->nd] < pt->med[pt->best])
			pt->best = pt->nd;
		pt->nd++;
	}
	if (!pt->nd)
		return -1;
	pt->none = results_find(k->r, k->kernel, pt->size, k->align, pt->cache,
				"none", k->off);
	if (!pt->none) {
		pt->v = V_NO_NONE;
	} else {
		pt->none_med = point_median(k, pt->none);
		for (i = 0; i < pt->nd; i++) {
			pt->chg[i] = pt->none_med > 0 ?
				     (pt->med[i] / pt->none_med - 1) * 100 : 0;
			pt->pnone[i] = test_p(k, pt->d[i], pt->none);
		}
		if (pt->pnone[pt->best] < 0)
			pt->v = V_UNTESTED;
		else if (pt->pnone[pt->best] < ALPHA &&
			 pt->chg[pt->best] < -THRESHOLD)
			pt->v = V_HELPS;
		else if (pt->pnone[pt->best] < ALPHA && pt->chg[pt->best] < 0)
			pt->v = V_SMALL;
		else
			pt->v = V_NO_HELP;
	}
	/* The prefetch is issued in a loop this size never enters: what
	   differs from none is the tail code and where it lies. */
	if (k->loop_bytes && pt->size < k->loop_bytes)
		pt->v = V_NEVER;
	for (i = 0; i < pt->nd; i++) {
		double p;

		if (i == pt->best)
			continue;
		p = test_p(k, pt->d[i], pt->d[pt->best]);
		pt->noise[i] = p < 0 || p >= ALPHA;
	}
	model(k, pt);
	return 0;
}

void rec_point_free(struct point *pt)
{
	free(pt->d);
	free(pt->dist);
	free(pt->med);
	free(pt->chg);
	free(pt->pnone);
	free(pt->noise);
}
