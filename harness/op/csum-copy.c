/* op csum_copy: copy and checksum in one call, as Linux's
 * csum_partial_copy_nocheck (kernel.h, csum_copy_fn).
 *
 * Gate: every length 0..1536, and long ones; source and destination
 * alignments 0..7 independently - every pair at lengths up to 256, two
 * pairs per length above, turning with it so that all 64 come round, and
 * ten pairs (every seventh) at the long lengths.  Each call: the
 * destination holds the complement of the source before it, and must
 * equal the source after it; up to 128 canary bytes on either side of it
 * must be untouched; the source must be unchanged; the sum must fold
 * like ref's over the source.  Both buffers are placed at the start of
 * their pages, 128 bytes in, and ending against the page after, each
 * guarded by an unmapped page, so a read or write one byte outside
 * either faults.  The run's sizes are checked the same way, at its
 * alignments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events/region.h"
#include "lib/xalloc.h"
#include "op/verify.h"
#include "timer/fence.h"
#include "timer/timer.h"

#define SHORT_MAX 1536
#define ALL_PAIRS_MAX 256
#define CANARY 128
#define CANARY_BYTE 0xc5
static const int long_lens[] = { 4095, 4096, 4097, 9000, 65535, 65536, 65537 };
#define NLONG (sizeof(long_lens) / sizeof(long_lens[0]))
#define DATA_BYTES (65537 + 2 * CANARY + 64)

struct gate {
	const struct kernel *k;
	int dist;
	const struct guarded *src, *dst;
	const unsigned char *orig;	/* the source region as filled */
	const char *data;
	int len;		/* verify: the length at hand */
	/* verify_sizes: */
	const uint32_t *sz;
	size_t n;
	unsigned align;
};

/* What the call broke, or NULL: d against the source as it was, the
   canaries beside d, the source itself. */
static const char *damage(const struct gate *c, const unsigned char *s,
			  const unsigned char *d, int len, int before, int after,
			  long *at)
{
	const unsigned char *o = c->orig + (s - c->src->lo);
	int i;

	for (i = 0; i < len; i++)
		if (d[i] != o[i]) {
			*at = i;
			return "differs from the source";
		}
	for (i = 1; i <= before; i++)
		if (d[-i] != CANARY_BYTE) {
			*at = -i;
			return "wrote before the destination";
		}
	for (i = 0; i < after; i++)
		if (d[len + i] != CANARY_BYTE) {
			*at = len + i;
			return "wrote past the destination";
		}
	for (i = 0; i < len; i++)
		if (s[i] != o[i]) {
			*at = i;
			return "changed its source";
		}
	return NULL;
}

static int min_int(long a, long b)
{
	return (int)(a < b ? a : b);
}

/* One call at s and d, with canaries in whatever room d has beside it. */
static int check(const struct gate *c, const unsigned char *s, unsigned char *d,
		 int len, uint32_t sum, char *err, size_t errlen)
{
	int sa = (int)((uintptr_t)s & 7), da = (int)((uintptr_t)d & 7), i;
	int before = min_int(d - c->dst->lo, CANARY);
	int after = min_int(c->dst->hi - d - len, CANARY);
	uint16_t want = csum_fold16(verify_ref(s, len, sum)), got;
	const char *bad;
	long at = 0;

	memset(d - before, CANARY_BYTE, (size_t)before);
	memset(d + len, CANARY_BYTE, (size_t)after);
	for (i = 0; i < len; i++)
		d[i] = (unsigned char)~s[i];
	verify_at(len, sa, da);
	got = csum_fold16(kernel_csum_copy(c->k, s, d, len, sum, c->dist));
	bad = damage(c, s, d, len, before, after, &at);
	if (bad) {
		snprintf(err, errlen, "%s: len %d, src align %d, dst align %d, "
			 "%s data: %s (%s byte %ld)", c->k->name, len, sa, da,
			 c->data, bad, strcmp(bad, "changed its source") ? "dst" :
			 "src", at);
		return -1;
	}
	if (got != want) {
		snprintf(err, errlen, "%s: len %d, src align %d, dst align %d, "
			 "sum 0x%08x, %s data: folded 0x%04x, ref 0x%04x",
			 c->k->name, len, sa, da, sum, c->data, got, want);
		return -1;
	}
	return 0;
}

/* Calls pair() makes: three placements. */
#define PLACES 3

