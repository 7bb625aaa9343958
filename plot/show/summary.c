/* csumreport show's warnings, every one with what it qualifies, and a
   summary of what the file holds: its grid, its points, and those the
   data itself flags. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/query.h"
#include "read/results.h"
#include "show/show.h"
#include "text/warnings.h"
#include "text/warnline.h"
#include "text/wrap.h"

/* Whether a warning line, a process's or the run's, says what the key
   says already. */
static int said(const struct results *r, const char *start)
{
	const char *w;
	size_t i;

	for (i = 0; i < r->nwarnings; i++) {
		warning_process(r->warnings[i], &w);
		if (!strncmp(w, start, strlen(start)))
			return 1;
	}
	return 0;
}

void show_warnings(const struct results *r)
{
	size_t n = warnings_count(r), i;
	char title[64];

	snprintf(title, sizeof(title), n ? "warnings (%zu)" : "warnings: none", n);
	show_title(title);
	if (!strcmp(r->emulated, "yes") && !said(r, "emulated"))
		print_wrapped("    ", "WARNING (the run): emulated (# emulated: "
			      "yes): its timings are not real");
	if (r->partial)
		print_wrapped("    ", "WARNING (the run): partial: %s",
			      show_meta(r, "partial") ? show_meta(r, "partial") : "");
	print_warnings(stdout, r, "the run");
	for (i = 0; i < r->nmeta; i++)
		if (!strcmp(r->meta[i].key, "failed"))
			print_wrapped("    ", "FAILED (line %zu): %s", r->meta[i].line,
				      r->meta[i].value);
}

/* "N word" or "N words". */
static void count(char *b, size_t n, size_t k, const char *one, const char *many)
{
	snprintf(b, n, "%zu %s", k, k == 1 ? one : many);
}

static void grid(const struct results *r)
{
	char k[32], o[32], s[32], c[40];
	const char **w;
	unsigned *sizes;

	count(k, sizeof(k), results_kernels(r, 0, &w), "kernel", "kernels");
	free(w);
	count(o, sizeof(o), results_ops(r, &w), "op", "ops");
	free(w);
	count(s, sizeof(s), results_sizes(r, &sizes), "size", "sizes");
	free(sizes);
	count(c, sizeof(c), results_caches(r, &w), "cache state", "cache states");
	free(w);
	/* (each kernel is of one op: the ops are said, not multiplied) */
	show_fieldf("grid", "%s (%s) x %s x %s", k, o, s, c);
}

void show_summary(const struct results *r)
{
	size_t i, floor = 0, coarse = 0, stepped = 0, all = r->nrows + r->ngone;
	char steps[96];

	show_title("summary");
	grid(r);
	for (i = 0; i < r->nrows; i++) {
		floor += row_is_pseudo(&r->rows[i]) != 0;
		stepped += !isnan(r->rows[i].region_steps);
		coarse += r->rows[i].region_steps < REGION_STEPS_MIN;
	}
	show_fieldf("points", "%zu (%zu of them the floor's, the empty "
		    "kernel's), %u repeat%s", all, floor, r->repeats,
		    r->repeats == 1 ? "" : "s");
	if (stepped)
		snprintf(steps, sizeof(steps), "%zu timed in regions of fewer than "
			 "%d timer steps", coarse, REGION_STEPS_MIN);
	else
		snprintf(steps, sizeof(steps), "timer steps not recorded (no "
			 "region_steps column)");
	show_fieldf("flagged", "%zu: %zu left out (no time: below the overhead "
		    "or one timer step), %s", r->ngone + coarse, r->ngone, steps);
}
