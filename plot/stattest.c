/* Significance tests, from their textbook definitions.  The t
   distribution's tail is the regularised incomplete beta function
   I_x(df/2, 1/2) at x = df / (df + t^2), evaluated by its continued
   fraction (modified Lentz), which converges fast for x below
   (a + 1) / (a + b + 2); above it, the symmetry I_x(a,b) = 1 - I_1-x(b,a)
   is used. */
#include <math.h>
#include <stdlib.h>

#include "results.h"
#include "stattest.h"
#include "xalloc.h"

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

double welch_t_p(const double *a, size_t na, const double *b, size_t nb)
{
	double ma, va, mb, vb, sa, sb, t, df;

	if (na < 2 || nb < 2)
		return -1;
	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	sa = va / (double)na;
	sb = vb / (double)nb;
	if (sa + sb == 0)
		return ma == mb ? 1 : 0;
	t = (ma - mb) / sqrt(sa + sb);
	df = (sa + sb) * (sa + sb) /
	     (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
	return student_t_p(t, df);
}

/* Per-round differences a - b, matched by repeat and round (both rows'
   samples are in that order, so one pass matches them); Wilcoxon's p,
   -1 under 2 pairs. */
double rounds_paired_p(const struct row *a, const struct row *b)
{
	double *d = xcalloc(a->ncpb, sizeof(*d), "a test's ranks"), p;
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
	p = wilcoxon_signed_rank_p(d, n);
	free(d);
	return p;
}
