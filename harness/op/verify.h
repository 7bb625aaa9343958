/* What the ops' gates are built from: guarded buffers, trapped faults,
   the deadline, the walks over lengths and sizes, the reference.  The
   gates themselves are the ops' (harness/op/); registry/table.h's
   verify_kernel runs one. */
#ifndef CSUMBENCH_VERIFY_H
#define CSUMBENCH_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "call/kernel.h"
#include "call/ref.h"
#include "op/op.h"

/* What the gate found. */
enum {
	VERIFY_OK = 0,
	VERIFY_WRONG = -1,	/* a wrong result, a fault, or a hang it was
				   stopped from: not timed, the run goes on */
	VERIFY_UNSAFE = -2,	/* hung where it could not be left safely:
				   the process must stop */
};

/* Data pages [lo, hi) with an inaccessible page on either side: a
   kernel that reads or writes past either end faults. */
struct guarded {
	unsigned char *map, *lo, *hi;
	size_t size;
};
/* Maps them; a shortage ends the run (xalloc_fail), never a verdict on
   the kernel. */
void guarded_map(struct guarded *g, size_t bytes);
void guarded_unmap(struct guarded *g);
/* Random bytes (the same on every run and arch; seed picks the stream),
   or, with fill >= 0, all that byte. */
void guarded_fill(struct guarded *g, int fill, uint32_t seed);

/* Where the gate is, for the message if the kernel faults or hangs
   there; dst_align < 0 when the op has no destination. */
void verify_at(int len, int align, int dst_align);

/* Runs body(ctx, err, errlen) with the kernel's faults trapped and under
   the deadline for a kernel working on this many bytes in this many
   calls.  body returns 0 when all agreed, else nonzero with why in err.
   VERIFY_OK, VERIFY_WRONG with err, or VERIFY_UNSAFE. */
typedef int verify_body(void *ctx, char *err, size_t errlen);
int verify_guarded(const struct kernel *k, double bytes, double calls,
		   verify_body *body, void *ctx, char *err, size_t errlen);

/* The lengths of a one-buffer op's gate (csum, load): every length
   0..256 at every alignment 0..7, as close to g's end as the alignment
   allows and at its start, each with the incoming words 0, 0xffffffff
   and 0x89abcdef; then each long length from the start at alignments
   0..7 (every third above 4097) and once against the end, with one of
   the three in turn.  check is nonzero, with why in err, at the first
   disagreement, which ends the walk. */
typedef int verify_check(void *ctx, const unsigned char *p, int len,
			 int align, uint32_t in, char *err, size_t errlen);
int verify_lengths(const struct guarded *g, const int *long_lens,
		   size_t nlong, verify_check *check, void *ctx, char *err,
		   size_t errlen);

/* The run's sizes for ops that read one buffer (csum, load): the sizes
   ascending without repeats, one guarded buffer for the largest at the
   largest alignment, filled all-0xFF (every add carries) and then
   random; for each fill and alignment, body(w) is run under
   verify_guarded, told the calls' bytes as the sizes' sum times
   bytes_per_byte.  VERIFY_OK, or what the first failing body said. */
struct sizes_walk {
	const uint32_t *sz;	/* ascending, n of them */
	size_t n;
	const struct guarded *g;
	uint32_t align;		/* the data start g->lo + align */
	const char *data;	/* "0xff" or "random" */
	size_t pass, a;		/* the fill (0, 1) and alignment index */
	void *ctx;		/* the op's */
};
int verify_sizes_walk(const struct kernel *k, const uint32_t *sizes,
		      size_t nsizes, const uint32_t *aligns, size_t naligns,
		      double bytes_per_byte, verify_body *body, void *ctx,
		      char *err, size_t errlen);

/* Sizes sorted ascending without repeats, in a new array; the largest
   alignment.  For verify_sizes of each op. */
uint32_t *verify_sorted_sizes(const uint32_t *sizes, size_t nsizes, size_t *n);
uint32_t verify_max(const uint32_t *v, size_t n);

#endif
