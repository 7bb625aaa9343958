/* The gate over a run's points: every kernel checked at every size and
   alignment it will be timed at before any timing; one that fails, or
   hangs, leaves the run with its points, and the rest go on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "kspace/kspace.h"
#include "lib/hugepage.h"
#include "lib/xalloc.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"
#include "op/verify.h"
#include "workload/mix.h"

static void fail(struct sweep *b, const char *msg)
{
	b->log.failed = xreallocarray(b->log.failed, b->log.nfailed + 1,
				      sizeof(*b->log.failed),
				      "a failure's message");
	b->log.failed[b->log.nfailed++] = xstrdup(msg, "a failure's message");
}

/* Removes the points marked bad.  Floors are the last points and are
   never removed (the empty kernel is the harness's own): renumber. */
static void compact(struct sweep *b, const bool *bad)
{
	size_t i, n;

	for (i = 0, n = 0; i < b->plan.npts; i++) {
		if (bad[i]) {
			point_free(&b->plan.pts[i]);
			continue;
		}
		b->plan.pts[n++] = b->plan.pts[i];
	}
	for (i = 0; i < n; i++)
		b->plan.pts[i].spec.floor -= b->plan.npts - n;
	b->plan.npts = n;
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
	return p->spec.runs ? (const void *)p->spec.runs : (const void *)p->spec.kernel;
}

