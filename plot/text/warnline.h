/* The one line that says a run's warnings exist and where to read them
   (warnline.c): make table and make compare start with it. */
#ifndef CSUMREPORT_WARNLINE_H
#define CSUMREPORT_WARNLINE_H

#include <stddef.h>
#include <stdio.h>

#include "read/results.h"

/* How many warnings r carries: its "# warning:" lines, and an emulated
   or partial run said by its own key where no warning line says so. */
size_t warnings_count(const struct results *r);

/* "warnings: 2 (cpu = auto; contention) -- csumbench show FILE" for one
   run, "warnings: before none; after 1 (EMULATED) -- ..." for two (r[0]
   before, r[1] after), within TABLE_WIDTH: labels are dropped, then the
   path, before a line is cut. */
void print_warnings_line(FILE *f, const struct results *const *r,
			 const char *const *path, size_t n);

#endif
