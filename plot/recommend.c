/* csumreport recommend: which prefetch distance to use, in words a commit
   message can quote.  Per size and cache state of a prefetching kernel:
   the distance with the lowest median cycles/byte, its change against
   prefetch = none with the test compare uses for two kernels of one run,
   the distances the same test cannot tell from it, and the distance a
   model gives; then a recommendation per band of sizes.
 *
 * The model is Little's law: the lines in flight are the latency times
 * the rate at which the loop takes them, so a prefetch ceil(l / s) lines
 * ahead covers a miss, l the miss latency and s the cycles the loop takes
 * per line when it is bound by memory bandwidth.  s is the kernel's own:
 * its lowest cycles/byte over every distance (none too) at the largest
 * size the run has cold ("cold", else "cold-read", else "cold-ring"),
 * times the line size.  That measured rate already holds however many
 * misses the core keeps in flight, so no other cap is needed for them.
 * (Mowry, Lam and Gupta's warm loop time, the old s, is several times too
 * fast for a prefetched cold loop and asked for distances several times
 * too long; it stays only as the fallback of a run with no cold rows.)
 * At a size S the distance is at most the last whole line before S: one
 * at or past the end prefetches past the buffer only.  l is the run's
 * "# miss_latency:"; without it, the cold cost minus the warm cost of a
 * one-line call from the run's own prefetch = none rows at a size of at
 * most two lines.  A model that points elsewhere than the measurement is
 * flagged, not trusted.
 *
 * A band is a run of consecutive sizes of one cache state at each of
 * which one distance is supported (the best or within noise of it, and
 * significantly faster than none); so no band is given a distance that
 * is significantly slower than none at any of its sizes.  A size shorter
 * than one iteration of the prefetching loop ("# prefetch_loop: KERNEL
 * BYTES") never runs the prefetch: it gets no verdict. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "report.h"
#include "stattest.h"
#include "lib/xalloc.h"

#define ALPHA 0.05
#define MIN_REPEATS 3	/* as compare: Welch's t on fewer says little */

enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

/* "# prefetch_loop: KERNEL BYTES": what one iteration of the loop that
   issues a kernel's prefetch covers. */
struct pf_loop {
	char *kernel;
	unsigned bytes;
	size_t line;		/* in the CSV */
};

/* What the metadata says of the model's inputs. */
struct model_meta {
	unsigned line;		/* cache line bytes; 0: no "# cache_line:" */
	double miss;		/* "# miss_latency:" cycles; NAN: none */
	struct pf_loop *loops;
	size_t nloops;
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
	/* The model's rate: cycles per line of the kernel's fastest cold
	   point at its largest cold size; rate_cache NULL: no cold rows,
	   the warm loop per size instead. */
	double rate;
	unsigned rate_size;
	const char *rate_cache, *rate_pf;
	unsigned loop_bytes;	/* # prefetch_loop: of the kernel; 0: none */
};

/* V_NEVER: shorter than one iteration of the prefetching loop. */
enum verdict { V_HELPS, V_NO_HELP, V_UNTESTED, V_NO_NONE, V_NEVER };

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
	int model_ok, flag, capped;
	double lines, model_dist;	/* the model's, before the cap */
	unsigned use_lines;		/* after it: 0, a buffer of one line */
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

static void model_meta_free(struct model_meta *mm)
{
	size_t i;

	for (i = 0; i < mm->nloops; i++)
		free(mm->loops[i].kernel);
	free(mm->loops);
	mm->loops = NULL;
	mm->nloops = 0;
}

/* "# prefetch_loop: KERNEL BYTES": the kernel is all before the last
   space (a path may hold spaces), the bytes a whole number from 1 and
   the end of the line.  0, or -1 after a message at the line. */
static int read_pf_loop(const char *path, size_t line, const char *v,
			struct model_meta *mm)
{
	const char *sp = strrchr(v, ' ');
	unsigned long x = 0;
	char *end = NULL;
	size_t i, kl;

