/* Mann-Whitney U test (Wilcoxon rank-sum), from the textbook definition:
   rank the pooled samples with mid-ranks for ties, U = R_a - na(na+1)/2,
   z = (|U - na nb / 2| - 1/2) / sigma_U with the tie-corrected variance. */
#include <math.h>
#include <stdlib.h>

#include "mannwhitney.h"

struct tagged {
	double v;
	int from_a;
};

static int cmp(const void *x, const void *y)
{
	double a = ((const struct tagged *)x)->v, b = ((const struct tagged *)y)->v;

	return (a > b) - (a < b);
}

double mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb, i, j;
	struct tagged *t;
	double ra = 0, ties = 0, u, mu, var, z;

	if (na < 2 || nb < 2)
		return -1;
	t = malloc(n * sizeof(*t));
	if (!t)
		abort();
	for (i = 0; i < na; i++)
		t[i] = (struct tagged){ a[i], 1 };
	for (i = 0; i < nb; i++)
		t[na + i] = (struct tagged){ b[i], 0 };
	qsort(t, n, sizeof(*t), cmp);
	for (i = 0; i < n; i = j) {
		double rank, k;
		for (j = i + 1; j < n && t[j].v == t[i].v; j++)
			;
		k = (double)(j - i);
		rank = (double)(i + 1 + j) / 2;	/* mid-rank of positions i+1..j */
		for (size_t m = i; m < j; m++)
			if (t[m].from_a)
				ra += rank;
		ties += k * k * k - k;
	}
	free(t);
	u = ra - (double)na * (double)(na + 1) / 2;
	mu = (double)na * (double)nb / 2;
	var = (double)na * (double)nb / 12 *
	      ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
	if (var <= 0)
		return 1;
	z = (fabs(u - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2));
}
