/* After every key is read: the kernels the ops select, the roofline a
   run adds, and what the sweep asks of a config (points, rx policies,
   bytes per call). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/place.h"
#include "config/config.h"
#include "lib/xalloc.h"

bool config_placed(const struct config *c, const struct kernel *k)
{
	return k->sym && k != c->roofline;
}

uint64_t config_points(const struct config *c)
{
	uint64_t n = 0;
	size_t i, o;

	for (i = 0; i < c->nkernels; i++)
		if (!c->kernels[i]->pseudo)
			n += (c->kernels[i]->prefetch ? c->nprefetch : 1) *
			     (config_placed(c, c->kernels[i]) ? c->ncode_offset : 1);
	/* and each op's empty kernel, the floor, at each size, alignment
	   and cache */
	for (o = 0; o < op_count; o++)
		for (i = 0; i < c->nkernels; i++)
			if (c->kernels[i]->op == op_table[o]) {
				n++;
				break;
			}
	for (i = 0, o = 0; i < c->ncaches; i++)
		o += config_rx_policies(c, c->caches[i]);
	return n * o * c->nloads * c->nsizes * c->naligns;
}

static bool has_next(const struct config *c)
{
	size_t i;

	for (i = 0; i < c->nrx_prefetch; i++)
		if (c->rx_prefetch[i] == RX_PREFETCH_NEXT)
			return true;
	return false;
}

size_t config_rx_policies(const struct config *c, enum cache_state cache)
{
	if (cache != CACHE_RX)
		return 1;
	return c->nrx_prefetch + (has_next(c) ? c->nrx_ahead - 1 : 0);
}

void config_rx_policy(const struct config *c, size_t xi,
		      enum rx_prefetch *policy, unsigned *ahead)
{
	size_t i;

	for (i = 0; i < c->nrx_prefetch; i++) {
		size_t n = c->rx_prefetch[i] == RX_PREFETCH_NEXT ?
			   c->nrx_ahead : 1;
		if (xi < n) {
			*policy = c->rx_prefetch[i];
			*ahead = c->rx_prefetch[i] == RX_PREFETCH_NEXT ? c->rx_ahead[xi] : 0;
			return;
		}
		xi -= n;
	}
	*policy = RX_PREFETCH_NONE;
	*ahead = 0;
}

double config_bytes(const struct config *c, uint32_t size)
{
	return size == SIZE_MIX && c->mix ? c->mix->mean : (double)size;
}

static bool op_selected(const struct config *c, const struct op *o)
{
	size_t i;

	for (i = 0; i < c->nops; i++)
		if (c->ops[i] == o)
			return true;
	return false;
}

/* Whether the run times a kernel at a prefetch distance. */
static bool prefetches(const struct config *c)
{
	size_t i, j;

	for (i = 0; i < c->nkernels; i++)
		for (j = 0; c->kernels[i]->prefetch && j < c->nprefetch; j++)
			if (c->prefetch[j] != PREFETCH_NONE)
				return true;
	return false;
}

/* The load kernel that prefetches and runs k at prefetch = none, or k. */
static const struct kernel *prefetching_load(const struct kernel *k)
{
	size_t i;

	if (k->prefetch)
		return k;
	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].op == &op_load && kernel_table[i].prefetch &&
		    !strcmp(kernel_table[i].nopf, k->name) &&
		    !kernel_unavailable(&kernel_table[i]))
			return &kernel_table[i];
	return k;
}

/* The roofline joins a run that times an op it applies to: the named
   load kernel, or (auto) the last in the table that runs here without a
   prefetch, which is the arch's widest.  In a run that prefetches it is
   that load's prefetching variant, swept over the run's distances: the
   ceiling at a point is the best of them (sweep_link_roofline), so a
   checksum that prefetches is held to loads that prefetch alike. */
static int add_roofline(struct config *c)
{
	const struct kernel *k = c->roofline_named;
	size_t i;
	bool wanted = false;

	c->roofline = NULL;
	for (i = 0; i < c->nkernels; i++)
		wanted |= c->kernels[i]->op->roofline;
	if (c->roofline_mode == ROOFLINE_NONE || !wanted)
		return 0;
	if (!k)
		for (i = kernel_count; i-- > 0;)
			if (kernel_table[i].op == &op_load && !kernel_table[i].pseudo &&
			    !kernel_table[i].prefetch &&
			    !kernel_unavailable(&kernel_table[i])) {
				k = &kernel_table[i];
				break;
			}
	if (!k) {
		config_error(&c->origin.roofline, "roofline", "no load kernel "
			     "runs here (expected roofline = none)");
		return -1;
	}
	if (prefetches(c))
		k = prefetching_load(k);
	c->roofline = k;
	for (i = 0; i < c->nkernels; i++)
		if (c->kernels[i] == k)
			return 0;
	c->kernels = xreallocarray(c->kernels, c->nkernels + 1,
				   sizeof(*c->kernels), "the kernel list");
	c->kernel_from_all = xrealloc(c->kernel_from_all, c->nkernels + 1,
				      "the kernel list");
	c->kernel_from_all[c->nkernels] = 0;
	c->kernels[c->nkernels++] = k;
	return 0;
}

/* The kernels of the ops chosen (kernels = all: csum's alone without
   an ops key): 0, or -1 after a message when none is left. */
