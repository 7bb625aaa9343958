/* Points, the gate, and the figures of a point.  Measurement is in
   measure.c, the order of samples in rounds.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "workload/mix.h"
#include "lib/hugepage.h"
#include "measure/sweep.h"
#include "call/verify.h"
#include "call/watchdog.h"
#include "lib/xalloc.h"

/* Where a point stands apart from its kernel and placement: cache state
   with its rx policy, load, size and alignment. */
struct where {
	int cache, rxpf, load;
	unsigned rxahead, rxslot;
	uint32_t size, align;
};

static struct point *add_point(struct bench *b, size_t *cap,
			       const struct kernel *k, const struct kernel *runs,
			       const struct where *w, int32_t pf, int32_t off,
			       size_t floor)
{
	struct point *p;
	size_t n = (size_t)b->samples * b->repeats;

	if (b->npts == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		b->pts = xreallocarray(b->pts, *cap, sizeof(*b->pts), "the points");
	}
	p = &b->pts[b->npts++];
	memset(p, 0, sizeof(*p));
	p->kernel = k;
	p->runs = runs;
	p->cache = w->cache;
	p->rxpf = w->rxpf;
	p->rxahead = w->rxahead;
	p->rxslot = w->rxslot;
	p->load = w->load;
	p->size = w->size;
	p->bytes = config_bytes(b->cfg, w->size);
	p->align = w->align;
	p->prefetch = pf;
	p->code_offset = off;
	p->floor = floor;
	p->loop_mod64 = -1;
	if (runs) {
		p->code_mod64 = place_mod64((const void *)runs->fn);
		p->loop_mod64 = place_loop_mod64(runs);
	}
	p->ticks = xcalloc(n, sizeof(*p->ticks), "a point's samples");
	p->st = xcalloc(b->repeats, sizeof(*p->st), "a point's samples");
	p->cpt = xcalloc(b->repeats, sizeof(*p->cpt), "a point's samples");
	p->cs = xcalloc(b->repeats, sizeof(*p->cs), "a point's samples");
	p->steps = xcalloc(b->repeats, sizeof(*p->steps), "a point's samples");
	p->taken = xcalloc(b->repeats, sizeof(*p->taken), "a point's samples");
	p->slay = xcalloc(n, sizeof(*p->slay), "a point's samples");
	p->sslot = xcalloc(n, sizeof(*p->sslot), "a point's samples");
	p->preempted = xcalloc(b->repeats, sizeof(*p->preempted),
			       "a point's samples");
	if (b->cfg->events.n) {
		size_t nev = b->cfg->events.n;
		p->ev = xcalloc(n * nev, sizeof(*p->ev), "a point's event counts");
		p->ev_run = xcalloc(n, sizeof(*p->ev_run), "a point's event counts");
		p->ev_median = xcalloc((size_t)b->repeats * nev, sizeof(*p->ev_median),
				       "a point's event counts");
		p->ev_running = xcalloc(b->repeats, sizeof(*p->ev_running),
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
							w[n].rxpf = RXPF_NONE;
							w[n].rxahead = 0;
							if (c->caches[ci] == CACHE_RX)
								config_rx_policy(c, xi, &w[n].rxpf,
										 &w[n].rxahead);
							w[n].load = c->loads[li];
							w[n].size = c->sizes[si];
							w[n].align = c->aligns[ai];
						}
	return n;
}

int sweep_plan(struct bench *b, char *err, size_t errlen)
{
	b->nev = b->cfg->events.n;
	static const int32_t in_place = CODE_OFFSET_NONE, no_pf = PREFETCH_NONE;
	const struct config *c = b->cfg;
	const struct op *ops[OP_MAX];
	size_t ki, wi, ai, pi, oi, cap = 0, nkpts = 0, nops, opi;
	size_t per_kernel = plan_places(c, NULL);
	struct where *w = xcalloc(per_kernel, sizeof(*w), "the plan");

	plan_places(c, w);
	b->samples = c->samples;
	b->repeats = c->repeat;
	b->layouts = c->layouts;
	b->nslots = 1;
	b->pfspan = 0;
	for (pi = 0; pi < c->nprefetch; pi++)
		if (c->prefetch[pi] > (int32_t)b->pfspan)
			b->pfspan = (size_t)c->prefetch[pi];
	for (ai = 0; ai < c->naligns; ai++)
		if (c->aligns[ai] > b->align_max)
			b->align_max = c->aligns[ai];
	for (wi = 0; wi < per_kernel; wi++)
		b->busy |= w[wi].load == LOAD_BUSY;
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
				  CODE_OFFSET_NONE, b->npts);
			b->nempty++;
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
static size_t buf_bytes(const struct bench *b)
{
	size_t need = 0, i, page = (size_t)sysconf(_SC_PAGESIZE);

	for (i = 0; i < b->cfg->nsizes; i++)
		if (b->cfg->sizes[i] > need)
			need = b->cfg->sizes[i];
	if (b->cfg->mix)
		need = b->cfg->mix->max;
	need += ALIGN_MAX + 1 + b->pfspan;
	return (need + page - 1) & ~(page - 1);
}

static bool writes_dst(const struct bench *b)
{
	size_t i;

	for (i = 0; i < b->cfg->nkernels; i++)
		if (b->cfg->kernels[i]->op->dst)
			return true;
	return false;
}

/* Buffer slots for layouts: up to R, in SLOTS_MAX bytes at most. */
#define SLOTS_MAX (64u << 20)

static unsigned buf_slots(const struct bench *b, size_t one)
{
	size_t n = b->layouts > 1 ? b->layouts : 1;

	return (unsigned)(one * n <= SLOTS_MAX ? n : SLOTS_MAX / one ? SLOTS_MAX / one : 1);
}

size_t sweep_memory_floor(const struct bench *b)
{
	size_t one = buf_bytes(b), n = writes_dst(b) ? 2 : 1, s = buf_slots(b, one);

	/* the buffers' slots, and the gate's between guard pages; the sum
	   checked, as a size_t of 32 bits overflows */
	return one > SIZE_MAX / (4 * n * (s + 1)) ? SIZE_MAX : n * one * (s + 1);
}

int sweep_alloc_buf(struct bench *b, char *err, size_t errlen)
{
	size_t i;

	b->slot_bytes = buf_bytes(b);
	b->nslots = buf_slots(b, b->slot_bytes);
	b->bufsize = b->slot_bytes * b->nslots;
	b->buf = mmap(NULL, b->bufsize, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->buf == MAP_FAILED) {
		b->buf = NULL;
		snprintf(err, errlen, "no memory for a data buffer of %zu bytes",
			 b->bufsize);
		return -1;
	}
	for (i = 0; i < b->bufsize; i++)
		b->buf[i] = (unsigned char)(i * 2654435761u >> 13);
	if (!writes_dst(b))
		return 0;
	/* Destinations, written now so the first timed store faults no
	   page in. */
	b->dbuf = mmap(NULL, b->bufsize, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->dbuf == MAP_FAILED) {
		b->dbuf = NULL;
		snprintf(err, errlen, "no memory for a destination buffer of "
			 "%zu bytes", b->bufsize);
		return -1;
	}
	memset(b->dbuf, 0x5a, b->bufsize);
	return 0;
}

static void fail(struct bench *b, const char *msg)
{
	b->failed = xreallocarray(b->failed, b->nfailed + 1, sizeof(*b->failed),
				  "a failure's message");
	b->failed[b->nfailed++] = xstrdup(msg, "a failure's message");
}

static void drop_point(struct point *p)
{
	rxring_free(&p->rx);
	free(p->ticks);
	free(p->st);
	free(p->cpt);
	free(p->taken);
	free(p->slay);
	free(p->sslot);
	free(p->hist);
	free(p->cs);
	free(p->steps);
	free(p->preempted);
	free(p->ev);
	free(p->ev_run);
	free(p->ev_median);
	free(p->ev_running);
}

/* Removes the points marked bad.  Floors are the last points and are
   never removed (the empty kernel is the harness's own): renumber. */
static void compact(struct bench *b, const bool *bad)
{
	size_t i, n;

	for (i = 0, n = 0; i < b->npts; i++) {
		if (bad[i]) {
			drop_point(&b->pts[i]);
			continue;
		}
		b->pts[n++] = b->pts[i];
	}
	for (i = 0; i < n; i++)
		b->pts[i].floor -= b->npts - n;
	b->npts = n;
}

/* (code that runs, prefetch distance) pairs already checked: open
   addressing, so the gate is linear in the number of points. */
struct seen {
	size_t *slot;		/* point index + 1, or 0 */
	size_t mask;
};

/* What a check is of: the code that runs, or the kernel when that is
   missing (a prefetching kernel without its nopf variant). */
static const void *gate_key(const struct point *p)
{
	return p->runs ? (const void *)p->runs : (const void *)p->kernel;
}

static size_t seen_find(struct seen *h, const struct bench *b,
			const struct point *p)
{
	uint64_t x = (uint64_t)(uintptr_t)gate_key(p) * 0x9e3779b97f4a7c15u ^
		     (uint64_t)(uint32_t)p->prefetch * 0xc2b2ae3d27d4eb4fu;
	size_t i = (size_t)(x ^ x >> 29) & h->mask;

	for (; h->slot[i]; i = (i + 1) & h->mask) {
		const struct point *q = &b->pts[h->slot[i] - 1];
		if (gate_key(q) == gate_key(p) && q->prefetch == p->prefetch)
			break;
	}
	return i;
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a;
	uintptr_t y = (uintptr_t)*(const void *const *)b;

	return x < y ? -1 : x > y;
}

/* Whether a point other than the roofline's and the floors passed the
   gate, all of them before point i; true while any is yet to be gated. */
static bool checksum_passed(const struct bench *b, const bool *bad, size_t i)
{
	size_t j;

	for (j = 0; j < b->npts; j++) {
		const struct point *q = &b->pts[j];
		if (q->kernel->pseudo || q->kernel == b->cfg->roofline)
			continue;
		if (j > i || !bad[j])
			return true;
	}
	return false;
}

/* Every layout copy of p's code, checked where it is (the code the
   plan calls has just passed the whole gate at every distance): once,
   at the first distance, since the copies are that code byte for byte
   and a distance is only an argument. */
static int verify_layouts(const struct bench *b, const struct point *p,
			  int dist, char *err, size_t errlen)
{
	struct layset *s = p->lay ? &b->laysets[p->lay - 1] : NULL;
	unsigned i;
	int rc;

	if (!s || s->checked)
		return VERIFY_OK;
	s->checked = true;
	for (i = 0; i < s->n; i++) {
		if (s->k[i] == p->runs)
			continue;
		rc = verify_kernel(s->k[i], dist, err, errlen);
		if (rc != VERIFY_OK) {
			snprintf(err + strlen(err), errlen - strlen(err), " (its "
				 "layout copy %u at %p)", i, (void *)s->k[i]->fn);
			return rc;
		}
	}
	return VERIFY_OK;
}

size_t sweep_gate(struct bench *b)
{
	bool *bad = xcalloc(b->npts, sizeof(*bad), "the gate's verdicts");
	const struct kernel **badk = NULL;
	struct seen h;
	size_t i, j, nbad = 0;
	char err[1024];
	int roof_wanted = -1;

	h.mask = 64;
	while (h.mask < 2 * b->npts)
		h.mask *= 2;
	h.slot = xcalloc(h.mask, sizeof(*h.slot), "the gate's verdicts");
	h.mask--;
	/* One check per (code that runs, distance); its verdict stands for
	   every point that calls the same.  Copies are checked where they
	   are, as they will run. */
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		int dist = sweep_dist(p);
		size_t s;
		int rc = VERIFY_WRONG;

		if (p->kernel->pseudo)
			continue;
		/* The roofline is there to hold checksums to: with every one
		   of them refused, it is not gated (at a long list of sizes
		   that would take minutes) and not timed. */
		if (p->kernel == b->cfg->roofline) {
			if (roof_wanted < 0)	/* once: the scan is O(points) */
				roof_wanted = checksum_passed(b, bad, i);
			if (!roof_wanted) {
				bad[i] = true;
				continue;
			}
		}
		/* A kernel found wrong once is not checked again: one
		   failure per kernel. */
		for (j = 0; j < nbad && badk[j] != p->kernel; j++)
			;
		if (j < nbad) {
			bad[i] = true;
			continue;
		}
		s = seen_find(&h, b, p);
		if (h.slot[s]) {
			bad[i] = bad[h.slot[s] - 1];
			continue;
		}
		h.slot[s] = i + 1;
		if (!p->runs)
			snprintf(err, sizeof(err), "%s: names '%s' as its variant "
				 "without prefetch, and there is no such kernel",
				 p->kernel->name, p->kernel->nopf);
		else if ((rc = verify_kernel(p->runs, dist, err, sizeof(err))) ==
			 VERIFY_OK &&
			 (rc = verify_sizes(p->runs, dist, b->cfg->mix ?
					    b->cfg->mix->len : b->cfg->sizes,
					    b->cfg->mix ? b->cfg->mix->n :
					    b->cfg->nsizes, b->cfg->aligns,
					    b->cfg->naligns, err, sizeof(err))) ==
			 VERIFY_OK &&
			 (rc = verify_mix(p->runs, dist, b->cfg->mix, err,
					  sizeof(err))) == VERIFY_OK &&
			 (rc = verify_layouts(b, p, dist, err, sizeof(err))) ==
			 VERIFY_OK)
			continue;
		if (p->code_offset != CODE_OFFSET_NONE)
			snprintf(err + strlen(err), sizeof(err) - strlen(err),
				 " (its copy at code_offset %d)", p->code_offset);
		if (rc == VERIFY_UNSAFE) {
			char why[1200];
			snprintf(why, sizeof(why), "%s; it was stopped outside its "
				 "own code (in the C library or another object), "
				 "where going on is not safe: nothing timed", err);
			watchdog_abandon(why);
		}
		bad[i] = true;
		fail(b, err);
		fprintf(stderr, "csumbench: FAILED correctness check, not timed: %s\n",
			err);
		badk = xreallocarray(badk, nbad + 1, sizeof(*badk), "the gate's verdicts");
		badk[nbad++] = p->kernel;
	}
	/* A kernel wrong at any distance or placement is not timed at all. */
	if (nbad)
		qsort(badk, nbad, sizeof(*badk), cmp_ptr);
	for (i = 0; i < b->npts && nbad; i++)
		if (bsearch(&b->pts[i].kernel, badk, nbad, sizeof(*badk), cmp_ptr))
			bad[i] = true;
	compact(b, bad);
	free(h.slot);
	free(badk);
	free(bad);
	return b->nfailed;
}

