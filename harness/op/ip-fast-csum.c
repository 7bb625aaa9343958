/* op ip_fast_csum: Linux's ip_fast_csum (kernel.h, ip_fast_csum_fn).
 *
 * A point's size is the header's length in bytes, 20 to 60 in steps of
 * 4 (ihl 5..15).  Gate: every ihl at every alignment 0..3 the kernel
 * takes, against both guard pages, with random headers, headers whose
 * checksum field is right (the result must be 0), all-0xFF and all-zero
 * ones, compared with ip-ref.  32-bit PowerPC kernels take 4-byte
 * aligned headers only, as Linux's contract there says (an IP header
 * sits 4-byte aligned in the skb): they are checked and timed only so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events/region.h"
#include "op/verify.h"
#include "timer/fence.h"
#include "timer/timer.h"

ip_fast_csum_fn ip_fast_csum_ref;

#define IHL_MIN 5
#define IHL_MAX 15
#define HEADERS 64	/* random headers per ihl, alignment and place */

static int size_ok(uint32_t size, char *err, size_t errlen)
{
	if (size >= 4 * IHL_MIN && size <= 4 * IHL_MAX && size % 4 == 0)
		return 0;
	snprintf(err, errlen, "%u is not an IPv4 header length: ip_fast_csum "
		 "expects a multiple of 4 from 20 to 60 bytes", size);
	return -1;
}

static unsigned align_needed(const struct kernel *k)
{
	return strcmp(k->arch, "ppc32") == 0 ? 4 : 1;
}

struct gate {
	const struct kernel *k;
	const struct guarded *g;
	uint32_t seed;
	/* verify_sizes: */
	const uint32_t *sz;
	size_t n;
	unsigned align;
};

/* Makes the header's checksum field (bytes 10-11) right, as a sender
   would: ref over the header with the field zero, stored as returned. */
static void make_valid(unsigned char *h, unsigned ihl)
{
	uint16_t c;

	h[10] = h[11] = 0;
	c = ip_fast_csum_ref(h, ihl);
	memcpy(h + 10, &c, 2);
}

static int check(const struct gate *c, unsigned char *h, unsigned ihl,
		 unsigned align, const char *data, char *err, size_t errlen)
{
	uint16_t want = ip_fast_csum_ref(h, ihl), got;

	verify_at((int)(4 * ihl), (int)align, -1);
	got = kernel_ip_fast_csum(c->k, h, ihl);
	if (got == want)
		return 0;
	snprintf(err, errlen, "%s: ihl %u (%u bytes), align %u, %s header: "
		 "0x%04x, ip-ref 0x%04x", c->k->name, ihl, 4 * ihl, align, data,
		 got, want);
	return -1;
}

