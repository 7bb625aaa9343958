/* csumreport recommend: which prefetch distance to use, in words a commit
   message can quote.  Per size and cache state of a prefetching kernel:
   the distance with the lowest median cycles/byte, its change against
   prefetch = none with the test compare uses for two kernels of one run,
   the distances the same test cannot tell from it, and the distance a
   model gives.
 *
 * The model is Mowry, Lam and Gupta's (ASPLOS 1992): issue a prefetch
 * ceil(l / s) loop iterations ahead, l the miss latency and s the time of
 * the shortest path through one iteration.  An iteration here is a cache
 * line's worth of the loop: s = the warm, unprefetched cycles/byte at that
 * size times the line size, and the distance is ceil(l / s) lines.  l is
 * the run's "# miss_latency:" (the cold cost minus the warm cost of a
 * one-line call); without it, the same difference taken from the run's
 * own prefetch = none rows at a size of at most two lines.  A model that
 * points elsewhere than the measurement is flagged, not trusted: it
 * assumes every line misses and the loop does nothing else meanwhile. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "report.h"
#include "stattest.h"
#include "xalloc.h"

#define ALPHA 0.05
#define MIN_REPEATS 3	/* as compare: Welch's t on fewer says little */

enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

/* What the metadata says of the model's inputs. */
struct model_meta {
	unsigned line;		/* cache line bytes; 0: no "# cache_line:" */
	double miss;		/* "# miss_latency:" cycles; NAN: none */
};

/* One kernel's selection and the model's kernel-wide input. */
struct kernel_ctx {
	const struct results *r;
	const struct model_meta *mm;
	const char *kernel, *off;
	unsigned align;
	enum test test;
	int with_samples;
	int force;		/* --force-verdict: judge emulated data too */
	double miss;		/* cycles; NAN: no usable latency */
	char miss_why[160];	/* where it came from, or why there is none */
};

enum verdict { V_HELPS, V_NO_HELP, V_UNTESTED, V_NO_NONE };

/* A size and cache state: its distances ascending, each against none. */
struct point {
	unsigned size;
	const char *cache;
	const struct row *none;
	const struct row **d;
	unsigned *dist;
	double *med, *chg, *pnone;	/* chg: % against none; pnone: its p */
	unsigned char *noise;		/* not told apart from the best */
	size_t nd, best;
	double none_med;
	enum verdict v;
	int model_ok, flag;
	double lines, model_dist;
	unsigned nearest, loop_size;
	double miss, loop;		/* cycles, and cycles per line */
	char model_why[160];
};

