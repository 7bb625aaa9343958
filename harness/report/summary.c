/* For people: the fastest kernel of each op at each size and cache
   state (with its share of the roofline's bytes per cycle), and the
   harness's own floor under that op's calls. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "model/model.h"
#include "report/report.h"

/* Sizes shown; a sweep of thousands is read in the CSV, not here. */
#define SUMMARY_SIZES 64

/* A column: cache state, rx policy and load. */
#define RXSLOTS (RX_PREFETCH_NPOLICIES + RX_AHEAD_MAX - 1)
#define NCOLS (CACHE_NSTATES * RXSLOTS * LOAD_NSTATES)

static size_t col_of(enum cache_state cache, unsigned rxslot,
		     enum load_state load)
{
	return ((size_t)cache * RXSLOTS + (size_t)rxslot) * LOAD_NSTATES +
	       (size_t)load;
}

/* The columns of the run, in config order, as column numbers. */
static size_t columns(const struct config *c, size_t *cols)
{
	size_t ci, xi, li, n = 0;

	for (ci = 0; ci < c->ncaches; ci++)
		for (xi = 0; xi < config_rx_policies(c, c->caches[ci]); xi++)
			for (li = 0; li < c->nloads; li++)
				cols[n++] = col_of(c->caches[ci], (unsigned)xi,
						   c->loads[li]);
	return n;
}

static void col_name(const struct config *c, size_t col, char *buf,
		     size_t len)
{
	enum load_state load = (enum load_state)(col % LOAD_NSTATES);
	unsigned rxslot = (unsigned)(col / LOAD_NSTATES % RXSLOTS), ahead;
	enum cache_state cache =
		(enum cache_state)(col / LOAD_NSTATES / RXSLOTS);
	enum rx_prefetch rx_prefetch;
	char rx[32] = "";

	if (cache == CACHE_RX) {
		config_rx_policy(c, rxslot, &rx_prefetch, &ahead);
		snprintf(rx, sizeof(rx), " rx_prefetch=%s", rx_prefetch_name[rx_prefetch]);
		if (rx_prefetch == RX_PREFETCH_NEXT && c->nrx_ahead > 1)
			snprintf(rx, sizeof(rx), " rx_prefetch=next:%u", ahead);
	}
	snprintf(buf, len, "%s%s%s", cache_state_name[cache], rx,
		 load == LOAD_BUSY ? " busy" : "");
}

/* One op's table: the fastest point of each size and column. */
struct best_table {
	const struct op *op;
	uint32_t *sorted;		/* the sizes, ascending */
	const struct point **best;	/* [size in sorted][column] */
	double *bc;			/* its figure */
	bool *unresolved;		/* none, a point below the overhead */
	size_t cols[NCOLS], ncols;
	bool roof;			/* the roofline's share beside it */
	int prec;
	const struct kernel *only;	/* this kernel's points alone (its
					   name then said once, above) */
};

/* The fastest point of each size and cache, in one pass. */
static void best_fill(struct best_table *t, const struct sweep *b)
{
	const struct config *c = b->cfg;
	size_t i;

	memcpy(t->sorted, c->sizes, c->nsizes * sizeof(*t->sorted));
	qsort(t->sorted, c->nsizes, sizeof(*t->sorted), stats_cmp_u32);
	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		const uint32_t *at;
		double cpb;
		size_t k;

		if (p->spec.kernel->pseudo || p->spec.kernel->op != t->op ||
		    (t->only && p->spec.kernel != t->only))
			continue;
		at = bsearch(&p->spec.size, t->sorted, c->nsizes, sizeof(*t->sorted),
			     stats_cmp_u32);
		k = (size_t)(at - t->sorted) * NCOLS + col_of(p->spec.cache,
							      p->spec.rxslot, p->spec.load);
		cpb = point_cycles_per_byte_all(b,
						p) * (t->op->per_call ? p->data.bytes : 1);
		if (isnan(cpb)) {	/* below the overhead: no time */
			t->unresolved[k] = true;
			continue;
		}
		if (!t->best[k] || cpb < t->bc[k]) {
			t->best[k] = p;
			t->bc[k] = cpb;
		}
	}
}

/* The standard error of p's median relative to it, the widest of its
   repeats: 1.2533 sigma / sqrt(n), sigma from the IQR (IQR / 1.349) so
   that a preempted sample does not widen it. */
static double median_se(const struct sweep *b, const struct point *p)
{
	double s = 0;
	unsigned r;

	for (r = 0; r < b->plan.repeats; r++) {
		const struct summary *st = &p->data.st[r];

		if (st->median > 0 && p->data.taken[r] > 0)
			s = fmax(s, 1.2533 * st->iqr / 1.349 / st->median /
				 sqrt(p->data.taken[r]));
	}
	return s;
}

