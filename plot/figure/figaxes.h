/* The size figure's axes per panel (figaxes.c): ranges and tics from the
   points drawn, so that a log axis always has labelled tics to read. */
#ifndef CSUMREPORT_FIGAXES_H
#define CSUMREPORT_FIGAXES_H

#include <stddef.h>

/* What one panel (cache state) draws: its costs' and sizes' extents. */
struct figaxis {
	double ylo, yhi;
	unsigned smin, smax;
	size_t n;
};

/* A point (and its whisker's ends, when q is not NULL) into a. */
void figaxis_grow(struct figaxis *a, unsigned size, double y,
		  const double q[2]);
/* The panels' layout as gnuplot arrays, a panel each: panel_ylog[],
   panel_ylo[], panel_yhi[] (the drawn costs' extent), panel_yticks[]
   (a log axis's tics: a word each; '' on a linear axis, gnuplot's own),
   panel_xlo[], panel_xhi[] and panel_xticks[] (the sizes' log axis:
   the run's sizes, or powers of 2 where those are too few or too many).
   A log y axis spans more than a factor of 10: then its tics of 1, 2
   and 5 times a power of ten are three at least. */
void figaxes_print(const struct figaxis *a, size_t n,
		   const unsigned *sizes, size_t ns);

#endif
