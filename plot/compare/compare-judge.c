/* compare's verdicts: the change of each pair and its interval, the p
   values adjusted as a family, each interval at the level the
   adjustment tests its point at, and what each point is called. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "lib/xalloc.h"
#include "stat/stattest.h"

/* A per-call-timed row's median call beyond the empty call's, in timer
   steps (region_steps is the whole call's; the net share of it is the
   kernel's); 0 where the call is not beyond the empty one; INFINITY for
   a row timed in regions of many calls, held to REGION_STEPS instead. */
static double call_steps(const struct row *w)
{
	if (!w->per_call || isnan(w->region_steps))
		return INFINITY;
	/* an empty call below one step has no figure (calls_below_step):
	   the call is at least its steps less one beyond it */
	if (isnan(w->cycles_per_byte_net) && w->cycles_per_byte > 0)
		return fmax(w->region_steps - 1, 0);
	if (!(w->cycles_per_byte_net > 0) || !(w->cycles_per_byte > 0))
		return 0;
	return w->region_steps * w->cycles_per_byte_net / w->cycles_per_byte;
}

static double mean(const double *v, size_t n)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		m += v[i] / (double)n;
	return m;
}

/* The change as the test sees it, in % of before's figure: the
   Hodges-Lehmann estimate of the per-round differences with its interval
   (one run; the figures are medians), or the difference of the
   per-repeat medians' means with Welch's t interval (two runs; the
   figures are those means, so the change is theirs); the ratio of
   medians without a test. */
void compare_estimate(struct pair *q, enum test test, double conf)
{
	const struct row *a = q->a, *b = q->b;
	struct estimate e = { NAN, NAN, NAN };

	q->before = b->cycles_per_byte;
	q->after = a->cycles_per_byte;
	q->level = conf;
	q->steps_b = call_steps(b);
	q->steps_a = call_steps(a);
	if (test == TEST_PAIRED)
		rounds_paired_interval(a, b, conf, &e);
	else if (test == TEST_REPEATS && a->nrep && b->nrep) {
		welch_interval(a->rep_cpb, a->nrep, b->rep_cpb, b->nrep, conf, &e);
		q->before = mean(b->rep_cpb, b->nrep);
		q->after = mean(a->rep_cpb, a->nrep);
	}
	q->lo = q->hi = NAN;
	q->change = (q->after / q->before - 1) * 100;
	if (isnan(e.est) || !(q->before > 0))
		return;
	q->change = e.est / q->before * 100;
	q->lo = e.lo / q->before * 100;
	q->hi = e.hi / q->before * 100;
}

/* Whether a pair's figures are finer than the timer resolves: a side's
   calls (timing = per-call) under one step beyond the empty call's, or
   an interval of no width (every figure of each side on one step). */
static bool unresolved(const struct pair *q)
{
	bool per_call = q->a->per_call || q->b->per_call;

	return q->steps_b < 1 || q->steps_a < 1 ||
	       (per_call && !isnan(q->lo) && q->lo == q->hi);
}

/* What a tested point is called: changed when its adjusted p is under
   alpha and its whole interval lies beyond the threshold; no change
   beyond it when the whole interval lies within; else inconclusive. */
static enum outcome outcome(const struct pair *q, const struct rule *rule)
{
	double t = rule->threshold;

	if (isnan(q->lo))
		return OUT_UNSURE;
	if (q->padj < rule->alpha && q->lo > t)
		return OUT_SLOWER;
	if (q->padj < rule->alpha && q->hi < -t)
		return OUT_FASTER;
	if (q->lo >= -t && q->hi <= t)
		return OUT_WITHIN;
	return OUT_UNSURE;
}

/* One op's points, at[0..m): p adjusted, intervals at their levels,
   the outcomes. */
