/* Command lines read by getopt_long from one table per command (args.c):
   csumbench's commands and csumreport's. */
#ifndef CSUMBENCH_ARGS_H
#define CSUMBENCH_ARGS_H

#include <getopt.h>	/* struct option, optind */
#include <stdio.h>

/* The program's name in messages: "csumbench" or "csumreport". */
extern const char *args_prog;

/* An option, described once: getopt_long's entry and --help's line.
   key: its short letter, or a number from 256 up for a long one only;
   arg: what its value is ("K", "PCT"), NULL when it takes none; help:
   one line for --help, '\n' where it goes on. */
struct args_opt {
	const char *name;
	int key;
	const char *arg;
	const char *help;
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
int args_next(struct args *a, const char **val);
void args_end(struct args *a);
/* The usage and every option to f: 0 for stdout, 2 for stderr. */
int args_usage(const struct args_cmd *c, FILE *f);
/* "PROG CMD: " and fmt's line, then the try line; returns 2. */
int args_bad_usage(const struct args_cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
