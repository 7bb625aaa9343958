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
 * Benjamini-Hochberg), each interval at the level its adjustment tests
 * it at, and a point is called changed only when the adjusted p is
 * under alpha and the whole interval lies beyond +-threshold (1%): what
 * layout, drift and a few rounds' luck move a point by is not a change
 * worth a commit message.  A change smaller than
 * the spread that code placement alone causes (rows of a code_offset
 * sweep) is flagged: it may be placement, not the code.  Emulated data
 * gets figures and no verdict (QEMU's timings are not the target's).
 *
 * Points of different ops are never paired, and each op has a table of
 * its own, in its unit: cycles per byte, or per call for ip_fast_csum (a
 * header's cost is per call; the change and the test are the same).
 *
 * This file is the command and the matching of points; compare-judge.c
 * has the estimates and verdicts, compare-print.c the tables and the
 * bars' CSV. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "lib/args.h"
#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/query.h"
#include "read/results.h"
#include "read/sizes.h"
#include "stat/stattest.h"
#include "text/frame.h"
#include "text/wrap.h"

#define MIN_REPEATS 3

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

/* What makes a before point the match of an after point: op, size,
   cache state and code offset always; kernel, distance and alignment
   unless a side selects them (then they may differ). */
struct match {
	int ignore_kernel, ignore_prefetch, ignore_align;
};

/* op: --op's, or NULL. */
static int selected(const struct side *s, const struct row *w, const char *op)
{
	return !row_is_pseudo(w) && (!op || !strcmp(op, w->op)) &&
	       (!s->kernel || !strcmp(s->kernel, w->kernel)) &&
	       (!s->prefetch || !strcmp(s->prefetch, w->prefetch)) &&
	       (s->align < 0 || (long)w->align == s->align);
}

static int cmp_match(const struct row *x, const struct row *w,
		     const struct match *m)
{
	int c;

	if ((c = strcmp(x->op, w->op)))
		return c;
	if (x->size != w->size)
		return x->size < w->size ? -1 : 1;
	if ((c = strcmp(x->cache, w->cache)) ||
	    (c = strcmp(x->code_offset, w->code_offset)))
		return c;
	if (!m->ignore_kernel && (c = strcmp(x->kernel, w->kernel)))
		return c;
	if (!m->ignore_prefetch && (c = strcmp(x->prefetch, w->prefetch)))
		return c;
	if (!m->ignore_align && x->align != w->align)
		return x->align < w->align ? -1 : 1;
	return 0;
}

/* Among equals, the first in the CSV: rows are in its order. */
static int cmp_candidate(const void *p, const void *q, void *m)
{
	const struct row *x = *(const struct row *const *)p;
	const struct row *y = *(const struct row *const *)q;
	int c = cmp_match(x, y, m);

	return c ? c : (x > y) - (x < y);
}

/* The first before row, in CSV order, that matches w: v is sorted by
   cmp_candidate, and the bisection finds the lowest match. */
static const struct row *find_match(const struct row *const *v, size_t n,
				    const struct row *w, const struct match *m)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cmp_match(v[mid], w, m) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !cmp_match(v[lo], w, m) ? v[lo] : NULL;
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

enum { O_BEFORE_KERNEL = 256, O_AFTER_KERNEL, O_BEFORE_ALIGN, O_AFTER_ALIGN,
       O_OP, O_ALPHA, O_THRESHOLD, O_FAMILY, O_FORCE_VERDICT, O_CSV,
       O_FAIL_ABOVE, O_PASTE, O_COMMAND, O_WITHIN };

/* What the command line asks for. */
struct compare_opts {
	const char *before_kernel, *after_kernel;	/* K[@D], or NULL */
	long before_align, after_align;			/* -1: not selected */
	const char *op, *csv, *paste, *command;
	double alpha, threshold, fail_above;		/* fail_above -1: none */
	int family;					/* enum family */
	int forced, within_ok;
};

/* --family's names, in enum family's order. */
static const char *const families[] = { "holm", "bh", NULL };

#define AT(field) offsetof(struct compare_opts, field)

static const struct args_opt options[] = {
	{ .name = "before-kernel", .key = O_BEFORE_KERNEL, .arg = "K[@D]",
	  .help = "the before side: kernel K (at\nprefetch distance D, or none)",
	  .type = ARGS_STRING, .at = AT(before_kernel) },
	{ .name = "after-kernel", .key = O_AFTER_KERNEL, .arg = "K[@D]",
	  .help = "the after side; a prefetching K\nwithout @D: each of its "
	  "distances", .type = ARGS_STRING, .at = AT(after_kernel) },
	{ .name = "before-align", .key = O_BEFORE_ALIGN, .arg = "N",
	  .help = "the before side's alignment (0-4095)",
	  .type = ARGS_UINT, .at = AT(before_align), .min = 0, .max = 4095 },
	{ .name = "after-align", .key = O_AFTER_ALIGN, .arg = "N",
	  .help = "the after side's alignment",
	  .type = ARGS_UINT, .at = AT(after_align), .min = 0, .max = 4095 },
	{ .name = "op", .key = O_OP, .arg = "OP", .help = "only OP's points",
	  .type = ARGS_STRING, .at = AT(op), .flags = ARGS_EMPTY_UNSET },
	{ .name = "alpha", .key = O_ALPHA, .arg = "A",
	  .help = "significance level (default 0.05)",
	  .type = ARGS_DOUBLE, .at = AT(alpha), .min = 0, .max = 1,
	  .flags = ARGS_ABOVE_MIN | ARGS_BELOW_MAX | ARGS_UNDERFLOW_OK,
	  .expected = "a number between 0 and 1" },
	{ .name = "threshold", .key = O_THRESHOLD, .arg = "PCT",
	  .help = "a change must clear +-PCT% (default 1)",
	  .type = ARGS_DOUBLE, .at = AT(threshold), .min = 0, .max = 100,
	  .flags = ARGS_UNDERFLOW_OK, .expected = "a percentage from 0 to 100" },
	{ .name = "family", .key = O_FAMILY, .arg = "holm|bh",
	  .help = "p adjustment: Holm (default) or\nBenjamini-Hochberg",
	  .type = ARGS_ENUM, .at = AT(family), .names = families },
	{ .name = "force-verdict", .key = O_FORCE_VERDICT,
	  .help = "judge emulated (QEMU) timings",
	  .type = ARGS_FLAG, .at = AT(forced) },
	{ .name = "csv", .key = O_CSV, .arg = "OUT.csv",
	  .help = "also write the points to OUT.csv",
	  .type = ARGS_STRING, .at = AT(csv) },
	{ .name = "fail-above", .key = O_FAIL_ABOVE, .arg = "PCT",
	  .help = "exit 1 if a changed point is slower\nby more than PCT%",
	  .type = ARGS_DOUBLE, .at = AT(fail_above), .min = 0, .max = 1e6,
	  .flags = ARGS_UNDERFLOW_OK, .expected = "a percentage, 0 or more (such as 1 or 2.5): the "
	  "slowdown a changed point may have" },
	{ .name = "within-process", .key = O_WITHIN,
	  .help = "judge sides timed within one\nprocess each (one run, or "
	  "runs whose repeats\nshared a process)",
	  .type = ARGS_FLAG, .at = AT(within_ok) },
	{ .name = "paste", .key = O_PASTE, .arg = "FILE",
	  .help = "also print a block for a commit message\n(72 columns) and "
	  "write it to FILE (a new file)", .type = ARGS_STRING, .at = AT(paste) },
	{ .name = "command", .key = O_COMMAND, .arg = "TEXT",
	  .help = "the command the block quotes",
	  .type = ARGS_STRING, .at = AT(command) },
	{ .name = NULL }
};

static const struct args_cmd command = {
	"compare", "BEFORE.csv AFTER.csv [OPTION]...",
	"Matches points by kernel, size, alignment, cache state, prefetch and\n"
	"code offset; what a --before-/--after- option selects may differ\n"
	"between the sides (two kernels, distances or alignments), and the\n"
	"table's columns then name each side.  A prefetching after kernel\n"
	"named without @D is compared at each of its distances (none too)\n"
	"with the before side, said above the table; two prefetching kernels\n"
	"without @D are compared distance by distance.  Reads the\n"
	"-samples.csv beside each file.\n\n"
	"The process is the unit of replication: code placement, buffers and\n"
	"pools are fixed when a process starts.  Files whose repeats were\n"
	"processes of their own (# processes:, from csumbench ab) with 3 or\n"
	"more a side: Welch's t-test on the per-process medians and its 95%\n"
	"interval.  Sides timed within one process (both from one run, or\n"
	"runs whose repeats shared a process) give figures and no verdict\n"
	"unless --within-process: then Wilcoxon's signed-rank test on\n"
	"per-round differences (one run) or Welch's t on per-repeat medians\n"
	"(two runs, repeat >= 3).  Before and after are medians, or with\n"
	"Welch's t the means of the per-process (or per-repeat) medians it\n"
	"tests, and the change is theirs.  The p values of a table's points\n"
	"are adjusted as one family (--family: holm, the default, or bh for\n"
	"Benjamini-Hochberg), and each interval as its p is (adj. CI: Holm,\n"
	"at the level of the point's step; bh, Benjamini and Yekutieli's);\n"
	"a point is faster or slower when its adjusted p is under alpha\n"
	"(0.05) and its whole interval lies beyond +-threshold (1%), no\n"
	"change beyond the threshold when the interval lies within it, else\n"
	"inconclusive.  Calls timed one at a time (timing = per-call) under\n"
	"one timer step beyond the empty call's get no interval or verdict.\n"
	"On emulated data (QEMU) figures only, no verdict, unless\n"
	"--force-verdict.  Kernels of different ops are never compared; each\n"
	"op has a table (--op: only that op's), in cycles per byte, or per\n"
	"call for ip_fast_csum; the roofline's op (load) only with --op or\n"
	"its kernels named, a line says so.  The runs' warnings are printed\n"
	"with the figures.  --csv writes a line per point: label, kernel,\n"
	"size, align, cache, prefetch, before, after, change_pct, p,\n"
	"significant, op, ci_low_pct, ci_high_pct, p_adjusted, ci_level,\n"
	"figure (what before and after are), emulated.\n\n"
	"Exit status: 0, judged, and no point changed (*) is slower than\n"
	"--fail-above PCT (or none given); 1, one is, the points named in a\n"
	"last line; 3, inconclusive: no verdict (too few processes, sides\n"
	"within one process, emulated timings), said why; 2, bad usage or\n"
	"input.\n",
	options
};

/* Kernels named on both sides must be in their files and of one op (and
   of --op's): 0, or -1 after a message. */
static int check_named(const struct side *b, const struct side *a,
		       const char *only_op)
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
static int check_op(const struct side *b, const struct side *a,
		    const char *only_op)
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

/* Which distances are compared when kernels are named (0, or -1 after a
   message).  A prefetching kernel named without @D on the after side is
   taken at each of its distances (*every) against the before side's
   point, when that side is one point (K@D, or a kernel that does not
   prefetch); two prefetching kernels without @D pair distance by
   distance.  A before side of many distances against one after point
   would be a guess: refused, with its distances. */
static int distances(const struct side *b, const struct side *a, int *every)
{
	int bpf = b->kernel && kernel_prefetches(&b->r, b->kernel);
	int apf = a->kernel && kernel_prefetches(&a->r, a->kernel);
	const char **pfs;
	size_t n, i;

	*every = apf && !a->prefetch && (b->prefetch || !bpf);
	if (!bpf || b->prefetch || (apf && !a->prefetch))
		return 0;
	n = results_prefetches(&b->r, b->kernel, &pfs);
	fprintf(stderr, "csumreport compare: --before-kernel %s prefetches and "
		"the after side is one distance: name the before one, %s@D, D "
		"one of:", b->kernel, b->kernel);
	for (i = 0; i < n; i++)
		fprintf(stderr, " %s", pfs[i]);
	fprintf(stderr, "\n");
	free(pfs);
	return -1;
}

/* After rows grouped by their distance, in the file's order within. */
static int cmp_by_distance(const void *p, const void *q)
{
	const struct pair *x = p, *y = q;
	int c = results_prefetch_cmp(x->a->prefetch, y->a->prefetch);

	return c ? c : (x->a > y->a) - (x->a < y->a);
}

/* The line above the table when the after side is every distance. */
static void print_every(const struct side *b, const struct side *a,
			const struct pair *pairs, size_t n)
{
	char list[512];
	size_t i, k = 0, m = 0;

	list[0] = '\0';
	for (i = 0; i < n && k < sizeof(list); i++)
		if (!i || strcmp(pairs[i].a->prefetch, pairs[i - 1].a->prefetch)) {
			k += (size_t)snprintf(list + k, sizeof(list) - k, "%s%s",
					      m ? ", " : "", pairs[i].a->prefetch);
			m++;
		}
	print_wrapped("  ", "%s has no @D: each of its %zu distance%s (%s) "
		      "against %s%s%s, rows grouped by distance (pf)", a->kernel,
		      m, m == 1 ? "" : "s", list, b->kernel, b->prefetch ? "@" : "",
		      b->prefetch ? b->prefetch : "");
}

/* What a table calls a side when an option selects it: the kernel, its
   distance when the side has one (non-none) for every pair, its
   alignment; NULL when nothing is selected. */
static void side_label(const struct side *s, const struct pair *pairs,
		       size_t n, int after, char **out)
{
	const char *pf = s->prefetch;
	size_t i, len;

	*out = NULL;
	if (!s->kernel && s->align < 0)
		return;
	if (!pf && s->kernel && n) {
		pf = after ? pairs[0].a->prefetch : pairs[0].b->prefetch;
		for (i = 1; i < n && pf; i++)
			if (strcmp(pf, after ? pairs[i].a->prefetch : pairs[i].b->prefetch))
				pf = NULL;
		if (pf && !strcmp(pf, "none"))
			pf = NULL;
	}
	len = (s->kernel ? strlen(s->kernel) : 0) + (pf ? strlen(pf) : 0) + 32;
	*out = xmalloc(len, "the comparison");
	snprintf(*out, len, "%s%s%s", s->kernel ? s->kernel : "", pf ? "@" : "",
		 pf ? pf : "");
	if (s->align >= 0)
		snprintf(*out + strlen(*out), len - strlen(*out), "%salign %ld",
			 s->kernel ? " " : "", s->align);
}

/* --fail-above: the exit status, and the last line saying why. */
static int gate(const struct pair *pairs, size_t n, double pct,
		const struct rule *rule, int named)
{
	size_t i, nf = 0, k = 0, len = 64;
	char *list, sz[32];

	if (pct < 0)
		return 0;
	if (!rule->verdict)
		return 0;	/* inconclusive: said, exit 3 */
	for (i = 0; i < n; i++)
		if (pairs[i].sig && pairs[i].change > pct)
			len += strlen(pairs[i].a->kernel) + strlen(pairs[i].a->cache) +
			       strlen(pairs[i].a->prefetch) + 64;
	list = xmalloc(len, "the comparison");
	list[0] = '\0';
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];

		if (!q->sig || !(q->change > pct))
			continue;
		size_label(q->a->size, sz, sizeof(sz));
		if (q->a->align)
			snprintf(sz + strlen(sz), sizeof(sz) - strlen(sz), " +%u",
				 q->a->align);
		k += (size_t)snprintf(list + k, len - k, "%s%s%s%s %s%s%s "
				      "%+.1f%%", nf ? ", " : "", named ? "" :
				      q->a->kernel, named ? "" : " ", sz, q->a->cache, strcmp(q->a->prefetch, "none") ?
				      " pf " : "", strcmp(q->a->prefetch, "none") ?
				      q->a->prefetch : "", q->change);
		nf++;
	}
	if (nf)
		print_wrapped("  ", "FAILED fail-above %.4g%%: %zu point%s changed "
			      "(*) and slower by more than %.4g%%: %s", pct, nf,
			      nf == 1 ? "" : "s", pct, list);
	else
		print_wrapped("  ", "passed fail-above %.4g%%: no point changed (*) "
			      "is slower by more than %.4g%%", pct, pct);
	free(list);
	return nf ? 1 : 0;
}

