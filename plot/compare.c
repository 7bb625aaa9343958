/* csumreport compare: per point in both runs, median cycles/byte before
   and after, the change, and a significance test that fits how the
   samples were taken, then one line per point in the words a commit
   message uses.
 *
 * Samples of one run are not independent draws of another run's
 * conditions, so the test depends on where the two sides come from:
 *   - both from one interleaved run (order = rounds): the two points were
 *     sampled in the same rounds, so the per-round differences are paired:
 *     Wilcoxon signed-rank test, and the Hodges-Lehmann estimate of the
 *     differences with its interval;
 *   - from two runs: each run is one draw of the machine's conditions, so
 *     the unit is the repeat (repeat = N): Welch's t-test on the per-repeat
 *     medians and its t interval, which need at least 3 repeats a side;
 *     with fewer, no test.
 * A table's points are one family: their p values are adjusted (Holm, or
 * Benjamini-Hochberg), and a point is called changed only when the
 * adjusted p is under alpha and the whole 95% interval lies beyond
 * +-threshold (1%): what layout, drift and a few rounds' luck move a
 * point by is not a change worth a commit message.  A change smaller than
 * the spread that code placement alone causes (rows of a code_offset
 * sweep) is flagged: it may be placement, not the code.  Emulated data
 * gets figures and no verdict (QEMU's timings are not the target's).
 *
 * Points of different ops are never paired, and each op has a table of
 * its own, in its unit: cycles per byte, or per call for ip_fast_csum (a
 * header's cost is per call; the change and the test are the same). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labels.h"
#include "report.h"
#include "stattest.h"
#include "lib/xalloc.h"

#define MIN_REPEATS 3

enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

/* The harness's REGION_STEPS: a region shorter than this many timer
   steps has medians that move by more than 1% a step. */
#define REGION_STEPS_MIN 100

struct pair {
	const struct row *a, *b;
	double p, padj;		/* the test's, and adjusted for the family */
	double change;		/* the estimate, % of before's median */
	double lo, hi;		/* its 95% interval, %; NAN: none */
	double placement;	/* spread in %, or -1 */
	int sig;		/* changed, by the rule above */
};

/* How a verdict is reached: alpha for the adjusted p, the threshold (%)
   the interval must clear, the family rule; verdict 0 on emulated data. */
struct rule {
	double alpha, threshold;
	enum family family;
	int verdict, forced;
};

struct side {
	const char *path;
	char *kernel;		/* NULL when not selected */
	const char *prefetch;	/* NULL unless kernel@dist */
	long align;		/* -1 when not selected */
	struct results r;
};

/* "name" or "name@dist" / "name@none". */
static void parse_spec(struct side *s, const char *spec)
{
	const char *at = strrchr(spec, '@');
	size_t n = at ? (size_t)(at - spec) : strlen(spec);

	free(s->kernel);
	s->kernel = NULL;
	s->prefetch = NULL;
	if (!*spec)
		return;
	s->kernel = xmalloc(n + 1, "the comparison");
	memcpy(s->kernel, spec, n);
	s->kernel[n] = '\0';
	if (at)
		s->prefetch = at + 1;
}

static const char *only_op;	/* --op */

static int selected(const struct side *s, const struct row *w)
{
	return !row_is_pseudo(w) && (!only_op || !strcmp(only_op, w->op)) &&
	       (!s->kernel || !strcmp(s->kernel, w->kernel)) &&
	       (!s->prefetch || !strcmp(s->prefetch, w->prefetch)) &&
	       (s->align < 0 || (long)w->align == s->align);
}

/* Points match on op, size, cache state and code offset, and on kernel,
   distance and alignment unless a side selects them.  (qsort and the
   bisection below take no context: these say what is compared.) */
static int ignore_kernel, ignore_prefetch, ignore_align;

static int cmp_match(const struct row *x, const struct row *w)
{
	int c;

	if ((c = strcmp(x->op, w->op)))
		return c;
	if (x->size != w->size)
		return x->size < w->size ? -1 : 1;
	if ((c = strcmp(x->cache, w->cache)) ||
	    (c = strcmp(x->code_offset, w->code_offset)))
		return c;
	if (!ignore_kernel && (c = strcmp(x->kernel, w->kernel)))
		return c;
	if (!ignore_prefetch && (c = strcmp(x->prefetch, w->prefetch)))
		return c;
	if (!ignore_align && x->align != w->align)
		return x->align < w->align ? -1 : 1;
	return 0;
}

