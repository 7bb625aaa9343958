/* Taking one sample of a point, and sizing its timed region beforehand.
 *
 * warm:         two untimed calls, then a batch of back-to-back calls on
 *               one buffer lasting at least the calibrated sample length.
 * cold:         the DMA case: one untimed call on the warm buffer (code
 *               and branch history warm), then K buffers drawn at random
 *               from a pool far larger than the caches, written when the
 *               pool was made (the NIC's DMA, long before), flushed (the
 *               flush leaves their pages in the TLB), and not read by
 *               this core before the K calls timed together.
 *               Written just before, the read would wait for the write-
 *               back the flush starts: c64 at 1500 B read 3797 ticks right
 *               after its buffer's write and flush, 1323 flushed only and
 *               1543 after 20 us (this EPYC).  A buffer's lines are clean,
 *               so its flush only invalidates; a destination's are written
 *               back after the timed calls, untimed.
 * cold-read:    K such buffers, each called once untimed (read), then
 *               flushed, then timed: a buffer this core read and lost.
 * after-switch: K such buffers, each called once untimed, then L1 and L2
 *               thrashed on this CPU (as another task's time slice
 *               would), then timed.
 * cold-ring:    one untimed call on the warm buffer, then the next K
 *               buffers of the point's own ring (shuffled order) timed
 *               together; nothing flushed.
 * ring:         one untimed descriptor; then, untimed, the next rx_batch
 *               descriptors and their buffers written and flushed as a
 *               DMA leaves them; then those descriptors walked (rxring.h).
 * a mix:        warm: rx_batch buffers holding the mix's next packets,
 *               walked once untimed, then timed; ring: as ring.
 * K is the one of the point's size and cache state (every kernel, load
 * and rx policy alike): calls enough that the region spans REGION_STEPS
 * steps of the timer for the fastest of them.  The K calls are fenced
 * apart (fence.h), so each costs what it would alone.  No write, flush
 * or bookkeeping happens between the two timer reads.
 * timing = per-call times each call alone (between its own timer reads);
 * a warm sample then has no untimed warm-up calls.
 * space = kernel: csumbench.ko takes the sample, warm or cold, in the
 * kernel (sweep/kspace.c, module/timed.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "lib/hugepage.h"
#include "lib/rand.h"
#include "lib/xalloc.h"
#include "sweep/kspace.h"
#include "sweep/sweep.h"
#include "timer/fence.h"
#include "workload/load.h"

static uint64_t walk_sample(struct sweep *b, struct point *p)
{
	const struct timer *t = b->machine.cal.timer;
	const struct op *op = p->spec.runs->op;
	const struct mix *m = b->cfg->mix;
	struct rx_walk_args a = {
		op, p->spec.runs, op->dst ? sweep_dbuf(b) + p->spec.align : NULL, p->spec.align,
		sweep_dist(p), p->spec.rx_prefetch, p->spec.rxahead, b->cfg->rx_work, b->machine.line,
	};
	struct rxring *r = &b->arena.rxwarm;
	uint64_t before, ticks;
	size_t i;

	if (p->spec.cache == CACHE_RX) {
		rx_walk(t, &p->data.rx, &a, 1);	/* code warm */
		rx_dma(&p->data.rx, p->spec.iters, p->spec.rxahead,
		       p->spec.align, b->plan.pfspan,
		       b->machine.flush->flush, b->machine.flush->whole, b->machine.line);
		before = p->data.rx.bytes;
		ticks = rx_walk(t, &p->data.rx, &a, p->spec.iters);
		p->data.walked += p->data.rx.bytes - before;
		/* the next walk's descriptors written now, untimed, so their
		   write-back is done when it flushes them again */
		rx_dma(&p->data.rx, p->spec.iters + 1, p->spec.rxahead,
		       p->spec.align, b->plan.pfspan,
		       b->machine.flush->flush, b->machine.flush->whole, b->machine.line);
		return ticks;
	}
	/* warm: the next packets of the mix, in buffers that stay put */
	for (i = 0; i < p->spec.iters; i++) {
		r->desc[i].len = r->hw[i].len = m->len[(p->data.mixpos + i) % m->n];
		rx_fill(r->desc[i].buf, m, p->data.mixpos + i, p->spec.align);
	}
	p->data.mixpos = (p->data.mixpos + p->spec.iters) % m->n;
	r->next = 0;
	rx_walk(t, r, &a, p->spec.iters);
	r->next = 0;
	before = r->bytes;
	ticks = rx_walk(t, r, &a, p->spec.iters);
	p->data.walked += r->bytes - before;
	return ticks;
}

