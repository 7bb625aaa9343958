/* The points a config expands to, the buffers they share, and freeing
   them (gate.c checks them, prepare.c sizes them, rounds.c times them). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "lib/hugepage.h"
#include "lib/xalloc.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"
#include "op/verify.h"
#include "workload/mix.h"

/* Where a point stands apart from its kernel and placement: cache state
   with its rx policy, load, size and alignment. */
struct where {
	enum cache_state cache;
	enum rx_prefetch rx_prefetch;
	enum load_state load;
	unsigned rxahead, rxslot;
	uint32_t size, align;
};

static struct point *add_point(struct sweep *b, size_t *cap,
			       const struct kernel *k, const struct kernel *runs,
			       const struct where *w, int32_t pf, int32_t off,
			       size_t floor)
{
	struct point *p;
	size_t n = (size_t)b->plan.samples * b->plan.repeats;

	if (b->plan.npts == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		b->plan.pts = xreallocarray(b->plan.pts, *cap,
					    sizeof(*b->plan.pts), "the points");
	}
	p = &b->plan.pts[b->plan.npts++];
	memset(p, 0, sizeof(*p));
	p->spec.kernel = k;
	p->spec.runs = runs;
	p->spec.cache = w->cache;
	p->spec.rx_prefetch = w->rx_prefetch;
	p->spec.rxahead = w->rxahead;
	p->spec.rxslot = w->rxslot;
	p->spec.load = w->load;
	p->spec.size = w->size;
	p->data.bytes = config_bytes(b->cfg, w->size);
	p->spec.align = w->align;
	p->spec.prefetch = pf;
	p->spec.code_offset = off;
	p->spec.floor = floor;
	p->spec.loop_mod64 = -1;
	if (runs) {
		p->spec.code_mod64 = place_mod64((const void *)runs->fn);
		p->spec.loop_mod64 = place_loop_mod64(runs);
	}
	p->data.ticks = xcalloc(n, sizeof(*p->data.ticks), "a point's samples");
	p->data.st = xcalloc(b->plan.repeats, sizeof(*p->data.st), "a point's samples");
	p->data.cycles_per_tick = xcalloc(b->plan.repeats,
					  sizeof(*p->data.cycles_per_tick),
					  "a point's samples");
	p->data.cs = xcalloc(b->plan.repeats, sizeof(*p->data.cs), "a point's samples");
	p->data.steps = xcalloc(b->plan.repeats, sizeof(*p->data.steps),
				"a point's samples");
	p->data.taken = xcalloc(b->plan.repeats, sizeof(*p->data.taken),
				"a point's samples");
	p->data.sample_layout = xcalloc(n, sizeof(*p->data.sample_layout),
					"a point's samples");
	p->data.sample_slot = xcalloc(n, sizeof(*p->data.sample_slot),
				      "a point's samples");
	p->data.preempted = xcalloc(b->plan.repeats, sizeof(*p->data.preempted),
			       "a point's samples");
	p->data.below = xcalloc(b->plan.repeats, sizeof(*p->data.below),
				"a point's samples");
	if (b->cfg->events.n) {
		size_t nev = b->cfg->events.n;
		p->data.ev = xcalloc(n * nev, sizeof(*p->data.ev),
				     "a point's event counts");
		p->data.ev_run = xcalloc(n, sizeof(*p->data.ev_run),
					 "a point's event counts");
		p->data.ev_median = xcalloc((size_t)b->plan.repeats * nev,
					    sizeof(*p->data.ev_median),
				       "a point's event counts");
		p->data.ev_running = xcalloc(b->plan.repeats, sizeof(*p->data.ev_running),
					"a point's event counts");
	}
	return p;
}

/* The ops of the config's kernels, each once, in order of appearance:
   each has its own floor points. */
static size_t plan_ops(const struct config *c, const struct op **ops)
{
	size_t ki, i, n = 0;

	for (ki = 0; ki < c->nkernels; ki++) {
		const struct op *o = c->kernels[ki]->op;
		if (c->kernels[ki]->pseudo)
			continue;
		for (i = 0; i < n && ops[i] != o; i++)
			;
		if (i == n)
			ops[n++] = o;
	}
	return n;
}

/* The n-th place of the config's places, in the order points take them:
   cache state (by rx policy at ring), load, size, alignment. */