/* Among equals, the first in the CSV: rows are in its order. */
static int cmp_candidate(const void *p, const void *q)
{
	const struct row *x = *(const struct row *const *)p;
	const struct row *y = *(const struct row *const *)q;
	int c = cmp_match(x, y);

	return c ? c : (x > y) - (x < y);
}

/* The first before row, in CSV order, that matches w. */
static const struct row *find_match(const struct row *const *v, size_t n,
				    const struct row *w)
{
	size_t lo = rows_lower(v, n, w, cmp_match);

	return lo < n && !cmp_match(v[lo], w) ? v[lo] : NULL;
}

/* How far code placement alone moves this point: (max - min) / min of
   its medians over the code offsets of a sweep, in %; -1 if not swept. */
static double placement_spread(const struct results *r, const struct row *w)
{
	struct row *const *x;
	size_t m = results_placements(r, w, &x), i, n = 0;
	double lo = 0, hi = 0;

	for (i = 0; i < m; i++) {
		if (!strcmp(x[i]->code_offset, "none"))
			continue;
		if (!n++ || x[i]->cycles_per_byte < lo)
			lo = x[i]->cycles_per_byte;
		if (n == 1 || x[i]->cycles_per_byte > hi)
			hi = x[i]->cycles_per_byte;
	}
	return n >= 2 && lo > 0 ? (hi / lo - 1) * 100 : -1;
}

static const char *pstr(double p, char *buf, size_t n)
{
	if (p < 0)
		snprintf(buf, n, "n/a");
	else if (p < 0.001)
		snprintf(buf, n, "<0.001");
	else
		snprintf(buf, n, "%.3f", p);
	return buf;
}

/* A point's median cost in its op's unit. */
static double cost(const struct row *w, int per_call)
{
	return per_call ? w->cycles_per_byte * w->size : w->cycles_per_byte;
}

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport compare BEFORE.csv AFTER.csv "
		"[--before-kernel K[@D]]\n"
		"         [--after-kernel K[@D]] [--before-align N] [--after-align N]\n"
		"         [--op OP] [--alpha A] [--threshold PCT] [--family holm|bh]\n"
		"         [--force-verdict] [--csv OUT.csv]\n\n"
		"Matches points by kernel, size, alignment, cache state, prefetch and\n"
		"code offset; what a --before-/--after- option selects may differ\n"
		"between the sides (two kernels, distances or alignments).  Reads the\n"
		"-samples.csv beside each file.  Both sides from one interleaved run:\n"
		"Wilcoxon signed-rank test on per-round differences, and their\n"
		"Hodges-Lehmann estimate with its 95%% interval.  Two runs: Welch's\n"
		"t-test on per-repeat medians and its 95%% interval, with repeat >= 3\n"
		"on each side, else no test.  The p values of a table's points are\n"
		"adjusted as one family (--family: holm, the default, or bh for\n"
		"Benjamini-Hochberg); a point is changed when its adjusted p is under\n"
		"alpha (0.05) and its whole interval lies beyond +-threshold (1%%).\n"
		"On emulated data (QEMU) figures only, no verdict, unless\n"
		"--force-verdict.  Kernels of different ops are never compared; each\n"
		"op has a table (--op: only that op's), in cycles per byte, or per\n"
		"call for ip_fast_csum.\n");
	return f == stdout ? 0 : 2;
}

/* "[-0.3,+0.4]": an interval in %, or "n/a". */
static const char *istr(const struct pair *q, char *buf, size_t n)
{
	if (isnan(q->lo))
		snprintf(buf, n, "n/a");
	else
		snprintf(buf, n, "[%+.1f,%+.1f]", q->lo == 0 ? 0.0 : q->lo,
			 q->hi == 0 ? 0.0 : q->hi);
	return buf;
}

static void label(const struct row *w, char *lab, size_t n)
{
	size_label(w->size, lab, n);
	if (w->align)
		snprintf(lab + strlen(lab), n - strlen(lab), " +%u", w->align);
}

static size_t max_len(size_t w, const char *s)
{
	return strlen(s) > w ? strlen(s) : w;
}

/* The column widths of the table, all but the kernel's from what is in
   them, so that the kernel's can take what is left of TABLE_WIDTH. */
struct widths {
	size_t kernel, size, cache, pf, code, before, after, change, ci, p;
	int sep;	/* spaces between columns: 2, or 1 where 2 do not fit */
};

/* Whether every pair's after side has the same prefetch (code: code
   offset): such a column is said once above the table, not per row. */
static int constant(const struct pair *pairs, size_t n, int code)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(code ? pairs[i].a->code_offset : pairs[i].a->prefetch,
			   code ? pairs[0].a->code_offset : pairs[0].a->prefetch))
			return 0;
	return 1;
}

