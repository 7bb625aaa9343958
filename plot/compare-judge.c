/* compare's verdicts: the change of each pair and its interval, the p
   values adjusted as a family, and which pairs are called changed. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib/xalloc.h"
#include "stat/stattest.h"

/* The change as the test sees it, in % of before's median: the
   Hodges-Lehmann estimate of the per-round differences with its interval
   (one run), or the difference of the per-repeat medians' means with
   Welch's t interval (two runs); the ratio of medians without a test. */
void compare_estimate(struct pair *q, enum test test)
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
void compare_judge(struct pair *pairs, size_t n, const struct rule *rule)
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
