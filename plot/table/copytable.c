/* csumreport table for op csum_copy (and --by spread for any op): what
   one call costs, at each size and cache state, as the folded-versus-
   split discussion quoted it: the fastest, slowest and mean call of each
   kernel in ns and in cycles; for a replayed size mix, the mean call
   over its packets, as the scp measurement quoted it.  The pseudo kernel's floor (the cost of calling
   at all) is said below each table, not taken off its rows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/query.h"
#include "read/sizes.h"
#include "table/copytable.h"
#include "text/frame.h"
#include "text/labels.h"
#include "text/wrap.h"

/* A row of the tables: a kernel, at one distance if it prefetches. */
struct crow {
	const char *kernel, *pf;
	char *name;
};

/* One timer step in ns (or cycles): a per-call figure below it is
   empty in the CSV (calls_below_step); NAN where the run did not time
   single calls or the CSV does not say the step. */
double call_step(const struct results *r, const struct row *w, int cycles)
{
	if (!w || !w->per_call || !(r->resolution > 0))
		return NAN;
	return cycles ? r->resolution * w->cycles_per_tick :
	       r->tick_hz > 0 ? r->resolution / r->tick_hz * 1e9 : NAN;
}

/* A figure, "<STEP" for a per-call one below one timer step (step is
   NAN for the others), "-" for none. */
void call_cell(double v, double step, char *buf, size_t n)
{
	if (isfinite(v))
		snprintf(buf, n, "%.1f", v);
	else if (isfinite(step))
		snprintf(buf, n, "<%.1f", step);
	else
		snprintf(buf, n, "-");
}

/* The three figures of a point in one unit: min, max and mean per call. */
static void figures(const struct results *r, const struct row *w, int cycles,
		    double *v)
{
	double hz = r->tick_hz > 0 ? r->tick_hz : NAN;

	if (cycles) {
		v[0] = w->cyc_min;
		v[1] = w->cyc_max;
		v[2] = w->cyc_mean;
	} else {
		v[0] = w->ticks_min / hz * 1e9;
		v[1] = w->ticks_max / hz * 1e9;
		v[2] = w->ticks_mean / hz * 1e9;
	}
}

/* t in w columns, centred between dashes where they fit. */
static void dashed(const char *t, size_t w)
{
	size_t len = strlen(t), l, i;

	if (len + 2 > w) {
		printf("%*.*s", (int)w, (int)w, t);
		return;
	}
	l = (w - len - 2) / 2;
	for (i = 0; i < l; i++)
		putchar('-');
	printf(" %s ", t);
	for (i = l + len + 2; i < w; i++)
		putchar('-');
}

/* Whether row I has a point in any group. */
static int spread_row_shown(const struct spread_group *g, size_t ng, size_t i)
{
	size_t k;

	for (k = 0; k < ng && !g[k].pts[i]; k++)
		;
	return k < ng;
}

/* The widest cell of any group (5 at least); SHOWN gets the names of
   the rows with a point, *N how many. */
static size_t spread_cell_width(const struct results *r, const char *const *names,
				const struct spread_group *g, size_t ng,
				size_t nrows, const char **shown, size_t *n)
{
	size_t cw = 5, i, j, k;
	char buf[64];
	double v[3];

	for (i = 0, *n = 0; i < nrows; i++) {
		if (!spread_row_shown(g, ng, i))
			continue;
		shown[(*n)++] = names[i];
		for (k = 0; k < ng; k++) {
			if (!g[k].pts[i])
				continue;
			figures(r, g[k].pts[i], g[k].cycles, v);
			for (j = 0; j < 3; j++) {
				call_cell(v[j], call_step(r, g[k].pts[i], g[k].cycles),
					  buf, sizeof(buf));
				if (strlen(buf) > cw)
					cw = strlen(buf);
			}
		}
	}
	return cw;
}

/* The caption, the timer's conversions and what min, max, avg are. */
static void print_spread_head(const struct results *r,
			      const struct spread_group *g, size_t ng,
			      size_t nrows, const char *what)
{
	char cycles_per_tick[96], ns[64], cyc[128];
	int any_cycles = 0, any_ns = 0, per_call = 0;
	size_t i, k;

	for (k = 0; k < ng; k++) {
		any_cycles |= g[k].cycles;
		any_ns |= !g[k].cycles;
	}
	print_caption(r, what);
	if (table_cycles_per_tick(r, cycles_per_tick, sizeof(cycles_per_tick)))
		snprintf(cyc, sizeof(cyc), "cycles = ticks x %s",
			 cycles_per_tick);
	else
		snprintf(cyc, sizeof(cyc), "no cycles_per_tick in the CSV");
	if (r->tick_hz > 0)
		snprintf(ns, sizeof(ns), "ns = ticks / %.0f Hz", r->tick_hz);
	else
		snprintf(ns, sizeof(ns), "no '# tick_hz:' line, no ns");
	for (i = 0; i < nrows; i++)
		for (k = 0; k < ng; k++)
			per_call |= g[k].pts[i] && g[k].pts[i]->per_call;
	print_wrapped("  ", "per call; timer %s: %s%s%s", r->timer[0] ?
		      r->timer : "unknown", any_ns ? ns : "",
		      any_ns && any_cycles ? ", " : "", any_cycles ? cyc : "");
	print_wrapped("  ", "%s", per_call ? "min, max, avg: of single calls, "
		      "each timed alone (timing = per-call)" : "min, max: of "
		      "samples, each a timed region's mean (timing = batch)");
}