static void measure(const struct pair *pairs, size_t n, int per_call,
		    struct widths *w)
{
	const char *fmt = per_call ? "%.2f" : "%.3f";
	char buf[64];
	size_t i;

	*w = (struct widths){ 6, 4, 5, 2, 4, 6, 6, 6, 8, 5, 1 };
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, buf, sizeof(buf));
		w->size = max_len(w->size, buf);
		w->cache = max_len(w->cache, q->a->cache);
		w->pf = max_len(w->pf, q->a->prefetch);
		w->code = max_len(w->code, q->a->code_offset);
		snprintf(buf, sizeof(buf), fmt, cost(q->b, per_call));
		w->before = max_len(w->before, buf);
		snprintf(buf, sizeof(buf), fmt, cost(q->a, per_call));
		w->after = max_len(w->after, buf);
		snprintf(buf, sizeof(buf), "%+.1f%%", q->change);
		w->change = max_len(w->change, buf);
		w->ci = max_len(w->ci, istr(q, buf, sizeof(buf)));
		w->p = max_len(w->p, pstr(q->padj, buf, sizeof(buf)));
	}
	if (n && constant(pairs, n, 0))
		w->pf = 0;
	if (n && constant(pairs, n, 1))
		w->code = 0;
}

/* A cell: left-aligned text, or right-aligned; a column of width 0 is
   left out (said above the table). */
static void cell(char *line, size_t len, size_t width, int right,
		 const char *text, const char *sep)
{
	size_t at = strlen(line);

	if (!width || at >= len)
		return;
	snprintf(line + at, len - at, "%s%*s", at ? sep : "",
		 right ? (int)width : -(int)width, text);
}

static void print_pairs(const struct pair *pairs, size_t n, int per_call,
			const struct labels *lab, const struct widths *w)
{
	char sz[64], ch[64], pb[16], ib[64], bf[32], af[32], line[512];
	int dp = per_call ? 2 : 3;
	size_t i;
	const char *s = w->sep > 1 ? "  " : " ";

	line[0] = '\0';
	cell(line, sizeof(line), w->kernel, 0, "kernel", s);
	cell(line, sizeof(line), w->size, 0, "size", s);
	cell(line, sizeof(line), w->cache, 0, "cache", s);
	cell(line, sizeof(line), w->pf, 0, "pf", s);
	cell(line, sizeof(line), w->code, 0, "code", s);
	cell(line, sizeof(line), w->before, 1, "before", s);
	cell(line, sizeof(line), w->after, 1, "after", s);
	cell(line, sizeof(line), w->change, 1, "change", s);
	cell(line, sizeof(line), w->ci, 1, "95% CI", s);
	cell(line, sizeof(line), w->p, 1, "p", s);
	printf("%s\n", line);
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, sz, sizeof(sz));
		snprintf(ch, sizeof(ch), "%+.1f%%", q->change == 0 ? 0.0 : q->change);
		snprintf(bf, sizeof(bf), "%.*f", dp, cost(q->b, per_call));
		snprintf(af, sizeof(af), "%.*f", dp, cost(q->a, per_call));
		line[0] = '\0';
		cell(line, sizeof(line), w->kernel, 0, labels_get(lab, q->a->kernel), s);
		cell(line, sizeof(line), w->size, 0, sz, s);
		cell(line, sizeof(line), w->cache, 0, q->a->cache, s);
		cell(line, sizeof(line), w->pf, 0, q->a->prefetch, s);
		cell(line, sizeof(line), w->code, 0, q->a->code_offset, s);
		cell(line, sizeof(line), w->before, 1, bf, s);
		cell(line, sizeof(line), w->after, 1, af, s);
		cell(line, sizeof(line), w->change, 1, ch, s);
		cell(line, sizeof(line), w->ci, 1, istr(q, ib, sizeof(ib)), s);
		cell(line, sizeof(line), w->p, 1, pstr(q->padj, pb, sizeof(pb)), s);
		printf("%s%s\n", line, q->sig ? " *" : "");
	}
}

/* The bars' CSV for plot/compare.gp: a label for what differs between
   bars, then the figures. */