/* One timer step of p's region relative to it, the widest of its
   repeats: no median is known finer. */
static double step(const struct sweep *b, const struct point *p)
{
	double s = 0;
	unsigned r;

	for (r = 0; r < b->plan.repeats; r++)
		if (p->data.steps[r] > 0)
			s = fmax(s, 1 / p->data.steps[r]);
	return s;
}

/* The roofline's share: "at roof" where 1 is within the noise of the
   two medians' ratio (twice its standard error, about 95%, and a timer
   step of each), since 101-104% of a ceiling says no more than that the
   two ran alike; else its percentage. */
static void roof_share(const struct sweep *b, const struct point *p,
		       char *cell, size_t len)
{
	const struct point *q = point_roofline(b, p);
	double f = point_roofline_fraction_all(b, p), sp, sq;

	if (!q || isnan(f))
		return;
	sp = median_se(b, p);
	sq = median_se(b, q);
	if (fabs(f - 1) <= 2 * sqrt(sp * sp + sq * sq) + step(b, p) + step(b, q))
		snprintf(cell + strlen(cell), len - strlen(cell), " at roof");
	else
		snprintf(cell + strlen(cell), len - strlen(cell), " %.0f%%",
			 100 * f);
}

/* Cell k of the table: figure, kernel, distance, offset, roofline. */
static void best_cell(const struct best_table *t, const struct sweep *b,
		      size_t k, char *cell, size_t len)
{
	const struct point *p = t->best[k];
	char off[16] = "";
	int prec = t->prec;

	if (p && p->spec.code_offset != CODE_OFFSET_NONE)
		snprintf(off, sizeof(off), "+%d", p->spec.code_offset);
	if (!p)	/* (a per-call median below one timer step) */
		snprintf(cell, len, "%s", t->unresolved[k] &&
			 b->cfg->timing == TIMING_PER_CALL ?
			 "below 1 timer step" : "-");
	else if (t->only)
		snprintf(cell, len, "%.*f%s", prec, t->bc[k], off);
	else if (!p->spec.kernel->prefetch)
		snprintf(cell, len, "%.*f %s%s", prec, t->bc[k],
			 p->spec.kernel->name, off);
	else if (p->spec.prefetch == PREFETCH_NONE)
		snprintf(cell, len, "%.*f %s@none%s", prec,
			 t->bc[k], p->spec.kernel->name, off);
	else
		snprintf(cell, len, "%.*f %s@%d%s", prec,
			 t->bc[k], p->spec.kernel->name, p->spec.prefetch, off);
	if (p && t->roof)
		roof_share(b, p, cell, len);
}

/* What a table's own line says of an emulated run's figures. */
static const char *emulated_note(const struct sweep *b)
{
	static char note[64];

	if (!b->machine.model)
		return b->machine.emulated ? "; EMULATED, not real" : "";
	snprintf(note, sizeof(note), "; MODEL %s, an estimate", model_preset());
	return note;
}

/* The empty kernel's ticks per call in each column. */
static void print_floor(FILE *f, const struct best_table *t,
			const struct sweep *b)
{
	bool per_call = b->cfg->timing == TIMING_PER_CALL;
	char name[64];
	size_t ci, i;

	fprintf(f, "Harness floor (%s), ticks per call%s:", op_empty(t->op)->name,
		b->machine.model ? " (MODEL)" : b->machine.emulated ? " (EMULATED)" : "");
	for (ci = 0; ci < t->ncols; ci++)
		for (i = b->plan.npts - b->plan.nempty; i < b->plan.npts; i++) {
			const struct point *p = &b->plan.pts[i];
			if (col_of(p->spec.cache, p->spec.rxslot,
				   p->spec.load) == t->cols[ci] &&
			    p->spec.kernel->op == t->op && p->data.taken[0]) {
				col_name(b->cfg, t->cols[ci], name, sizeof(name));
				if (isnan(point_time(p->data.st[0].median)))
					fprintf(f, " (below %s) %s", per_call ?
						"1 timer step" : "the overhead", name);
				else
					fprintf(f, " %.1f %s",
						p->data.st[0].median, name);
				break;
			}
		}
	fprintf(f, "\n");
}