/* K distinct slots of the pool at random: no two buffers of a region in
   memory order, so no hardware prefetcher streams from one into the
   next. */
static void pick_slots(struct sweep *b, const struct point *p, size_t *slots)
{
	size_t n = b->arena.poolsize / point_slot_bytes(b, p), k, j;

	for (k = 0; k < p->spec.iters; k++) {
		do {
			slots[k] = (size_t)(rand_next(&b->arena.pool_rng) % n);
			for (j = 0; j < k && slots[j] != slots[k]; j++)
				;
		} while (j < k);
	}
}

/* Pushes a core's private caches' lines out: written, so dirty lines
   of the sample's buffers and the thrash alike are written back. */
static void thrash(struct sweep *b)
{
	size_t i;

	for (i = 0; i < b->arena.thrashsize; i += b->machine.line)
		b->arena.thrash[i]++;
}

void sweep_cold_ready(struct sweep *b, struct point *p, unsigned char **bufs,
		      unsigned char **dsts)
{
	const struct op *op = p->spec.runs->op;
	const unsigned char *src = sweep_buf(b) + p->spec.align;
	size_t slot = point_slot_bytes(b, p), slots[K_MAX];
	uint64_t k;

	pick_slots(b, p, slots);
	for (k = 0; k < p->spec.iters; k++) {
		bufs[k] = b->arena.pool + slots[k] * slot + p->spec.align;
		dsts[k] = op->dst ? bufs[k] + slot / 2 : NULL;
	}
	if (p->spec.cache == CACHE_COLD) {
		/* code warm on the warm buffer, not on these */
		op->batch(b->machine.cal.timer, p->spec.runs, src,
			  op->dst ? sweep_dbuf(b) +
			  p->spec.align : NULL, p->spec.size, sweep_dist(p), 1);
	} else {
		/* the sources read; the destinations not written, or their
		   flush below would start write-backs the timed stores wait
		   for */
		unsigned char *wd[K_MAX];
		for (k = 0; k < p->spec.iters; k++)
			wd[k] = op->dst ? sweep_dbuf(b) + p->spec.align : NULL;
		op->list(b->machine.cal.timer, p->spec.runs, bufs, wd,
			 p->spec.size, sweep_dist(p),
			 p->spec.iters);
	}
	if (p->spec.cache == CACHE_SWITCH) {
		thrash(b);
		return;
	}
	for (k = 0; k < (b->machine.flush->whole ? 1 : p->spec.iters); k++) {
		b->machine.flush->flush(bufs[k], p->spec.size + b->plan.pfspan,
					b->machine.line);
		if (op->dst && !b->machine.flush->whole)
			b->machine.flush->flush(dsts[k], p->spec.size, b->machine.line);
	}
}

void call_hist_add(struct call_hist *h, double v)
{
	size_t i;

	if (v < 0)
		i = 0;
	else if (v < HIST_LINEAR)
		i = 1 + (size_t)v;
	else {
		double k = log(v / HIST_LINEAR) / log(1.01);
		i = HIST_LINEAR + 1 + (k < HIST_BINS ? (size_t)k : HIST_BINS);
		if (i >= HIST_BINS)
			i = HIST_BINS - 1;
	}
	h->bin[i]++;
	h->min = !h->n || v < h->min ? v : h->min;
	h->max = !h->n || v > h->max ? v : h->max;
	h->sum += v;
	h->n++;
}