/* A size mix is judged, and shown, by its mean call: its rows'
   cycles_per_byte become that (cpb_mean_call keeps the median call's,
   said under the table). */
static void mixes_by_mean(struct results *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		struct row *w = &r->rows[i];
		double median_call = w->cycles_per_byte;

		if (w->size || isnan(w->cpb_mean_call))
			continue;
		w->cycles_per_byte = w->cpb_mean_call;
		w->cpb_mean_call = median_call;
	}
}

/* The test the sides' provenance allows: processes of their own
   (csumbench ab's files) against each other; else the sides were timed
   within one process each (*within): paired by round in one run, or
   the repeats of two runs. */
static enum test choose_test(const struct results *b, const struct results *a,
			     int *within)
{
	*within = 0;
	if (b->run_id[0] && !strcmp(b->run_id, a->run_id) &&
	    !strcmp(b->order, "rounds")) {
		*within = 1;
		return TEST_PAIRED;
	}
	if (b->processes && a->processes)
		return b->processes >= MIN_REPEATS && a->processes >= MIN_REPEATS ?
		       TEST_REPEATS : TEST_NONE;
	*within = 1;
	return b->repeats >= MIN_REPEATS && a->repeats >= MIN_REPEATS ?
	       TEST_REPEATS : TEST_NONE;
}