static size_t plan_places(const struct config *c, struct where *w)
{
	size_t ci, xi, li, si, ai, n = 0;

	for (ci = 0; ci < c->ncaches; ci++)
		for (xi = 0; xi < config_rx_policies(c, c->caches[ci]); xi++)
			for (li = 0; li < c->nloads; li++)
				for (si = 0; si < c->nsizes; si++)
					for (ai = 0; ai < c->naligns; ai++, n++)
						if (w) {
							w[n].cache = c->caches[ci];
							w[n].rxslot = (unsigned)xi;
							w[n].rx_prefetch = RX_PREFETCH_NONE;
							w[n].rxahead = 0;
							if (c->caches[ci] == CACHE_RX)
								config_rx_policy(c, xi, &w[n].rx_prefetch,
										 &w[n].rxahead);
							w[n].load = c->loads[li];
							w[n].size = c->sizes[si];
							w[n].align = c->aligns[ai];
						}
	return n;
}

int sweep_plan(struct sweep *b, char *err, size_t errlen)
{
	b->plan.nev = b->cfg->events.n;
	static const int32_t in_place = CODE_OFFSET_NONE, no_pf = PREFETCH_NONE;
	const struct config *c = b->cfg;
	const struct op *ops[OP_MAX];
	size_t ki, wi, ai, pi, oi, cap = 0, nkpts = 0, nops, opi;
	size_t per_kernel = plan_places(c, NULL);
	struct where *w = xcalloc(per_kernel, sizeof(*w), "the plan");

	plan_places(c, w);
	b->plan.samples = c->samples;
	b->plan.repeats = c->repeat;
	b->plan.layouts = c->layouts;
	b->arena.nslots = 1;
	b->plan.pfspan = 0;
	for (pi = 0; pi < c->nprefetch; pi++)
		if (c->prefetch[pi] > (int32_t)b->plan.pfspan)
			b->plan.pfspan = (size_t)c->prefetch[pi];
	for (ai = 0; ai < c->naligns; ai++)
		if (c->aligns[ai] > b->plan.align_max)
			b->plan.align_max = c->aligns[ai];
	for (wi = 0; wi < per_kernel; wi++)
		b->plan.busy |= w[wi].load == LOAD_BUSY;
	nops = plan_ops(c, ops);

	/* The floor points come after every kernel's, by op (in order of
	   appearance), then place: a point's floor is found by arithmetic. */
	for (ki = 0; ki < c->nkernels; ki++)
		if (!c->kernels[ki]->pseudo)
			nkpts += per_kernel *
				 (c->kernels[ki]->prefetch ? c->nprefetch : 1) *
				 (config_placed(c, c->kernels[ki]) ? c->ncode_offset : 1);
	for (ki = 0; ki < c->nkernels; ki++) {
		const struct kernel *k = c->kernels[ki];
		const int32_t *pfs = k->prefetch ? c->prefetch : &no_pf;
		const int32_t *offs = config_placed(c, k) ? c->code_offset : &in_place;
		size_t npf = k->prefetch ? c->nprefetch : 1;
		size_t noff = config_placed(c, k) ? c->ncode_offset : 1;
		const struct kernel **runs;

		if (k->pseudo)
			continue;	/* the empty kernels are added below */
		for (opi = 0; ops[opi] != k->op; opi++)
			;
		runs = xcalloc(npf * noff, sizeof(*runs), "the plan");
		/* One copy per placement, shared by its points. */
		for (pi = 0; pi < npf; pi++)
			for (oi = 0; oi < noff; oi++) {
				const struct kernel *r = pfs[pi] == PREFETCH_NONE ?
					kernel_nopf(k) : k;
				if (r && offs[oi] != CODE_OFFSET_NONE &&
				    !(r = place_copy(r, (unsigned)offs[oi], err, errlen))) {
					free(runs);
					free(w);
					return -1;
				}
				runs[pi * noff + oi] = r;
			}
		for (wi = 0; wi < per_kernel; wi++)
			for (pi = 0; pi < npf; pi++)
				for (oi = 0; oi < noff; oi++)
					add_point(b, &cap, k, runs[pi * noff + oi], &w[wi],
						  pfs[pi], offs[oi],
						  nkpts + opi * per_kernel + wi);
		free(runs);
	}
	/* The floors: each op's empty kernel at every place. */
	for (opi = 0; opi < nops; opi++)
		for (wi = 0; wi < per_kernel; wi++) {
			const struct kernel *e = op_empty(ops[opi]);
			add_point(b, &cap, e, e, &w[wi], PREFETCH_NONE,
				  CODE_OFFSET_NONE, b->plan.npts);
			b->plan.nempty++;
		}
	free(w);
	return 0;
}

