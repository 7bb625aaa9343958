/* Plain statistics over samples. */
#ifndef CSUMBENCH_STATS_H
#define CSUMBENCH_STATS_H

#include <stddef.h>

struct summary {
	double min, median, mean, max, stddev;
};

/* v is left unsorted; n may be 0 (all fields 0). */
struct summary stats_summarise(const double *v, size_t n);
double stats_median(const double *v, size_t n);
/* Sample standard deviation (n - 1); 0 when n < 2. */
double stats_stddev(const double *v, size_t n);

#endif
