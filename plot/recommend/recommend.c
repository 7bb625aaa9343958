/* csumreport recommend: which prefetch distance to use, in words a commit
   message can quote.  Per size and cache state of a prefetching kernel:
   the distance with the lowest median cycles/byte, its change against
   prefetch = none with the test compare uses for two kernels of one run,
   the distances the same test cannot tell from it, and the distance a
   model gives; then a recommendation per band of sizes.  This file is
   the command and what it prints; the model is in recommend-model.c,
   the bands in recommend-bands.c, the metadata read in recommend-meta.c. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/args.h"
#include "lib/xalloc.h"
#include "read/query.h"
#include "read/results.h"
#include "read/sizes.h"
#include "recommend/recommend.h"
#include "text/frame.h"
#include "text/labels.h"
#include "text/warnings.h"
#include "text/wrap.h"

#define MIN_REPEATS 3	/* as compare: Welch's t on fewer says little */

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

/* The model's distance for a point, and what limits it. */
static void print_model(const struct kernel_ctx *kc, const struct point *pt,
			const char *sz)
{
	char cb[32], pb[32], list[1024];

	if (!pt->model_ok) {
		print_wrapped("    ", "  model: %s", pt->model_why);
		return;
	}
	list[0] = '\0';
	if (!pt->use_lines)
		snprintf(list, sizeof(list), "; a buffer of one line gets no "
			 "model distance");
	else if (pt->capped)
		snprintf(list, sizeof(list), ", capped by the buffer: %u %s = "
			 "%u B", pt->use_lines, pt->use_lines == 1 ? "line" : "lines",
			 pt->use_lines * kc->mm->line);
	snprintf(cb, sizeof(cb), ", nearest %u B", pt->nearest);
	print_wrapped("    ", "  model: ceil(%.1f / %.2f) = %.0f %s = %.0f B"
		      "%s%s%s", pt->miss, pt->loop, pt->lines,
		      pt->lines == 1 ? "line" : "lines", pt->model_dist, list,
		      pt->use_lines && pt->nearest != (double)pt->use_lines *
		      kc->mm->line ? cb : "", pt->flag ? " *" : "");
	if (pt->loop_size != pt->size)
		print_wrapped("    ", "    loop time of %s warm: no warm point at "
			      "%s", size_label(pt->loop_size, pb, sizeof(pb)), sz);
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
	case V_SMALL:
		print_wrapped("    ", "%s %s: no distance beats none by more than "
			      "%.4g%% (best %u B, %s, %s)", sz, pt->cache, THRESHOLD,
			      pt->dist[pt->best], pct(pt->chg[pt->best], 1, cb,
						      sizeof(cb)),
			      pstr(pt->pnone[pt->best], pb, sizeof(pb)));
		print_wrapped("    ", "  cycles/byte: none %.3f, %u B %.3f",
			      pt->none_med, pt->dist[pt->best], pt->med[pt->best]);
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
	print_model(kc, pt, sz);
}

/* The header: one line naming the kernel, the CPU and the timer, cut to
   fit (the full names follow when cut), or wrapped where the kernel has
   no end that fits. */
static void print_header(const struct results *r, const char *kernel)
{
	const char *t = r->timer[0] ? r->timer : "not named";
	size_t budget, kl = strlen(kernel), cl = strlen(r->cpu), ck, kk;
	const char *end;

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
	/* The kernel's end from a '/', ':', '-' or '@' on, never mid-word. */
	end = kk < kl ? labels_end(kernel, kk) : kernel;
	if (!end) {
		print_wrapped("  ", "recommend %s: %s, timer %s", kernel, r->cpu, t);
		return;
	}
	printf("recommend %s%s: %.*s%s, timer %s\n", end != kernel ? "..." : "",
	       end, (int)(ck < cl ? ck - 3 : ck), r->cpu, ck < cl ? "..." : "", t);
	if (kk < kl)
		print_wrapped("  ", "kernel: %s", kernel);
	if (ck < cl)
		print_wrapped("  ", "cpu_model: %s", r->cpu);
}

