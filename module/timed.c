// SPDX-License-Identifier: GPL-2.0
/* The module's buffers and its timed regions.
 *
 * Buffers (SETUP): a warm source and destination; for cold regions one
 * source and destination slot per call, a page apart and visited in a
 * fresh random order each region, so no hardware prefetcher streams from
 * one into the next; and the gate's, with guard bytes round the
 * destination.  vmalloc'd, so page-aligned, and filled from the harness's
 * seed (splitmix64 over it).
 *
 * A region, with preemption and interrupts off throughout:
 *   warm: two untimed calls on the warm buffer, then the K calls;
 *   cold: one untimed call on the warm buffer (code and branch history
 *         warm), every line of the K sources (and the distance they
 *         prefetch past their end) and destinations flushed with the
 *         arch's helper (arch.h), a fence, then the K calls, each after a
 *         fence so that no call overlaps the next one's misses.
 * Nothing but the calls happens between the two timer reads.  Before
 * it, one call alone (warm) or one flushed and called (cold) is timed,
 * the least of three, and the region refused if K of them would pass
 * the bound.
 */
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "arch.h"
#include "csumbench.h"

static struct {
	bool ready;
	u32 max_len, max_align, max_pf, calls;
	size_t slot;		/* bytes from one cold slot to the next */
	u8 *warm, *dwarm;	/* warm source, destination */
	u8 *pool, *dpool;	/* cold slots */
	u8 *gsrc, *gdst;	/* the gate's */
	size_t gbytes;
	u64 seed, rng;
	u32 order[CSB_MAX_CALLS];
	u8 *srcs[CSB_MAX_CALLS], *dsts[CSB_MAX_CALLS];	/* a region's */
} b;

u64 csb_over_bound;

static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void fill(u8 *p, size_t n, u64 *x)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		u64 v = splitmix64(x);

		memcpy(p + i, &v, 8);
		if (!(i & ((1u << 20) - 1)))
			cond_resched();
	}
	for (; i < n; i++)
		p[i] = (u8)splitmix64(x);
}

void csb_free(void)
{
	vfree(b.warm);
	vfree(b.dwarm);
	vfree(b.pool);
	vfree(b.dpool);
	vfree(b.gsrc);
	vfree(b.gdst);
	memset(&b, 0, sizeof(b));
}

/* The cold pool's bytes at most (and the destinations' again). */
#define POOL_MAX (128u << 20)

int csb_setup(struct csb_setup *s)
{
	size_t span, slot, pool, gate;
	u64 x = s->seed;

	if (!s->max_len || s->max_len > CSB_MAX_LEN || s->max_align > CSB_MAX_ALIGN ||
	    s->max_pf > CSB_MAX_PF || !s->calls || s->calls > CSB_MAX_CALLS)
		return -EINVAL;
	span = (size_t)s->max_align + s->max_len + s->max_pf;
	slot = PAGE_ALIGN(span) + PAGE_SIZE;
	/* as many cold calls as the pool holds, said back to the caller */
	s->calls = min_t(u32, s->calls, max_t(size_t, POOL_MAX / slot, 1));
	pool = slot * s->calls;
	/* the harness's gate checks lengths up to 65537 whatever the run's sizes */
	gate = PAGE_ALIGN((size_t)max_t(u32, s->max_len, 65536 + 64) + CSB_MAX_ALIGN + 1 +
			  2 * CSB_GUARD);
	csb_free();
	b.slot = slot;
	b.warm = vmalloc(b.slot);
	b.dwarm = vmalloc(b.slot);
	b.pool = vmalloc(pool);
	b.dpool = vmalloc(pool);
	b.gsrc = vmalloc(gate);
	b.gdst = vmalloc(gate);
	if (!b.warm || !b.dwarm || !b.pool || !b.dpool || !b.gsrc || !b.gdst) {
		csb_free();
		return -E2BIG;
	}
	fill(b.warm, b.slot, &x);
	fill(b.pool, pool, &x);
	memset(b.dwarm, 0, b.slot);
	memset(b.dpool, 0, pool);
	b.gbytes = gate;
	b.max_len = s->max_len;
	b.max_align = s->max_align;
	b.max_pf = s->max_pf;
	b.calls = s->calls;
	s->slot = (u32)slot;
	s->page = PAGE_SIZE;
	b.seed = s->seed;
	b.rng = s->seed ^ 0x5eed;
	b.ready = true;
	return 0;
}

