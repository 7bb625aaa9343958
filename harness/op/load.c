/* op load: the roofline reference (kernel.h, load_fn).  No checksum: the
 * ceiling a checksum of the same bytes could reach on this core, at the
 * same sizes and cache states, in the same rounds (config/resolve.c adds it to a
 * run by itself: roofline = auto).
 *
 * Gate: not the checksum's, but that every byte is loaded: the result is
 * the XOR of the buffer's native 32-bit words, checked against the plain
 * loop below at every length 0..256 and alignment 0..7 against both
 * guard pages, at long lengths, with random and all-0xFF data; then with
 * each byte of a 300-byte buffer changed in turn, so a kernel that skips
 * or reads a byte twice (XOR cancels it) cannot pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op/verify.h"
#include "timer/timer.h"

#define DATA_BYTES (65537 + 64)
#define SWEEP_BYTES (3u << 20)
#define SWEEP_CALLS 30000

/* The contract, as plainly as it can be said. */
static uint32_t load_ref(const unsigned char *p, int len, uint32_t seed)
{
	uint32_t x = seed, w;
	int i;

	for (i = 0; i + 4 <= len; i += 4) {
		memcpy(&w, p + i, 4);
		x ^= w;
	}
	w = 0;
	memcpy(&w, p + i, (size_t)(len - i));
	return x ^ w;
}

struct gate {
	const struct kernel *k;
	const struct guarded *g;
	const char *data;
	int dist;		/* a prefetching load's distance */
};

static uint32_t load_call(const struct kernel *k, const unsigned char *p,
			  int len, uint32_t seed, int dist)
{
	if (k->prefetch)
		return ((load_pf_fn *)(void *)k->fn)(p, len, seed, dist);
	return ((load_fn *)(void *)k->fn)(p, len, seed);
}

static int check(const struct gate *c, const unsigned char *p, int len,
		 uint32_t seed, int align, const char *what, char *err,
		 size_t errlen)
{
	uint32_t want = load_ref(p, len, seed), got;

	verify_at(len, align, -1);
	got = load_call(c->k, p, len, seed, c->dist);
	if (got == want)
		return 0;
	snprintf(err, errlen, "%s: len %d, align %d, seed 0x%08x, %s data%s: "
		 "0x%08x, the loads' XOR is 0x%08x", c->k->name, len, align,
		 seed, c->data, what, got, want);
	return -1;
}

static const int long_lens[] = { 511, 1500, 4095, 4097, 65535, 65536, 65537 };

static int check_length(void *ctx, const unsigned char *p, int len, int align,
			uint32_t seed, char *err, size_t errlen)
{
	return check(ctx, p, len, seed, align, "", err, errlen);
}

static int sweep(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;

	return verify_lengths(c->g, long_lens, sizeof(long_lens) /
			      sizeof(long_lens[0]), check_length, ctx, err,
			      errlen);
}

/* Each byte of a buffer changed in turn, at every alignment. */
static int every_byte(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;
	unsigned char *base = c->g->lo;
	char what[48];
	int align, i, rc = 0;

	for (align = 0; align < 8 && !rc; align++)
		for (i = 0; i < 300 && !rc; i++) {
			unsigned char *p = base + align;
			p[i] ^= 0xa5;
			snprintf(what, sizeof(what), ", byte %d changed", i);
			rc = check(c, p, 300, 0, align, what, err, errlen);
			p[i] ^= 0xa5;
		}
	return rc;
}

static int verify(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct guarded g;
	struct gate c = { k, &g, NULL, dist };
	int pass, rc = VERIFY_OK;

	guarded_map(&g, DATA_BYTES);
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&g, pass ? 0xff : -1, 0);
		c.data = pass ? "0xff" : "random";
		rc = verify_guarded(k, SWEEP_BYTES, SWEEP_CALLS, sweep, &c, err,
				    errlen);
	}
	if (rc == VERIFY_OK) {
		guarded_fill(&g, -1, 1);
		c.data = "random";
		rc = verify_guarded(k, 8 * 300 * 300, 8 * 300, every_byte, &c,
				    err, errlen);
	}
	guarded_unmap(&g);
	return rc;
}

static int sizes_pass(void *ctx, char *err, size_t errlen)
{
	const struct sizes_walk *w = ctx;
	struct gate c = *(const struct gate *)w->ctx;
	size_t i;

	c.data = w->data;
	for (i = 0; i < w->n; i++)
		if (check(&c, w->g->lo + w->align, (int)w->sz[i], 0x5a5a5a5au,
			  (int)w->align, "", err, errlen))
			return -1;
	return 0;
}

/* The kernel's pass over each size and the plain loop's. */
static int verify_sizes_load(const struct kernel *k, int dist,
			     const uint32_t *sizes, size_t nsizes,
			     const uint32_t *aligns, size_t naligns,
			     char *err, size_t errlen)
{
	struct gate c = { k, NULL, NULL, dist };

	return verify_sizes_walk(k, sizes, nsizes, aligns, naligns, 2.0,
				 sizes_pass, &c, err, errlen);
}

/* The call has csum's shape (buf, len, a 32-bit word in and out), so
   csum's timed loops serve it unchanged. */
static uint64_t batch(const struct timer *t, const struct kernel *k,
		      const unsigned char *p, unsigned char *dst, uint32_t size,
		      int dist, uint64_t n)
{
	return op_csum.batch(t, k, p, dst, size, dist, n);
}

static uint64_t list(const struct timer *t, const struct kernel *k,
		     unsigned char *const *bufs, unsigned char *const *dst,
		     uint32_t size, int dist, uint64_t n)
{
	return op_csum.list(t, k, bufs, dst, size, dist, n);
}

static uint32_t call(const struct kernel *k, const unsigned char *src,
		     unsigned char *dst, uint32_t size, int dist)
{
	(void)dst;
	return load_call(k, src, (int)size, 0, dist);
}

const struct op op_load = {
	.name = "load",
	.contract = "uint32_t f(const void *buf, int len, uint32_t seed): "
		    "XOR of its 32-bit words; the roofline",
	.size_means = "bytes loaded",
	.size_axis = "buffer size (bytes)",
	.size_title = "buffer size",
	.size_word = "buffers",
	.about = "the roofline, loads and no checksum; sizes are bytes loaded",
	.dst = false,
	.dist_arg = 3,		/* (buf, len, seed, dist) */
	.partial_sum = false,
	.roofline = false,
	.size_ok = op_any_size,
	.align_needed = op_any_align,
	.verify = verify,
	.verify_sizes = verify_sizes_load,
	.batch = batch,
	.call = call,
	.list = list,
};
