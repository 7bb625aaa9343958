/* The idle against busy tables of csumreport table --by load
   (loadtable.c). */
#ifndef CSUMREPORT_LOADTABLE_H
#define CSUMREPORT_LOADTABLE_H

#include "read/results.h"
#include "text/frame.h"

/* load = idle against busy: per size and cache state, min, max and mean
   per call of each kernel idle and busy, in ns (or cycles). */
void load_tables(const struct results *r, const struct table_opts *o,
		 int cycles, struct table_out *out);

#endif