/* How the groups are laid out: cells CW wide, a group GW, PER groups
   side by side after a kernel column W0 wide. */
struct spread_layout {
	struct labels lab;
	size_t cw, gw, per, w0;
};

/* Groups K0 to K1 side by side: their labels, then min, max, avg of
   each row that has a point in any group. */
static void print_spread_groups(const struct results *r, const char *const *names,
				const struct spread_group *g, size_t ng, size_t k0,
				size_t k1, size_t nrows, const struct spread_layout *l)
{
	static const char *const col[3] = { "min", "max", "avg" };
	size_t i, j, k;
	char buf[64];
	double v[3];

	printf("%-*s", (int)l->w0, "");
	for (k = k0; k < k1; k++) {
		printf("  ");
		dashed(g[k].label, l->gw);
	}
	printf("\n%-*s", (int)l->w0, "kernel");
	for (k = k0; k < k1; k++)
		for (j = 0; j < 3; j++)
			printf("  %*s", (int)l->cw, col[j]);
	printf("\n");
	for (i = 0; i < nrows; i++) {
		if (!spread_row_shown(g, ng, i))
			continue;
		printf("%-*s", (int)l->w0, labels_get(&l->lab, names[i]));
		for (k = k0; k < k1; k++) {
			if (g[k].pts[i])
				figures(r, g[k].pts[i], g[k].cycles, v);
			for (j = 0; j < 3; j++) {
				call_cell(g[k].pts[i] ? v[j] : NAN,
					  call_step(r, g[k].pts[i], g[k].cycles),
					  buf, sizeof(buf));
				printf("  %*s", (int)l->cw, buf);
			}
		}
		printf("\n");
	}
}

/* The floor of each group: its pseudo row beside any of its points. */
static void print_spread_floor(const struct results *r,
			       const struct spread_group *g, size_t ng,
			       size_t nrows)
{
	char buf[64], kernel[64], fl[256];
	size_t i, k;
	double v[3];

	for (k = 0, fl[0] = '\0'; k < ng; k++) {
		const struct row *any = NULL, *f;
		size_t m = strlen(fl);
		for (i = 0; i < nrows && !any; i++)
			any = g[k].pts[i];
		f = any ? results_floor(r, any) : NULL;
		if (!f)
			continue;
		figures(r, f, g[k].cycles, v);
		call_cell(v[2], call_step(r, f, g[k].cycles), buf, sizeof(buf));
		/* "12.3 ns", or with a floor label, "busy 12.3 ns" */
		snprintf(fl + m, sizeof(fl) - m, "%s%s%s%s %s", m ? ", " : "",
			 g[k].floor_label ? g[k].floor_label : "",
			 g[k].floor_label ? " " : "", buf,
			 g[k].cycles ? "cycles" : "ns");
		snprintf(kernel, sizeof(kernel), "%s", f->kernel);
	}
	if (fl[0])
		print_wrapped("  ", "floor: %s avg %s (not taken off)", kernel, fl);
	else
		printf("floor: no harness row at this point\n");
}

void spread_block(const struct results *r, const char *const *names,
		  const struct spread_group *g, size_t ng, size_t nrows,
		  const char *what)
{
	const char **shown = xcalloc(nrows, sizeof(*shown), "a csum_copy table");
	struct spread_layout l;
	size_t k0, n;

	l.cw = spread_cell_width(r, names, g, ng, nrows, shown, &n);
	/* Two groups side by side if a kernel column of 8 still fits. */
	l.gw = 3 * l.cw + 4;
	l.per = 8 + 2 * (l.gw + 2) <= TABLE_WIDTH ? 2 : 1;
	labels_make(&l.lab, shown, n, TABLE_WIDTH > l.per * (l.gw + 2) + 8 ?
		    TABLE_WIDTH - l.per * (l.gw + 2) : 8, "kernel");
	l.w0 = labels_width(&l.lab) > 6 ? labels_width(&l.lab) : 6;

	print_spread_head(r, g, ng, nrows, what);
	labels_caption(&l.lab);
	for (k0 = 0; k0 < ng; k0 += l.per) {
		if (k0)
			printf("\n");
		print_spread_groups(r, names, g, ng, k0, k0 + l.per < ng ?
				    k0 + l.per : ng, nrows, &l);
	}
	print_spread_floor(r, g, ng, nrows);
	labels_free(&l.lab);
	free(shown);
}

