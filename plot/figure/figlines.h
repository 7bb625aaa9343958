/* The lines of the size figure and the kernels given a distance figure
   (figlines.c), as make plot KERNEL= asks. */
#ifndef CSUMREPORT_FIGLINES_H
#define CSUMREPORT_FIGLINES_H

#include <stddef.h>

#include "read/results.h"

#define FIGLINE_LABEL 160

/* A line: kernel k (from 1, in the layout's kernel list) at one prefetch
   value (its rows of that value; "none" for a kernel that does not
   prefetch), and its legend entry. */
struct figline {
	size_t k;
	const char *pf;
	char label[FIGLINE_LABEL];
};

struct figlines {
	struct figline *v;
	size_t n;
	/* prefetching kernels the size figure leaves out (no KERNEL=) */
	const char **left_out;
	size_t nleft;
	/* prefetching kernels drawn in a distance figure each */
	const char **pfk;
	size_t npfk;
};

/* The lines of r (one op's view of all, read from path) for want, a
   KERNEL= list (name or name@D, comma-separated; NULL: every kernel at
   each distance, or where those are too many lines, the prefetching
   ones left out of the size figure), kernels[0..nk)
   its layout's kernels.  A name of another op is left to that op's
   figures.  0, or 2 after a message naming the entry at fault. */
int figlines_pick(const struct results *all, const struct results *r,
		  const char *path, const char *want,
		  const char *const *kernels, size_t nk, struct figlines *out);
/* The line of kernel k at prefetch value pf, from 1; 0 if none. */
size_t figlines_find(const struct figlines *l, size_t k, const char *pf);
void figlines_free(struct figlines *l);

/* A distance figure's x axis, in bytes: "none" at 0, or apart below
   the least distance where that is 0 or less; its range and tics (the
   values drawn, as words). */
struct pfaxis {
	double none_x, lo, hi;
	int has_none;
	char tics[256];
};
void pfaxis_of(const struct results *r, const char *kernel,
	       struct pfaxis *ax);
/* A prefetch value's place on ax. */
double pfaxis_x(const struct pfaxis *ax, const char *pf);

#endif
