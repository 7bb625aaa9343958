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
 * of a code_offset sweep) is flagged: it may be placement, not the code.
 *
 * Points of different ops are never paired, and each op has a table of
 * its own, in its unit: cycles per byte, or per call for ip_fast_csum (a
 * header's cost is per call; the change and the test are the same). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labels.h"
#include "report.h"
#include "stattest.h"
#include "xalloc.h"

#define MIN_REPEATS 3

enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

struct pair {
	const struct row *a, *b;
	double p, change, placement;	/* placement: spread in %, or -1 */
	int sig;
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
		"         [--op OP] [--alpha A] [--csv OUT.csv]\n\n"
		"Matches points by kernel, size, alignment, cache state, prefetch and\n"
		"code offset; what a --before-/--after- option selects may differ\n"
		"between the sides (two kernels, distances or alignments).  Reads the\n"
		"-samples.csv beside each file.  Both sides from one interleaved run:\n"
		"Wilcoxon signed-rank test on per-round differences.  Two runs: Welch's\n"
		"t-test on per-repeat medians, with repeat >= 3 on each side, else no\n"
		"test.  Default alpha 0.05.  Kernels of different ops are never\n"
		"compared; each op has a table (--op: only that op's), in cycles per\n"
		"byte, or per call for ip_fast_csum.\n");
	return f == stdout ? 0 : 2;
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
	size_t kernel, size, cache, pf, code, before, after, change, p;
	int sep;	/* spaces between columns: 2, or 1 where 2 do not fit */
};

static void measure(const struct pair *pairs, size_t n, int per_call,
		    struct widths *w)
{
	const char *fmt = per_call ? "%.2f" : "%.3f";
	char buf[64];
	size_t i;

	*w = (struct widths){ 6, 4, 5, 2, 4, 6, 6, 6, 6, 1 };
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
		w->p = max_len(w->p, pstr(q->p, buf, sizeof(buf)));
	}
}

static void print_pairs(const struct pair *pairs, size_t n, int per_call,
			const struct labels *lab, const struct widths *w)
{
	char sz[64], ch[64], pb[16];
	int dp = per_call ? 2 : 3;
	size_t i;

	const char *s = w->sep > 1 ? "  " : " ";

	printf("%-*s%s%-*s%s%-*s%s%-*s%s%-*s%s%*s%s%*s%s%*s%s%*s\n",
	       (int)w->kernel, "kernel", s, (int)w->size, "size", s,
	       (int)w->cache, "cache", s, (int)w->pf, "pf", s, (int)w->code,
	       "code", s, (int)w->before, "before", s, (int)w->after, "after",
	       s, (int)w->change, "change", s, (int)w->p, "p");
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, sz, sizeof(sz));
		snprintf(ch, sizeof(ch), "%+.1f%%", q->change);
		printf("%-*s%s%-*s%s%-*s%s%-*s%s%-*s%s%*.*f%s%*.*f%s%*s%s%*s%s\n",
		       (int)w->kernel, labels_get(lab, q->a->kernel), s,
		       (int)w->size, sz, s, (int)w->cache, q->a->cache, s,
		       (int)w->pf, q->a->prefetch, s, (int)w->code,
		       q->a->code_offset, s, (int)w->before, dp,
		       cost(q->b, per_call), s, (int)w->after, dp,
		       cost(q->a, per_call), s, (int)w->change,
		       ch, s, (int)w->p, pstr(q->p, pb, sizeof(pb)),
		       q->sig ? " *" : "");
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
		"change_pct,p,significant,op\n");
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		int per_call = op_info(q->a->op)->per_call;
		label(q->a, lab, sizeof(lab));
		fprintf(out, "%s%s%s %s%s%s,%s,%u,%u,%s,%s,%.4f,%.4f,%.2f,%.6f,%s,"
			"%s\n",
			named ? "" : q->a->kernel, named ? "" : " ", lab,
			q->a->cache, strcmp(q->a->prefetch, "none") ? " @" : "",
			strcmp(q->a->prefetch, "none") ? q->a->prefetch : "",
			q->a->kernel, q->a->size, q->a->align, q->a->cache,
			q->a->prefetch, cost(q->b, per_call), cost(q->a, per_call),
			q->change, q->p, q->sig ? "yes" : "no", q->a->op);
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
			  const struct labels *lab, int named)
{
	char sz[64], pb[16];
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

		if (named)
			who[0] = '\0';
		else
			snprintf(who, len, "%s%s%s: ", k, strcmp(pf, "none") ? "@" : "",
				 strcmp(pf, "none") ? pf : "");
		size_label(q->a->size, sz, sizeof(sz));
		snprintf(where, len, "%s, %s%s%s", sz, q->a->cache,
			 placed ? ", code +" : "", placed ? off : "");
		if (q->p < 0.001)
			snprintf(pb, sizeof(pb), "< 0.001");
		else
			snprintf(pb, sizeof(pb), "= %.3f", q->p);
		if (q->p < 0) {
			print_wrapped("  ", "%snot tested at %s (%+.1f%%)", who, where,
				      q->change);
		} else if (q->sig && fabs(q->change) < 0.5) {
			print_wrapped("  ", "%ssame median at %s, though the samples "
				      "differ (p %s)", who, where, pb);
		} else if (q->sig) {
			print_wrapped("  ", "%s%.0f%% %s time per %s at %s (p %s)",
				      who, fabs(q->change),
				      q->change < 0 ? "less" : "more",
				      per_call ? "call" : "byte", where, pb);
			if (q->placement >= 0 && fabs(q->change) < q->placement)
				printf("  but code placement alone moves it %.0f%%\n",
				       q->placement);
		} else {
			print_wrapped("  ", "%sno significant change at %s (%+.1f%%, "
				      "p = %s)", who, where, q->change,
				      pstr(q->p, pb, sizeof(pb)));
		}
		free(who);
		free(where);
	}
}

