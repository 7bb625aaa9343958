/* Tidy CSV: one row per point, and a second file with every sample. */
#include <stdio.h>

#include "report.h"

static void point_key(FILE *f, const struct point *p)
{
	fprintf(f, "%s,%s,%s,%u,%u,%s,", p->kernel->name, p->kernel->arch,
		p->kernel->op, p->size, p->align, cache_state_name[p->cache]);
	if (p->prefetch == PREFETCH_NONE)
		fprintf(f, "none");
	else
		fprintf(f, "%d", p->prefetch);
}

void report_csv(FILE *f, const struct bench *b)
{
	const struct calibration *c = &b->cal;
	size_t i;

	fprintf(f, "%s\n", CSV_HEADER);
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		double cpb = point_cycles_per_byte(b, p);
		double ns = p->st.median / c->tick_hz * 1e9;

		point_key(f, p);
		fprintf(f, ",%s,%u,%llu,%.2f,%.2f,%.2f,%.2f,%.2f,%.4f,%.4f,%.4f,"
			"%.2f,%.1f\n", c->timer->name, p->samples,
			(unsigned long long)p->iters, p->st.min, p->st.median,
			p->st.mean, p->st.max, p->st.stddev, c->cycles_per_tick,
			cpb, cpb > 0 ? 1 / cpb : 0, ns,
			ns > 0 ? (double)p->size / ns * 1e3 : 0);
	}
}

void report_samples_csv(FILE *f, const struct bench *b)
{
	size_t i;
	unsigned s;

	fprintf(f, "%s\n", CSV_SAMPLES_HEADER);
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		for (s = 0; s < p->samples; s++) {
			point_key(f, p);
			fprintf(f, ",%u,%.2f,%.4f\n", s, p->ticks[s],
				p->ticks[s] * b->cal.cycles_per_tick / (double)p->size);
		}
	}
}
