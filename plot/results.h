/* Reading csumbench results CSVs (and their -samples.csv) on the host. */
#ifndef CSUMREPORT_RESULTS_H
#define CSUMREPORT_RESULTS_H

#include <stddef.h>

struct row {
	char kernel[128], cache[16], prefetch[16];
	unsigned size, align, samples;
	double ticks_median, cycles_per_byte, bytes_per_cycle, mb_per_s;
	double *cpb;		/* per-sample cycles/byte, from -samples.csv */
	size_t ncpb;
};

struct results {
	const char *path;
	char cpu[256], timer[128], emulated[8];
	double core_mhz;	/* tick_hz x cycles_per_tick, for MB/s axes */
	struct row *rows;
	size_t nrows;
	unsigned samples;	/* per point (the first row's) */
};

/* Reads and checks a results CSV; 0, or -1 after "FILE:LINE: ..." on
   stderr.  with_samples also reads the -samples.csv beside it. */
int results_read(struct results *r, const char *path, int with_samples);
void results_free(struct results *r);

/* Ordered distinct values, for tables and plots. */
size_t results_sizes(const struct results *r, unsigned *out, size_t max);
/* Prefetch values of one kernel: "none" first, then distances ascending. */
size_t results_prefetches(const struct results *r, const char *kernel,
			  char out[][16], size_t max);
const struct row *results_find(const struct results *r, const char *kernel,
			       unsigned size, unsigned align, const char *cache,
			       const char *prefetch);

#endif
