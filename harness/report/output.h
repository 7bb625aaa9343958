/* Result files that appear whole or not at all, and never replace one. */
#ifndef CSUMBENCH_OUTPUT_H
#define CSUMBENCH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct output {
	char *path;		/* the results (CSV, or JSON when that is the
				   only format), or "-" for stdout; after
				   output_commit, the name it was given */
	char *json;		/* the JSON beside the CSV (both formats), or
				   NULL */
	char *samples;		/* the per-sample CSV beside them, or NULL */
	char *dir;		/* the folder both go in */
	char *stem;		/* the name without ".csv" */
	bool folder;		/* -o DIR/: the name is ours to make unique */
	bool force;		/* -o FILE --force: replace a regular file */
	unsigned formats;	/* FORMAT_CSV | FORMAT_JSON (config.h) */
};

/* From -o: "-", a FILE, or a DIR (existing, or ending in '/') where a
   name <config>-<host>-<YYYYmmdd-HHMMSS>.csv (and .json) is made.
   formats is the config's; *formats_set says the user chose them (else
   a FILE.json means JSON alone), and where, for a message.  Checks now
   what can be checked before the run: that the targets are regular
   files or absent, that the names fit, and that the folder takes files
   and the way they are put in place.  0, or 2 after a message. */
int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force, unsigned formats, const char *formats_set);

typedef void output_writer(FILE *f, const void *ctx);

struct output_writers {
	output_writer *csv, *json, *samples;
};

/* Writes the files through temporary names in the same folder, syncs
   them and puts them in place without replacing any file (but a FILE
   given with --force).  A name taken meanwhile gets a suffix, -2, -3...;
   a partial run is written as <stem>-partial.csv.  SIGINT, SIGTERM and
   SIGHUP while writing remove the temporary files.  0, or 1 after a
   message, with nothing left behind. */
int output_commit(struct output *o, const struct output_writers *w,
		  const void *ctx, bool partial);

void output_free(struct output *o);

/* One file alone (a size mix): output_check_file says before the work
   whether path can be written (a regular file or nothing, replaced only
   with force; its folder takes files): 0, or 2 after a message.
   output_file writes it through a temporary name in its folder and
   puts it in place whole: 0, or 1 after a message, nothing left. */
int output_check_file(const char *path, bool force);
int output_file(const char *path, bool force, output_writer *w, const void *ctx);

#endif