	if (sp && sp > v && sp[1] >= '0' && sp[1] <= '9') {
		errno = 0;
		x = strtoul(sp + 1, &end, 10);
	}
	if (!end || *end || errno || x == 0 || x > 1u << 30) {
		fprintf(stderr, "%s:%zu: prefetch_loop '%s', expected 'KERNEL "
			"BYTES' (the bytes one iteration of the loop that "
			"prefetches covers: a whole number from 1)\n", path, line,
			v);
		return -1;
	}
	kl = (size_t)(sp - v);
	for (i = 0; i < mm->nloops; i++) {
		struct pf_loop *l = &mm->loops[i];

		if (strlen(l->kernel) != kl || strncmp(l->kernel, v, kl))
			continue;
		if (l->bytes == x)
			return 0;
		fprintf(stderr, "%s:%zu: prefetch_loop of %s: %lu bytes, but "
			"%u at line %zu\n", path, line, l->kernel, x, l->bytes,
			l->line);
		return -1;
	}
	mm->loops = xrealloc(mm->loops, (mm->nloops + 1) * sizeof(*mm->loops),
			     "the recommendation");
	mm->loops[mm->nloops].kernel = xcalloc(kl + 1, 1, "the recommendation");
	memcpy(mm->loops[mm->nloops].kernel, v, kl);
	mm->loops[mm->nloops].bytes = (unsigned)x;
	mm->loops[mm->nloops].line = line;
	mm->nloops++;
	return 0;
}

/* "# key: value" lines: the model's inputs.  A malformed value is an
   error at its line, as a malformed field is. */
static int read_model_meta(const char *path, struct model_meta *mm)
{
	struct csv c;
	int rc, bad = 0;

	mm->line = 0;
	mm->miss = NAN;
	mm->loops = NULL;
	mm->nloops = 0;
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
		} else if (!strcmp(key, "prefetch_loop")) {
			bad = read_pf_loop(path, c.line, v, mm) < 0;
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

/* The model's rate: at the largest size the kernel has in the first of
   cold, cold-read and cold-ring it has at all, its lowest median over
   every prefetch value there (none too), per line.  A prefetched cold
   loop is bound by bandwidth: that rate is what the core sustains with
   as many misses in flight as it keeps. */
static void find_rate(struct kernel_ctx *k, const char *const *pfs, size_t npf)
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
	/* V_HELPS: never at a size the prefetching loop does not reach. */
	return pt->v == V_HELPS && (i == pt->best || pt->noise[i]) &&
	       pt->pnone[i] >= 0 && pt->pnone[i] < ALPHA && pt->chg[i] < 0;
}

/* At a point where a distance helps: whether its best is at an end of
   the sweep, where a distance past that end might be better still.  The
   smallest end only when it is longer than a line (nothing shorter than
   a line is worth sweeping). */
static void print_sweep_end(const struct point *pt, unsigned line)
{
	const char *end = NULL;

	if (pt->nd == 1)
		end = "only";
	else if (pt->best == pt->nd - 1)
		end = "largest";
	else if (pt->best == 0 && line && pt->dist[0] > line)
		end = "smallest";
	if (end)
		print_wrapped("    ", "  extend the sweep: the best, %u B, is the "
			      "%s distance swept", pt->dist[pt->best], end);
}

static void print_point(const struct kernel_ctx *kc, const struct point *pt)
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
		print_sweep_end(pt, kc->mm->line);
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
	case V_NEVER:
		print_wrapped("    ", "%s %s: shorter than one iteration of the "
			      "prefetching loop (%u B): the prefetch never runs",
			      sz, pt->cache, kc->loop_bytes);
		if (pt->none)
			print_wrapped("    ", "  cycles/byte: none %.3f, %u B %.3f "
				      "(the lowest median; what differs is the "
				      "tail code)", pt->none_med,
				      pt->dist[pt->best], pt->med[pt->best]);
		else
			print_wrapped("    ", "  cycles/byte: %u B %.3f, the lowest "
				      "median", pt->dist[pt->best],
				      pt->med[pt->best]);
		return;		/* no verdict, no model */
	}
	if (!pt->model_ok) {
		print_wrapped("    ", "  model: %s", pt->model_why);
		return;
	}
	list[0] = '\0';
	if (!pt->use_lines)
		snprintf(list, sizeof(list), "; a buffer of one line gets no "
			 "model distance");
	else if (pt->capped)
		snprintf(list, sizeof(list), ", capped by the buffer: %u lines = "
			 "%u B", pt->use_lines, pt->use_lines * kc->mm->line);
	snprintf(cb, sizeof(cb), ", nearest %u B", pt->nearest);
	print_wrapped("    ", "  model: ceil(%.1f / %.2f) = %.0f lines = %.0f B"
		      "%s%s%s", pt->miss, pt->loop, pt->lines, pt->model_dist, list,
		      pt->use_lines && pt->nearest != (double)pt->use_lines *
		      kc->mm->line ? cb : "", pt->flag ? " *" : "");
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