static uint32_t next(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/* The header at h: random, made valid, all 0xFF, all zero. */
static int kinds(const struct gate *c, unsigned char *h, unsigned ihl,
		 unsigned align, uint32_t *x, char *err, size_t errlen)
{
	unsigned i, j;

	for (i = 0; i < HEADERS; i++) {
		for (j = 0; j < 4 * ihl; j++)
			h[j] = (unsigned char)next(x);
		if (check(c, h, ihl, align, "random", err, errlen))
			return -1;
		make_valid(h, ihl);
		if (check(c, h, ihl, align, "valid", err, errlen))
			return -1;
	}
	memset(h, 0xff, 4 * ihl);
	if (check(c, h, ihl, align, "all-0xFF", err, errlen))
		return -1;
	memset(h, 0, 4 * ihl);
	return check(c, h, ihl, align, "all-zero", err, errlen);
}

static int sweep(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;
	unsigned need = align_needed(c->k), ihl, align;
	uint32_t x = 2463534242u ^ c->seed;

	for (ihl = IHL_MIN; ihl <= IHL_MAX; ihl++)
		for (align = 0; align < 4; align += need) {
			unsigned len = 4 * ihl;
			uintptr_t end = (uintptr_t)(c->g->hi - len);
			unsigned char *at_end = c->g->hi - len - ((end - align) & 3);

			if (kinds(c, c->g->lo + align, ihl, align, &x, err, errlen) ||
			    kinds(c, at_end, ihl, align, &x, err, errlen))
				return -1;
		}
	return 0;
}

static int verify_op(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct guarded g;
	struct gate c = { k, &g, 0, NULL, 0, 0 };
	int rc;

	(void)dist;
	guarded_map(&g, 4096);
	rc = verify_guarded(k, 4.0 * 60 * 2 * (2 * HEADERS + 2) * 11,
			    4.0 * 2 * (2 * HEADERS + 2) * 11, sweep, &c, err,
			    errlen);
	guarded_unmap(&g);
	return rc;
}

static int sizes_pass(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;
	uint32_t x = 0x9e3779b9u;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (kinds(c, c->g->lo + c->align, c->sz[i] / 4, c->align, &x,
			  err, errlen))
			return -1;
	return 0;
}

static int verify_sizes_op(const struct kernel *k, int dist, const uint32_t *sizes,
			   size_t nsizes, const uint32_t *aligns, size_t naligns,
			char *err, size_t errlen)
{
	struct guarded g;
	struct gate c = { k, &g, 0, NULL, 0, 0 };
	size_t i;
	int rc = VERIFY_OK;

	(void)dist;
	for (i = 0; i < nsizes; i++)
		if (size_ok(sizes[i], err, errlen)) {
			char why[256];
			snprintf(why, sizeof(why), "%s", err);
			snprintf(err, errlen, "%s: size %s", k->name, why);
			return VERIFY_WRONG;
		}
	for (i = 0; i < naligns; i++)
		if (aligns[i] % align_needed(k)) {
			snprintf(err, errlen, "%s: takes %u-byte aligned headers "
				 "only (Linux's contract on %s); align %u is not "
				 "timed", k->name, align_needed(k), k->arch,
				 aligns[i]);
			return VERIFY_WRONG;
		}
	guarded_map(&g, 4 * IHL_MAX + verify_max(aligns, naligns));
	c.sz = verify_sorted_sizes(sizes, nsizes, &c.n);
	for (i = 0; i < naligns && rc == VERIFY_OK; i++) {
		c.align = aligns[i];
		rc = verify_guarded(k, 60.0 * (2 * HEADERS + 2) * (double)c.n,
				    (2 * HEADERS + 2) * (double)c.n, sizes_pass,
				    &c, err, errlen);
	}
	free((void *)c.sz);
	guarded_unmap(&g);
	return rc;
}

static uint64_t batch(const struct timer *t, const struct kernel *k,
		      const unsigned char *p, unsigned char *dst, uint32_t size,
		      int dist, uint64_t n)
{
	ip_fast_csum_fn *f = (ip_fast_csum_fn *)(void *)k->fn;
	unsigned ihl = size / 4;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	(void)dst, (void)dist;
	t0 = region_start(t);
	for (i = 0; i < n; i++)
		acc += f(p, ihl);
	t1 = region_stop(t);
	op_sink = acc;
	return t1 - t0;
}

static uint64_t list(const struct timer *t, const struct kernel *k,
		     unsigned char *const *bufs, unsigned char *const *dst,
		     uint32_t size, int dist, uint64_t n)
{
	ip_fast_csum_fn *f = (ip_fast_csum_fn *)(void *)k->fn;
	unsigned ihl = size / 4;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	(void)dst, (void)dist;
	t0 = region_start(t);
	for (i = 0; i < n; i++) {
		fence_wait();
		acc += f(bufs[i], ihl);
	}
	t1 = region_stop(t);
	op_sink = acc;
	return t1 - t0;
}

static uint32_t call(const struct kernel *k, const unsigned char *src,
		     unsigned char *dst, uint32_t size, int dist)
{
	(void)dst, (void)dist;
	return kernel_ip_fast_csum(k, src, size / 4);
}

const struct op op_ip_fast_csum = {
	.name = "ip_fast_csum",
	.contract = "uint16_t f(const void *iph, unsigned int ihl): the "
		    "header's checksum, folded and inverted",
	.size_means = "IPv4 header bytes (4 x ihl)",
	.size_axis = "IPv4 header bytes",
	.size_title = "IPv4 header length",
	.size_word = "headers",
	.about = "IPv4 header checksum; sizes are header bytes",
	.dst = false,
	.per_call = true,
	.size_ok = size_ok,
	.align_needed = align_needed,
	.verify = verify_op,
	.verify_sizes = verify_sizes_op,
	.batch = batch,
	.call = call,
	.list = list,
};