/* The points of pts[0..np) faster than none by no more than the
   threshold, of cache (NULL: any) from size lo to hi, into buf: their
   best distance, where (when there could be more than one), change and
   p: "192 B at 1500 B cold, -0.8%, p=0.042", "; " between. */
static void small_gains(const struct point *pts, size_t np, const char *cache,
			unsigned lo, unsigned hi, char *buf, size_t n)
{
	char sz[32], cb[32], pb[32], at[64];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < np && k < n; i++) {
		const struct point *pt = &pts[i];

		if (pt->v != V_SMALL || (cache && pt->cache != cache) ||
		    pt->size < lo || pt->size > hi)
			continue;
		at[0] = '\0';
		if (!cache || lo != hi)
			snprintf(at, sizeof(at), " at %s%s%s", size_label(pt->size,
				 sz, sizeof(sz)), cache ? "" : " ", cache ? "" :
				 pt->cache);
		k += (size_t)snprintf(buf + k, n - k, "%s%u B%s, %s, %s",
				      k ? "; " : "", pt->dist[pt->best], at,
				      pct(pt->chg[pt->best], 1, cb, sizeof(cb)),
				      pstr(pt->pnone[pt->best], pb, sizeof(pb)));
	}
}

static void print_band(const struct kernel_ctx *k, const struct point *pts,
		       size_t np, const char *const *pfs,
		       const char *const *caches, const struct band *b)
{
	char list[1024];

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
	case V_SMALL:
		small_gains(pts, np, caches[b->ci], b->lo, b->hi, list, sizeof(list));
		print_wrapped("  ", "recommend: %s %s: no distance beats none by more "
			      "than %.4g%% (the best: %s)", range, caches[b->ci],
			      THRESHOLD, list);
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

/* The kernel's rows at one alignment and code placement, as table shows
   them: the least alignment, the code offset of the first line.
   Returns how many rows are elsewhere. */
static size_t rec_pick_rows(struct kernel_ctx *k)
{
	struct row *const *w;
	size_t nw = results_kernel_rows(k->r, k->kernel, &w), i, j, other = 0;

	for (i = 0, j = 0; i < nw; i++) {
		if (!i || w[i]->align < k->align)
			k->align = w[i]->align;
		if (w[i]->line < w[j]->line)
			j = i;
	}
	k->off = w[j]->code_offset;
	for (i = 0; i < nw; i++)
		other += w[i]->align != k->align || strcmp(w[i]->code_offset, k->off);
	return other;
}

/* The lines above the points: the run, the figure, the test, the model. */
static void print_kernel_head(const struct kernel_ctx *k, const char *samples_note,
			      size_t other)
{
	const struct results *r = k->r;

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
}

/* The points of one kernel, per size and cache state, and what their
   verdicts add up to. */
struct rec_points {
	const char **pfs, **caches;
	size_t npf, ncaches, nsizes;
	unsigned *sizes;
	struct point *pts;
	size_t np, nhelp, nuntested, nflag;
};

/* Each point analysed and printed (those with rows). */
static void rec_analyse_points(const struct kernel_ctx *k, struct rec_points *p)
{
	const struct results *r = k->r;
	size_t i, j;

	p->ncaches = results_caches(r, &p->caches);
	p->nsizes = results_sizes(r, &p->sizes);
	p->pts = xcalloc(p->nsizes * p->ncaches, sizeof(*p->pts), "the recommendation");
	for (i = 0; i < p->nsizes; i++) {
		for (j = 0; p->sizes[i] && j < p->ncaches; j++) {
			struct point *pt = &p->pts[p->np];

			pt->size = p->sizes[i];
			pt->cache = p->caches[j];
			if (rec_analyse(k, pt, p->pfs, p->npf)) {
				rec_point_free(pt);
				memset(pt, 0, sizeof(*pt));
				continue;
			}
			if (!strcmp(r->emulated, "yes") && !k->force)
				pt->flag = 0;	/* no judgement of emulated data */
			print_point(k, pt);
			p->nhelp += pt->v == V_HELPS;
			p->nuntested += pt->v == V_UNTESTED;
			p->nflag += (size_t)pt->flag;
			p->np++;
		}
	}
}

/* Why a point is flagged '*', under the points. */
static void print_disagreement(const struct kernel_ctx *k, size_t nflag)
{
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
}

/* No point where a distance helps: the best small gains, if any. */
static void print_none_helps(const struct rec_points *p)
{
	char list[1024];

	small_gains(p->pts, p->np, NULL, 0, UINT_MAX, list, sizeof(list));
	if (list[0])
		print_wrapped("  ", "recommend: no distance beats none by more "
			      "than %.4g%% (the best: %s)", THRESHOLD, list);
	else if (p->nuntested)
		printf("recommend: no distance shown to help (%zu of %zu "
		       "points not tested)\n", p->nuntested, p->np);
	else
		printf("recommend: no distance helps\n");
}

/* Where a band's distance costs more than none, outside its band, said
   before the lines to quote; each distance once. */
static void print_costs_more(const struct rec_points *p, const struct band *bands,
			     size_t nb)
{
	const struct point *pts = p->pts;
	char buf[64], pb[32], sz[32];
	size_t f, i, j;

	for (f = 0; f < p->npf; f++) {
		for (i = 0; i < nb && !(bands[i].v == V_HELPS && bands[i].f == f); i++)
			;
		if (i == nb)
			continue;
		for (i = 0; i < p->np; i++) {
			j = rec_dist_index(&pts[i], p->pfs[f]);
			if (pts[i].v != V_NEVER && j < pts[i].nd &&
			    pts[i].pnone[j] >= 0 && pts[i].pnone[j] < ALPHA &&
			    pts[i].chg[j] > 0)
				print_wrapped("  ", "note: %s B costs more than none at %s "
					      "%s (%s, %s)", p->pfs[f],
					      size_label(pts[i].size, sz, sizeof(sz)),
					      pts[i].cache, pct(pts[i].chg[j], 1, buf,
								sizeof(buf)),
					      pstr(pts[i].pnone[j], pb, sizeof(pb)));
		}
	}
}

/* The bands of sizes per cache state where one distance is supported,
   each printed. */
static void recommend_bands(const struct kernel_ctx *k, const struct rec_points *p)
{
	struct band *bands = xcalloc(p->np ? p->np : 1, sizeof(*bands),
				     "the recommendation");
	size_t *idx = xcalloc(p->np ? p->np : 1, sizeof(*idx), "the recommendation");
	size_t nb = 0, i, j;

	for (j = 0; j < p->ncaches; j++) {
		size_t m = 0;

		for (i = 0; i < p->np; i++)
			if (p->pts[i].cache == p->caches[j])
				idx[m++] = i;
		rec_cache_bands(p->pts, idx, m, j, p->pfs, p->npf, bands, &nb);
	}
	qsort(bands, nb, sizeof(*bands), rec_band_cmp);
	print_costs_more(p, bands, nb);
	for (i = 0; i < nb; i++)
		print_band(k, p->pts, p->np, p->pfs, p->caches, &bands[i]);
	free(bands);
	free(idx);
}

/* One kernel: its points, then the recommendation per band. */
static void recommend_kernel(struct kernel_ctx *k, const char *samples_note)
{
	const struct results *r = k->r;
	struct rec_points p;
	size_t other, i;

	memset(&p, 0, sizeof(p));
	other = rec_pick_rows(k);
	rec_find_miss(k);
	p.npf = results_prefetches(r, k->kernel, &p.pfs);
	rec_find_rate(k, p.pfs, p.npf);
	k->loop_bytes = rec_loop_bytes(k->mm, k->kernel);

	print_kernel_head(k, samples_note, other);
	rec_analyse_points(k, &p);
	print_disagreement(k, p.nflag);
	if (k->test == TEST_NONE &&
	    !strcmp(r->emulated, "yes") && !k->force)
		printf("no recommendation: emulated timings\n");
	else if (!p.nhelp)
		print_none_helps(&p);
	else
		recommend_bands(k, &p);
	for (i = 0; i < p.np; i++)
		rec_point_free(&p.pts[i]);
	free(p.pts);
	free(p.pfs);
	free(p.caches);
	free(p.sizes);
}

enum { O_KERNEL = 256, O_OP, O_FORCE_VERDICT };

/* What the command line asks for. */
struct recommend_opts {
	const char *path, *kernel, *op;	/* NULL: every one */
	int force;
};

#define AT(field) offsetof(struct recommend_opts, field)

static const struct args_opt options[] = {
	{ .name = "kernel", .key = O_KERNEL, .arg = "K",
	  .help = "only prefetching kernel K",
	  .type = ARGS_STRING, .at = AT(kernel), .flags = ARGS_EMPTY_UNSET },
	{ .name = "op", .key = O_OP, .arg = "OP",
	  .help = "only OP's prefetching kernels",
	  .type = ARGS_STRING, .at = AT(op), .flags = ARGS_EMPTY_UNSET },
	{ .name = "force-verdict", .key = O_FORCE_VERDICT,
	  .help = "judge emulated (QEMU) timings\nanyway",
	  .type = ARGS_FLAG, .at = AT(force) },
	{ .name = NULL }
};

static const struct args_cmd command = {
	"recommend", "RESULTS.csv [OPTION]...",
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
	"state) at each of which one distance is supported (faster than\n"
	"none by more than compare's 1%), the bands where none helps first;\n"
	"where the best beats none by less, it is named, not recommended.\n\n"
	"Reads the -samples.csv beside the file; without one, the repeats.\n"
	"Every prefetching kernel in turn unless --kernel names one; --op\n"
	"keeps that op's kernels.  Alpha 0.05.  Lines of at most 72 columns.\n"
	"On emulated data (QEMU) figures only and no recommendation, unless\n"
	"--force-verdict.  Exit status: 0, or 2 for bad usage or input.\n",
	options
};

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

/* The options and the file: -1 to go on, else the exit status. */
static int parse_command(struct recommend_opts *o, int argc, char **argv)
{
	struct args args;
	const char *v;
	int c, rc = -1;

	memset(o, 0, sizeof(*o));
	args_begin_into(&args, &command, argc, argv, o);
	while (rc < 0 && (c = args_next(&args, &v)) != ARGS_END) {
		if (c == ARGS_HELP || c == ARGS_BAD)
			rc = c == ARGS_HELP ? 0 : 2;
		else if (o->path)
			rc = args_bad_usage(&command, "unexpected '%s' (one "
					    "RESULTS.csv only)", v);
		else
			o->path = v;
	}
	args_end(&args);
	if (rc < 0 && !o->path)
		rc = args_bad_usage(&command, "no RESULTS.csv given");
	return rc;
}

/* --op is an op of the file: 0, or -1 after a message listing its. */
static int check_op(const struct results *r, const struct recommend_opts *o)
{
	const char **ops;
	size_t nops = results_ops(r, &ops), i;

	for (i = 0; i < nops && strcmp(ops[i], o->op); i++)
		;
	if (i == nops) {
		fprintf(stderr, "csumreport recommend: %s has no op '%s'; "
			"its ops:", o->path, o->op);
		for (i = 0; i < nops; i++)
			fprintf(stderr, " %s", ops[i]);
		fprintf(stderr, "\n");
	}
	free(ops);
	return i == nops ? -1 : 0;
}

/* The prefetching kernels (of --op's op) into pk: how many, or -1
   after a message (none, or --kernel not among them). */
static long prefetching(const struct results *r, const struct recommend_opts *o,
			const char **kernels, size_t nk, const char **pk)
{
	const char *kop;
	size_t npk = 0, i;
	int p;

	for (i = 0; i < nk; i++) {
		p = rec_prefetching(r, kernels[i]);
		if (p < 0)
			return -1;
		if (p && (!o->op || !strcmp(results_kernel_op(r, kernels[i]), o->op)))
			pk[npk++] = kernels[i];
	}
	if (!npk) {
		fprintf(stderr, "csumreport recommend: %s has no prefetching kernel%s%s "
			"(no rows at a prefetch distance); nothing to recommend\n",
			o->path, o->op ? " of op " : "", o->op ? o->op : "");
		return -1;
	}
	for (i = 0; o->kernel && i < npk && strcmp(pk[i], o->kernel); i++)
		;
	if (i < npk || !o->kernel)
		return (long)npk;
	kop = results_kernel_op(r, o->kernel);
	if (kop && o->op && strcmp(kop, o->op)) {
		fprintf(stderr, "csumreport recommend: kernel %s is a %s "
			"kernel, not %s\n", o->kernel, kop, o->op);
	} else {
		fprintf(stderr, "csumreport recommend: %s has no %s '%s'; its "
			"prefetching kernels:", o->path, kop ? "prefetching kernel" :
			"kernel", o->kernel);
		for (i = 0; i < npk; i++)
			fprintf(stderr, " %s", pk[i]);
		fprintf(stderr, "\n");
	}
	return -1;
}

/* The test the run allows: within one run, by rounds with samples,
   else on repeats; none on emulated data unless forced. */
static enum test choose_test(const struct results *r, int with_samples,
			     int force)
{
	if (!strcmp(r->emulated, "yes") && !force)
		return TEST_NONE;	/* figures, no verdict */
	if (with_samples && !strcmp(r->order, "rounds"))
		return TEST_PAIRED;
	if (r->repeats >= MIN_REPEATS)
		return TEST_REPEATS;
	return TEST_NONE;
}

int cmd_recommend(int argc, char **argv)
{
	const char **kernels = NULL, **pk = NULL;
	char *sname = NULL, note[1024];
	struct recommend_opts o;
	struct model_meta mm;
	struct kernel_ctx k;
	struct results r;
	size_t nk, i, shown = 0;
	long npk;
	int rc = parse_command(&o, argc, argv), with_samples;

	if (rc >= 0)
		return rc;
	memset(&r, 0, sizeof(r));
	memset(&mm, 0, sizeof(mm));
	with_samples = have_samples(o.path, &sname);
	if (results_read(&r, o.path, with_samples)) {
		free(sname);
		return 2;
	}
	rc = 2;
	if (rec_read_meta(&r, &mm) || (o.op && check_op(&r, &o)))
		goto out;
	nk = results_kernels(&r, 0, &kernels);
	pk = xcalloc(nk, sizeof(*pk), "the recommendation");
	npk = prefetching(&r, &o, kernels, nk, pk);
	if (npk < 0)
		goto out;
	note[0] = '\0';
	if (!with_samples)
		snprintf(note, sizeof(note), "no samples file (%s): the repeats' "
			 "medians stand in for the samples", sname);
	memset(&k, 0, sizeof(k));
	k.r = &r;
	k.mm = &mm;
	k.with_samples = with_samples;
	k.force = o.force;
	k.test = choose_test(&r, with_samples, o.force);
	for (i = 0; i < (size_t)npk; i++) {
		if (o.kernel && strcmp(pk[i], o.kernel))
			continue;
		if (shown++)
			printf("\n");
		k.kernel = pk[i];
		recommend_kernel(&k, note[0] ? note : NULL);
	}
	print_warnings(stdout, &r, "the run");
	rc = 0;
out:
	free(pk);
	rec_meta_free(&mm);
	free(kernels);
	free(sname);
	results_free(&r);
	return rc;
}