/* A warning of r's that voids a verdict (a canary that stayed slow),
   into why: true when there is one. */
static int voiding(const struct results *r, char *why, size_t n)
{
	size_t i;

	for (i = 0; i < r->nwarnings; i++)
		if (strstr(r->warnings[i], "this voids a verdict")) {
			snprintf(why, n, "a warning voids the verdict (the WARNING "
				 "\"%.48s...\", of %s)", r->warnings[i], r->path);
			return 1;
		}
	return 0;
}

/* Why no verdict can be given, into why; NULL when one can. */
static const char *inconclusive(const struct results *b, const struct results *a,
				enum test test, int within, int within_ok,
				int verdict, char *why, size_t n)
{
	if (!verdict && (b->model[0] || a->model[0]))
		snprintf(why, n, "a core model's estimates are not measurements; "
			 "--force-verdict (make ab MODEL_VERDICT=1) judges them");
	else if (!verdict)
		snprintf(why, n, "emulated timings (QEMU: the host's clock, dcbt a "
			 "no-op) are not the target's; --force-verdict judges them");
	else if (test == TEST_NONE && b->processes && a->processes)
		snprintf(why, n, "%u and %u processes; a verdict needs %d or more a "
			 "side (csumbench ab --processes)", b->processes,
			 a->processes, MIN_REPEATS);
	else if (test == TEST_NONE && within_ok)
		snprintf(why, n, "separate runs judged within one process need "
			 "repeat >= %d a side (these have %u and %u): no test",
			 MIN_REPEATS, b->repeats, a->repeats);
	else if (test == TEST_NONE)
		snprintf(why, n, "each run is one process (%u and %u repeat%s within "
			 "it), and noise inside one process says nothing about the "
			 "next; a verdict needs %d or more processes a side: csumbench "
			 "ab (make ab) runs them", b->repeats, a->repeats,
			 a->repeats == 1 ? "" : "s", MIN_REPEATS);
	else if (voiding(b, why, n) || voiding(a, why, n))
		;
	else if (within && !within_ok)
		snprintf(why, n, "%s; noise inside one process says nothing about "
			 "the next, so no verdict: csumbench ab (make ab) runs each "
			 "side in processes of its own; --within-process judges this "
			 "anyway", test == TEST_PAIRED ? "both sides were timed within "
			 "one process (one run)" : "each run's repeats shared one "
			 "process");
	else
		return NULL;
	return why;
}

