/* Reading csumbench results CSVs (and their -samples.csv) on the host. */
#ifndef CSUMREPORT_RESULTS_H
#define CSUMREPORT_RESULTS_H

#include <stddef.h>

/* A point: one row, or the rows of its repeats merged (figures are then
   the medians of the repeats'). */
struct row {
	char kernel[128], arch[32], cache[16], prefetch[16], code_offset[16];
	unsigned size, align, samples;
	double ticks_median, cycles_per_byte, cycles_per_byte_net;
	double bytes_per_cycle, mb_per_s;
	double *rep_cpb;	/* each repeat's cycles/byte */
	size_t nrep;
	/* From -samples.csv: cycles/byte, and the repeat and round of each. */
	double *cpb;
	unsigned *srep, *sround;
	size_t ncpb;
};

struct results {
	const char *path;
	char cpu[256], timer[128], emulated[8], run_id[128], order[16];
	double core_mhz;	/* tick_hz x cycles_per_tick, for MB/s axes */
	struct row *rows;
	size_t nrows;
	unsigned samples;	/* per point and repeat (the first row's) */
	unsigned repeats;	/* the most repeats of any point */
};

/* Reads and checks a results CSV; 0, or -1 after "FILE:LINE: ..." on
   stderr.  with_samples also reads the -samples.csv beside it.  Older
   files without code_offset, repeat or cycles_per_byte_net columns read
   as code in place, one repeat, and net equal to raw. */
int results_read(struct results *r, const char *path, int with_samples);
void results_free(struct results *r);

/* A harness pseudo-kernel (the empty kernel's floor), not a checksum. */
int row_is_pseudo(const struct row *w);

/* Ordered distinct values, for tables and plots. */
size_t results_sizes(const struct results *r, unsigned *out, size_t max);
/* Prefetch values of one kernel: "none" first, then distances ascending. */
size_t results_prefetches(const struct results *r, const char *kernel,
			  char out[][16], size_t max);
/* The point of a kernel at a size, align, cache state and distance, with
   its code at code_offset (NULL: the first row's placement). */
const struct row *results_find(const struct results *r, const char *kernel,
			       unsigned size, unsigned align, const char *cache,
			       const char *prefetch, const char *code_offset);

#endif