/* The warm buffer: as large as the largest size, its alignment and
   prefetch span, and written, not just mapped, so no timed call takes a
   page fault.  Made when the run starts, not when it is planned: a dry
   run allocates nothing. */
/* The data buffer's size: the largest size at the largest alignment,
   and the run's longest prefetch past its end, in whole pages. */
static size_t buf_bytes(const struct sweep *b)
{
	size_t need = 0, i, page = (size_t)sysconf(_SC_PAGESIZE);

	for (i = 0; i < b->cfg->nsizes; i++)
		if (b->cfg->sizes[i] > need)
			need = b->cfg->sizes[i];
	if (b->cfg->mix)
		need = b->cfg->mix->max;
	need += ALIGN_MAX + 1 + b->plan.pfspan;
	return (need + page - 1) & ~(page - 1);
}

static bool writes_dst(const struct sweep *b)
{
	size_t i;

	for (i = 0; i < b->cfg->nkernels; i++)
		if (b->cfg->kernels[i]->op->dst)
			return true;
	return false;
}

/* Buffer slots for layouts: up to R, in SLOTS_MAX bytes at most. */
#define SLOTS_MAX (64u << 20)

static unsigned buf_slots(const struct sweep *b, size_t one)
{
	size_t n = b->plan.layouts > 1 ? b->plan.layouts : 1;

	return (unsigned)(one * n <= SLOTS_MAX ? n : SLOTS_MAX / one ? SLOTS_MAX / one : 1);
}

size_t sweep_memory_floor(const struct sweep *b)
{
	size_t one = buf_bytes(b), n = writes_dst(b) ? 2 : 1, s = buf_slots(b, one);

	/* the buffers' slots, and the gate's between guard pages; the sum
	   checked, as a size_t of 32 bits overflows */
	return one > SIZE_MAX / (4 * n * (s + 1)) ? SIZE_MAX : n * one * (s + 1);
}

int sweep_alloc_buf(struct sweep *b, char *err, size_t errlen)
{
	size_t i;

	b->arena.slot_bytes = buf_bytes(b);
	b->arena.nslots = buf_slots(b, b->arena.slot_bytes);
	b->arena.bufsize = b->arena.slot_bytes * b->arena.nslots;
	b->arena.buf = mmap(NULL, b->arena.bufsize, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->arena.buf == MAP_FAILED) {
		b->arena.buf = NULL;
		snprintf(err, errlen, "no memory for a data buffer of %zu bytes",
			 b->arena.bufsize);
		return -1;
	}
	for (i = 0; i < b->arena.bufsize; i++)
		b->arena.buf[i] = (unsigned char)(i * 2654435761u >> 13);
	if (!writes_dst(b))
		return 0;
	/* Destinations, written now so the first timed store faults no
	   page in. */
	b->arena.dbuf = mmap(NULL, b->arena.bufsize, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->arena.dbuf == MAP_FAILED) {
		b->arena.dbuf = NULL;
		snprintf(err, errlen, "no memory for a destination buffer of "
			 "%zu bytes", b->arena.bufsize);
		return -1;
	}
	memset(b->arena.dbuf, 0x5a, b->arena.bufsize);
	return 0;
}

void sweep_free(struct sweep *b)
{
	size_t i;

	for (i = 0; i < b->plan.npts; i++)
		point_free(&b->plan.pts[i]);
	for (i = 0; i < b->log.nfailed; i++)
		free(b->log.failed[i]);
	for (i = 0; i < b->log.nwarnings; i++)
		free(b->log.warnings[i]);
	free(b->machine.canary.q);
	for (i = 0; i < b->arena.nrings; i++)
		ring_free(&b->arena.rings[i]);
	free(b->arena.rings);
	free(b->arena.ring_keys);
	rxring_free(&b->arena.rxwarm);
	ring_free(&b->arena.rxwarm_mem);
	free(b->plan.pts);
	free(b->log.failed);
	free(b->log.warnings);
	free(b->machine.chain);
	free(b->machine.chain_block);
	free(b->plan.roof_at);
	if (b->arena.buf)
		munmap(b->arena.buf, b->arena.bufsize);
	if (b->arena.dbuf)
		munmap(b->arena.dbuf, b->arena.bufsize);
	huge_unmap(b->arena.pool, b->arena.poolsize);
	free(b->arena.thrash);
	free(b->arena.scratch);
	free(b->machine.busy_chain);
	free(b->machine.busy_chain_block);
	layout_free(b);
	place_free();
	memset(b, 0, sizeof(*b));
}