static int write_bars(const char *csv, const struct pair *pairs, size_t n,
		      int named)
{
	size_t len = strlen(csv) + 8, i;
	char *tmp = xmalloc(len, "the comparison"), lab[64];
	FILE *out;

	snprintf(tmp, len, "%s.tmp", csv);
	out = fopen(tmp, "w");
	if (!out) {
		perror(tmp);
		free(tmp);
		return -1;
	}
	/* before and after in the op's unit, as the tables show them. */
	fprintf(out, "label,kernel,size,align,cache,prefetch,before,after,"
		"change_pct,p,significant,op,ci_low_pct,ci_high_pct,p_adjusted\n");
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		int per_call = op_info(q->a->op)->per_call;
		label(q->a, lab, sizeof(lab));
		fprintf(out, "%s%s%s %s%s%s,%s,%u,%u,%s,%s,%.4f,%.4f,%.2f,%.6f,%s,"
			"%s,%.2f,%.2f,%.6f\n",
			named ? "" : q->a->kernel, named ? "" : " ", lab,
			q->a->cache, strcmp(q->a->prefetch, "none") ? " @" : "",
			strcmp(q->a->prefetch, "none") ? q->a->prefetch : "",
			q->a->kernel, q->a->size, q->a->align, q->a->cache,
			q->a->prefetch, cost(q->b, per_call), cost(q->a, per_call),
			q->change, q->p, q->sig ? "yes" : "no", q->a->op, q->lo,
			q->hi, q->padj);
	}
	if (ferror(out) | fclose(out) || rename(tmp, csv) != 0) {
		perror(csv);
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* One sentence per point; without --*-kernel, led by the kernel. */
static void print_summary(const struct pair *pairs, size_t n, int per_call,
			  const struct labels *lab, int named,
			  const struct rule *rule)
{
	char sz[64], pb[16], ib[64];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		const char *k = labels_get(lab, q->a->kernel), *pf = q->a->prefetch;
		const char *off = q->a->code_offset;
		int placed = strcmp(off, "none") != 0;
		size_t len = strlen(k) + strlen(pf) + strlen(q->a->cache) +
			     strlen(off) + 32;
		char *who = xmalloc(len, "the comparison");
		char *where = xmalloc(len, "the comparison");
		double ch = q->change == 0 ? 0.0 : q->change;

		if (named)
			who[0] = '\0';
		else
			snprintf(who, len, "%s%s%s: ", k, strcmp(pf, "none") ? "@" : "",
				 strcmp(pf, "none") ? pf : "");
		size_label(q->a->size, sz, sizeof(sz));
		snprintf(where, len, "%s, %s%s%s", sz, q->a->cache,
			 placed ? ", code +" : "", placed ? off : "");
		if (q->padj < 0.001)
			snprintf(pb, sizeof(pb), "< 0.001");
		else
			snprintf(pb, sizeof(pb), "= %.3f", q->padj);
		istr(q, ib, sizeof(ib));
		if (!rule->verdict) {
			print_wrapped("  ", "%s%+.1f%% at %s (95%% CI %s%%)", who, ch,
				      where, ib);
		} else if (q->p < 0) {
			print_wrapped("  ", "%snot tested at %s (%+.1f%%)", who, where, ch);
		} else if (q->sig) {
			print_wrapped("  ", "%s%.*f%% %s time per %s at %s (95%% CI "
				      "%s%%, p %s)", who, fabs(ch) < 9.5 ? 1 : 0,
				      fabs(ch), ch < 0 ? "less" : "more",
				      per_call ? "call" : "byte", where, ib, pb);
			if (q->placement >= 0 && fabs(q->change) < q->placement)
				printf("  but code placement alone moves it %.0f%%\n",
				       q->placement);
		} else if (q->padj < rule->alpha && q->lo >= -rule->threshold &&
			   q->hi <= rule->threshold) {
			print_wrapped("  ", "%sno change beyond %.4g%% at %s (%+.1f%%, "
				      "95%% CI %s%%, p %s)", who, rule->threshold, where,
				      ch, ib, pb);
		} else if (q->padj < rule->alpha) {
			print_wrapped("  ", "%s%+.1f%% at %s, not shown beyond %.4g%% "
				      "(95%% CI %s%%, p %s)", who, ch, where,
				      rule->threshold, ib, pb);
		} else {
			print_wrapped("  ", "%sno change shown at %s (%+.1f%%, 95%% CI "
				      "%s%%, p %s)", who, where, ch, ib, pb);
		}
		free(who);
		free(where);
	}
}