int csb_gate_bufs(u32 len, u32 align, enum csb_fill how, u8 **src, u8 **dst)
{
	u64 x = b.seed;

	if (!b.ready)
		return -ENODATA;
	if (len + (size_t)align + 2 * CSB_GUARD > b.gbytes || align > CSB_MAX_ALIGN)
		return -E2BIG;
	*src = b.gsrc + align;
	*dst = b.gdst + CSB_GUARD + align;
	if (how == CSB_FILL_ONES)
		memset(*src, 0xff, len);
	else if (how == CSB_FILL_DATA)
		fill(*src, len, &x);
	memset(*dst - CSB_GUARD, CSB_GUARD_BYTE, len + 2 * CSB_GUARD);
	return 0;
}

int csb_sum(const struct csb_k *k, struct csb_sum *s)
{
	u8 *src, *dst;
	int err;

	if (s->align > CSB_MAX_ALIGN)
		return -EINVAL;
	if (k->op == CSB_OP_IP_FAST_CSUM && (s->len < 20 || s->len > 60 || s->len % 4))
		return -EINVAL;
	err = csb_gate_bufs(s->len, s->align, CSB_FILL_CALLER, &src, &dst);
	if (err)
		return err;
	if (copy_from_user(src, u64_to_user_ptr(s->src), s->len))
		return -EFAULT;
	s->result = csb_call(k, src, dst, s->len, s->sum, s->dist);
	if (k->op == CSB_OP_CSUM_COPY && s->dst &&
	    copy_to_user(u64_to_user_ptr(s->dst), dst, s->len))
		return -EFAULT;
	return 0;
}


/* The calls between the timer reads, one loop per call and state, the
   choice made outside, as the harness's ops do: warm, n calls on one
   buffer (srcs[0], dsts[0]); cold, call i on buffer i, each after a
   fence.  Nothing else runs between the reads (csb_call's switch and
   the tests' wrong= stay out). */
#define REGION(cold, call) do {						\
		t0 = csb_now();						\
		for (i = 0; i < n; i++) {				\
			const u8 *src = (cold) ? srcs[i] : src0;	\
			u8 *dst __maybe_unused = (cold) ? dsts[i] : dst0; \
			if (cold)					\
				csb_fence();				\
			acc += (call);					\
		}							\
		t1 = csb_now();						\
	} while (0)
#define REGIONS(call) do {						\
		if (cold)						\
			REGION(true, call);				\
		else							\
			REGION(false, call);				\
	} while (0)

static cycles_t calls(const struct csb_k *k, u8 *const *srcs, u8 *const *dsts,
		      u32 len, int dist, u32 n, bool cold)
{
	/* (the function and a warm buffer in registers, not loaded from
	   memory each call) */
	const typeof(k->fn) fn = k->fn;
	const u8 *src0 = srcs[0];
	u8 *dst0 = dsts[0];
	cycles_t t0, t1;
	u32 acc = 0, i;
	bool pf = k->flags & CSB_PREFETCH;

	switch (k->op) {
	case CSB_OP_CSUM:
		if (pf)
			REGIONS(fn.csum_pf(src, len, 0, dist));
		else
			REGIONS(fn.csum(src, len, 0));
		break;
	case CSB_OP_IP_FAST_CSUM:
		REGIONS(fn.ip(src, len / 4));
		break;
	default:
		if (pf)
			REGIONS(fn.copy_pf(src, dst, len, 0, dist));
		else
			REGIONS(fn.copy(src, dst, len, 0));
		break;
	}
	OPTIMIZER_HIDE_VAR(acc);
	return t1 - t0;
}

static cycles_t calls_warm(const struct csb_k *k, u8 *src, u8 *dst, u32 len,
			   int dist, u32 n)
{
	return calls(k, &src, &dst, len, dist, n, false);
}

static void flush_slots(const struct csb_k *k, u8 *const *srcs, u8 *const *dsts,
			u32 len, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		csb_flush(srcs[i], (size_t)len + b.max_pf);
		if (k->op == CSB_OP_CSUM_COPY)
			csb_flush(dsts[i], len);
	}
	csb_fence();
}

