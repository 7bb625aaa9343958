/* op csum: Linux's csum_partial (kernel.h, csum_fn).
 *
 * Gate: every length 0..256 at every alignment 0..7, against both guard
 * pages, and long lengths around packet and page sizes; three incoming
 * sums; random and all-0xFF data (every add carries).  Then every size
 * and alignment the run times.  Results agree when they fold alike:
 * partial sums of one buffer may differ by multiples of 0xffff. */
#include <stdio.h>
#include <stdlib.h>

#include "events/region.h"
#include "op/verify.h"
#include "timer/fence.h"
#include "timer/timer.h"

static const int long_lens[] = {
	511, 512, 513, 1023, 1024, 1025, 1499, 1500, 1501, 4095, 4096, 4097,
	65535, 65536, 65537,
};
#define DATA_BYTES (65537 + 64)
/* Bytes and calls of one sweep over one kind of data, for its limit. */
#define SWEEP_BYTES (3u << 20)
#define SWEEP_CALLS 25000

struct gate {
	const struct kernel *k;
	int dist;
	const struct guarded *g;
	const char *data;
};

static int check(void *ctx, const unsigned char *p, int len, int align,
		 uint32_t sum, char *err, size_t errlen)
{
	const struct gate *c = ctx;
	uint16_t want = csum_fold16(verify_ref(p, len, sum));
	uint16_t got;

	verify_at(len, align, -1);
	got = csum_fold16(kernel_csum(c->k, p, len, sum, c->dist));
	if (want == got)
		return 0;
	snprintf(err, errlen, "%s: len %d, align %d, sum 0x%08x, %s data: "
		 "folded 0x%04x, ref 0x%04x", c->k->name, len, align, sum,
		 c->data, got, want);
	return -1;
}

/* One buffer of every length and alignment against each guard page. */
static int sweep(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;

	return verify_lengths(c->g, long_lens, sizeof(long_lens) /
			      sizeof(long_lens[0]), check, ctx, err, errlen);
}

static int verify(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct guarded g;
	struct gate c = { k, dist, &g, NULL };
	int pass, rc = VERIFY_OK;

	guarded_map(&g, DATA_BYTES);
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&g, pass ? 0xff : -1, 0);
		c.data = pass ? "0xff" : "random";
		rc = verify_guarded(k, SWEEP_BYTES, SWEEP_CALLS, sweep, &c, err,
				    errlen);
	}
	guarded_unmap(&g);
	return rc;
}

/* Sizes ascending, so ref's sum of each size extends the last one's:
   ref costs one pass over the largest buffer, not one per size.  The sum
   is carried over whole 16-bit words; an odd size adds its last byte as
   the first byte of a word, as the contract says.  The incoming sum
   turns with the fill and the alignment. */
static int sizes_pass(void *ctx, char *err, size_t errlen)
{
	static const uint32_t sums[] = { 0xffffffffu, 0, 0x89abcdefu };
	const struct sizes_walk *w = ctx;
	const struct gate *c = w->ctx;
	const unsigned char *p = w->g->lo + w->align;
	uint32_t sum = sums[(w->pass + w->a) % 3], acc = sum, even = 0;
	uint16_t want, got;
	size_t i;

	for (i = 0; i < w->n; i++) {
		uint32_t len = w->sz[i], e = len & ~1u;

		acc = verify_ref(p + even, (int)(e - even), acc);
		even = e;
		want = csum_fold16(len & 1 ? verify_ref(p + e, 1, acc) : acc);
		verify_at((int)len, (int)w->align, -1);
		got = csum_fold16(kernel_csum(c->k, p, (int)len, sum, c->dist));
		if (got != want) {
			snprintf(err, errlen, "%s: len %u, align %u, sum 0x%08x, "
				 "%s data: folded 0x%04x, ref 0x%04x", c->k->name,
				 len, w->align, sum, w->data, got, want);
			return -1;
		}
	}
	return 0;
}

static int verify_sizes_csum(const struct kernel *k, int dist,
			     const uint32_t *sizes, size_t nsizes,
			     const uint32_t *aligns, size_t naligns,
			     char *err, size_t errlen)
{
	struct gate c = { k, dist, NULL, NULL };

	return verify_sizes_walk(k, sizes, nsizes, aligns, naligns, 1.0,
				 sizes_pass, &c, err, errlen);
}

static uint64_t batch(const struct timer *t, const struct kernel *k,
		      const unsigned char *p, unsigned char *dst, uint32_t size,
		      int dist, uint64_t n)
{
	csum_fn *plain = (csum_fn *)(void *)k->fn;
	csum_pf_fn *pf = (csum_pf_fn *)(void *)k->fn;
	int len = (int)size;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	(void)dst;
	if (k->prefetch) {
		t0 = region_start(t);
		for (i = 0; i < n; i++)
			acc += pf(p, len, 0, dist);
		t1 = region_stop(t);
	} else {
		t0 = region_start(t);
		for (i = 0; i < n; i++)
			acc += plain(p, len, 0);
		t1 = region_stop(t);
	}
	op_sink = acc;
	return t1 - t0;
}

static uint64_t list(const struct timer *t, const struct kernel *k,
		     unsigned char *const *bufs, unsigned char *const *dst,
		     uint32_t size, int dist, uint64_t n)
{
	csum_fn *plain = (csum_fn *)(void *)k->fn;
	csum_pf_fn *pf = (csum_pf_fn *)(void *)k->fn;
	int len = (int)size;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	(void)dst;
	if (k->prefetch) {
		t0 = region_start(t);
		for (i = 0; i < n; i++) {
			fence_wait();
			acc += pf(bufs[i], len, 0, dist);
		}
		t1 = region_stop(t);
	} else {
		t0 = region_start(t);
		for (i = 0; i < n; i++) {
			fence_wait();
			acc += plain(bufs[i], len, 0);
		}
		t1 = region_stop(t);
	}
	op_sink = acc;
	return t1 - t0;
}

static uint32_t call(const struct kernel *k, const unsigned char *src,
		     unsigned char *dst, uint32_t size, int dist)
{
	(void)dst;
	return kernel_csum(k, src, (int)size, 0, dist);
}

const struct op op_csum = {
	.name = "csum",
	.contract = "uint32_t f(const void *buf, int len, uint32_t sum): "
		    "csum_partial's unfolded partial sum",
	.size_means = "bytes summed",
	.size_axis = "buffer size (bytes)",
	.size_title = "buffer size",
	.size_word = "buffers",
	.about = "csum_partial; sizes are bytes summed",
	.dst = false,
	.dist_arg = 3,		/* (buf, len, sum, dist) */
	.partial_sum = true,
	.roofline = true,
	.size_ok = op_any_size,
	.align_needed = op_any_align,
	.verify = verify,
	.verify_sizes = verify_sizes_csum,
	.batch = batch,
	.call = call,
	.list = list,
};