/* One op's table and summary. */
static void print_op(const struct pair *pairs, size_t n, int per_call,
		     int named, const struct rule *rule, int paired)
{
	const char **names = xcalloc(n, sizeof(*names), "the comparison");
	size_t i, rest, cols, nsig = 0, ntested = 0;
	struct labels lab;
	struct widths w;

	/* Kernels get what the other columns leave of the width. */
	measure(pairs, n, per_call, &w);
	for (i = 0; i < n; i++) {
		names[i] = pairs[i].a->kernel;
		nsig += (size_t)pairs[i].sig;
		ntested += pairs[i].p >= 0;
	}
	cols = 8 + (w.pf > 0) + (w.code > 0);	/* separators after kernel's */
	rest = w.size + w.cache + w.pf + w.code + w.before + w.after + w.change +
	       w.ci + w.p + cols + 2;
	labels_make(&lab, names, n, rest + 6 < TABLE_WIDTH ? TABLE_WIDTH - rest : 6,
		    "kernel");
	if (labels_width(&lab) > w.kernel)
		w.kernel = labels_width(&lab);
	w.sep = w.kernel + rest + cols <= TABLE_WIDTH ? 2 : 1;
	labels_caption(&lab);
	if (!w.pf || !w.code)
		print_wrapped("", "every point: %s%s%s%s%s", !w.pf ? "pf (prefetch) " : "",
			      !w.pf ? pairs[0].a->prefetch : "", !w.pf && !w.code ?
			      ", " : "", !w.code ? "code (code_offset) " : "",
			      !w.code ? pairs[0].a->code_offset : "");
	print_pairs(pairs, n, per_call, &lab, &w);
	print_wrapped("", "change: %s, %% of before's median; 95%% CI: its "
		      "interval; p: %s", paired ? "Hodges-Lehmann estimate of the "
		      "per-round differences" : "difference of the per-repeat "
		      "medians' means", rule->family == FAMILY_NONE ? "as tested" :
		      rule->family == FAMILY_HOLM ? "adjusted for the table's "
		      "points (Holm)" : "adjusted for the table's points "
		      "(Benjamini-Hochberg)");
	if (rule->verdict)
		print_wrapped("", "* changed: p < %.2f and the whole interval "
			      "beyond +-%.4g%%", rule->alpha, rule->threshold);
	{
		size_t coarse = 0;
		double least = INFINITY;
		for (i = 0; i < n; i++) {
			double st = fmin(pairs[i].a->region_steps,
					 pairs[i].b->region_steps);
			if (st < REGION_STEPS_MIN) {
				coarse++;
				least = fmin(least, st);
			}
		}
		if (coarse)
			print_wrapped("", "warning: %zu point(s) timed regions of "
				      "fewer than %d timer steps (as few as %.0f; the "
				      "CSVs' region_steps): their medians move in steps "
				      "of more than 1%%, and a change smaller than a step "
				      "cannot be seen", coarse, REGION_STEPS_MIN, least);
	}
	printf("\nSummary:\n");
	print_summary(pairs, n, per_call, &lab, named, rule);
	if (rule->verdict)
		print_wrapped("", "%zu of %zu points changed (%s-adjusted p < %.2f "
			      "and the 95%% interval outside +-%.4g%%)%s", nsig, n,
			      family_name(rule->family), rule->alpha,
			      rule->threshold, ntested < n ? "; some not tested" : "");
	else
		print_wrapped("", "no verdict: emulated timings (%zu points)", n);
	labels_free(&lab);
	free(names);
}

/* The change as the test sees it, in % of before's median: the
   Hodges-Lehmann estimate of the per-round differences with its interval
   (one run), or the difference of the per-repeat medians' means with
   Welch's t interval (two runs); the ratio of medians without a test. */
static void estimate(struct pair *q, enum test test)
{
	const struct row *a = q->a, *b = q->b;
	struct estimate e = { NAN, NAN, NAN };
	double base = b->cycles_per_byte;

	if (test == TEST_PAIRED)
		rounds_paired_interval(a, b, 0.95, &e);
	else if (test == TEST_REPEATS) {
		double m = 0;
		size_t i;
		welch_interval(a->rep_cpb, a->nrep, b->rep_cpb, b->nrep, 0.95, &e);
		for (i = 0; i < b->nrep; i++)
			m += b->rep_cpb[i] / (double)b->nrep;
		if (b->nrep)
			base = m;
	}
	q->lo = q->hi = NAN;
	if (isnan(e.est) || !(base > 0)) {
		q->change = (a->cycles_per_byte / b->cycles_per_byte - 1) * 100;
		return;
	}
	q->change = e.est / base * 100;
	q->lo = e.lo / base * 100;
	q->hi = e.hi / base * 100;
}

/* Adjusts the p of each op's points as a family, then calls a point
   changed when its adjusted p is under alpha and its interval clears the
   threshold; none is, without a verdict. */