/* At source and destination alignments sa and da: both at the start of
   their pages, both 128 bytes in, and both ending as near the page after
   as they allow. */
static int pair(const struct gate *c, int len, int sa, int da, uint32_t sum,
		char *err, size_t errlen)
{
	uintptr_t se = (uintptr_t)(c->src->hi - len), de = (uintptr_t)(c->dst->hi - len);

	return check(c, c->src->lo + sa, c->dst->lo + da, len, sum, err, errlen) ||
	       check(c, c->src->lo + CANARY + sa, c->dst->lo + CANARY + da, len,
		     sum, err, errlen) ||
	       check(c, c->src->hi - len - ((se - (uintptr_t)sa) & 7),
		     c->dst->hi - len - ((de - (uintptr_t)da) & 7), len, sum,
		     err, errlen);
}

/* The pairs a length takes: all 64 up to 256 bytes, every seventh
   (ten, most of them unequal) at the long lengths, else two. */
static int pair_step(int len)
{
	return len <= ALL_PAIRS_MAX ? 1 : len > SHORT_MAX ? 7 : 0;
}

static int one_len(void *ctx, char *err, size_t errlen)
{
	static const uint32_t sums[] = { 0, 0xffffffffu, 0x89abcdefu };
	const struct gate *c = ctx;
	int len = c->len, p, step = pair_step(len);
	uint32_t sum = sums[len % 3];

	if (step) {
		for (p = 0; p < 64; p += step)
			if (pair(c, len, p & 7, p >> 3, sum, err, errlen))
				return -1;
		return 0;
	}
	/* 7 and 37 are prime to 64: both pairs visit all 64. */
	p = (len * 7) & 63;
	if (pair(c, len, p & 7, p >> 3, sum, err, errlen))
		return -1;
	p = (len * 37 + 11) & 63;
	return pair(c, len, p & 7, p >> 3, sum, err, errlen);
}

/* The deadline of one length: its calls, each copying, summing and
   comparing len bytes a few times over. */
static int len_checked(const struct kernel *k, struct gate *c, int len,
		       char *err, size_t errlen)
{
	int step = pair_step(len);
	double calls = PLACES * (step ? (63 + step) / step : 2);

	c->len = len;
	return verify_guarded(k, 4.0 * calls * len, calls, one_len, c, err,
			      errlen);
}

/* One deadline per length: a kernel that hangs is stopped soon after
   the calls it should have made, not after the whole sweep's. */
static int verify_op(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct guarded s, d;
	struct gate c = { k, dist, &s, &d, NULL, NULL, 0, NULL, 0, 0 };
	unsigned char *orig;
	int pass, len, rc = VERIFY_OK;
	size_t i;

	guarded_map(&s, DATA_BYTES);
	guarded_map(&d, DATA_BYTES);
	orig = xmalloc((size_t)(s.hi - s.lo), "the correctness gate's source copy");
	c.orig = orig;
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&s, pass ? 0xff : -1, 0);
		memcpy(orig, s.lo, (size_t)(s.hi - s.lo));
		c.data = pass ? "0xff" : "random";
		for (len = 0; len <= SHORT_MAX && rc == VERIFY_OK; len++)
			rc = len_checked(k, &c, len, err, errlen);
		for (i = 0; i < NLONG && rc == VERIFY_OK; i++)
			rc = len_checked(k, &c, long_lens[i], err, errlen);
	}
	guarded_unmap(&s);
	guarded_unmap(&d);
	free(orig);
	return rc;
}

/* Each size at the run's alignment a (source and destination alike),
   128 bytes into their pages and ending against the page after. */
static int sizes_pass(void *ctx, char *err, size_t errlen)
{
	const struct gate *c = ctx;
	size_t i;

	for (i = 0; i < c->n; i++) {
		int len = (int)c->sz[i];
		uintptr_t se = (uintptr_t)(c->src->hi - len);
		uintptr_t de = (uintptr_t)(c->dst->hi - len);

		if (check(c, c->src->lo + CANARY + c->align,
			  c->dst->lo + CANARY + c->align, len, 0xffffffffu,
			  err, errlen) ||
		    check(c, c->src->hi - len - ((se - c->align) & 4095),
			  c->dst->hi - len - ((de - c->align) & 4095), len,
			  0x89abcdefu, err, errlen))
			return -1;
	}
	return 0;
}