static void print_block(const struct results *r, const struct crow *rows,
			const struct row **pts, size_t nrows, const char *what)
{
	const char **names = xcalloc(nrows, sizeof(*names), "a csum_copy table");
	struct spread_group g[2] = { { "ns", pts, 0, NULL },
				     { "cycles", pts, 1, NULL } };
	size_t i;

	for (i = 0; i < nrows; i++)
		names[i] = rows[i].name;
	spread_block(r, names, g, 2, nrows, what);
	free(names);
}

/* The tables' rows: each kernel (o->kernel's alone, if given) at each
   of its prefetch distances, named K@D as compare takes it (K alone for
   a kernel without distances); the rows point into *kernels. */
static struct crow *copy_rows(const struct results *r, const struct table_opts *o,
			      const char ***kernels, size_t *nrows)
{
	struct crow *rows = NULL;
	const char **pf;
	size_t nk, cap = 0, i, j, np, len;

	*nrows = 0;
	nk = results_kernels(r, 0, kernels);
	for (i = 0; i < nk; i++) {
		const char *k = (*kernels)[i];

		if (o->kernel && strcmp(o->kernel, k))
			continue;
		np = results_prefetches(r, k, &pf);
		for (j = 0; j < np; j++) {
			struct crow *w;

			if (*nrows == cap) {
				cap = cap ? 2 * cap : 16;
				rows = xreallocarray(rows, cap, sizeof(*rows), "a csum_copy table");
			}
			w = &rows[(*nrows)++];
			len = strlen(k) + strlen(pf[j]) + 2;
			w->kernel = k;
			w->pf = pf[j];
			w->name = xmalloc(len, "a csum_copy table");
			if (np == 1 && !strcmp(pf[j], "none"))
				snprintf(w->name, len, "%s", k);
			else
				snprintf(w->name, len, "%s@%s", k, pf[j]);
		}
		free(pf);
	}
	return rows;
}

void copy_tables(const struct results *r, const struct table_opts *o,
		 struct table_out *out)
{
	const char *off = o->off ? o->off : r->rows[0].code_offset;
	const char **kernels, **caches;
	const struct row **pts;
	struct crow *rows;
	unsigned *sizes, align = table_align(r, o);
	size_t nc, ns, nrows, i, j, k, len;
	char *what, lab[32], reps[32] = "";

	for (i = 0; i < r->nrows && strcmp(r->rows[i].code_offset, off); i++)
		;
	if (i == r->nrows)
		return;		/* this op was not swept: not at that offset */
	rows = copy_rows(r, o, &kernels, &nrows);
	ns = results_sizes(r, &sizes);
	nc = results_caches(r, &caches);
	pts = xcalloc(nrows, sizeof(*pts), "a csum_copy table");
	len = strlen(r->rows[0].op) + strlen(off) + 256;
	for (i = 0; i < nc; i++)
		if (strlen(caches[i]) + 256 > len)
			len = strlen(caches[i]) + 256 + strlen(r->rows[0].op) +
			      strlen(off);
	what = xmalloc(len, "a csum_copy table");
	if (r->repeats > 1)
		snprintf(reps, sizeof(reps), " x %u repeats", r->repeats);
	for (i = 0; i < ns; i++) {
		if (o->size && o->size != sizes[i])
			continue;
		for (j = 0; j < nc; j++) {
			size_t found = 0;

			if (o->cache && strcmp(o->cache, caches[j]))
				continue;
			for (k = 0; k < nrows; k++) {
				pts[k] = results_find(r, rows[k].kernel, sizes[i], align,
						      caches[j], rows[k].pf, off);
				found += pts[k] != NULL;
			}
			if (!found)
				continue;
			snprintf(what, len, "%s, %s %s, %s cache%s%s%s, %u "
				 "samples%s", r->rows[0].op,
				 size_label(sizes[i], lab, sizeof(lab)),
				 op_info(&r->ops, r->rows[0].op)->size_word, caches[j],
				 align ? ", misaligned" : "",
				 strcmp(off, "none") ? ", code at +" : "",
				 strcmp(off, "none") ? off : "", r->samples, reps);
			table_begin(out);
			print_block(r, rows, pts, nrows, what);
		}
	}
	for (i = 0; i < nrows; i++)
		free(rows[i].name);
	free(rows);
	free(pts);
	free(what);
	free(sizes);
	free(caches);
	free(kernels);
}