static void judge(struct pair *pairs, size_t n, const struct rule *rule)
{
	double *p = xcalloc(n + 1, sizeof(*p), "the comparison"),
	       *adj = xcalloc(n + 1, sizeof(*adj), "the comparison");
	size_t *at = xcalloc(n + 1, sizeof(*at), "the comparison");
	bool *done = xcalloc(n + 1, sizeof(*done), "the comparison");
	size_t i, j, m;

	for (i = 0; i < n; i++) {
		if (done[i])
			continue;
		for (j = i, m = 0; j < n; j++)
			if (!done[j] && !strcmp(pairs[j].a->op, pairs[i].a->op)) {
				done[j] = true;
				at[m] = j;
				p[m++] = pairs[j].p;
			}
		family_adjust(rule->family, p, m, adj);
		for (j = 0; j < m; j++) {
			struct pair *q = &pairs[at[j]];
			q->padj = adj[j];
			q->sig = rule->verdict && q->padj >= 0 &&
				 q->padj < rule->alpha && !isnan(q->lo) &&
				 (q->lo > rule->threshold || q->hi < -rule->threshold);
		}
	}
	free(p);
	free(adj);
	free(at);
	free(done);
}

/* Kernels named on both sides must be in their files and of one op (and
   of --op's): 0, or -1 after a message. */
static int check_named(const struct side *b, const struct side *a)
{
	const char *bop, *aop;

	if (!b->kernel)
		return 0;
	bop = results_kernel_op(&b->r, b->kernel);
	aop = results_kernel_op(&a->r, a->kernel);
	if (!bop || !aop) {
		fprintf(stderr, "csumreport compare: %s has no kernel '%s'\n",
			bop ? a->path : b->path, bop ? a->kernel : b->kernel);
		return -1;
	}
	if (strcmp(bop, aop)) {
		fprintf(stderr, "csumreport compare: %s is a %s kernel and %s a %s "
			"kernel; expected two kernels of one op\n", b->kernel, bop,
			a->kernel, aop);
		return -1;
	}
	if (only_op && strcmp(only_op, bop)) {
		fprintf(stderr, "csumreport compare: %s and %s are %s kernels, "
			"not %s\n", b->kernel, a->kernel, bop, only_op);
		return -1;
	}
	return 0;
}

/* --op must be an op of one side at least. */
static int check_op(const struct side *b, const struct side *a)
{
	const char **bo, **ao;
	size_t nb, na, i;
	int found = 0;

	if (!only_op)
		return 0;
	nb = results_ops(&b->r, &bo);
	na = results_ops(&a->r, &ao);
	for (i = 0; i < nb; i++)
		found |= !strcmp(bo[i], only_op);
	for (i = 0; i < na; i++)
		found |= !strcmp(ao[i], only_op);
	if (!found) {
		fprintf(stderr, "csumreport compare: neither side has op '%s'; "
			"ops before:", only_op);
		for (i = 0; i < nb; i++)
			fprintf(stderr, " %s", bo[i]);
		fprintf(stderr, "; after:");
		for (i = 0; i < na; i++)
			fprintf(stderr, " %s", ao[i]);
		fprintf(stderr, "\n");
	}
	free(bo);
	free(ao);
	return found ? 0 : -1;
}

