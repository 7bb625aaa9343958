/* Text wrapped to the tables' width (wrap.c). */
#ifndef CSUMREPORT_WRAP_H
#define CSUMREPORT_WRAP_H

#include <stdio.h>

/* The width of every table and wrapped line: a commit message's. */
#define TABLE_WIDTH 72

/* printf to stdout, wrapped at TABLE_WIDTH; lines after a break start
   with indent. */
void print_wrapped(const char *indent, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same to f. */
void fprint_wrapped(FILE *f, const char *indent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
