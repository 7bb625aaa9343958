/* What every table shares (frame.c): the options it was asked
   for, what was printed before it, its caption. */
#ifndef CSUMREPORT_FRAME_H
#define CSUMREPORT_FRAME_H

#include <stddef.h>

#include "read/results.h"
#include "text/wrap.h"	/* TABLE_WIDTH */

/* What csumreport table was asked for: NULL, 0 or -1 where not given. */
struct table_opts {
	const char *path, *kernel, *by, *cache, *off, *op;
	long align;
	unsigned size;
};

/* The tables printed so far, and the heading of an op still to print
   before its first table. */
struct table_out {
	size_t ntables;
	const char *heading;
};

/* Before a table: a blank line after the one before, the op's heading. */
void table_begin(struct table_out *out);
/* The smallest alignment of r's rows, or o's. */
unsigned table_align(const struct results *r, const struct table_opts *o);
/* The cycles_per_tick of r's rows into buf ("1.5000", or "1.49 to 1.52
   (per row)"): 0 if the CSV has none. */
int table_cycles_per_tick(const struct results *r, char *buf, size_t n);
/* Caption lines of at most TABLE_WIDTH columns. */
void print_caption(const struct results *r, const char *what);
/* Whether the CSV has distances for kernel (a prefetching kernel). */
int kernel_prefetches(const struct results *r, const char *kernel);

#endif
