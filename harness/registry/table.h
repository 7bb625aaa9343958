/* The kernel table: every routine csumbench can verify and time, by
   op (kernels/generic/kernels.def and kernels/<arch>/kernels.def), the
   ones loaded from a .so, and the gate that checks one. */
#ifndef CSUMBENCH_REGISTRY_TABLE_H
#define CSUMBENCH_REGISTRY_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "call/kernel.h"
#include "op/op.h"
#include "op/verify.h"

extern const struct kernel kernel_table[];
extern const size_t kernel_count;
/* The pseudo-kernel that returns its sum: the csum op's per-call floor
   (op_empty() gives each op's). */
extern const struct kernel *const kernel_empty;

/* A table kernel by name, or "path/lib.so:symbol" loaded with dlopen.
   NULL and a message in err when there is none. */
const struct kernel *kernel_find(const char *name, char *err, size_t errlen);
const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen);
/* k, a kernel kernel_load_so loaded, loaded once more from a copy of its
   file: the same code at another address (layout.h).  NULL and why in
   err when it cannot be. */
const struct kernel *kernel_so_copy(const struct kernel *k, char *err,
				    size_t errlen);

/* NULL when k can run on this CPU; else why not, e.g. "needs AVX-512BW"
   (cpufeat.h).  Kernels that cannot run are listed, never gated or timed. */
const char *kernel_unavailable(const struct kernel *k);

/* The kernel that runs for point (k, prefetch = none). */
const struct kernel *kernel_nopf(const struct kernel *k);

/* Its pseudo-kernel: same call, no work; the per-call floor of its points. */
const struct kernel *op_empty(const struct op *o);

/* Checks k (at prefetch distance dist) against its op's reference over
   the op's spread of lengths, alignments, incoming sums and data, random
   and all-0xFF (every add carries).  VERIFY_OK, or the first
   disagreement in err. */
int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen);

/* The same at every size and alignment (offset from a page) a run will
   time, with random and all-0xFF data.  Sizes in any order. */
int verify_sizes(const struct kernel *k, int dist, const uint32_t *sizes,
		 size_t nsizes, const uint32_t *aligns, size_t naligns,
		 char *err, size_t errlen);

#endif