int cmd_compare(int argc, char **argv)
{
	struct side b = { .align = -1 }, a = { .align = -1 };
	const char *csv = NULL, **ops = NULL;
	const struct row **cand = NULL;
	struct rule rule = { 0.05, 1.0, FAMILY_HOLM, 1, 0 };
	size_t i, j, k, n = 0, ncand = 0, nplaced = 0, nswept = 0, nops = 0;
	struct pair *pairs = NULL, *sub = NULL;
	enum test test;
	int named, rc = 2;

	only_op = NULL;
	for (i = 1; i < (size_t)argc; i++) {
		const char *o = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;
		char *end;
		if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
			rc = usage(stdout);
			goto out;
		}
		if (!strcmp(o, "--force-verdict")) {
			rule.forced = 1;
			continue;
		}
		if (o[0] != '-') {
			if (!b.path)
				b.path = o;
			else if (!a.path)
				a.path = o;
			else
				goto bad_usage;
			continue;
		}
		if (!v)
			goto bad_usage;
		i++;
		if (!strcmp(o, "--before-kernel"))
			parse_spec(&b, v);
		else if (!strcmp(o, "--after-kernel"))
			parse_spec(&a, v);
		else if (!strcmp(o, "--before-align") || !strcmp(o, "--after-align")) {
			long *al = o[2] == 'b' ? &b.align : &a.align;
			*al = strtol(v, &end, 10);
			if (!*v || *end || *al < 0 || *al > 4095) {
				fprintf(stderr, "csumreport compare: %s '%s', expected "
					"0 to 4095\n", o, v);
				goto out;
			}
		}
		else if (!strcmp(o, "--csv"))
			csv = v;
		else if (!strcmp(o, "--op"))
			only_op = *v ? v : NULL;
		else if (!strcmp(o, "--alpha") || !strcmp(o, "--threshold")) {
			double x = strtod(v, &end);
			int is_alpha = o[2] == 'a';
			if (!*v || *end || !(x >= 0) || (is_alpha ? !(x > 0 && x < 1) :
							  !(x <= 100))) {
				fprintf(stderr, "csumreport compare: %s '%s', expected %s\n",
					o, v, is_alpha ? "a number between 0 and 1" :
					"a percentage from 0 to 100");
				goto out;
			}
			*(is_alpha ? &rule.alpha : &rule.threshold) = x;
		} else if (!strcmp(o, "--family")) {
			if (!strcmp(v, "holm"))
				rule.family = FAMILY_HOLM;
			else if (!strcmp(v, "bh"))
				rule.family = FAMILY_BH;
			else {
				fprintf(stderr, "csumreport compare: --family '%s', "
					"expected holm or bh\n", v);
				goto out;
			}
		}
		else {
			fprintf(stderr, "csumreport compare: bad option '%s %s'\n", o, v);
			goto bad_usage;
		}
	}
	if (!b.path || !a.path)
		goto bad_usage;
	if (!b.kernel != !a.kernel || (b.align < 0) != (a.align < 0)) {
		fprintf(stderr, "csumreport compare: give both --before-kernel and "
			"--after-kernel (and both aligns), or neither\n");
		goto out;
	}
	named = b.kernel || b.align >= 0;
	if (results_read(&b.r, b.path, 1))
		goto out;
	if (results_read(&a.r, a.path, 1))
		goto out;
	if (check_named(&b, &a) || check_op(&b, &a))
		goto out;
	if (b.r.run_id[0] && !strcmp(b.r.run_id, a.r.run_id) &&
	    !strcmp(b.r.order, "rounds"))
		test = TEST_PAIRED;
	else if (b.r.repeats >= MIN_REPEATS && a.r.repeats >= MIN_REPEATS)
		test = TEST_REPEATS;
	else
		test = TEST_NONE;

	/* The before side's candidates, sorted once; each after point then
	   finds its match by bisection. */
	ignore_kernel = b.kernel || a.kernel;
	ignore_prefetch = b.prefetch || a.prefetch;
	ignore_align = b.align >= 0 || a.align >= 0;
	cand = xcalloc(b.r.nrows, sizeof(*cand), "the comparison");
	pairs = xcalloc(a.r.nrows, sizeof(*pairs), "the comparison");
	for (i = 0; i < b.r.nrows; i++)
		if (selected(&b, &b.r.rows[i]) && b.r.rows[i].cycles_per_byte > 0)
			cand[ncand++] = &b.r.rows[i];
	qsort(cand, ncand, sizeof(*cand), cmp_candidate);
	for (i = 0; i < a.r.nrows; i++) {
		const struct row *wa = &a.r.rows[i], *x;
		struct pair *q = &pairs[n];
		if (!selected(&a, wa) || !(x = find_match(cand, ncand, wa)))
			continue;
		q->a = wa;
		q->b = x;
		q->p = test == TEST_PAIRED ? rounds_paired_p(wa, x) :
		       test == TEST_REPEATS ? welch_t_p(wa->rep_cpb, wa->nrep,
							x->rep_cpb, x->nrep) : -1;
		estimate(q, test);
		q->placement = fmax(placement_spread(&b.r, x),
				    placement_spread(&a.r, wa));
		n++;
	}
	rule.verdict = rule.forced || (strcmp(b.r.emulated, "yes") &&
				       strcmp(a.r.emulated, "yes"));
	for (i = 0; i < n && !rule.verdict; i++)
		pairs[i].p = -1;	/* figures, no test */
	judge(pairs, n, &rule);
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		nswept += q->placement >= 0;
		nplaced += q->sig && q->placement >= 0 && fabs(q->change) < q->placement;
	}
	if (!n) {
		fprintf(stderr, "csumreport compare: %s and %s have no point in "
			"common\n", b.path, a.path);
		goto out;
	}
	if (csv && write_bars(csv, pairs, n, named)) {
		rc = 1;
		goto out;
	}

	/* The ops of the pairs, in the order the after side has them. */
	ops = xcalloc(n, sizeof(*ops), "the comparison");
	sub = xcalloc(n, sizeof(*sub), "the comparison");
	for (i = 0; i < n; i++) {
		for (j = 0; j < nops && strcmp(ops[j], pairs[i].a->op); j++)
			;
		if (j == nops)
			ops[nops++] = pairs[i].a->op;
	}
	if (!rule.verdict)
		printf("EMULATED RUN: figures only, no verdict.  QEMU's timings are "
		       "not\nthe target's (its timebase is the host's, dcbt a "
		       "no-op);\n--force-verdict judges them anyway.\n");
	else if (rule.forced && (!strcmp(b.r.emulated, "yes") ||
				 !strcmp(a.r.emulated, "yes")))
		printf("EMULATED, VERDICT FORCED (--force-verdict): the verdicts "
		       "below\njudge QEMU's timings, not the target's.\n");
	if (nops > 1)
		printf("Medians by op; alpha %.2f; test: ", rule.alpha);
	else
		printf("Cycles/%s, median; alpha %.2f; test: ",
		       op_info(ops[0])->per_call ? "call" : "byte", rule.alpha);
	if (!rule.verdict)
		printf("none on emulated\ntimings (figures and intervals only)\n");
	else if (test == TEST_PAIRED)
		printf("Wilcoxon signed-rank on per-round\ndifferences (both sides "
		       "from one interleaved run, paired by round)\n");
	else if (test == TEST_REPEATS)
		printf("Welch's t on per-repeat medians\n(separate runs, %u and %u "
		       "repeats)\n", b.r.repeats, a.r.repeats);
	else
		printf("none: separate runs need repeat >= %d\non both sides (these "
		       "have %u and %u); no change is called significant\n",
		       MIN_REPEATS, b.r.repeats, a.r.repeats);
	print_wrapped("        ", "before: %s", b.path);
	print_wrapped("        ", "        %s, %u samples x %u repeats%s", b.r.cpu,
		      b.r.samples, b.r.repeats,
		      strcmp(b.r.emulated, "yes") ? "" : ", EMULATED");
	print_wrapped("        ", "after:  %s", a.path);
	print_wrapped("        ", "        %s, %u samples x %u repeats%s", a.r.cpu,
		      a.r.samples, a.r.repeats,
		      strcmp(a.r.emulated, "yes") ? "" : ", EMULATED");
	if (named) {
		char ba[32] = "", aa[32] = "";
		if (b.align >= 0)
			snprintf(ba, sizeof(ba), " align %ld", b.align);
		if (a.align >= 0)
			snprintf(aa, sizeof(aa), " align %ld", a.align);
		print_wrapped("  ", "selected: %s%s%s%s (before) vs %s%s%s%s (after)",
			      b.kernel ? b.kernel : "", b.prefetch ? "@" : "",
			      b.prefetch ? b.prefetch : "", ba,
			      a.kernel ? a.kernel : "", a.prefetch ? "@" : "",
			      a.prefetch ? a.prefetch : "", aa);
	}
	if (rule.verdict && (!strcmp(b.r.emulated, "yes") ||
			     !strcmp(a.r.emulated, "yes")))
		printf("EMULATED RUN: these timings are not real; do not quote them.\n");
	if (rule.verdict && (!layouts_of(&b.r) || !layouts_of(&a.r)))
		print_wrapped("", "note: %s kept each kernel at one address "
			      "(layouts = 1, or a run older than layouts), so "
			      "where the linker put it is in the figures", !layouts_of(&b.r) &&
			      !layouts_of(&a.r) ? "both runs" : !layouts_of(&b.r) ?
			      "the before run" : "the after run");
	if (b.r.partial || a.r.partial)
		printf("PARTIAL RUN: one stopped early (# partial: in its CSV).\n");
	for (j = 0; j < nops; j++) {
		int per_call = op_info(ops[j])->per_call;

		for (i = k = 0; i < n; i++)
			if (!strcmp(pairs[i].a->op, ops[j]))
				sub[k++] = pairs[i];
		printf("\n");
		if (nops > 1)
			print_wrapped("  ", "op %s: cycles per %s, median", ops[j],
				      per_call ? "call" : "byte");
		print_op(sub, k, per_call, named, &rule, test == TEST_PAIRED);
	}
	if (nplaced)
		print_wrapped("", "WARNING: %zu change(s) called are smaller "
			      "than the spread code placement alone causes in the "
			      "code_offset sweep; they may be placement, not the "
			      "code\n", nplaced);
	else if (!nswept)
		printf("Code placement: not measured; code_offset = 0, 16, 32, 48 "
		       "shows how far\nplacement alone moves each kernel\n");
	rc = 0;
	goto out;
bad_usage:
	rc = usage(stderr);
out:
	free(ops);
	free(sub);
	free(cand);
	free(pairs);
	free(b.kernel);
	free(a.kernel);
	results_free(&b.r);
	results_free(&a.r);
	return rc;
}
