/* Lines and fields of a CSV file, of any length: csumbench writes kernel
   names as long as the paths they came from. */
#ifndef CSUMREPORT_CSV_H
#define CSUMREPORT_CSV_H

#include <stdio.h>

struct csv {
	const char *path;
	FILE *f;
	size_t line;		/* of the line last read, from 1 */
	char *buf;		/* that line, without its line ending */
	size_t len, cap;
	char **fld;		/* after csv_split: pointers into buf */
	size_t nfld, fcap;
};

/* 0, or -1 with errno set. */
int csv_open(struct csv *c, const char *path);
/* The next line: 1, 0 at the end, -1 after "PATH:LINE: ..." on stderr (a
   NUL byte or other binary data, a read error).  A UTF-8 byte-order mark
   before the first line is skipped. */
int csv_next(struct csv *c);
/* Splits the line at commas (no quoting: results files have none). */
size_t csv_split(struct csv *c);
/* The field named name in a header split into h[0..n), or -1. */
int csv_col(char *const *h, size_t n, const char *name);
void csv_close(struct csv *c);
/* s as a finite number of sensible size (whole and 0 to 2^32 - 1 where
   whole is set): 1, else 0. */
int csv_num(const char *s, double *v, int whole);

#endif
