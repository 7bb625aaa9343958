/* A run's warnings, printed with its figures (warnings.c). */
#ifndef CSUMREPORT_WARNINGS_H
#define CSUMREPORT_WARNINGS_H

#include <stdio.h>

#include "read/results.h"

/* Each warning of r's to f as "WARNING (who[, processes ...]): text",
   wrapped to the tables' width. */
void print_warnings(FILE *f, const struct results *r, const char *who);
/* A warning "process N: TEXT": N, and where TEXT starts in *text; 0
   (and *text = w) when it names no process. */
unsigned warning_process(const char *w, const char **text);

#endif