/* Whether a request can be timed: 0, or the errno that says why not. */
static int csb_time_check(const struct csb_k *k, const struct csb_time *t)
{
	if (!b.ready)
		return -ENODATA;
	if (t->cache > CSB_COLD ||
	    t->calls > (t->cache == CSB_COLD ? CSB_MAX_CALLS : CSB_MAX_WARM_CALLS) ||
	    t->align > CSB_MAX_ALIGN || t->dist > (s32)CSB_MAX_PF || t->dist < -1)
		return -EINVAL;
	if (t->len > b.max_len || t->align > b.max_align ||
	    (t->cache == CSB_COLD && t->calls > b.calls) ||
	    ((k->flags & CSB_PREFETCH) && t->dist > (s32)b.max_pf))
		return -E2BIG;
	if (k->op == CSB_OP_IP_FAST_CSUM && (t->len < 20 || t->len > 60 || t->len % 4))
		return -EINVAL;
	if (!csb_gated(k, t->len, t->align, t->dist))
		return -EPERM;
	return 0;
}

/* cold: K distinct slots in a fresh random order */
static void cold_slots(const struct csb_time *t, u8 **srcs, u8 **dsts)
{
	u32 i, j;

	for (i = 0; i < t->calls; i++) {
		j = (u32)splitmix64(&b.rng) % (i + 1);
		b.order[i] = b.order[j];
		b.order[j] = i;
	}
	for (i = 0; i < t->calls; i++) {
		srcs[i] = b.pool + b.order[i] * b.slot + t->align;
		dsts[i] = b.dpool + b.order[i] * b.slot + t->align;
	}
}

/* The probe: what one call (and its flush) takes, the least of three:
   under an emulator whose counter follows the host's clock, the host
   stopping it for a moment lands in one probe, which alone would refuse
   a region that fits.  Interrupts off; preemption off by the caller. */
static cycles_t probe_one(const struct csb_k *k, const struct csb_time *t,
			  u8 *src, u8 *dst, u8 **srcs, u8 **dsts)
{
	unsigned long flags;
	cycles_t one = (cycles_t)-1;
	u32 i;

	local_irq_save(flags);
	for (i = 0; i < 3; i++) {
		cycles_t o;

		if (t->cache == CSB_WARM) {
			calls_warm(k, src, dst, t->len, t->dist, 1);
			o = calls_warm(k, src, dst, t->len, t->dist, 1);
		} else {
			cycles_t f0 = csb_now();

			flush_slots(k, srcs, dsts, t->len, 1);
			o = csb_now() - f0;
			o += calls(k, srcs, dsts, t->len, t->dist, 1, true);
		}
		if (o < one)
			one = o;
	}
	local_irq_restore(flags);
	return one;
}

int csb_time(const struct csb_k *k, struct csb_time *t)
{
	u8 **srcs = b.srcs, **dsts = b.dsts;
	u8 *src = b.warm + t->align, *dst = b.dwarm + t->align;
	u64 bound = div_u64(csb_tick_hz() * CSB_BOUND_NS, 1000000000u);
	unsigned long flags;
	cycles_t one, ticks;
	int err = csb_time_check(k, t);
	u32 i;

	if (err)
		return err;
	if (!t->calls) {	/* the two reads alone: the overhead */
		preempt_disable();
		local_irq_save(flags);
		t->ticks = calls_warm(k, src, dst, t->len, t->dist, 0);
		local_irq_restore(flags);
		preempt_enable();
		return 0;
	}
	if (t->cache == CSB_COLD)
		cold_slots(t, srcs, dsts);
	preempt_disable();
	one = probe_one(k, t, src, dst, srcs, dsts);
	/* (a call under one tick of a coarse timer counts as one) */
	if ((u64)(one + 1) * t->calls > bound) {
		preempt_enable();
		return -ERANGE;
	}
	local_irq_save(flags);
	if (t->cache == CSB_WARM) {
		calls_warm(k, src, dst, t->len, t->dist, 2);
		ticks = calls_warm(k, src, dst, t->len, t->dist, t->calls);
	} else {
		calls_warm(k, src, dst, t->len, t->dist, 1);
		flush_slots(k, srcs, dsts, t->len, t->calls);
		ticks = calls(k, srcs, dsts, t->len, t->dist, t->calls, true);
	}
	local_irq_restore(flags);
	preempt_enable();
	/* the destinations the calls dirtied, written back now, untimed */
	if (t->cache == CSB_COLD && k->op == CSB_OP_CSUM_COPY)
		for (i = 0; i < t->calls; i++)
			csb_flush(dsts[i], t->len);
	if ((u64)ticks > bound)
		csb_over_bound++;
	t->ticks = ticks;
	return 0;
}