/* The line above the files: what the figures are, alpha, the test. */
static void print_test(const struct rule *rule, const struct compare_ctx *cx,
		       const struct results *b, const struct results *a,
		       const char *op)
{
	char what[96], test[256];

	if (op)
		snprintf(what, sizeof(what), "%sycles/%s, %s", !rule->emulated ? "C" :
			 rule->model ? "MODEL c" : "EMULATED c", compare_op(b, a, op)->per_call ? "call" : "byte",
			 compare_figure(rule));
	else if (rule->test != TEST_REPEATS)
		snprintf(what, sizeof(what), "%sedians by op", !rule->emulated ? "M" :
			 rule->model ? "MODEL m" : "EMULATED m");
	else
		snprintf(what, sizeof(what), "%seans of per-%s medians by op",
			 !rule->emulated ? "M" : rule->model ? "MODEL m" : "EMULATED m", rule->per_process ?
			 "process" : "repeat");
	if (!rule->verdict)
		snprintf(test, sizeof(test), "none (figures and intervals only)");
	else if (rule->test == TEST_PAIRED)
		snprintf(test, sizeof(test), "Wilcoxon signed-rank on per-round "
			 "differences (both sides from one interleaved run, paired "
			 "by round; WITHIN ONE PROCESS, judged as --within-process "
			 "asked)");
	else if (cx->per_process)
		snprintf(test, sizeof(test), "Welch's t on per-process medians (%u "
			 "and %u processes, each a repeat of its file)", cx->pb, cx->pa);
	else
		snprintf(test, sizeof(test), "Welch's t on per-repeat medians "
			 "(separate runs, %u and %u repeats, each run's WITHIN ONE "
			 "PROCESS, judged as --within-process asked)", b->repeats,
			 a->repeats);
	print_wrapped("", "%s; alpha %.2f; test: %s", what, rule->alpha, test);
}

