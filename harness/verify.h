/* The correctness gate: no kernel is timed before it agrees with ref. */
#ifndef CSUMBENCH_VERIFY_H
#define CSUMBENCH_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

/* What the gate found. */
enum {
	VERIFY_OK = 0,
	VERIFY_WRONG = -1,	/* a wrong sum, a fault, or a hang it was
				   stopped from: not timed, the run goes on */
	VERIFY_UNSAFE = -2,	/* hung where it could not be left safely:
				   the process must stop */
};

/* Compares k (at prefetch distance dist) with ref over a spread of
   lengths, alignments, incoming sums and data, random and all-0xFF (every
   add carries).  VERIFY_OK, or the first disagreement in err. */
int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen);

/* The same at every size and alignment (offset from a page) a run will
   time, with random and all-0xFF data.  Sizes in any order. */
int verify_sizes(const struct kernel *k, int dist, const uint32_t *sizes,
		 size_t nsizes, const uint32_t *aligns, size_t naligns,
		 char *err, size_t errlen);

/* The reference kernel, the oracle. */
uint32_t verify_ref(const void *buf, int len, uint32_t sum);

#endif
