/* csumreport compare: per point in both runs, median cycles/byte before
   and after, the change, and a significance test that fits how the
   samples were taken, then one line per point in the words a commit
   message uses.
 *
 * Samples of one run are not independent draws of another run's
 * conditions, so the test depends on where the two sides come from:
 *   - both from one interleaved run (order = rounds): the two points were
 *     sampled in the same rounds, so the per-round differences are paired:
 *     Wilcoxon signed-rank test;
 *   - from two runs: each run is one draw of the machine's conditions, so
 *     the unit is the repeat (repeat = N): Welch's t-test on the per-repeat
 *     medians, which needs at least 3 repeats a side; with fewer, no test.
 * A change smaller than the spread that code placement alone causes (rows
 * of a code_offset sweep) is flagged: it may be placement, not the code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "stattest.h"

#define MIN_REPEATS 3

enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

struct pair {
	const struct row *a, *b;
	double p, change, placement;	/* placement: spread in %, or -1 */
	int sig;
};

struct side {
	const char *path;
	char kernel[128];	/* "" when not selected */
	char prefetch[16];	/* "" unless kernel@dist */
	long align;		/* -1 when not selected */
	struct results r;
};

/* "name" or "name@dist" / "name@none". */
static void parse_spec(struct side *s, const char *spec)
{
	const char *at;

	if (!*spec)
		return;
	at = strrchr(spec, '@');
	if (at) {
		snprintf(s->kernel, sizeof(s->kernel), "%.*s", (int)(at - spec), spec);
		snprintf(s->prefetch, sizeof(s->prefetch), "%s", at + 1);
	} else {
		snprintf(s->kernel, sizeof(s->kernel), "%s", spec);
	}
}

static int selected(const struct side *s, const struct row *w)
{
	return !row_is_pseudo(w) &&
	       (!s->kernel[0] || !strcmp(s->kernel, w->kernel)) &&
	       (!s->prefetch[0] || !strcmp(s->prefetch, w->prefetch)) &&
	       (s->align < 0 || (long)w->align == s->align);
}

/* The same point but for what either side selects. */
static int matches(const struct side *b, const struct side *a,
		   const struct row *x, const struct row *w)
{
	return x->size == w->size && !strcmp(x->cache, w->cache) &&
	       !strcmp(x->code_offset, w->code_offset) &&
	       (b->kernel[0] || a->kernel[0] || !strcmp(x->kernel, w->kernel)) &&
	       (b->prefetch[0] || a->prefetch[0] || !strcmp(x->prefetch, w->prefetch)) &&
	       (b->align >= 0 || a->align >= 0 || x->align == w->align);
}

/* How far code placement alone moves this point: (max - min) / min of
   its medians over the code offsets of a sweep, in %; -1 if not swept. */
static double placement_spread(const struct results *r, const struct row *w)
{
	double lo = 0, hi = 0;
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		const struct row *x = &r->rows[i];
		if (strcmp(x->kernel, w->kernel) || x->size != w->size ||
		    x->align != w->align || strcmp(x->cache, w->cache) ||
		    strcmp(x->prefetch, w->prefetch) || !strcmp(x->code_offset, "none"))
			continue;
		if (!n++ || x->cycles_per_byte < lo)
			lo = x->cycles_per_byte;
		if (n == 1 || x->cycles_per_byte > hi)
			hi = x->cycles_per_byte;
	}
	return n >= 2 && lo > 0 ? (hi / lo - 1) * 100 : -1;
}

/* Per-round differences after - before, matched by repeat and round. */
static double paired_p(const struct row *b, const struct row *a)
{
	double *d = malloc((a->ncpb ? a->ncpb : 1) * sizeof(*d)), p;
	size_t i, j, n = 0;

	if (!d)
		abort();
	for (i = 0; i < a->ncpb; i++) {
		if (!a->sround[i])
			continue;
		for (j = 0; j < b->ncpb; j++)
			if (b->srep[j] == a->srep[i] && b->sround[j] == a->sround[i])
				break;
		if (j < b->ncpb)
			d[n++] = a->cpb[i] - b->cpb[j];
	}
	p = wilcoxon_signed_rank_p(d, n);
	free(d);
	return p;
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

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport compare BEFORE.csv AFTER.csv "
		"[--before-kernel K[@D]]\n"
		"         [--after-kernel K[@D]] [--before-align N] [--after-align N]\n"
		"         [--alpha A] [--csv OUT.csv]\n\n"
		"Matches points by kernel, size, alignment, cache state, prefetch and\n"
		"code offset; what a --before-/--after- option selects may differ\n"
		"between the sides (two kernels, distances or alignments).  Reads the\n"
		"-samples.csv beside each file.  Both sides from one interleaved run:\n"
		"Wilcoxon signed-rank test on per-round differences.  Two runs: Welch's\n"
		"t-test on per-repeat medians, with repeat >= 3 on each side, else no\n"
		"test.  Default alpha 0.05.\n");
	return f == stdout ? 0 : 2;
}

