/* Tidy CSV: one row per point and repeat, and a second file with every
   sample. */
#include <math.h>
#include <stdio.h>

#include "report/report.h"

static void point_key(FILE *f, const struct sweep *b, const struct point *p)
{
	char rx[32];

	fprintf(f, "%s,%s,%s,", p->spec.kernel->name, p->spec.kernel->arch,
		p->spec.kernel->op->name);
	if (p->spec.size == SIZE_MIX)
		fprintf(f, "mix,");
	else
		fprintf(f, "%u,", p->spec.size);
	fprintf(f, "%u,%s,", p->spec.align, cache_state_name[p->spec.cache]);
	if (p->spec.prefetch == PREFETCH_NONE)
		fprintf(f, "none,");
	else
		fprintf(f, "%d,", p->spec.prefetch);
	if (p->spec.code_offset == CODE_OFFSET_NONE)
		fprintf(f, "none");
	else
		fprintf(f, "%d", p->spec.code_offset);
	fprintf(f, ",%s,%s", load_state_name[p->spec.load],
		point_rx_name(b, p, rx, sizeof(rx)));
}

/* ev_running, then each event per call and per byte; empty where the
   group never ran. */
static void events_row(FILE *f, const struct sweep *b, const struct point *p,
		       unsigned r)
{
	size_t i;

	fprintf(f, ",%.6f", p->data.ev_running[r]);
	for (i = 0; i < b->plan.nev; i++) {
		double v = p->data.ev_median[(size_t)r * b->plan.nev + i];
		if (isnan(v))
			fprintf(f, ",,");
		else	/* rare events stay visible per byte */
			fprintf(f, ",%.6g,%.6g", v, v / p->data.bytes);
	}
}

/* ",FIGURE", or "," alone where there is none: NAN, or a time below 0
   (a region shorter than the overhead subtracted: below_overhead). */
static void fig(FILE *f, int decimals, double v)
{
	if (isnan(point_time(v)))
		fputc(',', f);
	else
		fprintf(f, ",%.*f", decimals, v);
}

/* The row of point p in repeat r; tdec: decimals of its ticks. */
static void row(FILE *f, const struct sweep *b, const struct point *p,
		unsigned r, int tdec)
{
	const struct calibration *c = &b->machine.cal;
	const struct summary *st = &p->data.st[r];
	const struct call_stats *cs = &p->data.cs[r];
	double cpb = point_cycles_per_byte(b, p, r);
	double ns = point_time(st->median) / c->tick_hz * 1e9;

	point_key(f, b, p);
	fprintf(f, ",%u,", p->spec.code_mod64);
	if (p->spec.loop_mod64 >= 0)
		fprintf(f, "%d", p->spec.loop_mod64);
	fprintf(f, ",%u,%s,%u,%llu", r + 1, c->timer->name,
		p->data.taken[r], (unsigned long long)(cs->n ? 1 : p->spec.iters));
	fig(f, tdec, st->min);
	fig(f, tdec, st->median);
	fig(f, tdec, st->mean);
	fig(f, tdec, st->max);
	fig(f, tdec, st->p99);
	fprintf(f, ",%.2f,%.2f,%u", st->stddev, st->iqr, st->outliers);
	/* A partial run may stop before the floor was timed:
	   then there is no floor and no net figure. */
	if (b->plan.pts[p->spec.floor].data.taken[r]) {
		fig(f, 2, point_floor_ticks(b, p, r));
		fprintf(f, ",%.4f", p->data.cycles_per_tick[r]);
		fig(f, 4, cpb);
		/* (net of the floor: below it by noise, or none) */
		if (isnan(point_cycles_per_byte_net(b, p, r)))
			fputc(',', f);
		else
			fprintf(f, ",%.4f", point_cycles_per_byte_net(b, p, r));
	} else {
		fprintf(f, ",,%.4f", p->data.cycles_per_tick[r]);
		fig(f, 4, cpb);
		fputc(',', f);
	}
	fig(f, 4, cpb > 0 ? 1 / cpb : cpb);
	fig(f, 1, cpb * 1024);
	fig(f, 2, ns);
	fig(f, 1, ns > 0 ? p->data.bytes / ns * 1e3 : ns);
	fig(f, 4, point_roofline_fraction(b, p, r));
	fprintf(f, ",%u", p->data.preempted[r]);
	fig(f, 1, p->data.steps[r]);
	if (cs->n) {	/* timing = per-call */
		fig(f, tdec, cs->min);
		fig(f, tdec, cs->p99);
		fig(f, tdec, cs->p999);
		fig(f, tdec, cs->max);
		fig(f, tdec, cs->mean);
	} else {
		fprintf(f, ",,,,,");
	}
	fprintf(f, ",%u", p->data.below[r]);
	if (cs->n) {
		fig(f, tdec, cs->max_running);
		fprintf(f, ",%zu,%zu", cs->preempted, cs->below_step);
	} else {
		fprintf(f, ",,,");
	}
	if (b->plan.nev)
		events_row(f, b, p, r);
	fprintf(f, "\n");
}

void report_csv(FILE *f, const struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;
	/* per-call figures are whole timer steps: no decimals they lack */
	int tdec = b->cfg->timing == TIMING_PER_CALL &&
		   c->resolution == floor(c->resolution) ? 0 : 2;
	size_t i;
	unsigned r;

	fprintf(f, "%s", CSV_HEADER);
	if (b->plan.nev) {
		fprintf(f, ",ev_running");
		for (i = 0; i < b->plan.nev; i++)
			fprintf(f, ",%s,%s_per_byte", b->cfg->events.ev[i].column,
				b->cfg->events.ev[i].column);
	}
	fprintf(f, "\n");
	for (i = 0; i < b->plan.npts; i++)
		for (r = 0; r < b->plan.repeats; r++)
			if (b->plan.pts[i].data.taken[r])	/* (a partial run may
							   stop before it) */
				row(f, b, &b->plan.pts[i], r, tdec);
}

void report_samples_csv(FILE *f, const struct sweep *b)
{
	size_t i;
	unsigned r, s;

	fprintf(f, "%s\n", CSV_SAMPLES_HEADER);
	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		for (r = 0; r < b->plan.repeats; r++)
			for (s = 0; s < p->data.taken[r]; s++) {
				double t = p->data.ticks[(size_t)r * b->plan.samples + s];
				point_key(f, b, p);
				fprintf(f, ",%u,%u", r + 1, s + 1);
				fig(f, 2, t);
				fig(f, 4, t * p->data.cycles_per_tick[r] /
				    p->data.bytes);
				fprintf(f, ",%u,%u\n",
					p->data.sample_layout[(size_t)r * b->plan.samples + s],
					p->data.sample_slot[(size_t)r * b->plan.samples + s]);
			}
	}
}
