/* Lookups in a results CSV read (query.c): the rows of an op, a kernel
   or a point, and the distinct values of a column (the order of the
   index they search is results.h's). */
#ifndef CSUMREPORT_QUERY_H
#define CSUMREPORT_QUERY_H

#include <stddef.h>

#include "read/results.h"

/* The rows of one op as results of their own (a view: strings, samples
   and metadata stay r's, so r must outlive it), so that a table or figure
   never mixes ops.  The op's pseudo rows come too. */
void results_of_op(const struct results *r, const char *op,
		   struct results *out);
/* The ops of the kernels (but the harness's) in the order they first
   appear; of the harness's rows if there are no others. */
size_t results_ops(const struct results *r, const char ***out);
/* The op of a kernel, or NULL if r has no such kernel. */
const char *results_kernel_op(const struct results *r, const char *kernel);
/* The op of the run's roofline (its "# roofline:" kernel's), or NULL:
   a ceiling to hold the others to, not a result of its own. */
const char *results_roofline_op(const struct results *r);

/* A harness pseudo-kernel (an op's empty kernel: empty, ip-empty,
   copy-empty; the floor of its points), not a checksum: arch harness. */
int row_is_pseudo(const struct row *w);
/* The pseudo row at w's size, alignment, cache state and code offset (or
   the first one at that size, alignment and cache state), or NULL.  A
   linear search: for captions, not for every cell of a large run. */
const struct row *results_floor(const struct results *r, const struct row *w);

/* Ordered distinct values, in arrays the caller frees.  Sizes ascending. */
size_t results_sizes(const struct results *r, unsigned **out);
/* with_calls: and those of per-call points left out (results_find_calls). */
size_t results_sizes_calls(const struct results *r, unsigned **out,
			   int with_calls);
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
/* results_find, or else a timing = per-call point left out because its
   median call was below one timer step: its single calls' spread (call_*)
   is still there to show. */
const struct row *results_find_calls(const struct results *r,
				     const char *kernel, unsigned size,
				     unsigned align, const char *cache,
				     const char *prefetch, const char *code_offset);
/* The rows of one kernel, contiguous in r->index: their count, the first
   at *first. */
size_t results_kernel_rows(const struct results *r, const char *kernel,
			   struct row *const **first);
/* The rows of w's point at every code offset, likewise. */
size_t results_placements(const struct results *r, const struct row *w,
			  struct row *const **first);

#endif
