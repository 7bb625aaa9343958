/* csumreport show: a results CSV's context in 72 columns, as pyperf
   show and pyperf metadata print a result's: the machine, the timer,
   the clock, the build, the config, every warning and a summary.  With
   --line, the one line make table and make compare start with. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/args.h"
#include "read/results.h"
#include "show/show.h"
#include "text/warnline.h"
#include "text/wrap.h"

enum { O_LINE = 256 };

struct show_opts {
	const char *path[2];
	size_t npath;
	int line;
};

#define AT(field) offsetof(struct show_opts, field)

static const struct args_opt options[] = {
	{ .name = "line", .key = O_LINE,
	  .help = "the warnings in one line only (of two\n"
		  "files: before and after)",
	  .type = ARGS_FLAG, .at = AT(line) },
	{ .name = NULL }
};

static const struct args_cmd command = {
	"show", "RESULTS.csv [OPTION]...",
	"Where, how and by what a results CSV was measured, from its\n"
	"'# key:' lines: the machine (CPU, arch, kernel, runner, emulated\n"
	"or not), the timer (its counter, what it counts, resolution,\n"
	"overhead), the clock (cycles per tick and where they came from),\n"
	"the build, the config; every warning with what it qualifies; and a\n"
	"summary: kernels x ops x sizes x cache states, the points, and the\n"
	"points the data flags.  A key the file lacks is 'not recorded'.\n\n"
	"--line prints only the warnings line (make table and make compare\n"
	"start with it): their count, the first words of each, and the\n"
	"command that shows them whole.  Lines of at most 72 columns.\n"
	"Exit status: 0, or 2 for bad usage or input.\n",
	options
};

/* The options and files: -1 to go on, else the exit status. */
static int parse_command(struct show_opts *o, int argc, char **argv)
{
	struct args args;
	const char *v;
	int c, rc = -1;

	memset(o, 0, sizeof(*o));
	args_begin_into(&args, &command, argc, argv, o);
	while (rc < 0 && (c = args_next(&args, &v)) != ARGS_END) {
		if (c == ARGS_HELP || c == ARGS_BAD)
			rc = c == ARGS_HELP ? 0 : 2;
		else if (o->npath == 2)
			rc = args_bad_usage(&command, "unexpected '%s' (one "
					    "RESULTS.csv, two with --line)", v);
		else
			o->path[o->npath++] = v;
	}
	args_end(&args);
	if (rc < 0 && !o->npath)
		rc = args_bad_usage(&command, "no RESULTS.csv given");
	else if (rc < 0 && o->npath == 2 && !o->line)
		rc = args_bad_usage(&command, "unexpected '%s' (one RESULTS.csv; "
				    "two only with --line)", o->path[1]);
	return rc;
}

static void show_all(const struct results *r, const char *path)
{
	print_wrapped("  ", "results: %s", path);
	if (!strcmp(r->emulated, "yes"))
		print_wrapped("  ", "EMULATED: timed under an emulator; no "
			      "figure here is a CPU's");
	if (r->partial)
		print_wrapped("  ", "PARTIAL: the run stopped early");
	printf("\n");
	show_machine(r);
	show_timer(r);
	show_clock(r);
	show_build(r);
	show_config(r);
	show_warnings(r);
	show_summary(r);
}

int cmd_show(int argc, char **argv)
{
	struct results r[2];
	const struct results *rp[2] = { &r[0], &r[1] };
	struct show_opts o;
	size_t i, read = 0;
	int rc = parse_command(&o, argc, argv);

	if (rc >= 0)
		return rc;
	for (rc = 0; read < o.npath && !rc; read++)
		if (results_read(&r[read], o.path[read], 0)) {
			rc = 2;
			break;
		}
	if (!rc && o.line)
		print_warnings_line(stdout, rp, o.path, o.npath);
	else if (!rc)
		show_all(&r[0], o.path[0]);
	for (i = 0; i < read; i++)
		results_free(&r[i]);
	return rc;
}
