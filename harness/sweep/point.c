/* What a planned point is and what its samples give: its prefetch
   distance, buffers and cold slot, cycles per byte net of the floor,
   and the roofline it is held to. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "lib/hugepage.h"
#include "lib/xalloc.h"
#include "model/model.h"
#include "sweep/sweep.h"
#include "op/verify.h"
#include "workload/mix.h"

const char *point_rx_name(const struct sweep *b, const struct point *p,
			  char *buf, size_t len)
{
	if (p->spec.rx_prefetch != RX_PREFETCH_NEXT || b->cfg->nrx_ahead < 2)
		return rx_prefetch_name[p->spec.rx_prefetch];
	snprintf(buf, len, "next:%u", p->spec.rxahead);
	return buf;
}

/* Every timed call's distance is asked for here, just before the calls:
   the core model (model/model.h) is told it, as its address tracker
   cannot see the argument register. */
int sweep_dist(const struct point *p)
{
	int dist = p->spec.prefetch == PREFETCH_NONE ? 0 : p->spec.prefetch;

	if (p->spec.runs)
		model_note_dist(p->spec.runs->prefetch ? (int)p->spec.runs->op->dist_arg : -1, dist);
	return dist;
}

void point_free(struct point *p)
{
	rxring_free(&p->data.rx);
	free(p->data.ticks);
	free(p->data.st);
	free(p->data.cycles_per_tick);
	free(p->data.taken);
	free(p->data.sample_layout);
	free(p->data.sample_slot);
	free(p->data.hist);
	free(p->data.cs);
	free(p->data.steps);
	free(p->data.preempted);
	free(p->data.below);
	free(p->data.ev);
	free(p->data.ev_run);
	free(p->data.ev_median);
	free(p->data.ev_running);
}

/* Bytes from one pooled buffer to the next: whole pages, so that every
   buffer keeps its alignment to the page, and room for the prefetches.
   An op with a destination has it in the second half of the slot. */
size_t point_slot_bytes(const struct sweep *b, const struct point *p)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t half = (p->spec.align + p->spec.size + b->plan.pfspan + page - 1) / page * page;

	return p->spec.runs && p->spec.runs->op->dst ? 2 * half : half;
}

/* The states whose buffers come from the pool. */
bool sweep_pooled(enum cache_state cache)
{
	return cache == CACHE_COLD || cache == CACHE_COLDREAD ||
	       cache == CACHE_SWITCH;
}

/* Points timed by walking descriptors: the rx ring, and any mix. */
bool point_walks(const struct point *p)
{
	return p->spec.cache == CACHE_RX || p->spec.size == SIZE_MIX;
}

/* The largest payload one call of p covers. */
uint32_t point_max_size(const struct sweep *b, const struct point *p)
{
	return p->spec.size == SIZE_MIX ? b->cfg->mix->max : p->spec.size;
}

size_t sweep_coarse(const struct sweep *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		if (p->data.taken[0] && !p->spec.kernel->pseudo &&
		    p->data.steps[0] < REGION_STEPS)
			n++;
	}
	return n;
}

double sweep_cycles_per_tick(const struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;

	return c->cycles_per_tick_given ? c->cycles_per_tick :
	       b->machine.cycles_per_tick_run > 0 ?
	       b->machine.cycles_per_tick_run : c->cycles_per_tick;
}

double point_cycles_per_byte(const struct sweep *b, const struct point *p,
			     unsigned r)
{
	(void)b;
	return point_time(p->data.st[r].median) * p->data.cycles_per_tick[r] / p->data.bytes;
}

double point_floor_ticks(const struct sweep *b, const struct point *p,
			 unsigned r)
{
	return point_time(b->plan.pts[p->spec.floor].data.st[r].median);
}

/* NaN where the median is below its floor's: a kernel takes no less than
   its own empty call, so that is noise (an emulated board's cold 40 B),
   not time, and no net figure is given rather than one below 0. */
double point_cycles_per_byte_net(const struct sweep *b, const struct point *p,
				 unsigned r)
{
	double t = point_time(p->data.st[r].median), floor = point_floor_ticks(b, p, r);

	return t < floor ? NAN :
	       (t - floor) * p->data.cycles_per_tick[r] / p->data.bytes;
}

size_t sweep_checksums(const struct sweep *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->plan.npts; i++)
		n += !b->plan.pts[i].spec.kernel->pseudo &&
		     b->plan.pts[i].spec.kernel != b->cfg->roofline;
	return n;
}