/* A band: consecutive sizes lo..hi of one cache state (caches[ci],
   from position pos of its sizes) with one verdict; where a distance
   helps, the distance pfs[f] and the point quoted, pts[at] at its
   distance index atj: the band's largest gain. */
struct band {
	size_t ci, pos, f, at, atj;
	unsigned lo, hi;
	enum verdict v;
	double gain;
};

/* The index of prefetch value pf among a point's distances, or nd. */
static size_t dist_index(const struct point *pt, const char *pf)
{
	size_t j;

	for (j = 0; j < pt->nd && strcmp(pt->d[j]->prefetch, pf); j++)
		;
	return j;
}

/* Whether pfs[f] is supported at point pt (false where it has none). */
static int supported_pf(const struct point *pt, const char *pf)
{
	size_t j = dist_index(pt, pf);

	return j < pt->nd && supported(pt, j);
}

/* The bands of one cache state, caches[ci], whose points are pts[idx[i]]
   for i < m, sizes ascending: appended to b[*nb].  Runs of one verdict
   where no distance helps; where one does, the distance supported at the
   most consecutive points not yet in a band (then the larger gain, then
   the shorter distance, then the smaller sizes), its run a band, until
   every such point is in one.  A band's distance is supported at each of
   its sizes, so significantly faster than none there: never one that is
   significantly slower than none at a size inside its band. */
static void cache_bands(const struct point *pts, const size_t *idx, size_t m,
			size_t ci, const char *const *pfs, size_t npf,
			struct band *b, size_t *nb)
{
	unsigned char *in = xcalloc(m ? m : 1, 1, "the recommendation");
	size_t i, j, f;

	for (i = 0; i < m; i = j) {
		enum verdict v = pts[idx[i]].v;

		for (j = i + 1; j < m && pts[idx[j]].v == v; j++)
			;
		if (v == V_HELPS)
			continue;
		memset(&b[*nb], 0, sizeof(b[*nb]));
		b[*nb].ci = ci;
		b[*nb].pos = i;
		b[*nb].v = v;
		b[*nb].lo = pts[idx[i]].size;
		b[*nb].hi = pts[idx[j - 1]].size;
		++*nb;
	}
	for (;;) {
		size_t bf = npf, bs = 0, bl = 0, bat = 0;
		double bg = 0;

		for (f = 0; f < npf; f++) {
			if (!is_distance(pfs[f], NULL))
				continue;
			for (i = 0; i < m;) {
				size_t s = i, at = i;
				double g = 0;

				while (i < m && !in[i] && supported_pf(&pts[idx[i]], pfs[f])) {
					const struct point *pt = &pts[idx[i]];
					double c = pt->chg[dist_index(pt, pfs[f])];

					if (i == s || c < g) {
						at = i;
						g = c;
					}
					i++;
				}
				if (i == s) {
					i++;
					continue;
				}
				/* pfs ascend, and runs too: ties keep the first. */
				if (bf == npf || i - s > bl || (i - s == bl && g < bg)) {
					bf = f;
					bs = s;
					bl = i - s;
					bat = at;
					bg = g;
				}
			}
		}
		if (bf == npf)
			break;
		memset(in + bs, 1, bl);
		b[*nb].ci = ci;
		b[*nb].pos = bs;
		b[*nb].v = V_HELPS;
		b[*nb].f = bf;
		b[*nb].lo = pts[idx[bs]].size;
		b[*nb].hi = pts[idx[bs + bl - 1]].size;
		b[*nb].at = idx[bat];
		b[*nb].atj = dist_index(&pts[idx[bat]], pfs[bf]);
		b[*nb].gain = bg;
		++*nb;
	}
	free(in);
}

/* The lines to quote last: where no distance helps first, then where
   one does; each by cache state, then size. */