/* The kernel as the config names it of k, which may be the code a point
   calls: its variant without prefetch, a code_offset copy or one of its
   layout copies (the watchdog knows the code it ran). */
static const struct kernel *owner(const struct bench *b, const struct kernel *k)
{
	size_t i;
	unsigned j;

	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		const struct layset *s = p->lay ? &b->laysets[p->lay - 1] : NULL;

		if (p->kernel == k || p->runs == k)
			return p->kernel;
		for (j = 0; s && j < s->n; j++)
			if (s->k[j] == k || s->of == k)
				return p->kernel;
	}
	return k;
}

void sweep_fail_kernel(struct bench *b, const struct kernel *k,
		       const char *why)
{
	size_t i;

	fail(b, why);
	k = owner(b, k);
	for (i = 0; i < b->npts; i++)
		if (b->pts[i].kernel == k)
			b->pts[i].dead = true;
}

void sweep_stopped(struct bench *b, struct point *p, const char *where)
{
	char msg[1024];

	if (p->kernel->pseudo) {
		/* The harness's own empty call cannot hang: the process was
		   held up.  The sample is not kept; the floor stays. */
		fprintf(stderr, "csumbench: WARNING: a sample of the empty kernel "
			"took over %.1f s of CPU: held up, not kept\n",
			watchdog_last_limit());
		return;
	}
	snprintf(msg, sizeof(msg), "%s: did not return within %.1f s %s (%u B, "
		 "%s): stopped, not timed (kernel_timeout sets the limit)",
		 p->kernel->name, watchdog_last_limit(), where, p->size,
		 cache_state_name[p->cache]);
	if (!watchdog_stopped_safely()) {
		char why[1200];
		snprintf(why, sizeof(why), "%s; it was stopped outside its own "
			 "code (in the C library or another object), where going "
			 "on is not safe", msg);
		watchdog_abandon(why);
	}
	fprintf(stderr, "csumbench: %s\n", msg);
	sweep_fail_kernel(b, p->kernel, msg);
}

