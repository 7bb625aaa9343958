/* Result files that appear whole or not at all, and never replace one. */
#ifndef CSUMBENCH_OUTPUT_H
#define CSUMBENCH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct output {
	char *path;		/* the results CSV, or "-" for stdout; after
				   output_commit, the name it was given */
	char *samples;		/* the per-sample CSV beside it, or NULL */
	char *dir;		/* the folder both go in */
	char *stem;		/* the name without ".csv" */
	bool folder;		/* -o DIR/: the name is ours to make unique */
	bool force;		/* -o FILE --force: replace a regular file */
};

/* From -o: "-", a FILE, or a DIR (existing, or ending in '/') where a
   name <config>-<host>-<YYYYmmdd-HHMMSS>.csv is made.  Checks now what
   can be checked before the run: that the target is a regular file or
   absent, that the name fits, and that the folder takes files and the
   way they are put in place.  0, or 2 after a message. */
int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force);

typedef void output_writer(FILE *f, const void *ctx);

/* Writes both files through temporary names in the same folder, syncs
   them and puts them in place without replacing any file (but a FILE
   given with --force).  A name taken meanwhile gets a suffix, -2, -3...;
   a partial run is written as <stem>-partial.csv.  SIGINT, SIGTERM and
   SIGHUP while writing remove the temporary files.  0, or 1 after a
   message, with nothing left behind. */
int output_commit(struct output *o, output_writer *results,
		  output_writer *samples, const void *ctx, bool partial);

void output_free(struct output *o);

#endif