double call_hist_quantile(const struct call_hist *h, double q)
{
	uint64_t want = (uint64_t)ceil(q * (double)h->n), c = 0;
	size_t i;

	if (!want)
		want = 1;
	for (i = 0; i < HIST_BINS; i++) {
		c += h->bin[i];
		if (c >= want)
			break;
	}
	if (i == 0)
		return h->min;
	if (i == HIST_BINS)
		return h->max;
	/* a bin's lower edge, within what was seen */
	return fmin(h->max, fmax(h->min, i <= HIST_LINEAR ? (double)(i - 1) :
		    HIST_LINEAR * pow(1.01, (double)(i - HIST_LINEAR - 1))));
}

/* After a region's calls, untimed: the destinations they dirtied are
   written back now, so that no later region's flush starts a write-back
   that its own reads would wait for. */
static void written_back(struct sweep *b, const struct point *p,
			 unsigned char **dsts)
{
	uint64_t k;

	if (!p->spec.runs->op->dst || b->machine.flush->whole)
		return;
	for (k = 0; k < p->spec.iters; k++)
		b->machine.flush->flush(dsts[k], p->spec.size, b->machine.line);
}

/* Involuntary switches since before, or 0 where they cannot be read. */
static long after_switches(long before)
{
	long after = thread_involuntary_switches();

	return before < 0 || after < before ? 0 : after - before;
}

/* How many of the sample's calls held a switch-out, of `switched` the
   scheduler made while the sample ran.  A switch-out lands in a call or
   in the untimed gap between two, and lasts longer than either would
   alone (a context switch there and back, and the other task's run):
   the `switched` longest of calls and gaps together are taken as the
   switch-outs.  w and gap are sorted ascending. */
size_t calls_switched(const double *w, size_t n, const double *gap,
		      size_t ngap, size_t switched)
{
	size_t i = n, j = ngap, k, calls = 0;

	for (k = 0; k < switched && (i || j); k++) {
		if (i && (!j || w[i - 1] >= gap[j - 1])) {
			i--;
			calls++;
		} else {
			j--;
		}
	}
	return calls;
}

/* A sample's calls (sorted) into b->hist_out: the `preempted` longest
   in the count, sum, minimum and max_all alone (calls_switched). */
static void calls_count(struct sweep *b, const double *w, size_t n,
			size_t preempted)
{
	struct call_hist *h = b->arena.hist_out;
	bool first = h && !h->n && !h->preempted;
	size_t k;

	if (!h || !n)
		return;
	for (k = 0; k < n; k++)
		h->below_step += w[k] < b->machine.cal.resolution;
	for (k = 0; k + preempted < n; k++)
		call_hist_add(h, w[k]);
	for (; k < n; k++) {
		h->sum += w[k];
		h->min = first && !k ? w[k] : fmin(h->min, w[k]);
	}
	h->preempted += preempted;
	h->max_all = first ? w[n - 1] : fmax(h->max_all, w[n - 1]);
}

/* One call of a per-call sample: its ticks, raw. */
static uint64_t one_call(struct sweep *b, struct point *p, unsigned char **bufs,
			 unsigned char **dsts, size_t n)
{
	const struct timer *t = b->machine.cal.timer;
	const struct kernel *kn = p->spec.runs;
	const struct op *op = kn->op;
	int dist = sweep_dist(p);

	if (p->spec.cache == CACHE_WARM)
		return op->batch(t, kn, sweep_buf(b) + p->spec.align, op->dst ?
				 sweep_dbuf(b) + p->spec.align : NULL, p->spec.size, dist, 1);
	return op->list(t, kn, bufs + n, dsts + n, p->spec.size, dist, 1);
}