static void label(const struct row *w, char *lab, size_t n)
{
	size_label(w->size, lab, n);
	if (w->align)
		snprintf(lab + strlen(lab), n - strlen(lab), " +%u", w->align);
}

/* ", code +16" for a point of a code_offset sweep, else "". */
static const char *where(const struct row *w, char *buf, size_t n)
{
	if (!strcmp(w->code_offset, "none"))
		return "";
	snprintf(buf, n, ", code +%s", w->code_offset);
	return buf;
}

int cmd_compare(int argc, char **argv)
{
	struct side b = { .align = -1 }, a = { .align = -1 };
	const char *csv = NULL;
	double alpha = 0.05;
	size_t i, j, n = 0, nsig = 0, nplaced = 0, nswept = 0;
	struct pair *pairs;
	enum test test;
	FILE *out = NULL;
	char tmp[4200], pb[16], lab[32];
	int named;

	for (i = 1; i < (size_t)argc; i++) {
		const char *o = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;
		char *end;
		if (!strcmp(o, "--help") || !strcmp(o, "-h"))
			return usage(stdout);
		if (o[0] != '-') {
			if (!b.path)
				b.path = o;
			else if (!a.path)
				a.path = o;
			else
				return usage(stderr);
			continue;
		}
		if (!v)
			return usage(stderr);
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
				return 2;
			}
		}
		else if (!strcmp(o, "--csv"))
			csv = v;
		else if (!strcmp(o, "--alpha") && (alpha = atof(v)) > 0 && alpha < 1)
			;
		else {
			fprintf(stderr, "csumreport compare: bad option '%s %s'\n", o, v);
			return usage(stderr);
		}
	}
	if (!b.path || !a.path)
		return usage(stderr);
	if (!!b.kernel[0] != !!a.kernel[0] || (b.align < 0) != (a.align < 0)) {
		fprintf(stderr, "csumreport compare: give both --before-kernel and "
			"--after-kernel (and both aligns), or neither\n");
		return 2;
	}
	named = b.kernel[0] || b.align >= 0;
	if (results_read(&b.r, b.path, 1))
		return 2;
	if (results_read(&a.r, a.path, 1)) {
		results_free(&b.r);
		return 2;
	}
	if (b.r.run_id[0] && !strcmp(b.r.run_id, a.r.run_id) &&
	    !strcmp(b.r.order, "rounds"))
		test = TEST_PAIRED;
	else if (b.r.repeats >= MIN_REPEATS && a.r.repeats >= MIN_REPEATS)
		test = TEST_REPEATS;
	else
		test = TEST_NONE;

	pairs = calloc(a.r.nrows ? a.r.nrows : 1, sizeof(*pairs));
	if (!pairs)
		abort();
	for (i = 0; i < a.r.nrows; i++) {
		const struct row *wa = &a.r.rows[i];
		struct pair *q = &pairs[n];
		if (!selected(&a, wa))
			continue;
		for (j = 0; j < b.r.nrows; j++) {
			const struct row *x = &b.r.rows[j];
			if (selected(&b, x) && matches(&b, &a, x, wa) &&
			    x->cycles_per_byte > 0)
				break;
		}
		if (j == b.r.nrows)
			continue;
		q->a = wa;
		q->b = &b.r.rows[j];
		q->p = test == TEST_PAIRED ? paired_p(q->b, wa) :
		       test == TEST_REPEATS ? welch_t_p(q->b->rep_cpb, q->b->nrep,
							wa->rep_cpb, wa->nrep) : -1;
		q->change = (wa->cycles_per_byte / q->b->cycles_per_byte - 1) * 100;
		q->sig = q->p >= 0 && q->p < alpha;
		q->placement = fmax(placement_spread(&b.r, q->b),
				    placement_spread(&a.r, wa));
		nswept += q->placement >= 0;
		nplaced += q->sig && q->placement >= 0 && fabs(q->change) < q->placement;
		nsig += (size_t)q->sig;
		n++;
	}
	if (!n) {
		fprintf(stderr, "csumreport compare: %s and %s have no point in "
			"common\n", b.path, a.path);
		free(pairs);
		results_free(&a.r);
		results_free(&b.r);
		return 2;
	}
	if (csv) {
		snprintf(tmp, sizeof(tmp), "%s.tmp", csv);
		out = fopen(tmp, "w");
		if (!out) {
			perror(tmp);
			free(pairs);
			results_free(&a.r);
			results_free(&b.r);
			return 1;
		}
		fprintf(out, "label,kernel,size,align,cache,prefetch,before,after,"
			"change_pct,p,significant\n");
	}

	printf("Cycles/byte, median; alpha %.2f; test: ", alpha);
	if (test == TEST_PAIRED)
		printf("Wilcoxon signed-rank on per-round\ndifferences (both sides "
		       "from one interleaved run, paired by round)\n");
	else if (test == TEST_REPEATS)
		printf("Welch's t on per-repeat medians\n(separate runs, %u and %u "
		       "repeats)\n", b.r.repeats, a.r.repeats);
	else
		printf("none: separate runs need repeat >= %d\non both sides (these "
		       "have %u and %u); no change is called significant\n",
		       MIN_REPEATS, b.r.repeats, a.r.repeats);
	printf("before: %s\n        %s, %u samples x %u repeats%s\n", b.path,
	       b.r.cpu, b.r.samples, b.r.repeats,
	       strcmp(b.r.emulated, "yes") ? "" : ", EMULATED");
	printf("after:  %s\n        %s, %u samples x %u repeats%s\n", a.path,
	       a.r.cpu, a.r.samples, a.r.repeats,
	       strcmp(a.r.emulated, "yes") ? "" : ", EMULATED");
	if (named) {
		char ba[32] = "", aa[32] = "";
		if (b.align >= 0)
			snprintf(ba, sizeof(ba), " align %ld", b.align);
		if (a.align >= 0)
			snprintf(aa, sizeof(aa), " align %ld", a.align);
		printf("selected: %s%s%s%s (before) vs %s%s%s%s (after)\n",
		       b.kernel, b.prefetch[0] ? "@" : "", b.prefetch, ba,
		       a.kernel, a.prefetch[0] ? "@" : "", a.prefetch, aa);
	}
	if (!strcmp(b.r.emulated, "yes") || !strcmp(a.r.emulated, "yes"))
		printf("EMULATED RUN: these timings are not real; do not quote them.\n");
	printf("\n%-12s %-9s %-9s %-5s %-4s %6s %6s %7s %6s\n", "kernel", "size",
	       "cache", "pf", "code", "before", "after", "change", "p");
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, lab, sizeof(lab));
		printf("%-12.12s %-9s %-9s %-5s %-4s %6.3f %6.3f %+6.1f%% %6s%s\n",
		       q->a->kernel, lab, q->a->cache, q->a->prefetch,
		       q->a->code_offset, q->b->cycles_per_byte, q->a->cycles_per_byte, q->change,
		       pstr(q->p, pb, sizeof(pb)), q->sig ? " *" : "");
		/* The figure's bar label: what differs between bars. */
		if (out)
			fprintf(out, "%s%s%s %s%s%s,%s,%u,%u,%s,%s,%.4f,%.4f,%.2f,%.6f,%s\n",
				named ? "" : q->a->kernel, named ? "" : " ", lab,
				q->a->cache, strcmp(q->a->prefetch, "none") ? " @" : "",
				strcmp(q->a->prefetch, "none") ? q->a->prefetch : "",
				q->a->kernel, q->a->size, q->a->align, q->a->cache,
				q->a->prefetch, q->b->cycles_per_byte,
				q->a->cycles_per_byte, q->change, q->p,
				q->sig ? "yes" : "no");
	}
	printf("* significant at alpha %.2f\n\nSummary:\n", alpha);
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		char cache[64], wbuf[32];

		size_label(q->a->size, lab, sizeof(lab));
		snprintf(cache, sizeof(cache), "%s%s", q->a->cache,
			 where(q->a, wbuf, sizeof(wbuf)));
		if (!named)
			printf("%s%s%s: ", q->a->kernel,
			       strcmp(q->a->prefetch, "none") ? "@" : "",
			       strcmp(q->a->prefetch, "none") ? q->a->prefetch : "");
		if (q->p < 0)
			printf("not tested at %s, %s (%+.1f%%)\n", lab, cache,
			       q->change);
		else if (q->sig && fabs(q->change) < 0.5)
			printf("same median at %s, %s, though the samples differ "
			       "(p %s)\n", lab, cache, q->p < 0.001 ? "< 0.001" :
			       (snprintf(pb, sizeof(pb), "= %.3f", q->p), pb));
		else if (q->sig)
		{
			printf("%.0f%% %s time per byte at %s, %s (p %s)\n",
			       fabs(q->change), q->change < 0 ? "less" : "more", lab,
			       cache, q->p < 0.001 ? "< 0.001" :
			       (snprintf(pb, sizeof(pb), "= %.3f", q->p), pb));
			if (q->placement >= 0 && fabs(q->change) < q->placement)
				printf("  but code placement alone moves it %.0f%%\n",
				       q->placement);
		}
		else
			printf("no significant change at %s, %s (%+.1f%%, p = %s)\n",
			       lab, cache, q->change, pstr(q->p, pb, sizeof(pb)));
	}
	printf("%zu of %zu points changed significantly\n", nsig, n);
	if (nplaced)
		printf("WARNING: %zu significant change(s) are smaller than the spread "
		       "code placement alone\ncauses in the code_offset sweep; they "
		       "may be placement, not the code\n", nplaced);
	else if (!nswept)
		printf("Code placement: not measured; code_offset = 0, 16, 32, 48 "
		       "shows how far\nplacement alone moves each kernel\n");
	free(pairs);
	results_free(&a.r);
	results_free(&b.r);
	if (out) {
		if (fclose(out) != 0 || rename(tmp, csv) != 0) {
			perror(csv);
			return 1;
		}
	}
	return 0;
}
