/* For people: the fastest kernel of each op at each size and cache
   state, and the harness's own floor under that op's calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Sizes shown; a sweep of thousands is read in the CSV, not here. */
#define SUMMARY_SIZES 64

static void summary_op(FILE *f, const struct bench *b, const struct op *op)
{
	const struct config *c = b->cfg;
	size_t si, ci, i, ns = c->nsizes < SUMMARY_SIZES ? c->nsizes : SUMMARY_SIZES;
	uint32_t *sorted = malloc(c->nsizes * sizeof(*sorted));
	const struct point **best = calloc(c->nsizes * CACHE_NSTATES, sizeof(*best));
	double *bc = calloc(c->nsizes * CACHE_NSTATES, sizeof(*bc));
	int prec = op->per_call ? 1 : 3;

	if (!sorted || !best || !bc)
		abort();
	/* The fastest point of each size and cache, in one pass. */
	memcpy(sorted, c->sizes, c->nsizes * sizeof(*sorted));
	qsort(sorted, c->nsizes, sizeof(*sorted), cmp_u32);
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		const uint32_t *at;
		double cpb;
		size_t k;

		if (p->kernel->pseudo || p->kernel->op != op)
			continue;
		at = bsearch(&p->size, sorted, c->nsizes, sizeof(*sorted), cmp_u32);
		k = (size_t)(at - sorted) * CACHE_NSTATES + (size_t)p->cache;
		cpb = point_cycles_per_byte_all(b, p) * (op->per_call ? p->size : 1);
		if (!best[k] || cpb < bc[k]) {
			best[k] = p;
			bc[k] = cpb;
		}
	}

	fprintf(f, "op %s: fastest kernel, %s (median of %u%s, timer %s):\n",
		op->name, op->per_call ? "cycles/call" : "cycles/byte",
		b->samples, b->repeats > 1 ? " per repeat, median of repeats" : "",
		b->cal.timer->name);
	fprintf(f, "%10s", "size");
	for (ci = 0; ci < c->ncaches; ci++)
		fprintf(f, "  %-30s", cache_state_name[c->caches[ci]]);
	fprintf(f, "\n");
	for (si = 0; si < ns; si++) {
		const uint32_t *at = bsearch(&c->sizes[si], sorted, c->nsizes,
					     sizeof(*sorted), cmp_u32);

		fprintf(f, "%10u", c->sizes[si]);
		for (ci = 0; ci < c->ncaches; ci++) {
			size_t k = (size_t)(at - sorted) * CACHE_NSTATES +
				   (size_t)c->caches[ci];
			const struct point *p = best[k];
			char cell[64], off[16] = "";

			if (p && p->code_offset != CODE_OFFSET_NONE)
				snprintf(off, sizeof(off), "+%d", p->code_offset);
			if (!p)
				snprintf(cell, sizeof(cell), "-");
			else if (!p->kernel->prefetch)
				snprintf(cell, sizeof(cell), "%.*f %s%s", prec, bc[k],
					 p->kernel->name, off);
			else if (p->prefetch == PREFETCH_NONE)
				snprintf(cell, sizeof(cell), "%.*f %s@none%s", prec,
					 bc[k], p->kernel->name, off);
			else
				snprintf(cell, sizeof(cell), "%.*f %s@%d%s", prec,
					 bc[k], p->kernel->name, p->prefetch, off);
			fprintf(f, "  %-30s", cell);
		}
		fprintf(f, "\n");
	}
	if (ns < c->nsizes)
		fprintf(f, "%10s  and %zu more sizes: see the CSV (make table)\n", "",
			c->nsizes - ns);
	fprintf(f, "Harness floor (%s), ticks per call:", op_empty(op)->name);
	for (ci = 0; ci < c->ncaches; ci++)
		for (i = b->npts - b->nempty; i < b->npts; i++)
			if (b->pts[i].cache == c->caches[ci] &&
			    b->pts[i].kernel->op == op && b->pts[i].taken[0]) {
				fprintf(f, " %.1f %s", b->pts[i].st[0].median,
					cache_state_name[c->caches[ci]]);
				break;
			}
	fprintf(f, "\n");
	free(sorted);
	free(best);
	free(bc);
}

void report_summary(FILE *f, const struct bench *b)
{
	size_t o, i;

	if (b->emulated)
		fprintf(f, "EMULATED RUN: these timings are not real; do not quote them.\n");
	for (o = 0; o < op_count; o++) {
		for (i = 0; i < b->npts && (b->pts[i].kernel->pseudo ||
					    b->pts[i].kernel->op != op_table[o]); i++)
			;
		if (i < b->npts)
			summary_op(f, b, op_table[o]);
	}
}
