/* csumreport plot: the figures of make plot, from wherever csumreport
   is: plot.sh draws them (gnuplot), found beside this program, in the
   tree (build/host/csumreport, ../../plot/figure/) or where make install
   put it (bin/csumreport, ../share/csumbench/plot/). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "figure/figure.h"
#include "lib/args.h"

enum { O_KERNEL = 256, O_OP, O_BEFORE, O_AFTER, O_BK, O_AK, O_ERRORBARS };

static const struct args_opt plot_opts[] = {
	{ .name = "kernel", .key = O_KERNEL, .arg = "K,K@D",
	  .help = "the kernels drawn: K at each of its distances,\n"
	  "K@D at distance D" },
	{ .name = "op", .key = O_OP, .arg = "OP",
	  .help = "figures of this op only (load: the roofline's)" },
	{ .name = "errorbars", .key = O_ERRORBARS, .arg = "iqr",
	  .help = "whiskers over each point's interquartile range" },
	{ .name = "before", .key = O_BEFORE, .arg = "B.csv",
	  .help = "with --after: the change from B to A too" },
	{ .name = "after", .key = O_AFTER, .arg = "A.csv",
	  .help = "the after side of the change figure" },
	{ .name = "before-kernel", .key = O_BK, .arg = "K",
	  .help = "the change figure's before kernel (name@D)" },
	{ .name = "after-kernel", .key = O_AK, .arg = "K",
	  .help = "the change figure's after kernel (name@D)" },
	{ .name = NULL }
};

static const struct args_cmd plot_cmd = {
	"plot", "[RESULTS.csv] [OPTION]...",
	"PNG and SVG figures beside RESULTS.csv (make plot's): cycles per byte\n"
	"by size, throughput by prefetch distance (a figure per prefetching\n"
	"kernel), and with --before and --after the change from one run to\n"
	"the other.  Needs gnuplot.\n",
	plot_opts
};

/* Where plot.sh is, from this program's own path; 0, or -1. */
static int find_script(char *exe, size_t n, char *script, size_t sn)
{
	static const char *const rel[] = {
		"/../share/csumbench/plot/plot.sh",	/* installed */
		"/../../plot/figure/plot.sh",		/* the tree's build/host */
	};
	ssize_t len = readlink("/proc/self/exe", exe, n - 1);
	char *slash;
	size_t i;

	if (len <= 0)
		return -1;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(script, sn, "%.*s%s", (int)(slash - exe), exe, rel[i]);
		if (access(script, X_OK) == 0)
			return 0;
	}
	return -1;
}

int cmd_plot(int argc, char **argv)
{
	const char *results = "", *kernel = "", *op = "", *bars = "";
	const char *before = "", *after = "", *bk = "", *ak = "", *v;
	char exe[PATH_MAX], script[PATH_MAX + 64];
	int k, rc = 0, sides = 0;
	struct args a;

	args_begin(&a, &plot_cmd, argc, argv);
	while (!rc && (k = args_next(&a, &v)) != ARGS_END) {
		switch (k) {
		case ARGS_ARG:
			if (*results)
				rc = args_bad_usage(&plot_cmd, "one results CSV, not "
						    "'%s' and '%s'", results, v);
			results = v;
			break;
		case O_KERNEL: kernel = v; break;
		case O_OP: op = v; break;
		case O_ERRORBARS: bars = v; break;
		case O_BEFORE: before = v; sides = 1; break;
		case O_AFTER: after = v; sides = 1; break;
		case O_BK: bk = v; break;
		case O_AK: ak = v; break;
		case ARGS_HELP: rc = 1; break;
		default: rc = 2; break;
		}
	}
	args_end(&a);
	if (rc)
		return rc == 1 ? 0 : 2;
	/* (an empty side is a mistake, never a plot of something else) */
	if (sides && (!*before || !*after))
		return args_bad_usage(&plot_cmd, "--before and --after name the two "
				      "runs of a change figure: give both files");
	if (!*results && !*after)
		return args_bad_usage(&plot_cmd, "no RESULTS.csv given");
	if (find_script(exe, sizeof(exe), script, sizeof(script))) {
		fprintf(stderr, "csumreport plot: no plot/plot.sh beside this "
			"program (make install puts it in share/csumbench/plot)\n");
		return 2;
	}
	fflush(stdout);
	execl(script, script, exe, results, kernel, before, after, bk, ak, op,
	      bars, (char *)NULL);
	fprintf(stderr, "csumreport plot: cannot run %s: %m\n", script);
	return 2;
}
