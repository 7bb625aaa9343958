/* Plain statistics over samples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double stats_median(const double *v, size_t n)
{
	double *s, m;

	if (n == 0)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		abort();
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
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
	struct summary s = { 0, 0, 0, 0, 0 };
	size_t i;

	if (n == 0)
		return s;
	s.min = s.max = v[0];
	for (i = 0; i < n; i++) {
		if (v[i] < s.min)
			s.min = v[i];
		if (v[i] > s.max)
			s.max = v[i];
		s.mean += v[i];
	}
	s.mean /= (double)n;
	s.median = stats_median(v, n);
	s.stddev = stats_stddev(v, n);
	return s;
}