static int band_cmp(const void *pa, const void *pb)
{
	const struct band *a = pa, *b = pb;

	if ((a->v == V_HELPS) != (b->v == V_HELPS))
		return a->v == V_HELPS ? 1 : -1;
	if (a->ci != b->ci)
		return a->ci < b->ci ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static void print_band(const struct kernel_ctx *k, const struct point *pts,
		       const char *const *pfs, const char *const *caches,
		       const struct band *b)
{
	char lo[32], hi[32], range[80], at[48], buf[32], pb[32];

	size_label(b->lo, lo, sizeof(lo));
	size_label(b->hi, hi, sizeof(hi));
	if (b->lo == b->hi)
		snprintf(range, sizeof(range), "%s", lo);
	else
		snprintf(range, sizeof(range), "%s .. %s", lo, hi);
	switch (b->v) {
	case V_HELPS:
		at[0] = '\0';
		if (b->lo != b->hi)
			snprintf(at, sizeof(at), "%s: ",
				 size_label(pts[b->at].size, buf, sizeof(buf)));
		print_wrapped("  ", "recommend: %s %s: prefetch %s B ahead (%s%s, %s)",
			      range, caches[b->ci], pfs[b->f], at,
			      pct(b->gain, 1, buf, sizeof(buf)),
			      pstr(pts[b->at].pnone[b->atj], pb, sizeof(pb)));
		break;
	case V_NO_HELP:
		print_wrapped("  ", "recommend: %s %s: no distance helps", range,
			      caches[b->ci]);
		break;
	case V_UNTESTED:
		print_wrapped("  ", "recommend: %s %s: not tested", range,
			      caches[b->ci]);
		break;
	case V_NO_NONE:
		print_wrapped("  ", "recommend: %s %s: no prefetch none point to "
			      "compare with", range, caches[b->ci]);
		break;
	case V_NEVER:
		print_wrapped("  ", "recommend: %s %s: no verdict, shorter than one "
			      "iteration of the prefetching loop (%u B)", range,
			      caches[b->ci], k->loop_bytes);
		break;
	}
}

/* The run's # prefetch_loop: bytes for the kernel; 0: none. */
static unsigned loop_bytes(const struct model_meta *mm, const char *kernel)
{
	size_t i;

	for (i = 0; i < mm->nloops; i++)
		if (!strcmp(mm->loops[i].kernel, kernel))
			return mm->loops[i].bytes;
	return 0;
}

/* The header's model line: the formula, where its inputs came from. */
static void print_model_head(const struct kernel_ctx *k)
{
	char sz[32];

	if (!k->mm->line || isnan(k->miss))
		return;
	if (!k->rate_cache) {
		print_wrapped("  ", "model: ceil(miss / loop cycles per line) lines "
			      "ahead, short of the buffer's end; miss %.1f cycles "
			      "(%s); no cold, cold-read or cold-ring row in this "
			      "run, so the loop is Mowry et al.'s: warm none "
			      "cycles/byte x %u B, faster than a cold loop runs: "
			      "too long a distance", k->miss, k->miss_why,
			      k->mm->line);
		return;
	}
	print_wrapped("  ", "model (Little's law): ceil(miss / cold cycles per "
		      "line) lines ahead, short of the buffer's end; miss %.1f "
		      "cycles (%s); cold %.2f cycles per line = %u B x the "
		      "lowest cycles/byte at the largest cold size, %s %s (%s, "
		      "prefetch %s%s): a bandwidth-bound rate, so it already "
		      "holds the misses the core keeps in flight", k->miss,
		      k->miss_why, k->rate, k->mm->line,
		      size_label(k->rate_size, sz, sizeof(sz)), k->rate_cache,
		      k->kernel, k->rate_pf,
		      strcmp(k->rate_pf, "none") ? " B" : "");
}

/* One kernel: its points, then the recommendation per band. */
static void recommend_kernel(struct kernel_ctx *k, const char *samples_note)
{
	const struct results *r = k->r;
	const char **pfs = NULL, **caches = NULL;
	unsigned *sizes = NULL;
	struct point *pts;
	struct band *bands = NULL;
	size_t npf, ncaches, nsizes, np = 0, i, j, f, nhelp = 0, nuntested = 0;
	size_t nflag = 0, other = 0, nb = 0, *idx = NULL;
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
	npf = results_prefetches(r, k->kernel, &pfs);
	find_rate(k, pfs, npf);
	k->loop_bytes = loop_bytes(k->mm, k->kernel);

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
	print_model_head(k);

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
			print_point(k, pt);
			nhelp += pt->v == V_HELPS;
			nuntested += pt->v == V_UNTESTED;
			nflag += (size_t)pt->flag;
			np++;
		}
	}
	if (nflag && k->rate_cache)
		print_wrapped("  ", "* model and measurement disagree: the model's "
			      "distance, rounded to the nearest one measured, is "
			      "neither the best nor within noise of it.  The model "
			      "assumes every line misses at the latency measured "
			      "and the loop takes lines at its cold rate from the "
			      "start; hardware prefetch, a cache state unlike the "
			      "rate's and a buffer too short to reach that rate "
			      "break that.");
	else if (nflag)
		print_wrapped("  ", "* model and measurement disagree: the model's "
			      "distance, rounded to the nearest one measured, is "
			      "neither the best nor within noise of it.  The model "
			      "assumes every line misses at the one-line latency "
			      "and the loop runs at its warm speed; hardware "
			      "prefetch, overlapping misses and short buffers (a "
			      "distance that skips their first lines) break that.");

	if (k->test == TEST_NONE && !strcmp(r->emulated, "yes") && !k->force) {
		printf("no recommendation: emulated timings\n");
		goto out;
	}
	if (!nhelp) {
		if (nuntested)
			printf("recommend: no distance shown to help (%zu of %zu "
			       "points not tested)\n", nuntested, np);
		else
			printf("recommend: no distance helps\n");
		goto out;
	}
	bands = xcalloc(np ? np : 1, sizeof(*bands), "the recommendation");
	idx = xcalloc(np ? np : 1, sizeof(*idx), "the recommendation");
	for (j = 0; j < ncaches; j++) {
		size_t m = 0;

		for (i = 0; i < np; i++)
			if (pts[i].cache == caches[j])
				idx[m++] = i;
		cache_bands(pts, idx, m, j, pfs, npf, bands, &nb);
	}
	qsort(bands, nb, sizeof(*bands), band_cmp);
	/* Where a band's distance costs more than none, outside its band,
	   said before the lines to quote; each distance once. */
	for (f = 0; f < npf; f++) {
		for (i = 0; i < nb && !(bands[i].v == V_HELPS && bands[i].f == f); i++)
			;
		if (i == nb)
			continue;
		for (i = 0; i < np; i++) {
			j = dist_index(&pts[i], pfs[f]);
			if (pts[i].v != V_NEVER && j < pts[i].nd &&
			    pts[i].pnone[j] >= 0 && pts[i].pnone[j] < ALPHA &&
			    pts[i].chg[j] > 0)
				print_wrapped("  ", "note: %s B costs more than none at %s "
					      "%s (%s, %s)", pfs[f],
					      size_label(pts[i].size, sz, sizeof(sz)),
					      pts[i].cache, pct(pts[i].chg[j], 1, buf,
								sizeof(buf)),
					      pstr(pts[i].pnone[j], pb, sizeof(pb)));
		}
	}
	for (i = 0; i < nb; i++)
		print_band(k, pts, pfs, caches, &bands[i]);
out:
	for (i = 0; i < np; i++)
		point_free(&pts[i]);
	free(pts);
	free(bands);
	free(idx);
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
		"more), the distances not told apart from it, and the model's\n"
		"distance, Little's law: ceil(miss latency / cold cycles per line)\n"
		"lines, at most the last whole line before the buffer's end.  The\n"
		"latency is '# miss_latency:' (or cold - warm per call at prefetch\n"
		"none at a size of at most two lines); the rate the kernel's lowest\n"
		"cycles/byte at its largest size cold (else cold-read, else\n"
		"cold-ring) x the line; without cold rows, the warm loop's.\n"
		"A point where the model's distance is neither the best nor within\n"
		"noise of it is marked '*'.  A size shorter than one iteration of\n"
		"the prefetching loop ('# prefetch_loop: KERNEL BYTES') gets no\n"
		"verdict.  Then a 'recommend:' line per band of sizes (per cache\n"
		"state) at each of which one distance is supported, the bands\n"
		"where none helps first.\n\n"
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
	memset(&mm, 0, sizeof(mm));
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
	model_meta_free(&mm);
	free(kernels);
	free(sname);
	results_free(&r);
	return rc;
}