static int select_kernels(struct config *c)
{
	size_t i, n;

	for (i = 0, n = 0; i < c->nkernels; i++) {
		const struct kernel *k = c->kernels[i];
		if (c->nops ? !op_selected(c, k->op) :
		    c->kernel_from_all[i] && k->op != &op_csum)
			continue;
		c->kernel_from_all[n] = c->kernel_from_all[i];
		c->kernels[n++] = k;
	}
	c->nkernels = n;
	if (!n) {
		config_error(c->nops ? &c->origin.ops : &c->origin.kernels,
			     c->nops ? "ops" : "kernels",
			     "no kernel left to run: the kernels named are of "
			     "other ops (csumbench list shows each kernel's op)");
		return -1;
	}
	return 0;
}

static bool has_ring(const struct config *c)
{
	size_t i;

	for (i = 0; i < c->ncaches; i++)
		if (c->caches[i] == CACHE_RX)
			return true;
	return false;
}

/* cache = ring's keys against the ring: 0, or -1 after a message. */
static int check_ring(const struct config *c)
{
	char msg[1024];
	size_t i, ai;

	/* Only a run that prefetches ahead in the rx ring cares; the key
	   set last is the one to blame. */
	for (i = 0, ai = 0; i < c->nrx_ahead; i++)
		if (c->rx_ahead[i] > c->rx_ahead[ai])
			ai = i;
	if (has_next(c) && c->rx_ahead[ai] >= c->ring) {
		bool ring_later = c->origin.ring.line > c->origin.rx_ahead.line ||
				  (c->origin.ring.line == 0 &&
				   !strcmp(c->origin.ring.file, "--set"));
		snprintf(msg, sizeof(msg), "rx_prefetch_ahead %u and ring %u: "
			 "expected fewer descriptors ahead than the ring has",
			 c->rx_ahead[ai], c->ring);
		config_error(ring_later ? &c->origin.ring : &c->origin.rx_ahead,
			     ring_later ? "ring" : "rx_prefetch_ahead", msg);
		return -1;
	}
	/* A poll walks at most the ring it polls: a walk past it would
	   come back to descriptors refilled in the same walk. */
	if (c->rx_batch > c->ring) {
		snprintf(msg, sizeof(msg), "rx_batch %u and ring %u: expected at "
			 "most as many descriptors per sample as the ring has",
			 c->rx_batch, c->ring);
		config_error(&c->origin.ring, "ring", msg);
		return -1;
	}
	return 0;
}

/* timing = per-call and a mix against what they can time: 0, or -1
   after a message. */
static int check_timing(const struct config *c, bool ring)
{
	size_t i;

	if (c->timing == TIMING_PER_CALL && (ring || c->mix)) {
		config_error(&c->origin.cache, "cache", "timing = per-call times "
			     "single calls of warm, cold, cold-read, after-switch and "
			     "cold-ring points; the rx ring and size mixes are walked "
			     "a batch at a time: expected no cache = ring and no mix "
			     "with it");
		return -1;
	}
	if (c->timing == TIMING_PER_CALL && c->events.n) {
		config_error(&c->origin.events, "events", "the counters are read "
			     "around a timed region, and timing = per-call times "
			     "each call alone: expected events = none with it");
		return -1;
	}
	if (c->mix)
		for (i = 0; i < c->ncaches; i++)
			if (c->caches[i] != CACHE_WARM && c->caches[i] != CACHE_RX) {
				config_error(&c->origin.cache, "cache", "a mix "
					     "(sizes = mix:FILE) is replayed warm or "
					     "in the rx ring: expected cache = warm "
					     "and/or ring");
				return -1;
			}
	return 0;
}

/* Sizes must suit every op that will be timed (an IPv4 header length
   for ip_fast_csum); a mix's, every size it has.  0, or -1 after a
   message. */
static int check_sizes(const struct config *c)
{
	char err[512], msg[1024];
	size_t i, si;

	for (i = 0; i < c->nkernels; i++) {
		const struct kernel *k = c->kernels[i];
		const uint32_t *sz = c->mix ? c->mix->len : c->sizes;
		size_t nsz = c->mix ? c->mix->n : c->nsizes;
		for (si = 0; si < nsz; si++)
			if ((si == 0 || sz[si] != sz[si - 1]) &&
			    k->op->size_ok(sz[si], err, sizeof(err))) {
				snprintf(msg, sizeof(msg), "%s%s%s (kernel %s is op %s)",
					 c->mix ? c->mix->path : "", c->mix ? ": " : "",
					 err, k->name, k->op->name);
				config_error(&c->origin.sizes, "sizes", msg);
				return -1;
			}
	}
	return 0;
}

int config_resolve(struct config *c)
{
	bool ring;

	if (config_resolve_space(c) || select_kernels(c) || add_roofline(c))
		return -1;
	ring = has_ring(c);
	if ((ring && check_ring(c)) || check_timing(c, ring) || check_sizes(c))
		return -1;
	return 0;
}

void config_free(struct config *c)
{
	mix_free(c->mix);
	free(c->load_cpus);
	free(c->kernel_from_all);
	free(c->kernels);
	free(c->sizes);
	free(c->aligns);
	free(c->prefetch);
	free(c->code_offset);
	memset(c, 0, sizeof(*c));
}