/* Whether a point left out of r was a per-call one below one step. */
static bool gone_unresolved(const struct results *r)
{
	size_t i;

	for (i = 0; i < r->ngone; i++)
		if (r->gone[i].per_call && r->gone[i].calls_below_step > 0)
			return true;
	return false;
}

/* One comparison: what was asked, both sides, and their pairs. */
struct comparison {
	struct compare_opts o;
	struct side b, a;
	struct match m;
	struct pair *pairs;
	size_t n;
	enum test test;
	struct rule rule;
	struct compare_ctx cx;
	struct sides sd;
	int named, every, within, emulated;
	const char *roof_left;		/* the roofline's op, left out */
	char why[512];
};

/* The options and the two files: -1 to go on, else the exit status. */
static int parse_command(struct comparison *c, int argc, char **argv)
{
	struct args args;
	const char *v;
	int key, rc = -1;

	c->o.before_align = c->o.after_align = -1;
	c->o.alpha = 0.05;
	c->o.threshold = 1.0;
	c->o.fail_above = -1;
	c->o.family = FAMILY_HOLM;
	args_begin_into(&args, &command, argc, argv, &c->o);
	while (rc < 0 && (key = args_next(&args, &v)) != ARGS_END) {
		if (key == ARGS_HELP)
			rc = 0;
		else if (key == ARGS_BAD)
			rc = 2;
		else if (!c->b.path)
			c->b.path = v;
		else if (!c->a.path)
			c->a.path = v;
		else
			rc = args_bad_usage(&command, "unexpected '%s' (two files: "
					    "BEFORE.csv AFTER.csv)", v);
	}
	args_end(&args);
	if (rc >= 0)
		return rc;
	if (!c->b.path || !c->a.path)
		return args_bad_usage(&command, "%s", !c->b.path ? "no BEFORE.csv "
				      "AFTER.csv given" : "no AFTER.csv given");
	parse_spec(&c->b, c->o.before_kernel ? c->o.before_kernel : "");
	parse_spec(&c->a, c->o.after_kernel ? c->o.after_kernel : "");
	c->b.align = c->o.before_align;
	c->a.align = c->o.after_align;
	if (!c->b.kernel != !c->a.kernel || (c->b.align < 0) != (c->a.align < 0)) {
		fprintf(stderr, "csumreport compare: give both --before-kernel and "
			"--after-kernel (and both aligns), or neither\n");
		return 2;
	}
	c->named = c->b.kernel || c->b.align >= 0;
	c->rule = (struct rule){ .alpha = c->o.alpha, .threshold = c->o.threshold,
				 .family = (enum family)c->o.family, .verdict = 1,
				 .forced = c->o.forced, .test = TEST_NONE };
	c->cx.command = c->o.command;
	return -1;
}

