/* The csum_copy tables and the spread block they share with the load
   tables (copytable.c). */
#ifndef CSUMREPORT_COPYTABLE_H
#define CSUMREPORT_COPYTABLE_H

#include <stddef.h>

#include "read/results.h"
#include "text/frame.h"

/* csum_copy: per size and cache state, min, max and mean ns and cycles
   per call, a row per kernel; the pseudo kernel's floor in a footer. */
void copy_tables(const struct results *r, const struct table_opts *o,
		 struct table_out *out);
/* A group of a spread block: min, max and mean per call of the points
   pts[0..nrows) (NULL: none), in ns or in cycles, under a label. */
struct spread_group {
	const char *label;
	const struct row **pts;
	int cycles;
	const char *floor_label;	/* in the floor line, or NULL */
};
/* The block copy_tables and load_tables print: a row per name, the
   groups side by side where they fit, the floor of each below. */
void spread_block(const struct results *r, const char *const *names,
		  const struct spread_group *g, size_t ng, size_t nrows,
		  const char *what);

/* One timer step of a per-call row in ns (cycles: in cycles); NAN for
   a batch row or a CSV that does not say the step. */
double call_step(const struct results *r, const struct row *w, int cycles);
/* "12.3", "<10.0" for a per-call figure below one step (step finite),
   or "-". */
void call_cell(double v, double step, char *buf, size_t n);

#endif
