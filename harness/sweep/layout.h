/* Layout re-randomisation: each sample calls its kernel from one of R
   copies of its code at random addresses, and reads its buffer from one
   of R slots, so where the linker and the allocator put things becomes
   noise both sides of a comparison share instead of a bias one carries
   (Stabilizer: Curtsinger and Berger, ASPLOS 2013; the size of such
   biases: Mytkowicz et al., ASPLOS 2009). */
#ifndef CSUMBENCH_LAYOUT_H
#define CSUMBENCH_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "registry/table.h"

/* The copies one point's code is drawn from. */
struct layset {
	const struct kernel *of;	/* the code the plan calls */
	const struct kernel **k;	/* n copies: k[0..n-1] */
	unsigned n;			/* 1: it stays where it is */
	const char *fixed;		/* the kernel that stays, when n is 1 */
	bool checked;			/* the gate has checked the copies */
};

struct sweep;

/* Makes the copies of every point's code and points each at its set
   (after sweep_plan, with b->seed set; before the gate, which checks
   every copy).  Table kernels are copied keeping their entry mod 64 (or
   code_offset's); .so kernels are loaded from R copies of their file;
   KERNEL_FIXED ones stay.  0, or -1 with why in err. */
int layout_make(struct sweep *b, char *err, size_t errlen);
/* Picks the sample's layout for p before it is taken: its code copy in
   p->runs (returned: its index) and, drawn apart, the buffer slot in
   b->slot. */
struct point;
unsigned layout_pick(struct sweep *b, struct point *p);
/* The kernels that stay in place, for the CSV: "a, b" or "". */
void layout_fixed_names(const struct sweep *b, char *out, size_t n);
void layout_free(struct sweep *b);

#endif