/* The roofline's op is the ceiling the others are held to, not a change
   to judge: left out unless --op or a named kernel asks for it, or it is
   all the after file holds. */
static const char *roofline_left_out(const struct comparison *c)
{
	const char *roof = results_roofline_op(&c->a.r), **ops;
	size_t n;

	if (!roof || c->o.op || c->a.kernel)
		return NULL;
	n = results_ops(&c->a.r, &ops);
	free(ops);
	return n > 1 ? roof : NULL;
}

/* Both files read, what they select checked, the test and what makes
   points match chosen: 0, or -1 after a message. */
static int read_sides(struct comparison *c)
{
	struct side *b = &c->b, *a = &c->a;

	if (results_read(&b->r, b->path, 1) || results_read(&a->r, a->path, 1) ||
	    check_named(b, a, c->o.op) || check_op(b, a, c->o.op))
		return -1;
	mixes_by_mean(&b->r);
	mixes_by_mean(&a->r);
	c->roof_left = roofline_left_out(c);
	c->test = choose_test(&b->r, &a->r, &c->within);
	if (distances(b, a, &c->every))
		return -1;
	c->m.ignore_kernel = b->kernel || a->kernel;
	c->m.ignore_prefetch = b->prefetch || a->prefetch || c->every;
	c->m.ignore_align = b->align >= 0 || a->align >= 0;
	return 0;
}

/* Each selected after point with its match among the before side's
   candidates (sorted once, then found by bisection), and its test. */
static void pair_points(struct comparison *c)
{
	const struct results *br = &c->b.r, *ar = &c->a.r;
	const struct row **cand = xcalloc(br->nrows, sizeof(*cand), "the comparison");
	size_t i, ncand = 0;

	c->pairs = xcalloc(ar->nrows, sizeof(*c->pairs), "the comparison");
	for (i = 0; i < br->nrows; i++)
		if (selected(&c->b, &br->rows[i], c->o.op) &&
		    br->rows[i].cycles_per_byte > 0)
			cand[ncand++] = &br->rows[i];
	qsort_r(cand, ncand, sizeof(*cand), cmp_candidate, &c->m);
	for (i = 0; i < ar->nrows; i++) {
		const struct row *wa = &ar->rows[i], *x;
		struct pair *q = &c->pairs[c->n];

		if (!selected(&c->a, wa, c->o.op) ||
		    (c->roof_left && !strcmp(wa->op, c->roof_left)) ||
		    !(x = find_match(cand, ncand, wa, &c->m)))
			continue;
		q->a = wa;
		q->b = x;
		q->p = c->test == TEST_PAIRED ? rounds_paired_p(wa, x) :
		       c->test == TEST_REPEATS ? welch_t_p(wa->rep_cpb, wa->nrep,
							   x->rep_cpb, x->nrep) : -1;
		q->placement = fmax(placement_spread(br, x), placement_spread(ar, wa));
		c->n++;
	}
	if (c->every)
		qsort(c->pairs, c->n, sizeof(*c->pairs), cmp_by_distance);
	free(cand);
}

/* Whether a verdict can be given (cx.inconclusive says why not), and
   each pair's estimate and verdict. */
static void judge(struct comparison *c)
{
	const struct results *br = &c->b.r, *ar = &c->a.r;
	size_t i;

	c->emulated = !strcmp(br->emulated, "yes") || !strcmp(ar->emulated, "yes");
	c->rule.verdict = c->rule.forced || !c->emulated;
	c->cx.inconclusive = inconclusive(br, ar, c->test, c->within,
					  c->o.within_ok, c->rule.verdict,
					  c->why, sizeof(c->why));
	c->rule.verdict = !c->cx.inconclusive;
	for (i = 0; i < c->n && !c->rule.verdict; i++)
		c->pairs[i].p = -1;	/* figures, no test */
	c->rule.test = c->test;
	c->rule.per_process = br->processes && ar->processes && !c->within;
	c->rule.emulated = c->emulated;
	c->rule.model = br->model[0] ? br->model : ar->model[0] ? ar->model : NULL;
	c->rule.emu_word = c->rule.model ? "MODEL" : "EMULATED";
	compare_judge(c->pairs, c->n, &c->rule);
}

/* The ops of the pairs, in the order the after side has them. */
static size_t pair_ops(const struct comparison *c, const char **ops)
{
	size_t i, j, nops = 0;

	for (i = 0; i < c->n; i++) {
		for (j = 0; j < nops && strcmp(ops[j], c->pairs[i].a->op); j++)
			;
		if (j == nops)
			ops[nops++] = c->pairs[i].a->op;
	}
	return nops;
}

