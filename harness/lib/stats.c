/* Plain statistics over samples. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"

int stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int stats_cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

int stats_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

int stats_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static double *sorted(const double *v, size_t n)
{
	double *s = xcalloc(n, sizeof(*s), "samples to sort");

	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), stats_cmp_double);
	return s;
}

static double quantile_sorted(const double *s, size_t n, double q)
{
	double h = q * (double)(n - 1);
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

void stats_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), stats_cmp_double);
}

double stats_quantile_sorted(const double *s, size_t n, double q)
{
	return n ? quantile_sorted(s, n, q) : 0;
}

double stats_quantile(const double *v, size_t n, double q)
{
	double *s, r;

	if (n == 0)
		return 0;
	s = sorted(v, n);
	r = quantile_sorted(s, n, q);
	free(s);
	return r;
}

double stats_median(const double *v, size_t n)
{
	double *s, m;

	if (n == 0)
		return 0;
	s = sorted(v, n);
	m = n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

double stats_stddev(const double *v, size_t n)
{
	double mean = 0, ss = 0;
	size_t i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return sqrt(ss / (double)(n - 1));
}

struct summary stats_summarise(const double *v, size_t n)
{
	struct summary s;
	double *o, q1, q3;
	size_t i;

	memset(&s, 0, sizeof(s));
	if (n == 0)
		return s;
	o = sorted(v, n);
	s.min = o[0];
	s.max = o[n - 1];
	for (i = 0; i < n; i++)
		s.mean += v[i];
	s.mean /= (double)n;
	s.median = quantile_sorted(o, n, 0.5);
	q1 = quantile_sorted(o, n, 0.25);
	q3 = quantile_sorted(o, n, 0.75);
	s.iqr = q3 - q1;
	s.p99 = n >= P99_MIN ? quantile_sorted(o, n, 0.99) : NAN;
	for (i = 0; i < n; i++)
		if (o[i] < q1 - 1.5 * s.iqr || o[i] > q3 + 1.5 * s.iqr)
			s.outliers++;
	s.stddev = stats_stddev(v, n);
	free(o);
	return s;
}