/* One op's table and summary. */
static void print_op(const struct pair *pairs, size_t n, int per_call,
		     int named, double alpha)
{
	const char **names = xcalloc(n, sizeof(*names), "the comparison");
	size_t i, rest, nsig = 0;
	struct labels lab;
	struct widths w;

	/* Kernels get what the other columns leave of the width. */
	measure(pairs, n, per_call, &w);
	for (i = 0; i < n; i++) {
		names[i] = pairs[i].a->kernel;
		nsig += (size_t)pairs[i].sig;
	}
	rest = w.size + w.cache + w.pf + w.code + w.before + w.after + w.change +
	       w.p + 8 + 2;
	labels_make(&lab, names, n, rest + 6 < TABLE_WIDTH ? TABLE_WIDTH - rest : 6,
		    "kernel");
	if (labels_width(&lab) > w.kernel)
		w.kernel = labels_width(&lab);
	w.sep = w.kernel + rest + 8 <= TABLE_WIDTH ? 2 : 1;
	labels_caption(&lab);
	print_pairs(pairs, n, per_call, &lab, &w);
	printf("* significant at alpha %.2f\n\nSummary:\n", alpha);
	print_summary(pairs, n, per_call, &lab, named);
	printf("%zu of %zu points changed significantly\n", nsig, n);
	labels_free(&lab);
	free(names);
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
	double alpha = 0.05;
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
		else if (!strcmp(o, "--alpha") && (alpha = atof(v)) > 0 && alpha < 1)
			;
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
		       test == TEST_REPEATS ? welch_t_p(x->rep_cpb, x->nrep,
							wa->rep_cpb, wa->nrep) : -1;
		q->change = (wa->cycles_per_byte / x->cycles_per_byte - 1) * 100;
		q->sig = q->p >= 0 && q->p < alpha;
		q->placement = fmax(placement_spread(&b.r, x),
				    placement_spread(&a.r, wa));
		nswept += q->placement >= 0;
		nplaced += q->sig && q->placement >= 0 && fabs(q->change) < q->placement;
		n++;
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
	if (nops > 1)
		printf("Medians by op; alpha %.2f; test: ", alpha);
	else
		printf("Cycles/%s, median; alpha %.2f; test: ",
		       op_info(ops[0])->per_call ? "call" : "byte", alpha);
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
	if (!strcmp(b.r.emulated, "yes") || !strcmp(a.r.emulated, "yes"))
		printf("EMULATED RUN: these timings are not real; do not quote them.\n");
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
		print_op(sub, k, per_call, named, alpha);
	}
	if (nplaced)
		print_wrapped("", "WARNING: %zu significant change(s) are smaller "
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
