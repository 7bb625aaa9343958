/* csumreport table --by load: idle against busy, as the folded-versus-
   split discussion argued it under a background load: per size and cache
   state, the fastest, slowest and mean call of each kernel with nothing
   else running and with the busy load, side by side.  The worst case
   (max) is the column that discussion decided by. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/query.h"
#include "read/sizes.h"
#include "table/copytable.h"
#include "table/loadtable.h"
#include "text/frame.h"
#include "text/wrap.h"

/* A row of the tables: a kernel, at one distance if it prefetches. */
struct lrow {
	const char *kernel, *pf;
	char name[160];
};

/* timing = per-call: each kernel's p99 and p99.9 call, and its worst
   call the scheduler did not switch out, idle and busy, where the worst
   calls of a loaded machine show (the max above includes those). */
static void tails(const struct results *r, const char *const *names,
		  const struct row *const *idle, const struct row *const *busy,
		  size_t n, int cycles)
{
	size_t k;
	bool any = false;

	for (k = 0; k < n; k++)
		any |= (idle[k] && idle[k]->per_call) || (busy[k] && busy[k]->per_call);
	if (!any)
		return;
	print_wrapped("  ", "p99 / p99.9 / worst call not preempted (and how "
		      "many preempted calls that leaves out) of single calls, "
		      "%s:", cycles ? "cycles" : "ns");
	for (k = 0; k < n; k++) {
		char a[96] = "-", b[96] = "-";
		const struct row *w[2] = { idle[k], busy[k] };
		char *cell[2] = { a, b };
		int j;

		if (!idle[k] && !busy[k])
			continue;
		for (j = 0; j < 2; j++) {
			double f = cycles ? w[j] ? w[j]->cycles_per_tick : NAN :
				   r->tick_hz > 0 ? 1e9 / r->tick_hz : NAN;
			double step = call_step(r, w[j], cycles);
			char p99[24], p999[24], worst[24];

			if (!w[j] || !w[j]->per_call || !(f > 0))
				continue;
			call_cell(round(w[j]->call_p99 * f), step, p99, sizeof(p99));
			call_cell(round(w[j]->call_p999 * f), step, p999, sizeof(p999));
			call_cell(round(w[j]->call_max_running * f), step, worst,
				  sizeof(worst));
			snprintf(cell[j], 96, "%s / %s / %s (%.0f)", p99, p999, worst,
				 w[j]->calls_preempted);
		}
		print_wrapped("      ", "  %s: idle %s, busy %s", names[k], a, b);
	}
}

/* The tables' rows: each kernel (o->kernel's alone, if given) at each
   of its prefetch distances, named K or K@D; *kernels is the caller's to
   free (the rows point into it). */
static struct lrow *load_rows(const struct results *r, const struct table_opts *o,
			      const char ***kernels, size_t *nrows)
{
	struct lrow *rows = NULL;
	const char **pf;
	size_t nk, i, j, np;

	*nrows = 0;
	nk = results_kernels(r, 0, kernels);
	for (i = 0; i < nk; i++) {
		const char *k = (*kernels)[i];

		if (o->kernel && strcmp(o->kernel, k))
			continue;
		np = results_prefetches(r, k, &pf);
		rows = xreallocarray(rows, *nrows + np, sizeof(*rows), "a load table");
		for (j = 0; j < np; j++, (*nrows)++) {
			struct lrow *w = &rows[*nrows];

			w->kernel = k;
			w->pf = pf[j];
			if (np == 1 && !strcmp(pf[j], "none"))
				snprintf(w->name, sizeof(w->name), "%s", k);
			else
				snprintf(w->name, sizeof(w->name), "%s@%s", k, pf[j]);
		}
		free(pf);
	}
	return rows;
}

void load_tables(const struct results *r, const struct table_opts *o,
		 int cycles, struct table_out *out)
{
	const char *off = o->off ? o->off : r->rows[0].code_offset;
	const char **kernels, **caches, *unit = cycles ? "cycles" : "ns";
	const struct row **idle, **busy;
	struct lrow *rows;
	const char **names;
	unsigned *sizes, align = table_align(r, o);
	size_t nc, ns, nrows, i, j, k;
	char what[512], lab[32], reps[32] = "", gi[32], gb[32];

	rows = load_rows(r, o, &kernels, &nrows);
	ns = results_sizes_calls(r, &sizes, 1);
	nc = results_caches(r, &caches);
	idle = xcalloc(nrows, sizeof(*idle), "a load table");
	busy = xcalloc(nrows, sizeof(*busy), "a load table");
	names = xcalloc(nrows, sizeof(*names), "a load table");
	for (k = 0; k < nrows; k++)
		names[k] = rows[k].name;
	if (r->repeats > 1)
		snprintf(reps, sizeof(reps), " x %u repeats", r->repeats);
	snprintf(gi, sizeof(gi), "idle, %s", unit);
	snprintf(gb, sizeof(gb), "busy, %s", unit);
	for (i = 0; i < ns; i++) {
		if (o->size && o->size != sizes[i])
			continue;
		for (j = 0; j < nc; j++) {
			struct spread_group g[2] = { { gi, idle, cycles, "idle" },
						     { gb, busy, cycles, "busy" } };
			char *busy_label;
			size_t found = 0;

			/* The idle states: each with its "+busy" twin. */
			if (strstr(caches[j], "+busy") ||
			    (o->cache && strcmp(o->cache, caches[j])))
				continue;
			busy_label = xmalloc(strlen(caches[j]) + 6, "a load table");
			sprintf(busy_label, "%s+busy", caches[j]);
			for (k = 0; k < nrows; k++) {
				idle[k] = results_find_calls(r, rows[k].kernel, sizes[i],
							     align, caches[j], rows[k].pf,
							     off);
				busy[k] = results_find_calls(r, rows[k].kernel, sizes[i],
							     align, busy_label, rows[k].pf,
							     off);
				found += busy[k] != NULL;
			}
			free(busy_label);
			if (!found)
				continue;
			snprintf(what, sizeof(what), "%.40s, %s %s, %.60s cache, idle "
				 "and busy%s, %u samples%s", r->rows[0].op,
				 size_label(sizes[i], lab, sizeof(lab)),
				 op_info(&r->ops, r->rows[0].op)->size_word, caches[j],
				 align ? ", misaligned" : "", r->samples, reps);
			table_begin(out);
			spread_block(r, names, g, 2, nrows, what);
			tails(r, names, idle, busy, nrows, cycles);
		}
	}
	free(rows);
	free(names);
	free(idle);
	free(busy);
	free(sizes);
	free(caches);
	free(kernels);
}