/* A roofline point's key, to find it by the points held to it. */
struct roof_key {
	uint32_t size, align;
	enum cache_state cache;
	enum load_state load;
	unsigned rxslot;
	size_t at;
};

static int cmp_roof_key(const void *x, const void *y)
{
	const struct roof_key *a = x, *b = y;

	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	if (a->align != b->align)
		return a->align < b->align ? -1 : 1;
	if (a->cache != b->cache)
		return a->cache - b->cache;
	if (a->load != b->load)
		return a->load - b->load;
	return a->rxslot < b->rxslot ? -1 : a->rxslot > b->rxslot;
}

/* The roofline's points of a place are its load at every distance of
   the run (none included): each point is linked to all of them, as a
   run of b->roof_at, and held to the best. */
void sweep_link_roofline(struct sweep *b)
{
	const struct kernel *roof = b->cfg->roofline;
	struct roof_key *keys = xcalloc(b->plan.npts + 1, sizeof(*keys),
					"the roofline's points");
	size_t i, n = 0;

	for (i = 0; i < b->plan.npts; i++) {
		const struct point *q = &b->plan.pts[i];
		if (roof && q->spec.kernel == roof)
			keys[n++] = (struct roof_key){ q->spec.size, q->spec.align, q->spec.cache,
						       q->spec.load, q->spec.rxslot, i };
	}
	qsort(keys, n, sizeof(*keys), cmp_roof_key);
	free(b->plan.roof_at);
	b->plan.roof_at = xcalloc(n + 1, sizeof(*b->plan.roof_at),
				  "the roofline's points");
	for (i = 0; i < n; i++)
		b->plan.roof_at[i] = keys[i].at;
	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		struct roof_key k = { p->spec.size, p->spec.align, p->spec.cache, p->spec.load,
				      p->spec.rxslot, 0 };
		size_t lo = 0, hi = n, e;

		p->spec.roof = p->spec.nroof = 0;
		if (!n || p->spec.kernel->pseudo || !p->spec.kernel->op->roofline)
			continue;
		while (lo < hi) {	/* the first key not below k */
			size_t mid = lo + (hi - lo) / 2;
			if (cmp_roof_key(&keys[mid], &k) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (e = lo; e < n && !cmp_roof_key(&keys[e], &k); e++)
			;
		if (e > lo) {
			p->spec.roof = lo + 1;
			p->spec.nroof = e - lo;
		}
	}
	free(keys);
}

/* The roofline's best cycles per byte for p over all repeats, and the
   point that gave it; NAN when none. */
static double roof_best(const struct sweep *b, const struct point *p,
			const struct point **at)
{
	double best = NAN;
	size_t i;

	*at = NULL;
	for (i = 0; p->spec.roof && i < p->spec.nroof; i++) {
		const struct point *q = &b->plan.pts[b->plan.roof_at[p->spec.roof - 1 + i]];
		double v;

		if (!q->data.taken[0])
			continue;
		v = point_cycles_per_byte_all(b, q);
		if (v > 0 && !(v >= best)) {
			best = v;
			*at = q;
		}
	}
	return best;
}

const struct point *point_roofline(const struct sweep *b, const struct point *p)
{
	const struct point *q;

	roof_best(b, p, &q);
	return q;
}

/* The ceiling's point is chosen once, over all repeats, and held to in
   each: the best of several noisy medians per repeat would favour the
   luckiest and read the ceiling too fast. */
double point_roofline_fraction(const struct sweep *b, const struct point *p,
			       unsigned r)
{
	const struct point *q = point_roofline(b, p);
	double mine;

	if (!q || !q->data.taken[r] || !p->data.taken[r])
		return NAN;
	mine = point_cycles_per_byte(b, p, r);
	return mine > 0 ? point_cycles_per_byte(b, q, r) / mine : NAN;
}

double point_roofline_fraction_all(const struct sweep *b, const struct point *p)
{
	const struct point *q;
	double roof = roof_best(b, p, &q), mine;

	if (!q || !p->data.taken[0])
		return NAN;
	mine = point_cycles_per_byte_all(b, p);
	return mine > 0 ? roof / mine : NAN;
}

double point_cycles_per_byte_all(const struct sweep *b, const struct point *p)
{
	double v[REPEAT_MAX];
	unsigned r;

	for (r = 0; r < b->plan.repeats; r++)
		v[r] = p->data.st[r].median * p->data.cycles_per_tick[r] /
		       p->data.bytes;
	return point_time(stats_median(v, b->plan.repeats));
}
