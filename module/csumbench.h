/* SPDX-License-Identifier: GPL-2.0 */
/* csumbench.ko's parts: the kernels (kernels.c), their references and
   gate (gate.c), the buffers and timed regions (timed.c), the device
   (main.c). */
#ifndef CSUMBENCH_MODULE_H
#define CSUMBENCH_MODULE_H

#include <linux/bitops.h>
#include <linux/types.h>

#include "csumbench-uapi.h"

/* The calls, as the harness's call/kernel.h has them. */
typedef u32 csb_csum_fn(const void *buf, int len, u32 sum);
typedef u32 csb_csum_pf_fn(const void *buf, int len, u32 sum, int dist);
typedef u16 csb_ip_fn(const void *iph, unsigned int ihl);
typedef u32 csb_copy_fn(const void *src, void *dst, int len, u32 sum);
typedef u32 csb_copy_pf_fn(const void *src, void *dst, int len, u32 sum,
			   int dist);

/* What the gate let through: timing is refused outside it.  Any number
   of sizes, alignments and distances the uapi's ranges allow. */
struct csb_passed {
	u32 *sizes;		/* sorted, kvmalloc'd */
	u32 nsizes;
	unsigned long aligns[BITS_TO_LONGS(CSB_MAX_ALIGN + 1)];
	unsigned long *dists;	/* bit 1 + dist (-1: none), CSB_MAX_PF + 2 bits */
	bool failed;
};

struct csb_k {
	const char *name, *nopf, *sym, *desc;
	enum csb_op op;
	u32 flags, pf_step;
	union {
		csb_csum_fn *csum;
		csb_csum_pf_fn *csum_pf;
		csb_ip_fn *ip;
		csb_copy_fn *copy;
		csb_copy_pf_fn *copy_pf;
	} fn;
	const char *kf_sym;	/* kernel functions: the function whose
				   bytes do the work (NULL: fn's) */
	const void *code;	/* those bytes: fn, or what it calls */
	u32 kf_flags;		/* CSB_INLINE where the header inlines it */
	const char *needs;	/* kernels.def's CPU features: not timed here */
	bool wrong;		/* the wrong= parameter names it (tests) */
	struct csb_passed passed;
};

extern struct csb_k csb_kernels[];
extern unsigned int csb_nkernels;
void csb_kernels_init(void);
void csb_kernels_free(void);

/* One call of k; dist ignored by kernels without prefetch. */
u32 csb_call(const struct csb_k *k, const void *src, void *dst, u32 len,
	     u32 sum, int dist);

/* gate.c: the reference of k's op on the same call, and the check. */
u32 csb_reference(const struct csb_k *k, const void *src, u32 len, u32 sum);
int csb_gate(struct csb_k *k, struct csb_gate *g, const u32 *sizes,
	     const u32 *aligns);
bool csb_gated(const struct csb_k *k, u32 len, u32 align, int dist);

/* timed.c */
int csb_setup(struct csb_setup *s);	/* s->calls: what it made room for */
int csb_sum(const struct csb_k *k, struct csb_sum *s);
int csb_time(const struct csb_k *k, struct csb_time *t);
/* The gate's buffers for one call: a source at align holding len bytes
   as fill says, and a destination with CSB_GUARD bytes of CSB_GUARD_BYTE
   either side.  Only those bytes are touched: a call's setup costs what
   its own bytes cost, whatever SETUP made room for. */
enum csb_fill { CSB_FILL_DATA, CSB_FILL_ONES, CSB_FILL_CALLER };
#define CSB_GUARD 64
#define CSB_GUARD_BYTE 0xa5
int csb_gate_bufs(u32 len, u32 align, enum csb_fill fill, u8 **src, u8 **dst);
void csb_free(void);
u64 csb_tick_hz(void);
extern u64 csb_over_bound;
extern u32 csb_line;

#endif
