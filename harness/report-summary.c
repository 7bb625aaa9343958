/* For people: the fastest kernel at each size and cache state. */
#include <stdio.h>

#include "report.h"

void report_summary(FILE *f, const struct bench *b)
{
	const struct config *c = b->cfg;
	size_t si, ci, i;

	if (b->emulated)
		fprintf(f, "EMULATED RUN: these timings are not real; do not quote them.\n");
	fprintf(f, "Fastest kernel, cycles/byte (median of %u, timer %s, "
		"%.3f cycles/tick):\n", c->samples, b->cal.timer->name,
		b->cal.cycles_per_tick);
	fprintf(f, "%10s", "size");
	for (ci = 0; ci < c->ncaches; ci++)
		fprintf(f, "  %-30s", cache_state_name[c->caches[ci]]);
	fprintf(f, "\n");
	for (si = 0; si < c->nsizes; si++) {
		fprintf(f, "%10u", c->sizes[si]);
		for (ci = 0; ci < c->ncaches; ci++) {
			const struct point *best = NULL;
			double bc = 0;
			char cell[64];

			for (i = 0; i < b->npts; i++) {
				const struct point *p = &b->pts[i];
				double cpb = point_cycles_per_byte(b, p);
				if (p->size != c->sizes[si] || p->cache != c->caches[ci])
					continue;
				if (!best || cpb < bc) {
					best = p;
					bc = cpb;
				}
			}
			if (!best)
				snprintf(cell, sizeof(cell), "-");
			else if (!best->kernel->prefetch)
				snprintf(cell, sizeof(cell), "%.3f %s", bc,
					 best->kernel->name);
			else if (best->prefetch == PREFETCH_NONE)
				snprintf(cell, sizeof(cell), "%.3f %s@none", bc,
					 best->kernel->name);
			else
				snprintf(cell, sizeof(cell), "%.3f %s@%d", bc,
					 best->kernel->name, best->prefetch);
			fprintf(f, "  %-30s", cell);
		}
		fprintf(f, "\n");
	}
}
