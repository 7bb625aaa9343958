// SPDX-License-Identifier: GPL-2.0
/* The gate inside the kernel: every kernel against its op's reference,
 * written here from RFC 1071, at every size and alignment the run will
 * time, on the run's data and on all-0xff bytes (every add carries),
 * with three incoming sums; a copy must copy exactly its bytes.  What
 * passed is kept: the module times nothing outside it.
 */
#include <linux/bitmap.h>
#include <linux/bsearch.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/unaligned.h>

#include "csumbench.h"

/* The ones'-complement sum of the 16-bit words at even offsets from p, in
   the CPU's byte order (as csum_partial sums them: a partial sum is in
   host order), an odd last byte as the word's first byte, plus sum;
   folded to 16 bits. */
static u32 fold16(u64 s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (u32)s;
}

static u32 ref_csum(const u8 *p, u32 len, u32 sum)
{
	u64 s = sum;
	u32 i;

	for (i = 0; i + 1 < len; i += 2)
		s += get_unaligned((const u16 *)(p + i));
	if (len & 1) {
#ifdef __BIG_ENDIAN
		s += (u32)p[len - 1] << 8;
#else
		s += p[len - 1];
#endif
	}
	return fold16(s);
}

/* 0 and 0xffff are the same ones'-complement number. */
static u32 canon(u32 v)
{
	return v == 0xffff ? 0 : v;
}

u32 csb_reference(const struct csb_k *k, const void *src, u32 len, u32 sum)
{
	if (k->op == CSB_OP_IP_FAST_CSUM)
		return ~ref_csum(src, len, 0) & 0xffff;
	return ref_csum(src, len, sum);
}

/* Whether a kernel's answer is the reference's: partial sums compared
   folded, ip_fast_csum's folded, inverted result as it is. */
static bool agrees(const struct csb_k *k, u32 got, u32 want)
{
	if (k->op == CSB_OP_IP_FAST_CSUM)
		return canon(~got & 0xffff) == canon(~want & 0xffff);
	return canon(fold16(got)) == canon(want);
}

static int check_one(const struct csb_k *k, struct csb_gate *g, u32 len,
		     u32 align, int pattern, u32 sum)
{
	u8 *src, *dst;
	u32 got, want, i;
	int err = csb_gate_bufs(len, align, pattern ? CSB_FILL_ONES : CSB_FILL_DATA,
				&src, &dst);

	if (err)
		return err;
	want = csb_reference(k, src, len, sum);
	got = csb_call(k, src, dst, len, sum, g->dist);
	if (!agrees(k, got, want)) {
		snprintf(g->why, sizeof(g->why), "%s at len %u align %u, %s data,"
			 " sum 0x%x: got 0x%x, the reference 0x%x", k->name, len,
			 align, pattern ? "all-0xff" : "the run's", sum, got, want);
		return -EDOM;
	}
	if (k->op != CSB_OP_CSUM_COPY)
		return 0;
	if (memcmp(dst, src, len) != 0) {
		for (i = 0; i < len && dst[i] == src[i]; i++)
			;
		snprintf(g->why, sizeof(g->why), "%s at len %u align %u: the copy"
			 " differs from its source at byte %u", k->name, len, align, i);
		return -EDOM;
	}
	for (i = 1; i <= CSB_GUARD; i++) {
		if (dst[-(int)i] != CSB_GUARD_BYTE || dst[len + i - 1] != CSB_GUARD_BYTE) {
			snprintf(g->why, sizeof(g->why), "%s at len %u align %u:"
				 " wrote outside its destination", k->name, len, align);
			return -EDOM;
		}
	}
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/* What passed, remembered for csb_gated(): the sizes and alignments of
   the last gate, and every distance it passed at. */
static int remember(struct csb_k *k, const struct csb_gate *g,
		    const u32 *sizes, const u32 *aligns)
{
	struct csb_passed *p = &k->passed;
	DECLARE_BITMAP(al, CSB_MAX_ALIGN + 1);
	u32 *s, i;

	bitmap_zero(al, CSB_MAX_ALIGN + 1);
	for (i = 0; i < g->naligns; i++)
		__set_bit(aligns[i], al);
	s = kvmalloc_array(g->nsizes, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	memcpy(s, sizes, g->nsizes * sizeof(*s));
	sort(s, g->nsizes, sizeof(*s), cmp_u32, NULL);
	if (!p->dists) {
		p->dists = bitmap_zalloc(CSB_MAX_PF + 2, GFP_KERNEL);
		if (!p->dists) {
			kvfree(s);
			return -ENOMEM;
		}
	}
	if (p->nsizes != g->nsizes || memcmp(p->sizes, s, g->nsizes * sizeof(*s)) ||
	    !bitmap_equal(p->aligns, al, CSB_MAX_ALIGN + 1)) {
		kvfree(p->sizes);
		p->sizes = s;
		p->nsizes = g->nsizes;
		bitmap_copy(p->aligns, al, CSB_MAX_ALIGN + 1);
		bitmap_zero(p->dists, CSB_MAX_PF + 2);
	} else {
		kvfree(s);
	}
	__set_bit(g->dist + 1, p->dists);
	return 0;
}

int csb_gate(struct csb_k *k, struct csb_gate *g, const u32 *sizes,
	     const u32 *aligns)
{
	static const u32 sums[] = { 0, 0xffff, 0xffffffff };
	u32 si, ai, j;
	int pattern, err;

	if (k->flags & CSB_PSEUDO)
		return 0;
	for (si = 0; si < g->nsizes; si++)
		for (ai = 0; ai < g->naligns; ai++)
			for (pattern = 0; pattern < 2; pattern++)
				for (j = 0; j < ARRAY_SIZE(sums); j++) {
					err = check_one(k, g, sizes[si], aligns[ai],
							pattern, sums[j]);
					if (err == -EDOM)
						k->passed.failed = true;
					if (err)
						return err;
					if (fatal_signal_pending(current))
						return -EINTR;
					cond_resched();
				}
	return remember(k, g, sizes, aligns);
}

bool csb_gated(const struct csb_k *k, u32 len, u32 align, int dist)
{
	const struct csb_passed *p = &k->passed;

	if (k->flags & CSB_PSEUDO)
		return true;
	if (p->failed || !p->dists || dist < -1 || dist > (int)CSB_MAX_PF ||
	    align > CSB_MAX_ALIGN)
		return false;
	return test_bit(dist + 1, p->dists) && test_bit(align, p->aligns) &&
	       bsearch(&len, p->sizes, p->nsizes, sizeof(len), cmp_u32);
}