static void judge_family(struct pair *pairs, const size_t *at, size_t m,
			 const struct rule *rule)
{
	double *p = xcalloc(m + 1, sizeof(*p), "the comparison"),
	       *adj = xcalloc(m + 1, sizeof(*adj), "the comparison"),
	       *conf = xcalloc(m + 1, sizeof(*conf), "the comparison");
	size_t j;

	for (j = 0; j < m; j++)
		p[j] = pairs[at[j]].p;
	family_adjust(rule->family, p, m, adj);
	family_levels(rule->family, p, adj, m, rule->alpha, conf);
	for (j = 0; j < m; j++) {
		struct pair *q = &pairs[at[j]];

		q->padj = adj[j];
		/* without a verdict: each point's own 95% interval */
		compare_estimate(q, rule->test, rule->verdict ? conf[j] : 0.95);
		q->out = !rule->verdict ? OUT_NONE : q->p < 0 ? OUT_UNTESTED :
			 outcome(q, rule);
		q->sig = q->out == OUT_FASTER || q->out == OUT_SLOWER;
	}
	free(p);
	free(adj);
	free(conf);
}

/* Calls below the timer's resolution are no test's data: such points
   leave the family untested (no p, no interval); then each op's points
   are judged as a family. */
void compare_judge(struct pair *pairs, size_t n, const struct rule *rule)
{
	size_t *at = xcalloc(n + 1, sizeof(*at), "the comparison");
	bool *done = xcalloc(n + 1, sizeof(*done), "the comparison");
	bool *coarse = xcalloc(n + 1, sizeof(*coarse), "the comparison");
	size_t i, j, m;

	for (i = 0; i < n; i++) {
		compare_estimate(&pairs[i], rule->test, 0.95);
		if ((coarse[i] = unresolved(&pairs[i])))
			pairs[i].p = -1;
	}
	for (i = 0; i < n; i++) {
		if (done[i])
			continue;
		for (j = i, m = 0; j < n; j++)
			if (!done[j] && !strcmp(pairs[j].a->op, pairs[i].a->op)) {
				done[j] = true;
				at[m++] = j;
			}
		judge_family(pairs, at, m, rule);
	}
	for (i = 0; i < n; i++)
		if (coarse[i]) {
			pairs[i].out = OUT_UNRESOLVED;
			pairs[i].sig = 0;
			pairs[i].lo = pairs[i].hi = NAN;
		}
	free(at);
	free(done);
	free(coarse);
}

void compare_unchanged(const struct pair *pairs, size_t n,
		       const struct rule *rule, char *buf, size_t len)
{
	size_t c[OUT_UNSURE + 1] = { 0 }, i, k = 0;
	const enum outcome order[] = { OUT_WITHIN, OUT_UNSURE, OUT_UNRESOLVED,
				       OUT_UNTESTED };
	char within[48];

	snprintf(within, sizeof(within), "within \xc2\xb1%.4g%%", rule->threshold);
	for (i = 0; i < n; i++)
		c[pairs[i].out]++;
	buf[0] = '\0';
	for (i = 0; i < sizeof(order) / sizeof(order[0]) && k < len; i++) {
		enum outcome o = order[i];

		if (!c[o])
			continue;
		k += (size_t)snprintf(buf + k, len - k, "%s%zu %s", k ? ", " : "",
				      c[o], o == OUT_WITHIN ? within :
				      o == OUT_UNSURE ? "inconclusive" :
				      o == OUT_UNRESOLVED ? "below the timer's resolution" :
				      "not tested");
	}
}

const char *compare_figure(const struct rule *rule)
{
	if (rule->test != TEST_REPEATS)
		return "median";
	return rule->per_process ? "mean of per-process medians" :
	       "mean of per-repeat medians";
}

const struct op_info *compare_op(const struct results *b,
				 const struct results *a, const char *op)
{
	const struct op_info *o = op_described(&b->ops, op);

	return o ? o : op_info(&a->ops, op);
}

const char *compare_level(double level, char *buf, size_t n)
{
	double pct = level * 100;
	int dp = 2;
	char *e;

	/* two decimals, more where they would round it to 100; "95%",
	   "97.5%", not "95.00%" */
	while (dp < 6 && round(pct * pow(10, dp)) >= 100 * pow(10, dp))
		dp++;
	snprintf(buf, n, "%.*f", dp, pct);
	for (e = buf + strlen(buf) - 1; *e == '0'; e--)
		*e = '\0';
	if (*e == '.')
		*e = '\0';
	snprintf(buf + strlen(buf), n - strlen(buf), "%%");
	return buf;
}
