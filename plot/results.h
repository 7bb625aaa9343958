/* Reading csumbench results CSVs (and their -samples.csv) on the host. */
#ifndef CSUMREPORT_RESULTS_H
#define CSUMREPORT_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

/* A point: the rows of its repeats merged (figures are the medians of the
   repeats').  Strings are as long as the CSV has them. */
struct row {
	char *kernel, *arch, *cache, *prefetch, *code_offset;
	unsigned size, align, samples;
	size_t line;		/* of its first row in the CSV */
	double ticks_median, cycles_per_byte, cycles_per_byte_net;
	double bytes_per_cycle, mb_per_s;
	double *rep_cpb;	/* each repeat's cycles/byte */
	size_t nrep;
	/* From -samples.csv, ordered by repeat and round: cycles/byte, and
	   the repeat and round (0: unknown) of each. */
	double *cpb;
	unsigned *srep, *sround;
	size_t ncpb;
};

struct results {
	const char *path;
	char *cpu, *timer, *emulated, *run_id, *order;	/* never NULL */
	bool partial;		/* "# partial:": the run stopped early */
	double core_mhz;	/* tick_hz x cycles_per_tick, for MB/s axes */
	struct row *rows;	/* in the order of the CSV */
	size_t nrows;
	struct row **index;	/* the rows ordered by point, for lookups */
	unsigned samples;	/* per point and repeat (the first row's) */
	unsigned repeats;	/* the most repeats of any point */
};

/* Reads and checks a results CSV; 0, or -1 after "FILE:LINE: ..." on
   stderr.  A point twice in one repeat is an error.  with_samples also
   reads the -samples.csv beside it.  Older files without code_offset,
   repeat or cycles_per_byte_net columns read as code in place, one
   repeat, and net equal to raw. */
int results_read(struct results *r, const char *path, int with_samples);
void results_free(struct results *r);

/* A harness pseudo-kernel (the empty kernel's floor), not a checksum. */
int row_is_pseudo(const struct row *w);

/* Ordered distinct values, in arrays the caller frees.  Sizes ascending. */
size_t results_sizes(const struct results *r, unsigned **out);
/* Prefetch values of one kernel: "none" first, then distances ascending. */
size_t results_prefetches(const struct results *r, const char *kernel,
			  const char ***out);
/* That order of prefetch values: <0, 0, >0 as strcmp. */
int results_prefetch_cmp(const char *a, const char *b);
/* Kernels (but the harness's) in the order they first appear; with
   only_none, only those with a point at prefetch none. */
size_t results_kernels(const struct results *r, int only_none,
		       const char ***out);
/* Cache states of the kernels (but the harness's), in order of appearance. */
size_t results_caches(const struct results *r, const char ***out);

/* The point of a kernel at a size, align, cache state and distance, with
   its code at code_offset (NULL: the first row's placement). */
const struct row *results_find(const struct results *r, const char *kernel,
			       unsigned size, unsigned align, const char *cache,
			       const char *prefetch, const char *code_offset);
/* The rows of one kernel, contiguous in r->index: their count, the first
   at *first. */
size_t results_kernel_rows(const struct results *r, const char *kernel,
			   struct row *const **first);
/* The rows of w's point at every code offset, likewise. */
size_t results_placements(const struct results *r, const struct row *w,
			  struct row *const **first);

/* The first of v[0..n), sorted by cmp, not below key: n if none. */
size_t rows_lower(const struct row *const *v, size_t n, const struct row *key,
		  int (*cmp)(const struct row *, const struct row *));

#endif
