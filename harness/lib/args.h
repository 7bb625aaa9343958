/* Command lines read by getopt_long from one table per command (args.c):
   csumbench's commands and csumreport's. */
#ifndef CSUMBENCH_ARGS_H
#define CSUMBENCH_ARGS_H

#include <getopt.h>	/* struct option, optind */
#include <stdio.h>

/* The program's name in messages: "csumbench" or "csumreport". */
extern const char *args_prog;

/* What an option's value is, and where args_next puts it: the field at
   the option's offset in the struct given to args_begin_into.  A value
   that is not of its type gets a message made from the option (its
   label, the value, what was expected) and ARGS_BAD. */
enum args_type {
	ARGS_KEY,	/* returned to the caller, the value in *val */
	ARGS_FLAG,	/* int: 1 */
	ARGS_STRING,	/* const char *: the value as given */
	ARGS_UINT,	/* long: a whole number from min to max (strtol's) */
	ARGS_DOUBLE,	/* double: a number from min to max (strtod's;
			   one out of its range, ERANGE, is refused unless
			   ARGS_UNDERFLOW_OK) */
	ARGS_ENUM,	/* int: where the value is in names */
	ARGS_SIZE,	/* struct args_size: bytes, with an optional B, K,
			   M or G */
};

/* A size, and how it was written (for the messages that quote it). */
struct args_size {
	unsigned bytes;
	const char *text;
};

/* Refinements of a type (args_opt's flags). */
enum {
	ARGS_EMPTY_UNSET = 1 << 0,	/* STRING: "" leaves NULL */
	ARGS_ABOVE_MIN = 1 << 1,	/* min itself is refused */
	ARGS_BELOW_MAX = 1 << 2,	/* max itself is refused */
	ARGS_USAGE = 1 << 3,		/* "LABEL 'V': expected X" and the try
					   line, as args_bad_usage words it */
	ARGS_UNDERFLOW_OK = 1 << 4,	/* DOUBLE: a value too small for a
					   double (1e-310) is kept, as
					   strtod gives it */
};

/* An option, described once: getopt_long's entry, --help's line, and
   what its value is.  key: its short letter, or a number from 256 up for
   a long one only; arg: what its value is called ("K", "PCT"), NULL
   when it takes none; help: one line for --help, '\n' where it goes on.
   type, at (offsetof the field), min and max, names (NULL-ended),
   flags: see above.  expected: what a bad value's message says is
   expected (NULL: "MIN to MAX", or the names "a, b or c"); label: how
   that message names the option (NULL: "--NAME"). */
struct args_opt {
	const char *name;
	int key;
	const char *arg;
	const char *help;
	enum args_type type;
	size_t at;
	double min, max;
	const char *const *names;
	const char *expected, *label;
	unsigned flags;
};

/* A command: its name, what follows it in a synopsis, paragraphs for
   --help, and its options (the last with name NULL).  --help (-h) is
   every command's without being listed. */
struct args_cmd {
	const char *name, *synopsis, *about;
	const struct args_opt *opts;
};

/* What args_next returns besides an option's key. */
enum {
	ARGS_ARG = 1,		/* a word that is no option: in *val */
	ARGS_END = -1,		/* no more */
	ARGS_HELP = -2,		/* --help went to stdout: exit 0 */
	ARGS_BAD = -3,		/* a message went to stderr: exit 2 */
};

struct args {
	const struct args_cmd *cmd;
	void *to;		/* the typed options' struct */
	int argc, rest;
	char **argv;
	struct option *lo;
	char *shorts;
};

/* argv[0] is the command's name; options and words in any order,
   "--opt VALUE" or "--opt=VALUE", "--" before words that start with
   '-'.  An unknown option or a missing value: a line saying which, and
   "try 'PROG CMD --help'". */
void args_begin(struct args *a, const struct args_cmd *c, int argc,
		char **argv);
/* The same, and every typed option stored into *opts as it comes;
   args_next returns only ARGS_KEY options' keys. */
void args_begin_into(struct args *a, const struct args_cmd *c, int argc,
		     char **argv, void *opts);
int args_next(struct args *a, const char **val);
void args_end(struct args *a);
/* The usage and every option to f: 0 for stdout, 2 for stderr. */
int args_usage(const struct args_cmd *c, FILE *f);
/* "PROG CMD: " and fmt's line, then the try line; returns 2. */
int args_bad_usage(const struct args_cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* s as a number of bytes, with an optional B, K, M or G (KiB, MiB, GiB;
   powers of 1024, any case; "4 KiB" too): 0, -1 when it is no size, -2
   when it is over 4 GiB - 1. */
int args_size(const char *s, unsigned *out);

#endif
