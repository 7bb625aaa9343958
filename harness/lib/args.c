/* Command lines read by getopt_long from one table per command: the
 * parser, --help's list and the tests that check the man pages all come
 * from it (csumbench's commands and csumreport's alike).  getopt_long is
 * glibc's and musl's; nothing else of GNU getopt is used but '-' and ':'
 * at the head of the short options (both libraries have them): words
 * that are no option come back in order whatever POSIXLY_CORRECT says,
 * and a missing value is told from an unknown option. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/args.h"
#include "lib/xalloc.h"

const char *args_prog = "csumbench";

static const struct args_opt help_opt = {
	"help", 'h', NULL, "print this help and exit"
};

static size_t count_opts(const struct args_cmd *c)
{
	size_t n = 0;

	while (c->opts && c->opts[n].name)
		n++;
	return n;
}

/* "  -h, --help" or "      --kernel=K": the left column of --help. */
static int opt_left(const struct args_opt *o, char *buf, size_t n)
{
	char s[8] = "    ";

	if (o->key > 0 && o->key < 256)
		snprintf(s, sizeof(s), "-%c, ", o->key);
	return snprintf(buf, n, "  %s--%s%s%s", s, o->name, o->arg ? " " : "",
			o->arg ? o->arg : "");
}

static void print_opt(FILE *f, const struct args_opt *o)
{
	const char *h = o->help, *nl;
	char left[96];
	int w = opt_left(o, left, sizeof(left)), first = 1;

	if (w > 24)
		fprintf(f, "%s\n", left);
	do {
		nl = strchr(h, '\n');
		fprintf(f, "%-26s%.*s\n", first && w <= 24 ? left : "",
			nl ? (int)(nl - h) : (int)strlen(h), h);
		first = 0;
		h = nl ? nl + 1 : NULL;
	} while (h);
}

/* " table", or "" for csumreport's own options. */
static const char *sp(const struct args_cmd *c)
{
	return *c->name ? " " : "";
}

int args_usage(const struct args_cmd *c, FILE *f)
{
	size_t i, n = count_opts(c);

	fprintf(f, "usage: %s%s%s %s\n", args_prog, sp(c), c->name, c->synopsis);
	if (c->about)
		fprintf(f, "\n%s", c->about);
	fprintf(f, "\nOptions (--opt VALUE or --opt=VALUE; -- ends them):\n");
	for (i = 0; i < n; i++)
		print_opt(f, &c->opts[i]);
	print_opt(f, &help_opt);
	return f == stdout ? 0 : 2;
}

static void try_help(const struct args_cmd *c)
{
	fprintf(stderr, "try '%s%s%s --help'\n", args_prog, sp(c), c->name);
}

void args_begin(struct args *a, const struct args_cmd *c, int argc,
		char **argv)
{
	size_t n = count_opts(c), i, k = 0;

	memset(a, 0, sizeof(*a));
	a->cmd = c;
	a->argc = argc;
	a->argv = argv;
	a->lo = xcalloc(n + 2, sizeof(*a->lo), "the command line");
	a->shorts = xcalloc(3 * n + 8, 1, "the command line");
	strcpy(a->shorts, "-:h");
	k = strlen(a->shorts);
	for (i = 0; i < n; i++) {
		const struct args_opt *o = &c->opts[i];

		a->lo[i].name = o->name;
		a->lo[i].has_arg = o->arg ? required_argument : no_argument;
		a->lo[i].val = o->key;
		if (o->key > 0 && o->key < 256) {
			a->shorts[k++] = (char)o->key;
			if (o->arg)
				a->shorts[k++] = ':';
		}
	}
	a->lo[n].name = help_opt.name;
	a->lo[n].val = help_opt.key;
	/* optind = 0 starts getopt afresh in glibc and in musl (1 keeps
	   glibc's state of an earlier scan). */
	optind = 0;
	opterr = 0;
}

void args_end(struct args *a)
{
	free(a->lo);
	free(a->shorts);
	a->lo = NULL;
	a->shorts = NULL;
}