/* timing = per-call: each call between its own timer reads, counted in
   b->hist_out; the sample is their median.  Warm: calls back to back
   for PERCALL_SECONDS, none untimed before them; else the region's K.
   The timer is also read before each call, untimed, so that the gaps
   between calls are known (calls_switched). */
static double per_call(struct sweep *b, struct point *p, unsigned char **bufs,
		       unsigned char **dsts)
{
	const struct timer *t = b->machine.cal.timer;
	double *w = b->arena.scratch, *gap = b->arena.scratch + PERCALL_MAX, spent = 0,
	       budget = fmax(b->machine.cal.sample_ticks,
			     PERCALL_SECONDS * b->machine.cal.tick_hz);
	long before = thread_involuntary_switches();
	uint64_t prev = 0, ticks = 0;
	size_t n = 0, ngap = 0, held;

	while (n < PERCALL_MAX) {
		uint64_t now;

		if (p->spec.cache != CACHE_WARM && n == p->spec.iters)
			break;
		now = t->read();
		if (n)
			gap[ngap++] = (double)(now - prev) - (double)ticks;
		prev = now;
		ticks = one_call(b, p, bufs, dsts, n);
		w[n++] = (double)ticks - b->machine.cal.overhead;
		spent += (double)ticks;
		if (p->spec.cache == CACHE_WARM && spent >= budget)
			break;
	}
	gap[ngap++] = (double)(t->read() - prev) - (double)ticks;
	stats_sort(w, n);
	stats_sort(gap, ngap);
	held = calls_switched(w, n, gap, ngap, (size_t)after_switches(before));
	calls_count(b, w, n, held);
	return stats_quantile_sorted(w, n, 0.5);
}

double sweep_sample(struct sweep *b, struct point *p)
{
	const struct timer *t = b->machine.cal.timer;
	const struct kernel *kn = p->spec.runs;
	const struct op *op = kn->op;
	unsigned char *bufs[K_MAX], *dsts[K_MAX];
	unsigned char *wdst = op->dst ? sweep_dbuf(b) + p->spec.align : NULL;
	int dist = sweep_dist(p);
	bool one = b->cfg->timing == TIMING_PER_CALL && !b->piloting;
	uint64_t k, ticks;

	if (kn->kspace)		/* the module's region (kspace/) */
		return kspace_sample(b, p);
	if (point_walks(p))
		return ((double)walk_sample(b, p) - b->machine.cal.overhead) /
		       (double)p->spec.iters;
	switch (p->spec.cache) {
	case CACHE_WARM:	/* the two untimed calls warm dst too */
		if (one)
			return per_call(b, p, bufs, dsts);
		op->batch(t, kn, sweep_buf(b) + p->spec.align, wdst,
			  p->spec.size, dist, 2);
		ticks = op->batch(t, kn, sweep_buf(b) + p->spec.align, wdst,
				  p->spec.size, dist,
				  p->spec.iters);
		break;
	case CACHE_RING:	/* source and destination both from it */
		op->batch(t, kn, sweep_buf(b) + p->spec.align, wdst,
			  p->spec.size, dist, 1);
		for (k = 0; k < p->spec.iters; k++) {
			bufs[k] = ring_next(p->data.ring) + p->spec.align;
			dsts[k] = op->dst ? ring_next(p->data.ring) + p->spec.align : NULL;
		}
		if (one)
			return per_call(b, p, bufs, dsts);
		ticks = op->list(t, kn, bufs, dsts, p->spec.size, dist, p->spec.iters);
		break;
	default:		/* cold, cold-read, after-switch */
		sweep_cold_ready(b, p, bufs, dsts);
		if (one) {
			double m = per_call(b, p, bufs, dsts);
			written_back(b, p, dsts);
			return m;
		}
		ticks = op->list(t, kn, bufs, dsts, p->spec.size, dist, p->spec.iters);
		written_back(b, p, dsts);
		break;
	}
	return ((double)ticks - b->machine.cal.overhead) / (double)p->spec.iters;
}