/* A point's median: of its samples, or of its repeats without them. */
static double point_median(const struct kernel_ctx *k, const struct row *w)
{
	if (k->with_samples && w->ncpb)
		return results_median(w->cpb, w->ncpb);
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

static const char *pstr(double p, char *buf, size_t n)
{
	if (p < 0.001)
		snprintf(buf, n, "p<0.001");
	else
		snprintf(buf, n, "p=%.3f", p);
	return buf;
}

/* A change in %, "+0.0%" rather than "-0.0%". */
static const char *pct(double x, int dp, char *buf, size_t n)
{
	double scale = dp ? 10 : 1, v = round(x * scale) / scale;

	snprintf(buf, n, "%+.*f%%", dp, v == 0 ? 0.0 : v);
	return buf;
}

/* "# key: value" lines: the model's inputs.  A malformed value is an
   error at its line, as a malformed field is. */
static int read_model_meta(const char *path, struct model_meta *mm)
{
	struct csv c;
	int rc, bad = 0;

	mm->line = 0;
	mm->miss = NAN;
	if (csv_open(&c, path)) {
		fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	while (!bad && (rc = csv_next(&c)) > 0) {
		char key[64], *v, *end;
		int n;

		if (c.buf[0] != '#' ||
		    sscanf(c.buf, "# %63[a-z_]: %n", key, &n) != 1)
			continue;
		v = c.buf + n;
		if (!strcmp(key, "cache_line")) {
			unsigned long x;

			errno = 0;
			x = strtoul(v, &end, 10);
			if (*v < '0' || *v > '9' || errno || x == 0 || x > 1u << 20 ||
			    (*end && *end != ' ')) {
				fprintf(stderr, "%s:%zu: cache_line '%s', expected bytes "
					"(a whole number from 1)\n", path, c.line, v);
				bad = 1;
				continue;
			}
			mm->line = (unsigned)x;
		} else if (!strcmp(key, "miss_latency")) {
			errno = 0;
			mm->miss = strtod(v, &end);
			if (end == v || errno || strncmp(end, " cycles", 7) ||
			    (end[7] && end[7] != ' ')) {
				fprintf(stderr, "%s:%zu: miss_latency '%s', expected "
					"'<number> cycles ...'\n", path, c.line, v);
				bad = 1;
			}
			/* "nan cycles": not measured; as if the line were not
			   there. */
			if (!isfinite(mm->miss))
				mm->miss = NAN;
		}
	}
	csv_close(&c);
	return bad || rc < 0 ? -1 : 0;
}

/* Whether a prefetch value is a distance: a whole number of bytes. */
static int is_distance(const char *s, unsigned *out)
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
static int prefetching(const struct results *r, const char *kernel)
{
	struct row *const *w;
	size_t n = results_kernel_rows(r, kernel, &w), i;
	int any = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(w[i]->prefetch, "none"))
			continue;
		if (!is_distance(w[i]->prefetch, NULL)) {
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
static void find_miss(struct kernel_ctx *k)
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

/* The model at a point: the loop time per line from the warm none point
   at its size, or the nearest size that has one. */
static void model(const struct kernel_ctx *k, struct point *pt)
{
	unsigned *sizes, near = 0, line = k->mm->line;
	size_t n, i, j;
	double cpb = NAN;

	pt->model_ok = 0;
	if (!line) {
		snprintf(pt->model_why, sizeof(pt->model_why),
			 "no cache line size in this run");
		return;
	}
	if (isnan(k->miss)) {
		snprintf(pt->model_why, sizeof(pt->model_why), "%s", k->miss_why);
		return;
	}
	n = results_sizes(k->r, &sizes);
	for (i = 0; i < n; i++) {
		unsigned s = sizes[i];
		double c;
		unsigned dn = s > pt->size ? s - pt->size : pt->size - s;
		unsigned db = near > pt->size ? near - pt->size : pt->size - near;

		if (!s || isnan(none_per_call(k, s, "warm", &c)))
			continue;
		if (!near || dn < db) {		/* ties: the smaller */
			near = s;
			cpb = c;
		}
	}
	free(sizes);
	if (!near || !(cpb > 0)) {
		snprintf(pt->model_why, sizeof(pt->model_why), "no warm prefetch "
			 "none point of this kernel for the loop time");
		return;
	}
	pt->loop_size = near;
	pt->miss = k->miss;
	pt->loop = cpb * line;
	/* A ratio of exactly n lines stays n despite rounding in the CSV. */
	pt->lines = ceil(k->miss / pt->loop - 1e-9);
	pt->model_dist = pt->lines * line;
	/* The nearest distance measured here; ties to the shorter. */
	for (j = 0; j < pt->nd; j++) {
		double dj = fabs(pt->dist[j] - pt->model_dist);
		if (!j || dj < fabs(pt->nearest - pt->model_dist))
			pt->nearest = pt->dist[j];
	}
	pt->model_ok = 1;
	/* Only a point where a distance helps has a best to disagree with. */
	if (pt->v == V_HELPS) {
		for (j = 0; j < pt->nd && pt->dist[j] != pt->nearest; j++)
			;
		pt->flag = j == pt->nd || (j != pt->best && !pt->noise[j]);
	}
}

/* Fills a point from its rows: 0, or -1 when the kernel has no distance
   at this size and cache state. */
static int analyse(const struct kernel_ctx *k, struct point *pt,
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

		if (!is_distance(pfs[i], &d) ||
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
		else if (pt->pnone[pt->best] < ALPHA && pt->chg[pt->best] < 0)
			pt->v = V_HELPS;
		else
			pt->v = V_NO_HELP;
	}
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

static void point_free(struct point *pt)
{
	free(pt->d);
	free(pt->dist);
	free(pt->med);
	free(pt->chg);
	free(pt->pnone);
	free(pt->noise);
}

/* Whether distance index i of a point is one the measurement supports:
   the best or within noise of it, and itself faster than none. */
static int supported(const struct point *pt, size_t i)
{
	return pt->v == V_HELPS && (i == pt->best || pt->noise[i]) &&
	       pt->pnone[i] >= 0 && pt->pnone[i] < ALPHA && pt->chg[i] < 0;
}

static void print_point(const struct point *pt)
{
	char sz[32], cb[32], pb[32], list[1024];
	size_t i, k = 0;

	size_label(pt->size, sz, sizeof(sz));
	switch (pt->v) {
	case V_HELPS:
		print_wrapped("    ", "%s %s: best %u B, %s (%s)", sz, pt->cache,
			      pt->dist[pt->best], pct(pt->chg[pt->best], 1, cb,
						      sizeof(cb)),
			      pstr(pt->pnone[pt->best], pb, sizeof(pb)));
		list[0] = '\0';
		for (i = 0; i < pt->nd && k < sizeof(list); i++)
			if (i != pt->best && pt->noise[i])
				k += (size_t)snprintf(list + k, sizeof(list) - k,
						      "%s%u B", k ? ", " : "",
						      pt->dist[i]);
		print_wrapped("    ", "  cycles/byte: none %.3f, %u B %.3f; within "
			      "noise: %s", pt->none_med, pt->dist[pt->best],
			      pt->med[pt->best], k ? list : "no other distance");
		break;
	case V_NO_HELP:
		print_wrapped("    ", "%s %s: no distance helps (lowest median: "
			      "%u B, %s, %s)", sz, pt->cache, pt->dist[pt->best],
			      pct(pt->chg[pt->best], 1, cb, sizeof(cb)),
			      pstr(pt->pnone[pt->best], pb, sizeof(pb)));
		print_wrapped("    ", "  cycles/byte: none %.3f, %u B %.3f",
			      pt->none_med, pt->dist[pt->best], pt->med[pt->best]);
		break;
	case V_UNTESTED:
		print_wrapped("    ", "%s %s: not tested (lowest median: %u B, "
			      "%s)", sz, pt->cache, pt->dist[pt->best],
			      pct(pt->chg[pt->best], 1, cb, sizeof(cb)));
		print_wrapped("    ", "  cycles/byte: none %.3f, %u B %.3f",
			      pt->none_med, pt->dist[pt->best], pt->med[pt->best]);
		break;
	case V_NO_NONE:
		print_wrapped("    ", "%s %s: no prefetch none point to compare "
			      "with", sz, pt->cache);
		print_wrapped("    ", "  cycles/byte: %u B %.3f, the lowest median",
			      pt->dist[pt->best], pt->med[pt->best]);
		break;
	}
	if (!pt->model_ok) {
		print_wrapped("    ", "  model: %s", pt->model_why);
		return;
	}
	snprintf(cb, sizeof(cb), ", nearest %u B", pt->nearest);
	print_wrapped("    ", "  model: ceil(%.1f / %.2f) = %.0f lines = %.0f B%s%s",
		      pt->miss, pt->loop, pt->lines, pt->model_dist,
		      pt->nearest != pt->model_dist ? cb : "",
		      pt->flag ? " *" : "");
	if (pt->loop_size != pt->size)
		print_wrapped("    ", "    loop time of %s warm: no warm point at "
			      "%s", size_label(pt->loop_size, pb, sizeof(pb)), sz);
}

/* The header: one line naming the kernel, the CPU and the timer, cut to
   fit (the full names follow when cut). */
static void print_header(const struct results *r, const char *kernel)
{
	const char *t = r->timer[0] ? r->timer : "not named";
	size_t budget, kl = strlen(kernel), cl = strlen(r->cpu), ck, kk;

	budget = strlen("recommend : , timer ") + strlen(t);
	budget = budget < TABLE_WIDTH - 24 ? TABLE_WIDTH - budget : 0;
	if (kl + cl <= budget) {
		printf("recommend %s: %s, timer %s\n", kernel, r->cpu, t);
		return;
	}
	if (budget < 24) {
		print_wrapped("  ", "recommend %s: %s, timer %s", kernel, r->cpu, t);
		return;
	}
	/* The CPU gives way first, down to 16 columns; then the kernel keeps
	   its end, which tells it apart from its folder's others. */
	ck = cl;
	if (kl + ck > budget)
		ck = budget > kl + 16 ? budget - kl : 16;
	if (ck > cl)
		ck = cl;
	kk = kl + ck > budget ? budget - ck : kl;
	printf("recommend %s%s: %.*s%s, timer %s\n", kk < kl ? "..." : "",
	       kernel + kl - (kk < kl ? kk - 3 : kl), (int)(ck < cl ? ck - 3 : ck),
	       r->cpu, ck < cl ? "..." : "", t);
	if (kk < kl)
		print_wrapped("  ", "kernel: %s", kernel);
	if (ck < cl)
		print_wrapped("  ", "cpu_model: %s", r->cpu);
}

/* One kernel: its points, then the recommendation. */
static void recommend_kernel(struct kernel_ctx *k, const char *samples_note)
{
	const struct results *r = k->r;
	const char **pfs = NULL, **caches = NULL;
	unsigned *sizes = NULL;
	struct point *pts;
	size_t npf, ncaches, nsizes, np = 0, i, j, nhelp = 0, nuntested = 0;
	size_t nflag = 0, other = 0, rec = 0, *q;
	double *g;
	struct row *const *w;
	size_t nw = results_kernel_rows(r, k->kernel, &w);
	char buf[64], pb[32], sz[32];

	/* Rows at one alignment and code placement, as table shows them. */
	for (i = 0, j = 0; i < nw; i++) {
		if (!i || w[i]->align < k->align)
			k->align = w[i]->align;
		if (w[i]->line < w[j]->line)
			j = i;
	}
	k->off = w[j]->code_offset;
	for (i = 0; i < nw; i++)
		other += w[i]->align != k->align || strcmp(w[i]->code_offset, k->off);
	find_miss(k);

	print_header(r, k->kernel);
	if (!strcmp(r->emulated, "yes") && !k->force)
		print_wrapped("", "EMULATED RUN: figures only, no verdict.  QEMU's "
			      "timings are not the target's (its timebase is the "
			      "host's, dcbt a no-op); --force-verdict judges them "
			      "anyway.");
	else if (!strcmp(r->emulated, "yes"))
		print_wrapped("", "EMULATED, VERDICT FORCED (--force-verdict): what "
			      "follows judges QEMU's timings, not the target's.");
	if (r->partial)
		printf("PARTIAL RUN: it stopped early (# partial: in the CSV).\n");
	if (samples_note)
		print_wrapped("  ", "%s", samples_note);
	if (k->with_samples)
		print_wrapped("  ", "cycles/byte: the median of each point's samples "
			      "(%u samples x %u repeat%s)", r->samples, r->repeats,
			      r->repeats == 1 ? "" : "s");
	else
		print_wrapped("  ", "cycles/byte: the median of each point's %u "
			      "repeat%s", r->repeats, r->repeats == 1 ? "" : "s");
	if (k->test == TEST_PAIRED)
		print_wrapped("  ", "test: Wilcoxon signed-rank on per-round "
			      "differences, alpha %.2f", ALPHA);
	else if (k->test == TEST_REPEATS)
		print_wrapped("  ", "test: Welch's t on per-repeat medians, alpha "
			      "%.2f", ALPHA);
	else if (!strcmp(r->emulated, "yes") && !k->force)
		print_wrapped("  ", "test: none on emulated timings");
	else
		print_wrapped("  ", "test: none (it needs order = rounds with "
			      "samples, or repeat >= %d): nothing is called "
			      "significant", MIN_REPEATS);
	if (other)
		print_wrapped("  ", "points at align %u, code offset %s only (the "
			      "run has others)", k->align, k->off);
	if (k->mm->line && !isnan(k->miss))
		print_wrapped("  ", "model (Mowry et al.): ceil(miss / loop cycles "
			      "per line) lines ahead; miss %.1f cycles (%s); loop = "
			      "warm none cycles/byte x %u B", k->miss, k->miss_why,
			      k->mm->line);

	npf = results_prefetches(r, k->kernel, &pfs);
	ncaches = results_caches(r, &caches);
	nsizes = results_sizes(r, &sizes);
	pts = xcalloc(nsizes * ncaches, sizeof(*pts), "the recommendation");
	for (i = 0; i < nsizes; i++) {
		for (j = 0; sizes[i] && j < ncaches; j++) {
			struct point *pt = &pts[np];

			pt->size = sizes[i];
			pt->cache = caches[j];
			if (analyse(k, pt, pfs, npf)) {
				point_free(pt);
				memset(pt, 0, sizeof(*pt));
				continue;
			}
			if (!strcmp(r->emulated, "yes") && !k->force)
				pt->flag = 0;	/* no judgement of emulated data */
			print_point(pt);
			nhelp += pt->v == V_HELPS;
			nuntested += pt->v == V_UNTESTED;
			nflag += (size_t)pt->flag;
			np++;
		}
	}
	if (nflag)
		print_wrapped("  ", "* model and measurement disagree: the model's "
			      "distance, rounded to the nearest one measured, is "
			      "neither the best nor within noise of it.  The model "
			      "assumes every line misses at the one-line latency "
			      "and the loop runs at its warm speed; hardware "
			      "prefetch, overlapping misses and short buffers (a "
			      "distance that skips their first lines) break that.");

	/* The distance supported at the most points where one helps; then
	   the larger gain, then the shorter distance. */
	q = xcalloc(npf, sizeof(*q), "the recommendation");
	g = xcalloc(npf, sizeof(*g), "the recommendation");
	for (i = 0; i < np; i++)
		for (j = 0; j < pts[i].nd; j++) {
			size_t f;

			if (!supported(&pts[i], j))
				continue;
			for (f = 0; f < npf && strcmp(pfs[f], pts[i].d[j]->prefetch); f++)
				;
			q[f]++;
			if (pts[i].chg[j] < g[f])
				g[f] = pts[i].chg[j];
		}
	for (i = 1; i < npf; i++)
		if (q[i] > q[rec] || (q[i] == q[rec] && g[i] < g[rec]))
			rec = i;
	if (k->test == TEST_NONE && !strcmp(r->emulated, "yes") && !k->force) {
		printf("no recommendation: emulated timings\n");
		goto out;
	}
	if (!nhelp || !q[rec]) {
		if (nuntested)
			printf("recommend: no distance shown to help (%zu of %zu "
			       "points not tested)\n", nuntested, np);
		else
			printf("recommend: no distance helps\n");
		goto out;
	}
	if (nhelp > 1)
		print_wrapped("  ", "%s B: the best or within noise at %zu of the %zu "
			      "points where a distance helps", pfs[rec], q[rec], nhelp);
	/* Where it costs more than none, said before the line to quote. */
	for (i = 0; i < np; i++)
		for (j = 0; j < pts[i].nd; j++)
			if (!strcmp(pts[i].d[j]->prefetch, pfs[rec]) &&
			    pts[i].pnone[j] >= 0 && pts[i].pnone[j] < ALPHA &&
			    pts[i].chg[j] > 0)
				print_wrapped("  ", "note: %s B costs more than none at %s "
					      "%s (%s, %s)", pfs[rec],
					      size_label(pts[i].size, sz, sizeof(sz)),
					      pts[i].cache, pct(pts[i].chg[j], 1, buf,
								sizeof(buf)),
					      pstr(pts[i].pnone[j], pb, sizeof(pb)));
	for (i = 0; i < np; i++)
		for (j = 0; j < pts[i].nd; j++)
			if (supported(&pts[i], j) && pts[i].chg[j] == g[rec] &&
			    !strcmp(pts[i].d[j]->prefetch, pfs[rec])) {
				print_wrapped("  ", "recommend: prefetch %s B ahead (%s %s: "
					      "%s, %s)", pfs[rec],
					      size_label(pts[i].size, sz, sizeof(sz)),
					      pts[i].cache, pct(g[rec], fabs(g[rec]) < 1,
								buf, sizeof(buf)),
					      pstr(pts[i].pnone[j], pb, sizeof(pb)));
				goto out;
			}
out:
	for (i = 0; i < np; i++)
		point_free(&pts[i]);
	free(pts);
	free(q);
	free(g);
	free(pfs);
	free(caches);
	free(sizes);
}

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport recommend RESULTS.csv [--kernel K] "
		"[--op OP]\n"
		"         [--force-verdict]\n\n"
		"For a prefetching kernel (rows at prefetch = none and at distances\n"
		"in bytes), per size and cache state: the distance with the lowest\n"
		"median cycles/byte, its change against none and p (the test compare\n"
		"uses within one run: Wilcoxon signed-rank on per-round differences;\n"
		"Welch's t on per-repeat medians without rounds, 3 repeats or\n"
		"more), the distances not told apart from it, and the distance\n"
		"Mowry et al.'s model gives: ceil(miss latency / loop time per\n"
		"line) cache lines, from '# miss_latency:' (or cold - warm per call\n"
		"at prefetch none at a size of at most two lines) and the warm,\n"
		"unprefetched cycles/byte.\n"
		"A point where the model's distance is neither the best nor within\n"
		"noise of it is marked '*'.  The last line is the recommendation.\n\n"
		"Reads the -samples.csv beside the file; without one, the repeats.\n"
		"Every prefetching kernel in turn unless --kernel names one; --op\n"
		"keeps that op's kernels.  Alpha 0.05.  Lines of at most 72 columns.\n"
		"On emulated data (QEMU) figures only and no recommendation, unless\n"
		"--force-verdict.\n");
	return f == stdout ? 0 : 2;
}

/* Whether the -samples.csv beside path is there to read. */
static int have_samples(const char *path, char **name)
{
	size_t n = strlen(path);
	FILE *f;

	if (n > 4 && !strcmp(path + n - 4, ".csv"))
		n -= 4;
	*name = xcalloc(n + sizeof("-samples.csv"), 1, "the recommendation");
	memcpy(*name, path, n);
	strcpy(*name + n, "-samples.csv");
	f = fopen(*name, "r");
	if (f) {
		fclose(f);
		return 1;
	}
	return errno != ENOENT;	/* there but unreadable: results_read says */
}

int cmd_recommend(int argc, char **argv)
{
	const char *path = NULL, *kernel = NULL, *op = NULL, **kernels = NULL;
	const char **pk;
	char *sname = NULL, note[1024];
	struct model_meta mm;
	struct kernel_ctx k;
	struct results r;
	size_t nk, npk = 0, i, shown = 0;
	int rc = 2, with_samples, force = 0;

	memset(&r, 0, sizeof(r));
	for (i = 1; i < (size_t)argc; i++) {
		const char *a = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout);
		if (a[0] != '-' && !path) {
			path = a;
			continue;
		}
		if (!strcmp(a, "--force-verdict")) {
			force = 1;
			continue;
		}
		if (!v || a[0] != '-' || (strcmp(a, "--kernel") && strcmp(a, "--op"))) {
			fprintf(stderr, "csumreport recommend: unexpected '%s'\n", a);
			return usage(stderr);
		}
		i++;
		if (!strcmp(a, "--kernel"))
			kernel = *v ? v : NULL;
		else
			op = *v ? v : NULL;
	}
	if (!path)
		return usage(stderr);
	with_samples = have_samples(path, &sname);
	if (results_read(&r, path, with_samples)) {
		free(sname);
		return 2;
	}
	if (read_model_meta(path, &mm))
		goto out;
	if (op) {
		const char **ops;
		size_t nops = results_ops(&r, &ops);

		for (i = 0; i < nops && strcmp(ops[i], op); i++)
			;
		if (i == nops) {
			fprintf(stderr, "csumreport recommend: %s has no op '%s'; "
				"its ops:", path, op);
			for (i = 0; i < nops; i++)
				fprintf(stderr, " %s", ops[i]);
			fprintf(stderr, "\n");
			free(ops);
			goto out;
		}
		free(ops);
	}
	nk = results_kernels(&r, 0, &kernels);
	pk = xcalloc(nk, sizeof(*pk), "the recommendation");
	for (i = 0; i < nk; i++) {
		int p = prefetching(&r, kernels[i]);

		if (p < 0) {
			free(pk);
			goto out;
		}
		if (p && (!op || !strcmp(results_kernel_op(&r, kernels[i]), op)))
			pk[npk++] = kernels[i];
	}
	if (!npk) {
		fprintf(stderr, "csumreport recommend: %s has no prefetching kernel%s%s "
			"(no rows at a prefetch distance); nothing to recommend\n",
			path, op ? " of op " : "", op ? op : "");
		free(pk);
		goto out;
	}
	if (kernel) {
		const char *kop = results_kernel_op(&r, kernel);

		for (i = 0; i < npk && strcmp(pk[i], kernel); i++)
			;
		if (i == npk) {
			if (kop && op && strcmp(kop, op)) {
				fprintf(stderr, "csumreport recommend: kernel %s is a %s "
					"kernel, not %s\n", kernel, kop, op);
			} else {
				fprintf(stderr, "csumreport recommend: %s has no %s "
					"'%s'; its prefetching kernels:", path,
					kop ? "prefetching kernel" : "kernel", kernel);
				for (i = 0; i < npk; i++)
					fprintf(stderr, " %s", pk[i]);
				fprintf(stderr, "\n");
			}
			free(pk);
			goto out;
		}
	}
	note[0] = '\0';
	if (!with_samples)
		snprintf(note, sizeof(note), "no samples file (%s): the repeats' "
			 "medians stand in for the samples", sname);
	memset(&k, 0, sizeof(k));
	k.r = &r;
	k.mm = &mm;
	k.with_samples = with_samples;
	k.force = force;
	if (!strcmp(r.emulated, "yes") && !force)
		k.test = TEST_NONE;	/* figures, no verdict */
	else if (with_samples && !strcmp(r.order, "rounds"))
		k.test = TEST_PAIRED;
	else if (r.repeats >= MIN_REPEATS)
		k.test = TEST_REPEATS;
	else
		k.test = TEST_NONE;
	for (i = 0; i < npk; i++) {
		if (kernel && strcmp(pk[i], kernel))
			continue;
		if (shown++)
			printf("\n");
		k.kernel = pk[i];
		recommend_kernel(&k, note[0] ? note : NULL);
	}
	free(pk);
	rc = 0;
out:
	free(kernels);
	free(sname);
	results_free(&r);
	return rc;
}