/* The table's header line, per-size rows and the sizes left out. */
static void print_rows(FILE *f, struct best_table *t, const struct sweep *b)
{
	const struct config *c = b->cfg;
	size_t si, ci, ns = c->nsizes < SUMMARY_SIZES ? c->nsizes : SUMMARY_SIZES;
	int width = t->only ? (t->roof ? 18 : 10) : t->roof ? 39 : 30;
	char name[64], cell[64];

	fprintf(f, "%10s", "size");
	for (ci = 0; ci < t->ncols; ci++) {
		col_name(c, t->cols[ci], name, sizeof(name));
		fprintf(f, "  %-*s", ci + 1 < t->ncols ? width : 0, name);
	}
	fprintf(f, "\n");
	for (si = 0; si < ns; si++) {
		const uint32_t *at = bsearch(&c->sizes[si], t->sorted, c->nsizes,
					     sizeof(*t->sorted), stats_cmp_u32);

		if (c->sizes[si] == SIZE_MIX)
			fprintf(f, "%10s", "mix");
		else
			fprintf(f, "%10u", c->sizes[si]);
		for (ci = 0; ci < t->ncols; ci++) {
			best_cell(t, b, (size_t)(at - t->sorted) * NCOLS + t->cols[ci],
				  cell, sizeof(cell));
			fprintf(f, "  %-*s", ci + 1 < t->ncols ? width : 0, cell);
		}
		fprintf(f, "\n");
	}
	if (ns < c->nsizes)
		fprintf(f, "%10s  and %zu more sizes: see the CSV (make table)\n", "",
			c->nsizes - ns);
}

/* Whether the run timed kernel k (and no earlier point named it). */
static bool first_timed(const struct sweep *b, const struct kernel *k, size_t at)
{
	size_t i;

	for (i = 0; i < at; i++)
		if (b->plan.pts[i].spec.kernel == k)
			return false;
	return b->plan.pts[at].data.taken[0] > 0;
}

/* Each one-entry kernel of the op (kernel.h's one_entry) the run timed:
   its own figure and roofline share at every size, since the fastest
   per size is a different kernel at each and one ships only one. */
static void one_entry_tables(FILE *f, struct best_table *t, const struct sweep *b)
{
	size_t i;

	for (i = 0; i < b->plan.npts; i++) {
		const struct kernel *k = b->plan.pts[i].spec.kernel;

		if (k->op != t->op || !k->one_entry || !first_timed(b, k, i))
			continue;
		memset(t->best, 0, b->cfg->nsizes * NCOLS * sizeof(*t->best));
		memset(t->unresolved, 0, b->cfg->nsizes * NCOLS * sizeof(*t->unresolved));
		t->only = k;
		best_fill(t, b);
		fprintf(f, "op %s: %s, one entry point, %s%s%s:\n",
			t->op->name, k->name, t->op->per_call ? "cycles/call" :
			"cycles/byte", t->roof ? " and % of roofline" : "",
			emulated_note(b));
		print_rows(f, t, b);
	}
	t->only = NULL;
}

static void summary_op(FILE *f, const struct sweep *b, const struct op *op)
{
	const struct config *c = b->cfg;
	struct best_table t = {
		.op = op,
		.sorted = xcalloc(c->nsizes, sizeof(*t.sorted), "the summary"),
		.best = xcalloc(c->nsizes * NCOLS, sizeof(*t.best), "the summary"),
		.bc = xcalloc(c->nsizes * NCOLS, sizeof(*t.bc), "the summary"),
		.unresolved = xcalloc(c->nsizes * NCOLS, sizeof(*t.unresolved),
				      "the summary"),
		/* The roofline's share, where the run has one for this op. */
		.roof = op->roofline && c->roofline,
		.prec = op->per_call ? 1 : 3,
	};

	t.ncols = columns(c, t.cols);
	best_fill(&t, b);
	/* (emulated on each table's own line too: a table is pasted alone) */
	fprintf(f, "op %s: fastest kernel, %s%s (median of %u%s, timer %s%s):\n",
		op->name, op->per_call ? "cycles/call" : "cycles/byte",
		t.roof ? " and % of the roofline's bytes/cycle" : "",
		b->plan.samples, b->plan.repeats > 1 ? " per repeat, median of repeats" : "",
		b->machine.cal.timer->name, emulated_note(b));
	print_rows(f, &t, b);
	one_entry_tables(f, &t, b);
	if (t.roof)
		fprintf(f, "at roof: 100%% within the medians' noise (twice "
			"the standard error\nof their ratio and a timer step "
			"each)\n");
	print_floor(f, &t, b);
	free(t.sorted);
	free(t.best);
	free(t.bc);
	free(t.unresolved);
}

void report_summary(FILE *f, const struct sweep *b)
{
	size_t o, i;

	if (b->machine.model)
		fprintf(f, "%s.\n", b->machine.model);
	else if (b->machine.emulated)
		fprintf(f, "EMULATED RUN: these timings are not real; do not quote them.\n");
	for (o = 0; o < op_count; o++) {
		for (i = 0; i < b->plan.npts && (b->plan.pts[i].spec.kernel->pseudo ||
					    b->plan.pts[i].spec.kernel->op != op_table[o]); i++)
			;
		if (i < b->plan.npts)
			summary_op(f, b, op_table[o]);
	}
}
