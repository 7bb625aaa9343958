/* Result files that appear whole or not at all, and never replace one. */
#ifndef CSUMBENCH_OUTPUT_H
#define CSUMBENCH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct output {
	char path[1024];	/* the results CSV, or "-" for stdout */
	char samples[1040];	/* the per-sample CSV beside it, or "" */
	bool force;		/* replace existing files */
};

/* From -o: "-", a FILE, or a DIR (existing, or ending in '/') where a
   name <config>-<host>-<YYYYmmdd-HHMMSS>.csv is made.  Checks now what
   can be checked before the run.  0, or 2 after a message. */
int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force);

typedef void output_writer(FILE *f, const void *ctx);

/* Writes both files through temporary names in the same folder, syncs
   them and links them into place; on any failure nothing is left. */
int output_commit(const struct output *o, output_writer *results,
		  output_writer *samples, const void *ctx);

#endif
