/* csumreport: host-side tables, comparisons and figure layout from
   csumbench results CSVs.  Needs only a C compiler; gnuplot draws.
   Each command's options are a table read by lib/args.c. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "figure/figure.h"
#include "lib/args.h"
#include "recommend/recommend.h"
#include "show/show.h"
#include "table/table.h"
#include "version.h"

/* Output that did not reach its file (a full disk, a closed pipe) must
   not pass for a table: make and scripts look at the exit status. */
static int flush_stdout(const char *cmd, int rc)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	fprintf(stderr, "csumreport %s: writing standard output: %s\n", cmd,
		errno ? strerror(errno) : "write error");
	return rc ? rc : 1;
}

enum { O_VERSION = 256 };

static const struct args_opt top_opts[] = {
	{ .name = "version", .key = O_VERSION,
	  .help = "print the version and exit" },
	{ .name = NULL }
};

static const struct args_cmd top = {
	"", "COMMAND [OPTION]... [FILE]...",
	"Commands (csumreport COMMAND --help for each one's options):\n"
	"  table      commit-message table: distances x sizes or cache states\n"
	"  compare    before/after, with a significance test per point\n"
	"  recommend  the prefetch distance to use, tested, against a model\n"
	"  plot       PNG and SVG figures beside a results CSV (gnuplot)\n"
	"  gpvars     check a results CSV, print plot/figure/*.gp's layout\n"
	"  show       a results CSV's machine, timer, build and warnings\n"
	"The manual: man -l docs/man/csumreport.1\n",
	top_opts
};

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "table", cmd_table },
	{ "compare", cmd_compare },
	{ "recommend", cmd_recommend },
	{ "plot", cmd_plot },
	{ "gpvars", cmd_gpvars },
	{ "show", cmd_show },
};

int main(int argc, char **argv)
{
	struct args a;
	const char *val;
	size_t i;
	int k;

	/* The top level's own options come before the command: "+" would be
	   GNU's way to stop there; the command is simply the first word. */
	args_prog = "csumreport";
	args_begin(&a, &top, argc, argv);
	k = args_next(&a, &val);
	args_end(&a);
	if (k == ARGS_HELP)
		return flush_stdout("--help", 0);
	if (k == O_VERSION) {
		printf("csumreport %s (%s)\n", CSUMREPORT_GIT, CSUMREPORT_CC);
		return flush_stdout("--version", 0);
	}
	if (k == ARGS_BAD)
		return 2;
	if (k != ARGS_ARG) {
		args_usage(&top, stderr);
		return 2;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, val))
			return flush_stdout(val, commands[i].run(argc - (optind - 1),
								  argv + (optind - 1)));
	fprintf(stderr, "csumreport: unknown command '%s', expected table, "
		"compare, recommend, plot, gpvars or show\n", val);
	fprintf(stderr, "try 'csumreport --help'\n");
	return 2;
}
