/* Significance tests, from their textbook definitions.  The t
   distribution's tail is the regularised incomplete beta function
   I_x(df/2, 1/2) at x = df / (df + t^2), evaluated by its continued
   fraction (modified Lentz), which converges fast for x below
   (a + 1) / (a + b + 2); above it, the symmetry I_x(a,b) = 1 - I_1-x(b,a)
   is used. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "read/results.h"
#include "stat/stattest.h"

static int cmp_abs(const void *x, const void *y)
{
	double a = fabs(*(const double *)x), b = fabs(*(const double *)y);

	return (a > b) - (a < b);
}

double wilcoxon_signed_rank_p(const double *d, size_t n)
{
	double *v = xcalloc(n, sizeof(*v), "a test's ranks"), wplus = 0, ties = 0;
	double mean, var, z;
	size_t m = 0, i, j;

	if (n < 2) {
		free(v);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (d[i] != 0)
			v[m++] = d[i];
	if (m == 0) {
		free(v);
		return 1;
	}
	qsort(v, m, sizeof(*v), cmp_abs);
	for (i = 0; i < m; i = j) {
		double rank, t;
		for (j = i + 1; j < m && fabs(v[j]) == fabs(v[i]); j++)
			;
		t = (double)(j - i);
		rank = (double)(i + 1 + j) / 2;	/* mid-rank of i+1..j */
		for (size_t k = i; k < j; k++)
			if (v[k] > 0)
				wplus += rank;
		ties += t * t * t - t;
	}
	free(v);
	mean = (double)m * (double)(m + 1) / 4;
	var = (double)m * (double)(m + 1) * (double)(2 * m + 1) / 24 - ties / 48;
	if (var <= 0)
		return 1;
	z = (fabs(wplus - mean) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2));
}

/* Continued fraction for I_x(a, b), Lentz's method. */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-14)
			break;
	}
	return h;
}

static double beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double student_t_p(double t, double df)
{
	if (!isfinite(t))
		return 0;
	return beta_inc(df / 2, 0.5, df / (df + t * t));
}

static void mean_var(const double *v, size_t n, double *mean, double *var)
{
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	*mean = s / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*var = ss / (double)(n - 1);
}

/* Welch's difference of means a - b, its squared standard error and
   the Welch-Satterthwaite degrees of freedom (0 when the error is 0). */