/* The points of kernels that hung while timed leave the results. */
void sweep_drop_dead(struct bench *b)
{
	bool *bad = xcalloc(b->npts, sizeof(*bad), "the points left");
	size_t i;

	for (i = 0; i < b->npts; i++)
		bad[i] = b->pts[i].dead;
	compact(b, bad);
	free(bad);
}

bool sweep_measured(const struct bench *b)
{
	size_t i;
	unsigned r;

	for (i = 0; i < b->npts; i++)
		for (r = 0; r < b->repeats; r++)
			if (b->pts[i].taken[r] && !b->pts[i].dead &&
			    !b->pts[i].kernel->pseudo)
				return true;
	return false;
}

size_t sweep_coarse(const struct bench *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		if (p->taken[0] && !p->kernel->pseudo &&
		    p->steps[0] < REGION_STEPS)
			n++;
	}
	return n;
}

double point_cycles_per_byte(const struct bench *b, const struct point *p,
			     unsigned r)
{
	(void)b;
	return p->st[r].median * p->cpt[r] / p->bytes;
}

double point_floor_ticks(const struct bench *b, const struct point *p,
			 unsigned r)
{
	return b->pts[p->floor].st[r].median;
}

double point_cycles_per_byte_net(const struct bench *b, const struct point *p,
				 unsigned r)
{
	return (p->st[r].median - point_floor_ticks(b, p, r)) * p->cpt[r] /
	       p->bytes;
}

