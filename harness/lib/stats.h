/* Plain statistics over samples. */
#ifndef CSUMBENCH_STATS_H
#define CSUMBENCH_STATS_H

#include <stddef.h>

struct summary {
	double min, median, mean, max, stddev;	/* over every sample */
	double iqr;		/* third quartile minus first */
	unsigned outliers;	/* samples beyond 1.5 IQR of the quartiles */
	double p99;		/* the 99th percentile, or NAN when fewer
				   than P99_MIN samples: the largest but one
				   of 100 is the least that names it */
};
#define P99_MIN 100

/* v is left unsorted; n may be 0 (all fields 0). */
struct summary stats_summarise(const double *v, size_t n);
/* The middle value of v, or the mean of the middle two; 0 when n is 0. */
double stats_median(const double *v, size_t n);
/* The q-quantile (0..1) with linear interpolation between order
   statistics (Hyndman and Fan's type 7, as R and numpy default). */
double stats_quantile(const double *v, size_t n, double q);
/* Sorts v in place, ascending; stats_quantile of v sorted so. */
void stats_sort(double *v, size_t n);
double stats_quantile_sorted(const double *s, size_t n, double q);
/* Sample standard deviation (n - 1); 0 when n < 2. */
double stats_stddev(const double *v, size_t n);

/* qsort comparators, ascending. */
int stats_cmp_double(const void *a, const void *b);
int stats_cmp_unsigned(const void *a, const void *b);
int stats_cmp_u32(const void *a, const void *b);
int stats_cmp_u64(const void *a, const void *b);

#endif
