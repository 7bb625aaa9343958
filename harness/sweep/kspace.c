/* space = kernel in a run: the module's buffers for the plan, the empty
   region it subtracts, and each sample taken by the module. */
#include <stdio.h>
#include <string.h>

#include "kspace/kspace.h"
#include "lib/stats.h"
#include "sweep/kspace.h"
#include "sweep/sweep.h"

#define OVERHEAD_REGIONS 101

int kspace_begin(struct sweep *b)
{
	const struct config *c = b->cfg;
	const struct kernel *e = kspace_empty(&op_csum);
	uint32_t max = 1;
	double v[OVERHEAD_REGIONS];
	uint64_t ticks;
	char err[512];
	bool cold = false;
	size_t i;

	for (i = 0; i < c->nsizes; i++)
		if (c->sizes[i] > max)
			max = c->sizes[i];
	for (i = 0; i < c->ncaches; i++)
		cold |= c->caches[i] == CACHE_COLD;
	if (kspace_setup(b->plan.seed ? b->plan.seed : 1, max,
			 (uint32_t)b->plan.align_max,
			 (uint32_t)b->plan.pfspan, cold, err, sizeof(err))) {
		fprintf(stderr, "csumbench: space = kernel: %s\n", err);
		return -1;
	}
	/* the two timer reads alone, in the module, as its regions have them */
	for (i = 0; e && i < OVERHEAD_REGIONS; i++) {
		if (kspace_time(e, 64 < max ? 64 : max, 0, false, 0, 0, &ticks, err,
				sizeof(err))) {
			fprintf(stderr, "csumbench: space = kernel: the empty "
				"region: %s\n", err);
			return -1;
		}
		v[i] = (double)ticks;
	}
	b->machine.kspace_overhead = e ? stats_median(v, OVERHEAD_REGIONS) : 0;
	return 0;
}

double kspace_sample(struct sweep *b, struct point *p)
{
	uint64_t ticks;
	char err[512], msg[640];

	if (kspace_time(p->spec.runs, p->spec.size, p->spec.align,
			p->spec.cache == CACHE_COLD,
			sweep_dist(p), p->spec.iters, &ticks, err, sizeof(err)) == 0)
		return ((double)ticks - b->machine.kspace_overhead) / (double)p->spec.iters;
	snprintf(msg, sizeof(msg), "%s (csumbench.ko refused it: not timed)", err);
	fprintf(stderr, "csumbench: %s\n", msg);
	sweep_fail_kernel(b, p->spec.kernel, msg);
	return 0;
}