/* What the headline, the paste block and the tables are told. */
static void describe(struct comparison *c)
{
	const struct results *br = &c->b.r, *ar = &c->a.r;

	c->cx.b = br;
	c->cx.a = ar;
	c->cx.pb = br->processes ? br->processes : c->test == TEST_PAIRED ? 1 :
		   br->repeats;
	c->cx.pa = ar->processes ? ar->processes : c->test == TEST_PAIRED ? 1 :
		   ar->repeats;
	c->cx.per_process = br->processes && ar->processes && !c->within;
	c->cx.one_run = c->test == TEST_PAIRED;
	c->cx.show_pf = !c->named || c->every;
	side_label(&c->b, c->pairs, c->n, 0, &c->sd.before);
	side_label(&c->a, c->pairs, c->n, 1, &c->sd.after);
	c->cx.before = c->sd.before;
	c->cx.after = c->sd.after;
	c->sd.pf_after = c->m.ignore_prefetch;
}

/* "before: FILE" and what ran it. */
static void print_side(const char *what, const struct side *s)
{
	print_wrapped("        ", "%s %s", what, s->path);
	print_wrapped("        ", "        %s, %u samples x %u repeat%s%s", s->r.cpu,
		      s->r.samples, s->r.repeats, s->r.repeats == 1 ? "" : "s",
		      s->r.model[0] ? ", MODEL" : strcmp(s->r.emulated, "yes") ? "" : ", EMULATED");
}

/* "selected: K@D align N (before) vs ... (after)" */
static void print_selected(const struct side *b, const struct side *a)
{
	char ba[32] = "", aa[32] = "";

	if (b->align >= 0)
		snprintf(ba, sizeof(ba), " align %ld", b->align);
	if (a->align >= 0)
		snprintf(aa, sizeof(aa), " align %ld", a->align);
	print_wrapped("  ", "selected: %s%s%s%s (before) vs %s%s%s%s (after)",
		      b->kernel ? b->kernel : "", b->prefetch ? "@" : "",
		      b->prefetch ? b->prefetch : "", ba,
		      a->kernel ? a->kernel : "", a->prefetch ? "@" : "",
		      a->prefetch ? a->prefetch : "", aa);
}

/* The points left out of either run, and why. */
static void print_gone(const struct results *b, const struct results *a)
{
	char n[96];

	if (!b->ngone && !a->ngone)
		return;
	if (b->ngone && a->ngone)
		snprintf(n, sizeof(n), "%zu point(s) before, %zu after", b->ngone,
			 a->ngone);
	else
		snprintf(n, sizeof(n), "%zu point(s) %s", b->ngone + a->ngone,
			 b->ngone ? "before" : "after");
	if (gone_unresolved(b) || gone_unresolved(a))
		print_wrapped("", "warning: left out, a median call below one timer "
			      "step (timing = per-call; the timer does not resolve "
			      "it) or a median region shorter than the overhead "
			      "subtracted: %s (the CSV's calls_below_step, "
			      "below_overhead)", n);
	else
		print_wrapped("", "warning: left out, a median region shorter than "
			      "the overhead subtracted (no time): %s (the CSV's "
			      "below_overhead)", n);
}

/* Everything above the tables: the headline, the test, the files, what
   was selected and what voids or qualifies the figures. */
static void print_head(const struct comparison *c, const char *op)
{
	const struct results *br = &c->b.r, *ar = &c->a.r;
	const struct rule *rule = &c->rule;

	if (rule->model && !br->model[0] != !ar->model[0])
		print_wrapped("", "MIXED: %s is a core model's estimate and %s a "
			      "measurement; the change compares a model with a board.",
			      br->model[0] ? "before" : "after", br->model[0] ? "after" : "before");
	if (rule->model && !rule->forced)
		print_wrapped("", "MODEL RUN: figures only, no verdict.  %s; "
			      "--force-verdict (make ab MODEL_VERDICT=1) judges them anyway.",
			      rule->model);
	else if (rule->model)
		print_wrapped("", "MODEL, VERDICT FORCED (--force-verdict): the verdicts "
			      "below judge a core model's estimates, not a board.");
	else if (c->emulated && !rule->forced)
		printf("EMULATED RUN: figures only, no verdict.  QEMU's timings are "
		       "not\nthe target's (its timebase is the host's, dcbt a "
		       "no-op);\n--force-verdict judges them anyway.\n");
	else if (rule->forced && c->emulated)
		printf("EMULATED, VERDICT FORCED (--force-verdict): the verdicts "
		       "below\njudge QEMU's timings, not the target's.\n");
	compare_headline(c->pairs, c->n, &c->cx, rule);
	compare_print_warnings(stdout, &c->cx);
	printf("\n");
	print_test(rule, &c->cx, br, ar, op);
	print_side("before:", &c->b);
	print_side("after: ", &c->a);
	if (c->named)
		print_selected(&c->b, &c->a);
	if (c->every)
		print_every(&c->b, &c->a, c->pairs, c->n);
	else if (c->b.kernel && !c->b.prefetch && !c->a.prefetch &&
		 kernel_prefetches(br, c->b.kernel))
		print_wrapped("  ", "%s and %s: compared distance by distance "
			      "(none too), at the distances both have", c->b.kernel,
			      c->a.kernel);
	if (rule->verdict && c->emulated)
		printf("EMULATED RUN: these timings are not real; do not quote them.\n");
	if (rule->verdict && (!layouts_of(br) || !layouts_of(ar)))
		print_wrapped("", "note: %s kept each kernel at one address "
			      "(layouts = 1, or a run older than layouts), so "
			      "where the linker put it is in the figures",
			      !layouts_of(br) && !layouts_of(ar) ? "both runs" :
			      !layouts_of(br) ? "the before run" : "the after run");
	if (br->partial || ar->partial)
		printf("PARTIAL RUN: one stopped early (# partial: in its CSV).\n");
	compare_print_builds(br, ar);
	print_gone(br, ar);
	compare_note_k(c->pairs, c->n);
}