static int verify_sizes_op(const struct kernel *k, int dist, const uint32_t *sizes,
			   size_t nsizes, const uint32_t *aligns, size_t naligns,
			   char *err, size_t errlen)
{
	struct guarded s = { 0 }, d = { 0 };
	struct gate c = { k, dist, &s, &d, NULL, NULL, 0, NULL, 0, 0 };
	unsigned char *orig = NULL;
	double bytes = 0;
	size_t pass, a, i, span;
	int rc = VERIFY_OK;

	c.sz = verify_sorted_sizes(sizes, nsizes, &c.n);
	span = (size_t)c.sz[c.n - 1] + verify_max(aligns, naligns) + 2 * CANARY;
	for (i = 0; i < c.n; i++)
		bytes += c.sz[i];
	guarded_map(&s, span);
	guarded_map(&d, span);
	orig = xmalloc((size_t)(s.hi - s.lo), "the correctness gate's source copy");
	c.orig = orig;
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&s, pass ? -1 : 0xff, 0);
		memcpy(orig, s.lo, (size_t)(s.hi - s.lo));
		c.data = pass ? "random" : "0xff";
		for (a = 0; a < naligns && rc == VERIFY_OK; a++) {
			c.align = aligns[a];
			rc = verify_guarded(k, 8 * bytes, 2.0 * (double)c.n,
					    sizes_pass, &c, err, errlen);
		}
	}
	if (s.map)
		guarded_unmap(&s);
	if (d.map)
		guarded_unmap(&d);
	free(orig);
	free((void *)c.sz);
	return rc;
}

static uint64_t batch(const struct timer *t, const struct kernel *k,
		      const unsigned char *src, unsigned char *dst, uint32_t size,
		      int dist, uint64_t n)
{
	csum_copy_fn *plain = (csum_copy_fn *)(void *)k->fn;
	csum_copy_pf_fn *pf = (csum_copy_pf_fn *)(void *)k->fn;
	int len = (int)size;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	if (k->prefetch) {
		t0 = region_start(t);
		for (i = 0; i < n; i++)
			acc += pf(src, dst, len, 0, dist);
		t1 = region_stop(t);
	} else {
		t0 = region_start(t);
		for (i = 0; i < n; i++)
			acc += plain(src, dst, len, 0);
		t1 = region_stop(t);
	}
	op_sink = acc;
	return t1 - t0;
}

static uint64_t list(const struct timer *t, const struct kernel *k,
		     unsigned char *const *src, unsigned char *const *dst,
		     uint32_t size, int dist, uint64_t n)
{
	csum_copy_fn *plain = (csum_copy_fn *)(void *)k->fn;
	csum_copy_pf_fn *pf = (csum_copy_pf_fn *)(void *)k->fn;
	int len = (int)size;
	uint32_t acc = 0;
	uint64_t i, t0, t1;

	if (k->prefetch) {
		t0 = region_start(t);
		for (i = 0; i < n; i++) {
			fence_wait();
			acc += pf(src[i], dst[i], len, 0, dist);
		}
		t1 = region_stop(t);
	} else {
		t0 = region_start(t);
		for (i = 0; i < n; i++) {
			fence_wait();
			acc += plain(src[i], dst[i], len, 0);
		}
		t1 = region_stop(t);
	}
	op_sink = acc;
	return t1 - t0;
}

static uint32_t call(const struct kernel *k, const unsigned char *src,
		     unsigned char *dst, uint32_t size, int dist)
{
	return kernel_csum_copy(k, src, dst, (int)size, 0, dist);
}

const struct op op_csum_copy = {
	.name = "csum_copy",
	.contract = "uint32_t f(const void *src, void *dst, int len, uint32_t "
		    "sum): copies, returns csum_partial's sum",
	.size_means = "bytes copied and summed",
	.size_axis = "bytes copied",
	.size_title = "bytes copied",
	.size_word = "copied",
	.about = "copy and checksum; sizes are bytes copied",
	.dst = true,
	.dist_arg = 4,		/* (src, dst, len, sum, dist) */
	.partial_sum = true,
	.roofline = true,
	.size_ok = op_any_size,
	.align_needed = op_any_align,
	.verify = verify_op,
	.verify_sizes = verify_sizes_op,
	.batch = batch,
	.call = call,
	.list = list,
};
