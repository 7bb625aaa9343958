/* What every table of csumreport table shares: its caption, the blank
   line and heading before it, the alignment and cycles_per_tick it shows. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "read/query.h"
#include "text/frame.h"
#include "text/wrap.h"

int kernel_prefetches(const struct results *r, const char *kernel)
{
	struct row *const *w;
	size_t n = results_kernel_rows(r, kernel, &w), i;

	for (i = 0; i < n; i++)
		if (strcmp(w[i]->prefetch, "none"))
			return 1;
	return 0;
}

void print_caption(const struct results *r, const char *what)
{
	if (strlen(r->cpu) + strlen(what) + 2 <= TABLE_WIDTH) {
		printf("%s: %s\n", r->cpu, what);
	} else {
		print_wrapped("  ", "%s", r->cpu);
		print_wrapped("  ", "%s", what);
	}
	if (r->model[0])
		print_wrapped("  ", "MODEL RUN: %s.", r->model + (strncmp(r->model, "MODEL: ", 7) ? 0 : 7));
	else if (!strcmp(r->emulated, "yes"))
		printf("EMULATED RUN: these timings are not real.\n");
	if (r->partial)
		printf("PARTIAL RUN: it stopped early (# partial: in the CSV).\n");
}

void table_begin(struct table_out *out)
{
	if (out->ntables++)
		printf("\n");
	if (out->heading) {
		print_wrapped("  ", "%s", out->heading);
		out->heading = NULL;
	}
}

unsigned table_align(const struct results *r, const struct table_opts *o)
{
	unsigned align;
	size_t i;

	if (o->align >= 0)
		return (unsigned)o->align;
	align = r->rows[0].align;
	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].align < align)
			align = r->rows[i].align;
	return align;
}

int table_cycles_per_tick(const struct results *r, char *buf, size_t n)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (isfinite(r->rows[i].cycles_per_tick)) {
			lo = fmin(lo, r->rows[i].cycles_per_tick);
			hi = fmax(hi, r->rows[i].cycles_per_tick);
		}
	if (lo > hi)
		return 0;
	if (lo == hi)
		snprintf(buf, n, "%.4f", lo);
	else
		snprintf(buf, n, "%.4f to %.4f (per row)", lo, hi);
	return 1;
}
