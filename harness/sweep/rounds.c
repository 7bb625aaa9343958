/* The order samples are taken in, and what is made of them afterwards.
 *
 * order = rounds (the default): a round takes one sample of every point
 * and one window of the add chain, in a fresh random order, so slow drift
 * and a noisy neighbour fall on every point alike and per-point medians
 * see the same conditions.  order = sequential takes all samples of a
 * point in a row, with chain windows just before them.
 *
 * A point's cycles per tick is the median chain ratio of the windows
 * taken alongside its samples: the whole repeat in rounds, its own block
 * in sequential order. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "kspace/kspace.h"
#include "lib/platform.h"
#include "lib/rand.h"
#include "lib/xalloc.h"
#include "sweep/miss.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"
#include "timer/chain.h"
#include "workload/load.h"

#define SEQ_CHAIN 11	/* chain windows per point in sequential order */


static void shuffle(size_t *v, size_t n, uint64_t *rng)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = i;
	for (i = n; i > 1; i--) {
		size_t j = (size_t)(rand_next(rng) % i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* A window of the add chain; busy: with the load running, for the busy
   rows (the load may share the core's clock, or its CPU). */
static void chain_sample(struct sweep *b, size_t block, bool busy)
{
	double **v = busy ? &b->machine.busy_chain : &b->machine.chain;
	size_t **bl = busy ? &b->machine.busy_chain_block :
			     &b->machine.chain_block;
	size_t *n = busy ? &b->machine.nbusy_chain : &b->machine.nchain;

	if (!chain_adds)
		return;
	*v = xreallocarray(*v, *n + 1, sizeof(**v), "the add chain's windows");
	*bl = xreallocarray(*bl, *n + 1, sizeof(**bl), "the add chain's windows");
	if (busy)
		load_resume();
	chain_adds(1);		/* its code warm, as a warm point's */
	(*v)[*n] = calibrate_chain_window(&b->machine.cal);
	if (busy)
		load_pause();
	(*bl)[(*n)++] = block;
}

/* The counts of the region just timed, per call, beside sample s. */
static void take_events(struct sweep *b, struct point *p, size_t s)
{
	struct events_count c;
	size_t i;

	events_last(&c);
	p->data.ev_run[s] = c.running;
	for (i = 0; i < b->plan.nev; i++)
		p->data.ev[s * b->plan.nev + i] = (c.value[i] - b->machine.ev_overhead[i]) /
					(double)p->spec.iters;
}

/* Per repeat: each event's median over the samples whose region the
   group counted, and how much of all their regions it ran (a region it
   missed counts as 0: a region is shorter than the kernel's rotation,
   so a multiplexed group is mostly on or off for a whole one). */
static void summarise_events(struct sweep *b, struct point *p, unsigned r)
{
	size_t s0 = (size_t)r * b->plan.samples, i, s, n;
	double *v = xcalloc((size_t)p->data.taken[r] + 1, sizeof(*v), "event counts"),
	       run = 0;

	for (s = 0; s < p->data.taken[r]; s++)
		run += p->data.ev_run[s0 + s];
	p->data.ev_running[r] = p->data.taken[r] ? run / p->data.taken[r] : 0;
	for (i = 0; i < b->plan.nev; i++) {
		for (s = 0, n = 0; s < p->data.taken[r]; s++)
			if (p->data.ev_run[s0 + s] > 0)
				v[n++] = p->data.ev[(s0 + s) * b->plan.nev + i];
		p->data.ev_median[(size_t)r * b->plan.nev + i] = n ? stats_median(v, n) : NAN;
	}
	free(v);
}

/* One sample of p under the watchdog; a kernel that hangs is stopped
   and its points take no more samples.  A busy point's sample is taken
   with the load running, and only then. */
static void sample(struct sweep *b, struct point *p, unsigned rep)
{
	double t = 0;
	unsigned lay, tries;
	bool done;

	if (p->data.dead)
		return;
	lay = layout_pick(b, p);
	if (b->cfg->timing == TIMING_PER_CALL) {
		if (!p->data.hist)
			p->data.hist = xcalloc(b->plan.repeats, sizeof(*p->data.hist),
					  "a point's calls");
		b->arena.hist_out = &p->data.hist[rep];
	}
	/* A sample during which the thread was switched out involuntarily
	   (a timer tick gave its CPU to another task) is taken again, a few
	   times at most: it timed the other task too.  Not per-call: there
	   the call that was switched out is what the mode is for. */
	for (tries = 0;; tries++) {
		long before = thread_involuntary_switches(), after;
		uint64_t walked = p->data.walked;	/* a retake's walk replaces it */

		if (p->spec.load == LOAD_BUSY)
			load_resume();
		WATCHDOG_RUN(done, p->spec.runs, sweep_sample_limit(b, p),
			     t = sweep_sample(b, p));
		if (p->spec.load == LOAD_BUSY)
			load_pause();
		if (!done) {
			b->arena.hist_out = NULL;
			sweep_stopped(b, p, "while timed");
			return;
		}
		if (p->data.dead) {	/* the module refused the region */
			b->arena.hist_out = NULL;
			return;
		}
		after = thread_involuntary_switches();
		b->machine.cont.samples++;
		if (before < 0 || after == before)
			break;
		p->data.preempted[rep]++;
		b->machine.cont.preempted++;
		if (tries == PREEMPT_RETAKES || b->arena.hist_out)
			break;
		p->data.walked = walked;
	}
	b->arena.hist_out = NULL;
	if (b->plan.nev)
		take_events(b, p, (size_t)rep * b->plan.samples + p->data.taken[rep]);
	p->data.sample_layout[(size_t)rep * b->plan.samples + p->data.taken[rep]] = (unsigned char)lay;
	p->data.sample_slot[(size_t)rep * b->plan.samples + p->data.taken[rep]] = (unsigned char)b->arena.slot;
	p->data.ticks[(size_t)rep * b->plan.samples + p->data.taken[rep]++] = t;
}

/* Visit i: point i, the chain when i == npts, and the chain under the
   load when i == npts + 1 (runs with busy points). */
static void visit(struct sweep *b, size_t i, unsigned rep, size_t block)
{
	if (b->watch.visit)
		b->watch.visit(b->watch.ctx, i);
	if (i >= b->plan.npts)
		chain_sample(b, block, i > b->plan.npts);
	else
		sample(b, &b->plan.pts[i], rep);
}

/* Where a round started: what taking it again puts back. */
struct round_mark {
	unsigned *taken;
	uint64_t *walked;
	size_t nchain, nbusy_chain, nq;
};

static void round_mark(const struct sweep *b, struct round_mark *m, unsigned rep)
{
	size_t i;

	for (i = 0; i < b->plan.npts; i++) {
		m->taken[i] = b->plan.pts[i].data.taken[rep];
		m->walked[i] = b->plan.pts[i].data.walked;
	}
	m->nchain = b->machine.nchain;
	m->nbusy_chain = b->machine.nbusy_chain;
	m->nq = b->machine.canary.nq;
}

static void round_undo(struct sweep *b, const struct round_mark *m, unsigned rep)
{
	size_t i;

	for (i = 0; i < b->plan.npts; i++) {
		b->plan.pts[i].data.taken[rep] = m->taken[i];
		b->plan.pts[i].data.walked = m->walked[i];
	}
	b->machine.nchain = m->nchain;
	b->machine.nbusy_chain = m->nbusy_chain;
	b->machine.canary.nq = m->nq;
}

/* One round: every point once and the chain, in a fresh order.  The
   canary is timed beside the round's chain window; a round it reads
   slow (another tenant took issue slots) is taken again, twice at most,
   and kept and counted if it stays slow.  Not per-call (its calls go
   into a histogram no round can take back) and not emulated: there it
   is only counted, or not timed. */
static void round_run(struct sweep *b, size_t *order, size_t n, unsigned rep,
		      uint64_t *rng, unsigned round)
{
	struct round_mark m;
	bool undo = b->cfg->timing != TIMING_PER_CALL;
	unsigned tries;
	size_t i;

	m.taken = xcalloc(b->plan.npts + 1, sizeof(*m.taken), "a round's marks");
	m.walked = xcalloc(b->plan.npts + 1, sizeof(*m.walked), "a round's marks");
	/* (the order drawn once: a round taken again is the same round, and
	   the seed gives the same rounds whatever the canary saw) */
	shuffle(order, n, rng);
	for (tries = 0;; tries++) {
		bool slow;

		round_mark(b, &m, rep);
		for (i = 0; i < n; i++)
			visit(b, order[i], rep, rep);
		if (b->machine.emulated || !b->machine.nchain || b->machine.nchain == m.nchain)
			break;
		slow = canary_slow(&b->machine.canary, &b->machine.cal, round);
		if (!slow)
			break;
		if (!undo || tries == CANARY_RETAKES) {
			b->machine.canary.kept++;
			b->machine.canary.worst = fmax(b->machine.canary.worst,
						       b->machine.canary.q[b->machine.canary.nq - 1] /
					       b->machine.canary.best - 1);
			break;
		}
		b->machine.canary.retaken++;
		round_undo(b, &m, rep);
		if (b->watch.undo)
			b->watch.undo(b->watch.ctx, n);
	}
	b->machine.canary.rounds++;
	free(m.taken);
	free(m.walked);
}

struct progress {
	bool on, tty;
	double start, last;
	size_t done, total;
};

static void progress(struct progress *g, const char *what)
{
	double now = platform_seconds(), eta;

	if (!g->on || now - g->start < 2 || (!g->tty && now - g->last < 5))
		return;
	g->last = now;
	eta = (now - g->start) / (double)g->done * (double)(g->total - g->done);
	fprintf(stderr, "%s[%zu/%zu] %s ETA %.0f s%s", g->tty ? "\r" : "",
		g->done, g->total, what, eta, g->tty ? "\033[K" : "\n");
}

void sweep_run(struct sweep *b, bool progress_on)
{
	size_t n = b->plan.npts + 1 + b->plan.busy, i, *order = xcalloc(n, sizeof(*order),
							      "the rounds' order");
	struct progress g = { progress_on, isatty(2) != 0, platform_seconds(),
			      0, 0, 0 };
	uint64_t rng = b->plan.seed;
	unsigned rep, r;
	char what[160];

	g.last = g.start;
	if (!b->machine.emulated && b->cfg->order == ORDER_ROUNDS)
		canary_start(&b->machine.canary, &b->machine.cal);
	for (rep = 0; rep < b->plan.repeats; rep++) {
		if (b->cfg->order == ORDER_ROUNDS) {
			g.total = (size_t)b->plan.repeats * b->plan.samples;
			for (r = 0; r < b->plan.samples; r++) {
				round_run(b, order, n, rep, &rng,
					  rep * b->plan.samples + r);
				g.done++;
				snprintf(what, sizeof(what), "rounds");
				if (b->plan.repeats > 1)
					snprintf(what, sizeof(what), "rounds, repeat %u of %u",
						 rep + 1, b->plan.repeats);
				progress(&g, what);
			}
			continue;
		}
		g.total = (size_t)b->plan.repeats * b->plan.npts;
		for (i = 0; i < b->plan.npts; i++) {
			const struct point *p = &b->plan.pts[i];
			size_t block = (size_t)rep * b->plan.npts + i;
			for (r = 0; r < SEQ_CHAIN && r < b->plan.samples; r++)
				visit(b,
				      b->plan.npts + (p->spec.load == LOAD_BUSY), rep, block);
			for (r = 0; r < b->plan.samples; r++)
				visit(b, i, rep, block);
			g.done++;
			snprintf(what, sizeof(what), "%s %u B %s", p->spec.kernel->name,
				 p->spec.size, cache_state_name[p->spec.cache]);
			progress(&g, what);
		}
	}
	if (g.on && g.tty && platform_seconds() - g.start >= 2)
		fprintf(stderr, "\r\033[K");
	free(order);
}

static void warn(struct sweep *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct sweep *b, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	b->log.warnings = xreallocarray(b->log.warnings, b->log.nwarnings + 1,
				    sizeof(*b->log.warnings), "a warning");
	b->log.warnings[b->log.nwarnings++] = xstrdup(msg, "a warning");
}

void sweep_warn_text(struct sweep *b, const char *msg)
{
	warn(b, "%s", msg);
}

/* Rounds the canary still read slow after their retakes: a tenant took
   issue slots for longer than a round.  A quarter of the run or more
   voids a verdict on it (csumreport compare: inconclusive); fewer are
   said, their samples among the others'. */
static void warn_canary(struct sweep *b)
{
	const struct canary *k = &b->machine.canary;

	if (!k->kept)
		return;
	warn(b, "canary: a throughput-bound loop (four independent add chains) "
	     "ran up to %.0f%% slower than at the run's start in %u of %u rounds, "
	     "each taken again %d times and still slow, while the latency-bound "
	     "add chain read the clock: another tenant took this core's issue "
	     "slots without preempting the thread; those rounds' samples are in "
	     "the figures%s", k->worst * 100, k->kept, k->rounds, CANARY_RETAKES,
	     k->kept * 4 >= k->rounds ? "; this voids a verdict" : "");
}

/* A group that shared the PMU (multiplexed) or never got on it: any
   sample of a row whose region it did not count whole. */
static void warn_events(struct sweep *b)
{
	size_t i, s, muxed = 0, missed = 0, never = 0;
	unsigned r;

	for (i = 0; i < b->plan.npts; i++)
		for (r = 0; r < b->plan.repeats; r++) {
			const struct point *p = &b->plan.pts[i];
			const double *run = p->data.ev_run + (size_t)r * b->plan.samples;
			size_t off = 0, part = 0;
			for (s = 0; s < p->data.taken[r]; s++) {
				off += run[s] <= 0;
				part += run[s] > 0 && run[s] < 1;
			}
			if (p->data.taken[r] && off == p->data.taken[r])
				never++;
			else if (off || part)
				muxed++;
			missed += off;
		}
	if (muxed)
		warn(b, "events: the group was multiplexed in %zu row(s): it "
		     "missed %zu timed region(s) whole (left out of the medians) "
		     "and counted others in part (scaled up); ev_running says how "
		     "much of each row it counted; count fewer events at once",
		     muxed, missed);
	if (never)
		warn(b, "events: the group never ran in %zu row(s): their ev_ "
		     "columns are empty (more hardware events than counters, or "
		     "another user of the PMU)", never);
}

/* The median chain ratio of every block, in one pass: windows are
   taken in block order, so each block's are one run of the array. */
static double *cycles_per_tick_by_block(const double *chain,
					const size_t *blocks, size_t nchain,
					size_t nblocks)
{
	double *m = xcalloc(nblocks, sizeof(*m), "the add chain's windows"), *v;
	size_t i = 0, j, n;

	v = xcalloc(nchain + 1, sizeof(*v), "the add chain's windows");
	while (i < nchain) {
		size_t block = blocks[i];
		for (j = i, n = 0; j < nchain && blocks[j] == block; j++)
			if (chain[j] > 0)
				v[n++] = chain[j];
		if (block < nblocks && n)
			m[block] = stats_median(v, n);
		i = j;
	}
	free(v);
	return m;
}

/* timing = per-call: every call of repeat r, summarised in whole timer
   steps of res ticks (NAN below one step). */
static void summarise_calls(struct point *p, unsigned r, double res)
{
	const struct call_hist *h = p->data.hist ? &p->data.hist[r] : NULL;
	struct call_stats *cs = &p->data.cs[r];

	memset(cs, 0, sizeof(*cs));
	if (!h || !(h->n + h->preempted))
		return;
	cs->n = (size_t)(h->n + h->preempted);
	cs->below_step = (size_t)h->below_step;
	cs->preempted = (size_t)h->preempted;
	cs->min = call_steps(h->min, res);
	cs->max = call_steps(h->max_all, res);
	cs->mean = call_steps(h->sum / (double)cs->n, res);
	cs->p99 = h->n ? call_steps(call_hist_quantile(h, 0.99), res) : NAN;
	cs->p999 = h->n ? call_steps(call_hist_quantile(h, 0.999), res) : NAN;
	cs->max_running = h->n ? call_steps(h->max, res) : NAN;
}

/* timing = per-call: a sample is a median call, so the row's figures
   are whole steps too, NAN below one. */
static void summary_in_steps(struct summary *st, double res)
{
	st->min = call_steps(st->min, res);
	st->median = call_steps(st->median, res);
	st->mean = call_steps(st->mean, res);
	st->max = call_steps(st->max, res);
	st->p99 = call_steps(st->p99, res);
}

/* Floors (the empty kernel, subtracted from every row) whose regions
   span fewer than REGION_STEPS timer steps: they take their rows' K
   (prepare.c), and their calls are the harness's alone.  How coarse
   floor_ticks is, against itself and against the fastest row that
   subtracts it (under 1% where that row's regions span REGION_STEPS). */
static void warn_coarse_floors(struct sweep *b)
{
	double least = INFINITY, self = 0, rows = 0;
	size_t i, j, n = 0;
	unsigned r;

	for (i = 0; i < b->plan.npts; i++) {
		const struct point *f = &b->plan.pts[i];
		bool coarse = false;

		for (r = 0; f->spec.kernel->pseudo && r < b->plan.repeats; r++) {
			double step = b->machine.cal.resolution / (double)f->spec.iters,
			       fastest = INFINITY;
			if (!f->data.taken[r] || !(f->data.steps[r] < REGION_STEPS))
				continue;
			coarse = true;
			least = fmin(least, f->data.steps[r]);
			if (f->data.st[r].median > 0)
				self = fmax(self, step / f->data.st[r].median);
			for (j = 0; j < b->plan.npts; j++)
				if (b->plan.pts[j].spec.floor == i && !b->plan.pts[j].spec.kernel->pseudo &&
				    b->plan.pts[j].data.taken[r] && b->plan.pts[j].data.st[r].median > 0)
					fastest = fmin(fastest,
						       b->plan.pts[j].data.st[r].median);
			if (fastest < INFINITY)
				rows = fmax(rows, step / fastest);
		}
		n += coarse;
	}
	if (n)
		warn(b, "%zu floor point(s) (the empty kernel: floor_ticks, "
		     "subtracted in cycles_per_byte_net) time regions of fewer than "
		     "%d timer steps (as few as %.1f): they take their rows' calls "
		     "per region, whose cost they are there to subtract, and each "
		     "call is the harness's alone; floor_ticks moves in steps of up "
		     "to %.1f%% of itself, %.2f%% of the fastest row that subtracts "
		     "it; the region_steps column says how many", n, REGION_STEPS,
		     least, 100 * self, 100 * rows);
}

/* Regions shorter than the overhead subtracted: said once, with the
   overhead and the first point whose median fell below it (else the
   first with any such sample). */
static void warn_below(struct sweep *b)
{
	const struct point *first = NULL;
	size_t i, n = 0;
	unsigned r;
	bool median = false;

	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		bool any = false, low = false;

		for (r = 0; r < b->plan.repeats; r++) {
			any |= p->data.below[r] > 0;
			low |= p->data.taken[r] && p->data.st[r].median < 0;
		}
		n += any;
		if (any && (!first || (low && !median))) {
			first = p;
			median = low;
		}
	}
	if (!n || b->cfg->timing == TIMING_PER_CALL)	/* warn_unresolved */
		return;
	warn(b, "%zu point(s) timed regions shorter than the overhead "
	     "subtracted (%.1f ticks, %s; %s at %u B %s%s): such a region is no "
	     "time; no figure below 0 is printed, the below_overhead column "
	     "counts a row's regions below it (samples; calls, per-call), and a "
	     "row whose median fell below it has no figures", n,
	     kspace_opened() ? b->machine.kspace_overhead : b->machine.cal.overhead,
	     kspace_opened() ? "csumbench.ko's empty region" :
	     "timer_overhead_ticks", first->spec.kernel->name, first->spec.size,
	     cache_state_name[first->spec.cache], median ? ", its median too" : "");
}

/* timing = per-call: the points whose median call the timer does not
   resolve (below one step), said once with the first of them. */
static void warn_unresolved(struct sweep *b)
{
	const struct point *first = NULL;
	size_t i, n = 0, floors = 0;
	unsigned r;

	if (b->cfg->timing != TIMING_PER_CALL)
		return;
	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		bool low = false;

		for (r = 0; r < b->plan.repeats; r++)
			low |= p->data.taken[r] && isnan(p->data.st[r].median);
		if (!low)
			continue;
		if (p->spec.kernel->pseudo) {
			floors++;
			continue;
		}
		n++;
		if (!first)
			first = p;
	}
	if (n)
		warn(b, "timing = per-call: %zu point(s) have a median call below "
		     "one timer step of %.0f ticks (%s at %u B %s): the timer does "
		     "not resolve it, so the row has no figures (not 0) and only "
		     "its call_* spread; calls_below_step counts such calls, "
		     "below_overhead those below the overhead (%.1f ticks)", n,
		     b->machine.cal.resolution, first->spec.kernel->name, first->spec.size,
		     cache_state_name[first->spec.cache], b->machine.cal.overhead);
	if (floors)
		warn(b, "timing = per-call: the empty call (the floor) is below one "
		     "timer step at %zu point(s): no floor_ticks, no net figures "
		     "there", floors);
}

/* What else ran on the measured CPU (contention.h), as warnings. */
static void warn_contention(struct sweep *b)
{
	char msg[512];
	int which;

	b->machine.cont.kept = b->cfg->timing == TIMING_PER_CALL;
	b->machine.cont.own_load = b->plan.busy && load_shares();
	for (which = 0; which < 2; which++)
		if (contention_warning(&b->machine.cont, which, msg, sizeof(msg)))
			warn(b, "%s", msg);
}

/* The chain's median over the run and over its four quarters, in the
   order taken; returns the windows per quarter (0: too few). */
static size_t chain_quarters(struct sweep *b)
{
	struct machine *m = &b->machine;
	size_t q, nq = m->nchain / 4;

	m->cycles_per_tick_run = m->nchain ?
				 stats_median(m->chain, m->nchain) : 0;
	for (q = 0; q < 4 && nq; q++)
		m->cycles_per_tick_quarter[q] =
			stats_median(m->chain + q * nq, nq);
	return nq;
}

/* Point i's summaries per repeat; idle_ and busy_cycles_per_tick: the
   chain's cycles per tick per block, idle and busy. */
static void summarise_point(struct sweep *b, size_t i,
			    const double *idle_cycles_per_tick,
			    const double *busy_cycles_per_tick)
{
	const struct calibration *c = &b->machine.cal;
	struct point *p = &b->plan.pts[i];
	uint64_t calls = 0;
	unsigned r;

	for (r = 0; r < b->plan.repeats; r++)
		calls += (uint64_t)p->data.taken[r] * p->spec.iters;
	/* A mix's bytes per call: those its samples walked (a run
	   may walk only part of a long mix), not the mix's mean. */
	if (p->spec.size == SIZE_MIX && calls && p->data.walked)
		p->data.bytes = (double)p->data.walked / (double)calls;
	for (r = 0; r < b->plan.repeats; r++) {
		size_t block = b->cfg->order == ORDER_ROUNDS ? r :
			       (size_t)r * b->plan.npts + i;
		const double *t = p->data.ticks + (size_t)r * b->plan.samples;
		unsigned s;

		p->data.st[r] = stats_summarise(t, p->data.taken[r]);
		for (s = 0, p->data.below[r] = 0; s < p->data.taken[r]; s++)
			p->data.below[r] += t[s] < 0;
		/* per-call: each call is a region (the histogram's
		   first bin holds those below 0) */
		if (p->data.hist && p->data.hist[r].n)
			p->data.below[r] = (unsigned)p->data.hist[r].bin[0];
		if (b->plan.nev)
			summarise_events(b, p, r);
		summarise_calls(p, r, c->resolution);
		/* A region's length in timer steps: a call's in per-call
		   runs, K calls' (or a batch's) else. */
		p->data.steps[r] = point_time(p->data.st[r].median) *
			      (b->cfg->timing == TIMING_PER_CALL ? 1.0 :
			       (double)p->spec.iters) / c->resolution;
		if (b->cfg->timing == TIMING_PER_CALL)
			summary_in_steps(&p->data.st[r], c->resolution);
		p->data.cycles_per_tick[r] =
			c->cycles_per_tick_given ? c->cycles_per_tick :
			p->spec.load == LOAD_BUSY &&
			busy_cycles_per_tick[block] > 0 ?
			busy_cycles_per_tick[block] :
			idle_cycles_per_tick[block];
		if (p->data.cycles_per_tick[r] <= 0)
			p->data.cycles_per_tick[r] = c->cycles_per_tick;
	}
}

static void summarise_points(struct sweep *b)
{
	const struct machine *m = &b->machine;
	size_t i, nblocks;
	double *idle_cycles_per_tick, *busy_cycles_per_tick;

	/* Blocks are numbered by the points of the run; kernels that hung
	   leave it after. */
	nblocks = b->cfg->order == ORDER_ROUNDS ? b->plan.repeats :
		  (size_t)b->plan.repeats * b->plan.npts;
	idle_cycles_per_tick = cycles_per_tick_by_block(m->chain,
			m->chain_block, m->nchain, nblocks);
	busy_cycles_per_tick = cycles_per_tick_by_block(m->busy_chain,
			m->busy_chain_block, m->nbusy_chain, nblocks);
	for (i = 0; i < b->plan.npts; i++)
		summarise_point(b, i, idle_cycles_per_tick,
				busy_cycles_per_tick);
	free(idle_cycles_per_tick);
	free(busy_cycles_per_tick);
}

/* The calibrated clock against /proc/cpuinfo's. */
static void warn_clock(struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;
	struct machine *m = &b->machine;
	char msg[400];

	/* Measured where the chain ran: a preset's ratio would only
	   restate what the preset assumes. */
	m->clock_hz = c->tick_hz * (m->cycles_per_tick_run > 0 ?
				    m->cycles_per_tick_run :
				    c->cycles_per_tick);
	if (!platform_cpuinfo_clock(&m->clock_stated_hz))
		m->clock_stated_hz = 0;
	else if (calibrate_clock_disagrees(m->clock_hz, m->clock_stated_hz,
					   msg, sizeof(msg)))
		warn(b, "%s%s", msg, m->emulated ? " (this run is "
		     "emulated: the calibrated clock is the pace the "
		     "emulator ran at)" : "");
}

/* The chain moving across the run (nq windows per quarter), or
   disagreeing with a preset's cycles per tick. */
static void warn_chain(struct sweep *b, size_t nq)
{
	const struct calibration *c = &b->machine.cal;
	const struct machine *m = &b->machine;
	double lo, hi;
	size_t q;

	if (nq) {
		lo = hi = m->cycles_per_tick_quarter[0];
		for (q = 1; q < 4; q++) {
			lo = fmin(lo, m->cycles_per_tick_quarter[q]);
			hi = fmax(hi, m->cycles_per_tick_quarter[q]);
		}
		if (hi / lo - 1 > 0.03)
			warn(b, "cycles per tick moved by %.1f%% across the run (the "
			     "add chain read %.4f, %.4f, %.4f, %.4f in its four "
			     "quarters): the core clock changed%s", (hi / lo - 1) * 100,
			     m->cycles_per_tick_quarter[0],
			     m->cycles_per_tick_quarter[1],
			     m->cycles_per_tick_quarter[2],
			     m->cycles_per_tick_quarter[3],
			     b->cfg->order == ORDER_ROUNDS ?
			     "; every point saw it alike" : "; each point uses the "
			     "chain timed beside it");
	}
	if (c->cycles_per_tick_given && m->cycles_per_tick_run > 0 &&
	    fabs(m->cycles_per_tick_run / c->cycles_per_tick - 1) > 0.05)
		warn(b, "cycles_per_tick is %.4f (%s) but the add chain reads "
		     "%.4f: they disagree by %+.0f%%; check the preset against "
		     "this core's clocks", c->cycles_per_tick,
		     c->cycles_per_tick_source, m->cycles_per_tick_run,
		     (m->cycles_per_tick_run / c->cycles_per_tick - 1) * 100);
}

/* Points whose regions span fewer than REGION_STEPS timer steps. */
static void warn_coarse(struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;
	double cycles_per_tick = b->machine.cycles_per_tick_run > 0 ?
				 b->machine.cycles_per_tick_run :
				 c->cycles_per_tick;

	if (sweep_coarse(b) && b->cfg->timing == TIMING_PER_CALL)
		warn(b, "timing = per-call: %zu point(s) time calls shorter than "
		     "%d timer steps of %.0f ticks (%.4f cycles per tick): a "
		     "call's figure is whole steps, its percentiles coarse; the "
		     "region_steps column says how many", sweep_coarse(b),
		     REGION_STEPS, c->resolution, cycles_per_tick);
	else if (sweep_coarse(b))
		warn(b, "%zu point(s) time regions of fewer than %d timer steps "
		     "of %.0f ticks (%.4f cycles per tick) even with the most calls "
		     "a region may have (%d, fewer where the pool or ring is "
		     "small): their medians move in steps of more than 1%%; the "
		     "region_steps column says how many", sweep_coarse(b),
		     REGION_STEPS, c->resolution, cycles_per_tick, K_MAX);
}

void sweep_finish(struct sweep *b)
{
	size_t nq;

	warn_contention(b);
	nq = chain_quarters(b);
	summarise_points(b);
	miss_measure(b);
	sweep_drop_dead(b);
	sweep_link_roofline(b);
	warn_below(b);
	warn_unresolved(b);
	warn_canary(b);
	if (b->plan.nev)
		warn_events(b);
	/* Before the emulated return: an emulator nothing inside can see
	   (a whole virtual board) still shows here. */
	warn_clock(b);
	if (b->machine.emulated)
		return;		/* the chain measures nothing under QEMU */
	warn_chain(b, nq);
	warn_coarse(b);
	if (b->cfg->timing != TIMING_PER_CALL)
		warn_coarse_floors(b);
}