/* A table per op, then what the tables' figures need said. */
static void print_tables(const struct comparison *c, const char **ops,
			 size_t nops)
{
	struct pair *sub = xcalloc(c->n, sizeof(*sub), "the comparison");
	size_t i, j, k, nplaced = 0, nswept = 0;

	for (j = 0; j < nops; j++) {
		int per_call = compare_op(&c->b.r, &c->a.r, ops[j])->per_call;

		for (i = k = 0; i < c->n; i++)
			if (!strcmp(c->pairs[i].a->op, ops[j]))
				sub[k++] = c->pairs[i];
		printf("\n");
		if (nops > 1)
			print_wrapped("  ", "op %s: cycles per %s, %s", ops[j],
				      per_call ? "call" : "byte",
				      compare_figure(&c->rule));
		compare_print_op(sub, k, per_call, &c->sd, &c->rule);
	}
	free(sub);
	for (i = 0; i < c->n; i++) {
		const struct pair *q = &c->pairs[i];

		nswept += q->placement >= 0;
		nplaced += q->sig && q->placement >= 0 && fabs(q->change) < q->placement;
		if (!q->a->size && !compare_op(&c->b.r, &c->a.r, q->a->op)->per_call)
			print_wrapped("", "mix, %s: judged by the mean call (each "
				      "process's or repeat's samples' mean), as the "
				      "published mix measurements were; the median call "
				      "reads %.3f before, %.3f after cycles/byte",
				      q->a->cache, q->b->cpb_mean_call,
				      q->a->cpb_mean_call);
	}
	if (nplaced)
		print_wrapped("", "WARNING: %zu change(s) called are smaller "
			      "than the spread code placement alone causes in the "
			      "code_offset sweep; they may be placement, not the "
			      "code\n", nplaced);
	else if (!nswept)
		printf("Code placement: not measured; code_offset = 0, 16, 32, 48 "
		       "shows how far\nplacement alone moves each kernel\n");
}

/* The tables and the verdict's exit status: 0, 1 (--fail-above), 2 (the
   paste block) or 3 (inconclusive). */
static int report(struct comparison *c)
{
	const char **ops = xcalloc(c->n, sizeof(*ops), "the comparison");
	size_t nops = pair_ops(c, ops);
	int rc;

	describe(c);
	print_head(c, nops > 1 ? NULL : ops[0]);
	print_tables(c, ops, nops);
	if (c->roof_left)
		print_wrapped("  ", "op %s, the roofline, not compared: --op %s "
			      "(make compare OP=%s)", c->roof_left, c->roof_left,
			      c->roof_left);
	free(ops);
	rc = gate(c->pairs, c->n, c->o.fail_above, &c->rule, c->named);
	if (c->o.paste && compare_paste(c->o.paste, c->pairs, c->n, &c->cx,
					&c->rule))
		return 2;
	if (c->cx.inconclusive) {
		print_wrapped("  ", "inconclusive (exit 3): %s%s", c->cx.inconclusive,
			      c->o.fail_above >= 0 ? "; nothing is judged against "
			      "--fail-above" : "");
		return 3;
	}
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	struct comparison c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.b.align = c.a.align = -1;
	rc = parse_command(&c, argc, argv);
	if (rc >= 0)
		goto out;
	rc = 2;
	if (read_sides(&c))
		goto out;
	pair_points(&c);
	judge(&c);
	if (!c.n) {
		fprintf(stderr, "csumreport compare: %s and %s have no point in "
			"common\n", c.b.path, c.a.path);
		goto out;
	}
	if (c.o.csv && compare_write_bars(c.o.csv, c.pairs, c.n, &c.b.r, &c.a.r,
					  c.named, &c.rule)) {
		rc = 1;
		goto out;
	}
	rc = report(&c);
out:
	free(c.sd.before);
	free(c.sd.after);
	free(c.pairs);
	free(c.b.kernel);
	free(c.a.kernel);
	results_free(&c.b.r);
	results_free(&c.a.r);
	return rc;
}
