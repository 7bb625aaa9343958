/* csumreport's commands; each returns the exit status (0, 1, or 2 for
   bad input). */
#ifndef CSUMREPORT_REPORT_H
#define CSUMREPORT_REPORT_H

#include <stddef.h>

#include "results.h"

#define TABLE_WIDTH 72

int cmd_table(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_gpvars(int argc, char **argv);

/* Whether the CSV has distances for kernel (a prefetching kernel). */
int kernel_prefetches(const struct results *r, const char *kernel);
/* "64 B", "1500 B", "4 KiB", "1 MiB". */
const char *size_label(unsigned size, char *buf, size_t n);
/* "1500", "1500B", "64K", "4 KiB", "1M", "1G": 0 and the bytes in *out;
   -1 malformed, -2 over 4 GiB - 1. */
int parse_size(const char *s, unsigned *out);
/* Caption lines of at most TABLE_WIDTH columns. */
void print_caption(const struct results *r, const char *what);
/* printf to stdout, wrapped at TABLE_WIDTH; lines after a break start
   with indent. */
void print_wrapped(const char *indent, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