/* What getopt_long refused in the element e: "--name" (without its
   value), or "-x" (in a bundle too). */
static void refused(const char *e, char *buf, size_t n)
{
	const char *eq = strchr(e, '=');

	if (!strncmp(e, "--", 2) && e[2])
		snprintf(buf, n, "%.*s", eq ? (int)(eq - e) : (int)strlen(e), e);
	else if (optopt > 0 && optopt < 256)
		snprintf(buf, n, "-%c", optopt);
	else
		snprintf(buf, n, "%s", e);
}

/* The long options that start with what was typed ("--c": --cache,
   --code-offset): more than one is why getopt_long refused it. */
static size_t matches(const struct args_cmd *c, const char *typed,
		      char *list, size_t n)
{
	size_t i, k = 0, len = strlen(typed), m = 0;

	list[0] = '\0';
	for (i = 0; c->opts && c->opts[i].name; i++)
		if (!strncmp(c->opts[i].name, typed, len) && k < n) {
			k += (size_t)snprintf(list + k, n - k, "%s--%s", m ? ", " : "",
					      c->opts[i].name);
			m++;
		}
	return m;
}

static const struct args_opt *opt_of_key(const struct args_cmd *c, int key)
{
	size_t i;

	for (i = 0; c->opts && c->opts[i].name; i++)
		if (c->opts[i].key == key)
			return &c->opts[i];
	return NULL;
}

int args_next(struct args *a, const char **val)
{
	const struct args_cmd *c = a->cmd;
	const struct args_opt *o;
	char what[128], list[512];
	const char *e;
	int k, at = optind > 0 ? optind : 1;

	*val = NULL;
	if (a->rest) {
		if (optind < a->argc) {
			*val = a->argv[optind++];
			return ARGS_ARG;
		}
		return ARGS_END;
	}
	k = getopt_long(a->argc, a->argv, a->shorts, a->lo, NULL);
	/* the element it read (the bundle, for "-xn") */
	e = at < a->argc ? a->argv[at] : "";
	switch (k) {
	case -1:
		/* musl stops at a lone "-" (standard input) that glibc hands
		   back as a word: a word here too, and the options go on. */
		if (optind < a->argc && !strcmp(a->argv[optind], "-") &&
		    !(optind > 0 && !strcmp(a->argv[optind - 1], "--"))) {
			*val = a->argv[optind++];
			return ARGS_ARG;
		}
		/* After "--", every word is an argument, "-x.csv" too. */
		a->rest = 1;
		return args_next(a, val);
	case 1:
		*val = optarg;
		return ARGS_ARG;
	case 'h':
		args_usage(c, stdout);
		return ARGS_HELP;
	case ':':
		refused(e, what, sizeof(what));
		o = opt_of_key(c, optopt);
		fprintf(stderr, "%s%s%s: option '%s' needs a value%s%s%s\n",
			args_prog, sp(c), c->name, what, o ? " (" : "", o ? o->arg : "", o ? ")" : "");
		try_help(c);
		return ARGS_BAD;
	case '?':
		refused(e, what, sizeof(what));
		o = optopt == help_opt.key ? &help_opt : opt_of_key(c, optopt);
		if (optopt && o && !o->arg && strchr(e, '='))
			fprintf(stderr, "%s%s%s: option '%s' takes no value\n",
				args_prog, sp(c), c->name, what);
		else if (!strncmp(what, "--", 2) &&
			 matches(c, what + 2, list, sizeof(list)) > 1)
			fprintf(stderr, "%s%s%s: option '%s' is ambiguous: %s\n",
				args_prog, sp(c), c->name, what, list);
		else
			fprintf(stderr, "%s%s%s: unknown option '%s'\n",
				args_prog, sp(c), c->name, what);
		try_help(c);
		return ARGS_BAD;
	default:
		*val = optarg;
		return k;
	}
}

int args_bad_usage(const struct args_cmd *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s%s%s: ", args_prog, sp(c), c->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	try_help(c);
	return 2;
}