size_t sweep_checksums(const struct bench *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->npts; i++)
		n += !b->pts[i].kernel->pseudo &&
		     b->pts[i].kernel != b->cfg->roofline;
	return n;
}

/* A roofline point's key, to find it by the points held to it. */
struct roof_key {
	uint32_t size, align;
	int cache, load;
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
void sweep_link_roofline(struct bench *b)
{
	const struct kernel *roof = b->cfg->roofline;
	struct roof_key *keys = xcalloc(b->npts + 1, sizeof(*keys),
					"the roofline's points");
	size_t i, n = 0;

	for (i = 0; i < b->npts; i++) {
		const struct point *q = &b->pts[i];
		if (roof && q->kernel == roof)
			keys[n++] = (struct roof_key){ q->size, q->align, q->cache,
						       q->load, q->rxslot, i };
	}
	qsort(keys, n, sizeof(*keys), cmp_roof_key);
	free(b->roof_at);
	b->roof_at = xcalloc(n + 1, sizeof(*b->roof_at), "the roofline's points");
	for (i = 0; i < n; i++)
		b->roof_at[i] = keys[i].at;
	for (i = 0; i < b->npts; i++) {
		struct point *p = &b->pts[i];
		struct roof_key k = { p->size, p->align, p->cache, p->load,
				      p->rxslot, 0 };
		size_t lo = 0, hi = n, e;

		p->roof = p->nroof = 0;
		if (!n || p->kernel->pseudo || !p->kernel->op->roofline)
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
			p->roof = lo + 1;
			p->nroof = e - lo;
		}
	}
	free(keys);
}

