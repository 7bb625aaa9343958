/* The correctness gate: no kernel is timed before it agrees with ref. */
#ifndef CSUMBENCH_VERIFY_H
#define CSUMBENCH_VERIFY_H

#include <stddef.h>

#include "kernel.h"

/* Compares k (at prefetch distance dist) with ref over a spread of
   lengths, alignments, incoming sums and data.  0 when they agree, else
   -1 and the first disagreement in err. */
int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen);

/* The reference kernel, the oracle. */
uint32_t verify_ref(const void *buf, int len, uint32_t sum);

#endif
