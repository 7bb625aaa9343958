/* Command lines read by getopt_long from one table per command: the
 * parser, --help's list and the tests that check the man pages all come
 * from it (csumbench's commands and csumreport's alike).  getopt_long is
 * glibc's and musl's; nothing else of GNU getopt is used but '-' and ':'
 * at the head of the short options (both libraries have them): words
 * that are no option come back in order whatever POSIXLY_CORRECT says,
 * and a missing value is told from an unknown option. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/args.h"
#include "lib/xalloc.h"

const char *args_prog = "csumbench";

static const struct args_opt help_opt = {
	.name = "help", .key = 'h', .help = "print this help and exit"
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
	args_begin_into(a, c, argc, argv, NULL);
}

void args_begin_into(struct args *a, const struct args_cmd *c, int argc,
		     char **argv, void *opts)
{
	size_t n = count_opts(c), i, k = 0;

	memset(a, 0, sizeof(*a));
	a->cmd = c;
	a->to = opts;
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

int args_size(const char *s, unsigned *out)
{
	static const struct {
		const char *suffix;
		unsigned long long mul;
	} units[] = {
		{ "", 1 }, { "b", 1 }, { "k", 1ull << 10 }, { "kib", 1ull << 10 },
		{ "m", 1ull << 20 }, { "mib", 1ull << 20 }, { "g", 1ull << 30 },
		{ "gib", 1ull << 30 },
	};
	unsigned long long v = 0;
	const char *p = s;
	size_t i;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		v = v * 10 + (unsigned long long)(*p - '0');
		if (v > 0xffffffffull)
			return -2;
	}
	/* "4 KiB", as a table heads its column, reads back too. */
	if (*p == ' ' && p[1])
		p++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(p, units[i].suffix))
			break;
	if (i == sizeof(units) / sizeof(units[0]) || v == 0)
		return -1;
	if (v > 0xffffffffull / units[i].mul)
		return -2;
	*out = (unsigned)(v * units[i].mul);
	return 0;
}

/* Whether x lies in o's range. */
static int in_range(const struct args_opt *o, double x)
{
	return (o->flags & ARGS_ABOVE_MIN ? x > o->min : x >= o->min) &&
	       (o->flags & ARGS_BELOW_MAX ? x < o->max : x <= o->max);
}

/* The place of v in o's names, or -1. */
static int name_index(const struct args_opt *o, const char *v)
{
	int i;

	for (i = 0; o->names[i]; i++)
		if (!strcmp(o->names[i], v))
			return i;
	return -1;
}

/* What o's message says is expected: "0 to 4095", "holm or bh". */
static const char *expected(const struct args_opt *o, char *buf, size_t n)
{
	size_t i, k = 0;

	if (o->expected)
		return o->expected;
	if (o->type != ARGS_ENUM) {
		snprintf(buf, n, "%.0f to %.0f", o->min, o->max);
		return buf;
	}
	buf[0] = '\0';
	for (i = 0; o->names[i] && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", !i ? "" :
				      o->names[i + 1] ? ", " : " or ", o->names[i]);
	return buf;
}

/* A value o refuses: "PROG CMD: --NAME 'V', expected X", or with
   ARGS_USAGE "PROG CMD: --NAME 'V': expected X" and the try line; a
   size over 4 GiB - 1 says it is too large.  Returns -1. */
static int refuse(const struct args_cmd *c, const struct args_opt *o,
		  const char *v, int too_large)
{
	char name[64], buf[512];
	const char *label = o->label;

	if (!label) {
		snprintf(name, sizeof(name), "--%s", o->name);
		label = name;
	}
	if (too_large)
		fprintf(stderr, "%s%s%s: %s '%s' is too large, expected at most "
			"4294967295 bytes\n", args_prog, sp(c), c->name, label, v);
	else
		fprintf(stderr, "%s%s%s: %s '%s'%s expected %s\n", args_prog, sp(c),
			c->name, label, v, o->flags & ARGS_USAGE ? ":" : ",",
			expected(o, buf, sizeof(buf)));
	if (o->flags & ARGS_USAGE)
		try_help(c);
	return -1;
}

/* v into the field of o's type at to: 0, or -1 after a message. */
static int store(const struct args_cmd *c, const struct args_opt *o, void *to,
		 const char *v)
{
	char *end;
	double x;
	long l;
	int e;

	switch (o->type) {
	case ARGS_KEY:
		return 0;
	case ARGS_FLAG:
		*(int *)to = 1;
		return 0;
	case ARGS_STRING:
		*(const char **)to = o->flags & ARGS_EMPTY_UNSET && !*v ? NULL : v;
		return 0;
	case ARGS_UINT:
		l = strtol(v, &end, 10);
		if (end == v || *end || !in_range(o, (double)l))
			return refuse(c, o, v, 0);
		*(long *)to = l;
		return 0;
	case ARGS_DOUBLE:
		errno = 0;
		x = strtod(v, &end);
		if (errno == ERANGE && o->flags & ARGS_UNDERFLOW_OK &&
		    fabs(x) <= DBL_MIN)
			errno = 0;
		if (end == v || *end || errno || !in_range(o, x))
			return refuse(c, o, v, 0);
		*(double *)to = x;
		return 0;
	case ARGS_ENUM:
		e = name_index(o, v);
		if (e < 0)
			return refuse(c, o, v, 0);
		*(int *)to = e;
		return 0;
	case ARGS_SIZE:
		e = args_size(v, &((struct args_size *)to)->bytes);
		if (e)
			return refuse(c, o, v, e == -2);
		((struct args_size *)to)->text = v;
		return 0;
	}
	return 0;
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
		o = a->to ? opt_of_key(c, k) : NULL;
		if (!o || o->type == ARGS_KEY)
			return k;
		if (store(c, o, (char *)a->to + o->at, optarg))
			return ARGS_BAD;
		return args_next(a, val);
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