static void welch(const double *a, size_t na, const double *b, size_t nb,
		  double *diff, double *se2, double *df)
{
	double ma, va, mb, vb, sa, sb;

	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	sa = va / (double)na;
	sb = vb / (double)nb;
	*diff = ma - mb;
	*se2 = sa + sb;
	*df = *se2 == 0 ? 0 : *se2 * *se2 /
	      (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
}

double welch_t_p(const double *a, size_t na, const double *b, size_t nb)
{
	double diff, se2, df;

	if (na < 2 || nb < 2)
		return -1;
	welch(a, na, b, nb, &diff, &se2, &df);
	if (se2 == 0)
		return diff == 0 ? 1 : 0;
	return student_t_p(diff / sqrt(se2), df);
}

/* Per-round differences a - b, matched by repeat and round (both rows'
   samples are in that order, so one pass matches them), into d (room for
   a->ncpb); their number. */
static size_t round_diffs(const struct row *a, const struct row *b, double *d)
{
	size_t i = 0, j = 0, n = 0;

	while (i < a->ncpb && j < b->ncpb) {
		if (b->srep[j] < a->srep[i] ||
		    (b->srep[j] == a->srep[i] && b->sround[j] < a->sround[i])) {
			j++;
		} else if (b->srep[j] != a->srep[i] || b->sround[j] != a->sround[i]) {
			i++;
		} else {
			if (a->sround[i])
				d[n++] = a->cpb[i] - b->cpb[j];
			i++;
			j++;
		}
	}
	return n;
}

double rounds_paired_p(const struct row *a, const struct row *b)
{
	double *d = xcalloc(a->ncpb + 1, sizeof(*d), "a test's ranks"), p;

	p = wilcoxon_signed_rank_p(d, round_diffs(a, b, d));
	free(d);
	return p;
}

/* How many Walsh averages (d[i] + d[j]) / 2, i <= j, of sorted d are at
   most x: for each i the j's run from i to a bound that only falls as i
   rises, so one pass of two indices counts them. */
static uint64_t walsh_at_most(const double *d, size_t n, double x)
{
	uint64_t c = 0;
	size_t i, j = n;

	for (i = 0; i < n; i++) {
		while (j > i && d[j - 1] + d[i] > 2 * x)
			j--;
		if (j <= i)
			break;
		c += j - i;
	}
	return c;
}

/* The k-th smallest (1-based) Walsh average of sorted d, by bisection on
   its value: O(n) a step, so 10^5 rounds need no n^2 table. */
static double walsh_kth(const double *d, size_t n, uint64_t k)
{
	double lo = d[0], hi = d[n - 1];
	int it;

	if (walsh_at_most(d, n, lo) >= k)
		return lo;
	for (it = 0; it < 200 && hi - lo > 1e-15 * fmax(fabs(lo), fabs(hi)); it++) {
		double mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			break;
		if (walsh_at_most(d, n, mid) >= k)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* The standard normal's upper quantile: z with P(Z > z) = q, from erfc by
   bisection (erfc is exact enough; 100 steps reach double precision). */
static double z_upper(double q)
{
	double lo = 0, hi = 40;
	int i;

	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;
		if (erfc(mid / sqrt(2)) / 2 > q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int hodges_lehmann(const double *d, size_t n, double conf, struct estimate *e)
{
	double *v, z, c;
	uint64_t total, k;

	e->est = e->lo = e->hi = NAN;
	if (n < 2)
		return -1;
	v = xcalloc(n, sizeof(*v), "an interval's differences");
	memcpy(v, d, n * sizeof(*v));
	qsort(v, n, sizeof(*v), stats_cmp_double);
	total = (uint64_t)n * (n + 1) / 2;
	/* the median of the Walsh averages: of two middle ones when even */
	e->est = total % 2 ? walsh_kth(v, n, total / 2 + 1) :
		 (walsh_kth(v, n, total / 2) + walsh_kth(v, n, total / 2 + 1)) / 2;
	/* The interval's ends are the Walsh averages C and total + 1 - C,
	   C from the signed-rank statistic's normal approximation. */
	z = z_upper((1 - conf) / 2);
	c = floor((double)total / 2 - z * sqrt((double)n * (n + 1) * (2.0 * n + 1) / 24));
	k = c < 1 ? 1 : (uint64_t)c;
	e->lo = walsh_kth(v, n, k);
	e->hi = walsh_kth(v, n, total + 1 - k);
	free(v);
	return 0;
}

int rounds_paired_interval(const struct row *a, const struct row *b,
			   double conf, struct estimate *e)
{
	double *d = xcalloc(a->ncpb + 1, sizeof(*d), "an interval's differences");
	int rc = hodges_lehmann(d, round_diffs(a, b, d), conf, e);

	free(d);
	return rc;
}

/* Student's t upper quantile with df degrees of freedom: t with
   P(|T| >= t) = 2q, by bisection on student_t_p. */
static double t_upper(double q, double df)
{
	double lo = 0, hi = 1;
	int i;

	while (student_t_p(hi, df) > 2 * q && hi < 1e6)
		hi *= 2;
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;
		if (student_t_p(mid, df) > 2 * q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int welch_interval(const double *a, size_t na, const double *b, size_t nb,
		   double conf, struct estimate *e)
{
	double se2, df, t;

	e->est = e->lo = e->hi = NAN;
	if (na < 2 || nb < 2)
		return -1;
	welch(a, na, b, nb, &e->est, &se2, &df);
	if (se2 == 0) {
		e->lo = e->hi = e->est;
		return 0;
	}
	t = t_upper((1 - conf) / 2, df);
	e->lo = e->est - t * sqrt(se2);
	e->hi = e->est + t * sqrt(se2);
	return 0;
}

struct ranked {
	double p;
	size_t at;
};

static int cmp_ranked(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

void family_adjust(enum family rule, const double *p, size_t n, double *adj)
{
	struct ranked *r = xcalloc(n + 1, sizeof(*r), "the family's p values");
	size_t i, m = 0;
	double run;

	for (i = 0; i < n; i++) {
		adj[i] = p[i];
		if (p[i] >= 0)
			r[m++] = (struct ranked){ p[i], i };
	}
	qsort(r, m, sizeof(*r), cmp_ranked);
	if (rule == FAMILY_HOLM) {
		/* step down: (m - i) p_(i), never below an earlier one */
		for (i = 0, run = 0; i < m; i++) {
			run = fmax(run, fmin(1, (double)(m - i) * r[i].p));
			adj[r[i].at] = run;
		}
	} else if (rule == FAMILY_BH) {
		/* step up: m p_(i) / i, never above a later one */
		for (i = m, run = 1; i-- > 0;) {
			run = fmin(run, fmin(1, (double)m * r[i].p / (double)(i + 1)));
			adj[r[i].at] = run;
		}
	}
	free(r);
}

void family_levels(enum family rule, const double *p, const double *adj,
		   size_t n, double alpha, double *conf)
{
	struct ranked *r = xcalloc(n + 1, sizeof(*r), "the family's p values");
	size_t i, m = 0, rejected = 0;

	for (i = 0; i < n; i++) {
		conf[i] = 1 - alpha;
		if (p[i] >= 0) {
			r[m++] = (struct ranked){ p[i], i };
			rejected += adj[i] < alpha;
		}
	}
	qsort(r, m, sizeof(*r), cmp_ranked);
	for (i = 0; i < m; i++) {
		/* Holm's adjusted p rises with the rank: the rejected are
		   the first ones */
		size_t step = i < rejected ? i : rejected;

		if (rule == FAMILY_HOLM)
			conf[r[i].at] = 1 - alpha / (double)(m - step);
		else if (rule == FAMILY_BH)
			conf[r[i].at] = 1 - alpha * (double)(rejected ? rejected : 1) /
					    (double)m;
	}
	free(r);
}

const char *family_name(enum family rule)
{
	return rule == FAMILY_HOLM ? "Holm" : rule == FAMILY_BH ?
	       "Benjamini-Hochberg" : "none";
}
