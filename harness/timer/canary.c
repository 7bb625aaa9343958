/* The throughput canary (canary.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "timer/canary.h"
#include "timer/chain.h"

#define CANARY_START 11
#define CANARY_TRIES 3

/* Four adds, one on each chain, that the compiler may neither merge nor
   drop: each chain's value is "changed" by the empty asm after it.  The
   addend is a register the compiler cannot see into, as the chain's is:
   some cores execute a chain of add-immediates at rename, faster than
   one a cycle. */
#define FOUR(a, b, c, d) \
	a += one; b += one; c += one; d += one; \
	__asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d))
/* five adds on each chain */
#define TWENTY(a, b, c, d) \
	FOUR(a, b, c, d); FOUR(a, b, c, d); FOUR(a, b, c, d); \
	FOUR(a, b, c, d); FOUR(a, b, c, d)

void canary_adds(unsigned long blocks)
{
	unsigned long a = 0, b = 0, c = 0, d = 0, one = 1;

	__asm__ volatile("" : "+r"(one));
	while (blocks--) {	/* CHAIN_BLOCK (100) adds on each chain */
		TWENTY(a, b, c, d); TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d); TWENTY(a, b, c, d);
		TWENTY(a, b, c, d); TWENTY(a, b, c, d);
	}
}

double canary_window(const struct calibration *c,
		     double chain_cycles_per_tick)
{
	uint64_t t0, t1;
	double ticks = 0, chain_ticks;
	int i;

	if (!(chain_cycles_per_tick > 0))
		return 0;
	/* the least of three: an interrupt lengthens one window, a tenant
	   that takes issue slots for longer (seconds, as they do) all */
	for (i = 0; i < CANARY_TRIES; i++) {
		double d;
		t0 = c->timer->read();
		canary_adds(c->chain_blocks);
		t1 = c->timer->read();
		d = (double)(t1 - t0) - c->overhead;
		if (!i || d < ticks)
			ticks = d;
	}
	chain_ticks = (double)c->chain_blocks * CHAIN_BLOCK /
		      chain_cycles_per_tick;
	return ticks > 0 ? ticks / chain_ticks : 0;
}

/* CSUMBENCH_TEST_CANARY=FACTOR[@FIRST-LAST]: the tests' stand-in for a
   co-tenant: the canary does FACTOR times its work in rounds FIRST to
   LAST (0-based; all without @) while reading as its usual window. */
static void standin(struct canary *k)
{
	const char *v = getenv("CSUMBENCH_TEST_CANARY");
	char *end;

	k->standin = 0;
	if (!v || !*v)
		return;
	k->standin = strtod(v, &end);
	k->standin_from = 0;
	k->standin_to = ~0u;
	if (*end == '@') {
		k->standin_from = (unsigned)strtoul(end + 1, &end, 10);
		k->standin_to = *end == '-' ? (unsigned)strtoul(end + 1, &end, 10) :
			       k->standin_from;
	}
	if (*end || !(k->standin >= 1 && k->standin <= 100))
		k->standin = 0;
}

void canary_start(struct canary *k, const struct calibration *c)
{
	double q[CANARY_START], dev[CANARY_START], med, mad;
	int i, n = 0;

	standin(k);
	if (!chain_adds)
		return;
	canary_adds(1);
	calibrate_chain_window(c);	/* the clock up to speed */
	/* each canary window between two chain windows: a clock that moved
	   meanwhile moves both alike */
	for (i = 0; i < CANARY_START; i++) {
		double before = calibrate_chain_window(c), r, after;
		r = canary_window(c, before);
		after = calibrate_chain_window(c);
		if (r > 0 && after > 0)
			q[n++] = r * 2 / (1 + before / after);
	}
	if (!n)
		return;
	med = stats_median(q, (size_t)n);
	for (i = 0; i < n; i++)
		dev[i] = fabs(q[i] - med);
	mad = stats_median(dev, (size_t)n);
	k->best = med;
	k->limit = med * (1 + fmax(0.10, 4 * 1.4826 * mad / med));
}

/* The fastest of three chain windows: adds per tick, an interrupt's
   lengthening left out. */
static double chain_best(const struct calibration *c)
{
	double best = 0;
	int i;

	for (i = 0; i < CANARY_TRIES; i++)
		best = fmax(best, calibrate_chain_window(c));
	return best;
}

bool canary_slow(struct canary *k, const struct calibration *c, unsigned round)
{
	double r, before, after;

	if (!(k->best > 0))
		return false;
	/* between chain windows of its own, as at start: the round's one
	   window may have been interrupted, and a clock that moved moves
	   both alike */
	before = chain_best(c);
	r = canary_window(c, before);
	if (k->standin > 0 && round >= k->standin_from && round <= k->standin_to &&
	    before > 0) {
		uint64_t t0 = c->timer->read(), t1;
		canary_adds((unsigned long)((k->standin - 1) * (double)c->chain_blocks));
		t1 = c->timer->read();
		r += (double)(t1 - t0) / ((double)c->chain_blocks * CHAIN_BLOCK / before);
	}
	after = chain_best(c);
	if (!(r > 0) || !(after > 0))
		return false;
	r = r * 2 / (1 + before / after);
	k->q = xreallocarray(k->q, k->nq + 1, sizeof(*k->q), "the canary's windows");
	k->q[k->nq++] = r;
	return r > k->limit;
}