static size_t seen_find(struct seen *h, const struct sweep *b,
			const struct point *p)
{
	uint64_t x = (uint64_t)(uintptr_t)gate_key(p) * 0x9e3779b97f4a7c15u ^
		     (uint64_t)(uint32_t)p->spec.prefetch * 0xc2b2ae3d27d4eb4fu;
	size_t i = (size_t)(x ^ x >> 29) & h->mask;

	for (; h->slot[i]; i = (i + 1) & h->mask) {
		const struct point *q = &b->plan.pts[h->slot[i] - 1];
		if (gate_key(q) == gate_key(p) && q->spec.prefetch == p->spec.prefetch)
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
static bool checksum_passed(const struct sweep *b, const bool *bad, size_t i)
{
	size_t j;

	for (j = 0; j < b->plan.npts; j++) {
		const struct point *q = &b->plan.pts[j];
		if (q->spec.kernel->pseudo || q->spec.kernel == b->cfg->roofline)
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
static int verify_layouts(const struct sweep *b, const struct point *p,
			  int dist, char *err, size_t errlen)
{
	struct layset *s = p->spec.lay ? &b->arena.laysets[p->spec.lay - 1] : NULL;
	unsigned i;
	int rc;

	if (!s || s->checked)
		return VERIFY_OK;
	s->checked = true;
	for (i = 0; i < s->n; i++) {
		if (s->k[i] == p->spec.runs)
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

/* A module kernel is gated twice: in the kernel, on the module's
   buffers at the run's sizes and alignments, and then here on the
   harness's own data through the module (kernel_csum() and its kin). */
static int module_gate(const struct sweep *b, const struct kernel *k, int dist,
		       char *err, size_t errlen)
{
	if (!k->kspace)
		return VERIFY_OK;
	return kspace_gate(k, dist, b->cfg->sizes, b->cfg->nsizes, b->cfg->aligns,
			   b->cfg->naligns, err, errlen) ? VERIFY_WRONG : VERIFY_OK;
}

/* p's code at its distance, in the module, at every size, alignment
   and layout of the run: VERIFY_OK, or else after a message naming the
   failure (in err, listed with the run's failures). */
static int check_point(struct sweep *b, const struct point *p, char *err,
		       size_t errlen)
{
	const struct config *c = b->cfg;
	int dist = sweep_dist(p);
	int rc = VERIFY_WRONG;

	if (!p->spec.runs)
		snprintf(err, errlen, "%s: names '%s' as its variant "
			 "without prefetch, and there is no such kernel",
			 p->spec.kernel->name, p->spec.kernel->nopf);
	else if ((rc = module_gate(b, p->spec.runs, dist, err, errlen)) ==
		 VERIFY_OK &&
		 (rc = verify_kernel(p->spec.runs, dist, err, errlen)) ==
		 VERIFY_OK &&
		 (rc = verify_sizes(p->spec.runs, dist, c->mix ? c->mix->len :
				    c->sizes, c->mix ? c->mix->n : c->nsizes,
				    c->aligns, c->naligns, err, errlen)) ==
		 VERIFY_OK &&
		 (rc = verify_mix(p->spec.runs, dist, c->mix, err, errlen)) ==
		 VERIFY_OK &&
		 (rc = verify_layouts(b, p, dist, err, errlen)) == VERIFY_OK)
		return VERIFY_OK;
	if (p->spec.code_offset != CODE_OFFSET_NONE)
		snprintf(err + strlen(err), errlen - strlen(err),
			 " (its copy at code_offset %d)", p->spec.code_offset);
	if (rc == VERIFY_UNSAFE) {
		char why[1200];
		snprintf(why, sizeof(why), "%s; it was stopped outside its "
			 "own code (in the C library or another object), "
			 "where going on is not safe: nothing timed", err);
		watchdog_abandon(why);
	}
	fail(b, err);
	fprintf(stderr, "csumbench: FAILED correctness check, not timed: %s\n",
		err);
	return rc;
}

size_t sweep_gate(struct sweep *b)
{
	bool *bad = xcalloc(b->plan.npts, sizeof(*bad), "the gate's verdicts");
	const struct kernel **badk = NULL;
	struct seen h;
	size_t i, j, nbad = 0;
	char err[1024];
	int roof_wanted = -1;

	h.mask = 64;
	while (h.mask < 2 * b->plan.npts)
		h.mask *= 2;
	h.slot = xcalloc(h.mask, sizeof(*h.slot), "the gate's verdicts");
	h.mask--;
	/* One check per (code that runs, distance); its verdict stands for
	   every point that calls the same.  Copies are checked where they
	   are, as they will run. */
	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		size_t s;

		if (p->spec.kernel->pseudo)
			continue;
		/* The roofline is there to hold checksums to: with every one
		   of them refused, it is not gated (at a long list of sizes
		   that would take minutes) and not timed. */
		if (p->spec.kernel == b->cfg->roofline) {
			if (roof_wanted < 0)	/* once: the scan is O(points) */
				roof_wanted = checksum_passed(b, bad, i);
			if (!roof_wanted) {
				bad[i] = true;
				continue;
			}
		}
		/* A kernel found wrong once is not checked again: one
		   failure per kernel. */
		for (j = 0; j < nbad && badk[j] != p->spec.kernel; j++)
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
		if (check_point(b, p, err, sizeof(err)) == VERIFY_OK)
			continue;
		bad[i] = true;
		badk = xreallocarray(badk, nbad + 1, sizeof(*badk), "the gate's verdicts");
		badk[nbad++] = p->spec.kernel;
	}
	/* A kernel wrong at any distance or placement is not timed at all. */
	if (nbad)
		qsort(badk, nbad, sizeof(*badk), cmp_ptr);
	for (i = 0; i < b->plan.npts && nbad; i++)
		if (bsearch(&b->plan.pts[i].spec.kernel, badk, nbad,
			    sizeof(*badk), cmp_ptr))
			bad[i] = true;
	compact(b, bad);
	free(h.slot);
	free(badk);
	free(bad);
	return b->log.nfailed;
}

/* The kernel as the config names it of k, which may be the code a point
   calls: its variant without prefetch, a code_offset copy or one of its
   layout copies (the watchdog knows the code it ran). */
static const struct kernel *owner(const struct sweep *b, const struct kernel *k)
{
	size_t i;
	unsigned j;

	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		const struct layset *s = p->spec.lay ? &b->arena.laysets[p->spec.lay - 1] : NULL;

		if (p->spec.kernel == k || p->spec.runs == k)
			return p->spec.kernel;
		for (j = 0; s && j < s->n; j++)
			if (s->k[j] == k || s->of == k)
				return p->spec.kernel;
	}
	return k;
}

void sweep_fail_kernel(struct sweep *b, const struct kernel *k,
		       const char *why)
{
	size_t i;

	fail(b, why);
	k = owner(b, k);
	for (i = 0; i < b->plan.npts; i++)
		if (b->plan.pts[i].spec.kernel == k)
			b->plan.pts[i].data.dead = true;
}

void sweep_stopped(struct sweep *b, struct point *p, const char *where)
{
	char msg[1024];

	if (p->spec.kernel->pseudo) {
		/* The harness's own empty call cannot hang: the process was
		   held up.  The sample is not kept; the floor stays. */
		fprintf(stderr, "csumbench: WARNING: a sample of the empty kernel "
			"took over %.1f s of CPU: held up, not kept\n",
			watchdog_last_limit());
		return;
	}
	snprintf(msg, sizeof(msg), "%s: did not return within %.1f s %s (%u B, "
		 "%s): stopped, not timed (kernel_timeout sets the limit)",
		 p->spec.kernel->name, watchdog_last_limit(), where, p->spec.size,
		 cache_state_name[p->spec.cache]);
	if (!watchdog_stopped_safely()) {
		char why[1200];
		snprintf(why, sizeof(why), "%s; it was stopped outside its own "
			 "code (in the C library or another object), where going "
			 "on is not safe", msg);
		watchdog_abandon(why);
	}
	fprintf(stderr, "csumbench: %s\n", msg);
	sweep_fail_kernel(b, p->spec.kernel, msg);
}

/* The points of kernels that hung while timed leave the results. */
void sweep_drop_dead(struct sweep *b)
{
	bool *bad = xcalloc(b->plan.npts, sizeof(*bad), "the points left");
	size_t i;

	for (i = 0; i < b->plan.npts; i++)
		bad[i] = b->plan.pts[i].data.dead;
	compact(b, bad);
	free(bad);
}

bool sweep_measured(const struct sweep *b)
{
	size_t i;
	unsigned r;

	for (i = 0; i < b->plan.npts; i++)
		for (r = 0; r < b->plan.repeats; r++)
			if (b->plan.pts[i].data.taken[r] && !b->plan.pts[i].data.dead &&
			    !b->plan.pts[i].spec.kernel->pseudo)
				return true;
	return false;
}
