/* For people: the fastest kernel at each size and cache state, and the
   harness's own floor. */
#include <stdio.h>

#include "report.h"

void report_summary(FILE *f, const struct bench *b)
{
	const struct config *c = b->cfg;
	size_t si, ci, i;

	if (b->emulated)
		fprintf(f, "EMULATED RUN: these timings are not real; do not quote them.\n");
	fprintf(f, "Fastest kernel, cycles/byte (median of %u%s, timer %s):\n",
		b->samples, b->repeats > 1 ? " per repeat, median of repeats" : "",
		b->cal.timer->name);
	fprintf(f, "%10s", "size");
	for (ci = 0; ci < c->ncaches; ci++)
		fprintf(f, "  %-30s", cache_state_name[c->caches[ci]]);
	fprintf(f, "\n");
	for (si = 0; si < c->nsizes; si++) {
		fprintf(f, "%10u", c->sizes[si]);
		for (ci = 0; ci < c->ncaches; ci++) {
			const struct point *best = NULL;
			double bc = 0;
			char cell[64], off[16] = "";

			for (i = 0; i < b->npts; i++) {
				const struct point *p = &b->pts[i];
				double cpb = point_cycles_per_byte_all(b, p);
				if (p->size != c->sizes[si] || p->cache != c->caches[ci] ||
				    p->kernel->pseudo)
					continue;
				if (!best || cpb < bc) {
					best = p;
					bc = cpb;
				}
			}
			if (best && best->code_offset != CODE_OFFSET_NONE)
				snprintf(off, sizeof(off), "+%d", best->code_offset);
			if (!best)
				snprintf(cell, sizeof(cell), "-");
			else if (!best->kernel->prefetch)
				snprintf(cell, sizeof(cell), "%.3f %s%s", bc,
					 best->kernel->name, off);
			else if (best->prefetch == PREFETCH_NONE)
				snprintf(cell, sizeof(cell), "%.3f %s@none%s", bc,
					 best->kernel->name, off);
			else
				snprintf(cell, sizeof(cell), "%.3f %s@%d%s", bc,
					 best->kernel->name, best->prefetch, off);
			fprintf(f, "  %-30s", cell);
		}
		fprintf(f, "\n");
	}
	fprintf(f, "Harness floor (the empty kernel), ticks per call:");
	for (ci = 0; ci < c->ncaches; ci++)
		for (i = b->npts - b->nempty; i < b->npts; i++)
			if (b->pts[i].cache == c->caches[ci]) {
				fprintf(f, " %.1f %s", b->pts[i].st[0].median,
					cache_state_name[c->caches[ci]]);
				break;
			}
	fprintf(f, "\n");
}