/* The roofline's best cycles per byte for p over all repeats, and the
   point that gave it; NAN when none. */
static double roof_best(const struct bench *b, const struct point *p,
			const struct point **at)
{
	double best = NAN;
	size_t i;

	*at = NULL;
	for (i = 0; p->roof && i < p->nroof; i++) {
		const struct point *q = &b->pts[b->roof_at[p->roof - 1 + i]];
		double v;

		if (!q->taken[0])
			continue;
		v = point_cycles_per_byte_all(b, q);
		if (v > 0 && !(v >= best)) {
			best = v;
			*at = q;
		}
	}
	return best;
}

const struct point *point_roofline(const struct bench *b, const struct point *p)
{
	const struct point *q;

	roof_best(b, p, &q);
	return q;
}

/* The ceiling's point is chosen once, over all repeats, and held to in
   each: the best of several noisy medians per repeat would favour the
   luckiest and read the ceiling too fast. */
double point_roofline_fraction(const struct bench *b, const struct point *p,
			       unsigned r)
{
	const struct point *q = point_roofline(b, p);
	double mine;

	if (!q || !q->taken[r] || !p->taken[r])
		return NAN;
	mine = point_cycles_per_byte(b, p, r);
	return mine > 0 ? point_cycles_per_byte(b, q, r) / mine : NAN;
}

double point_roofline_fraction_all(const struct bench *b, const struct point *p)
{
	const struct point *q;
	double roof = roof_best(b, p, &q), mine;

	if (!q || !p->taken[0])
		return NAN;
	mine = point_cycles_per_byte_all(b, p);
	return mine > 0 ? roof / mine : NAN;
}

double point_cycles_per_byte_all(const struct bench *b, const struct point *p)
{
	double v[REPEAT_MAX];
	unsigned r;

	for (r = 0; r < b->repeats; r++)
		v[r] = point_cycles_per_byte(b, p, r);
	return stats_median(v, b->repeats);
}

void sweep_free(struct bench *b)
{
	size_t i;

	for (i = 0; i < b->npts; i++)
		drop_point(&b->pts[i]);
	for (i = 0; i < b->nfailed; i++)
		free(b->failed[i]);
	for (i = 0; i < b->nwarnings; i++)
		free(b->warnings[i]);
	for (i = 0; i < b->nrings; i++)
		ring_free(&b->rings[i]);
	free(b->rings);
	free(b->ring_keys);
	rxring_free(&b->rxwarm);
	ring_free(&b->rxwarm_mem);
	free(b->pts);
	free(b->failed);
	free(b->warnings);
	free(b->chain);
	free(b->chain_block);
	free(b->trace);
	free(b->roof_at);
	if (b->buf)
		munmap(b->buf, b->bufsize);
	if (b->dbuf)
		munmap(b->dbuf, b->bufsize);
	huge_unmap(b->pool, b->poolsize);
	free(b->thrash);
	free(b->scratch);
	free(b->bchain);
	free(b->bchain_block);
	layout_free(b);
	place_free();
	memset(b, 0, sizeof(*b));
}
