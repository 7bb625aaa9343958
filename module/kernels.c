// SPDX-License-Identifier: GPL-2.0
/* The kernels the module times: each op's empty call (the floor), the
 * running kernel's own functions as its headers define them, and the
 * harness's kernels of this architecture, assembled from the same files
 * as the user-space binary (kernels/<arch>/, copied beside this file by
 * make module) and listed by the same kernels.def.
 *
 * Kernels that need CPU features (.needs: AVX2, AVX-512, ADX) and
 * the load op stay out: the kernel's vector registers are not ours to
 * use without kernel_fpu_begin().  The rest are declared weak, so the
 * ones whose files Kbuild did not assemble (arm64's NEON kernel) are
 * dropped when the module loads.
 */
#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/checksum.h>

#include "csumbench.h"

/* The kernel's own functions, called as its code calls them.  The
   wrappers are what the table points at; where the header makes an
   out-of-line call (ppc32's csum_partial calls __csum_partial for a
   length not known at compile time), the bytes reported are that
   function's. */
static u32 csb_kernel_csum_partial(const void *buf, int len, u32 sum)
{
	return (__force u32)csum_partial(buf, len, (__force __wsum)sum);
}

noinline u16 csb_kernel_ip_fast_csum(const void *iph, unsigned int ihl);
noinline u16 csb_kernel_ip_fast_csum(const void *iph, unsigned int ihl)
{
	return (__force u16)ip_fast_csum(iph, ihl);
}

/* csum_partial_copy_nocheck starts from its own initial sum (0 or ~0,
   the same once folded); the incoming sum is added after it, as
   skb_copy_and_csum_bits() does. */
noinline u32 csb_kernel_csum_copy(const void *src, void *dst, int len, u32 sum);
noinline u32 csb_kernel_csum_copy(const void *src, void *dst, int len, u32 sum)
{
	return (__force u32)csum_add(csum_partial_copy_nocheck(src, dst, len),
				     (__force __wsum)sum);
}

static noinline u32 csb_empty_csum(const void *buf, int len, u32 sum)
{
	return sum;
}

static noinline u16 csb_empty_ip(const void *iph, unsigned int ihl)
{
	return 0;
}

static noinline u32 csb_empty_copy(const void *src, void *dst, int len, u32 sum)
{
	return sum;
}

/* Which function of the running kernel does the work. */
#if defined(CONFIG_PPC32)
#define KF_CSUM "__csum_partial", (const void *)__csum_partial, 0
#define KF_COPY "csum_partial_copy_generic", (const void *)csum_partial_copy_generic, 0
#elif defined(CONFIG_X86_64)
#define KF_CSUM "csum_partial", (const void *)csum_partial, 0
#define KF_COPY "csum_partial_copy_nocheck", (const void *)csum_partial_copy_nocheck, 0
#else	/* arm64: lib/checksum.c's csum_partial over its do_csum; the
	   copy is the generic inline memcpy + csum_partial */
#define KF_CSUM "csum_partial", (const void *)csum_partial, 0
#define KF_COPY "csb_kernel_csum_copy", (const void *)csb_kernel_csum_copy, CSB_INLINE
#endif
#define KF_IP "csb_kernel_ip_fast_csum", (const void *)csb_kernel_ip_fast_csum, CSB_INLINE

/* The harness's kernels: kernels.def's rows, declared weak. */
#define DECL_csum(sym) extern csb_csum_fn sym __attribute__((weak));
#define DECL_PF_csum(sym) extern csb_csum_pf_fn sym __attribute__((weak));
#define DECL_ip_fast_csum(sym) extern csb_ip_fn sym __attribute__((weak));
#define DECL_csum_copy(sym) extern csb_copy_fn sym __attribute__((weak));
#define DECL_PF_csum_copy(sym) extern csb_copy_pf_fn sym __attribute__((weak));
#define DECL_load(sym)
#define DECL_PF_load(sym)
#define KERNEL(op, name, sym, arch, desc, ...) DECL_##op(sym)
#define KERNEL_PF(op, name, sym, arch, desc, ...) DECL_PF_##op(sym)
#include "kernels.def"
#ifdef CSB_AB_DEF	/* make ab SPACE=kernel: the two sides (Kbuild) */
#include "ab.def"
#endif
#undef KERNEL
#undef KERNEL_PF

/* The .def's optional parts (.nopf, .pf_step, .needs) name fields of
   struct csb_k.  Rows with .needs are kept out of the module by the
   .def (#ifndef __KERNEL__); one that came in would be dropped in
   csb_kernels_init. */
#define ROW(n, s, d, o, fl, member, ...) \
	{ .name = n, .sym = #s, .desc = d, .op = o, .flags = fl, \
	  .fn = { .member = s }, __VA_ARGS__ },
#define ROW_csum(n, s, d, ...) ROW(n, s, d, CSB_OP_CSUM, 0, csum, __VA_ARGS__)
#define ROW_PF_csum(n, s, d, ...) \
	ROW(n, s, d, CSB_OP_CSUM, CSB_PREFETCH, csum_pf, __VA_ARGS__)
#define ROW_ip_fast_csum(n, s, d, ...) \
	ROW(n, s, d, CSB_OP_IP_FAST_CSUM, 0, ip, __VA_ARGS__)
#define ROW_csum_copy(n, s, d, ...) \
	ROW(n, s, d, CSB_OP_CSUM_COPY, 0, copy, __VA_ARGS__)
#define ROW_PF_csum_copy(n, s, d, ...) \
	ROW(n, s, d, CSB_OP_CSUM_COPY, CSB_PREFETCH, copy_pf, __VA_ARGS__)
#define ROW_load(n, s, d, ...)
#define ROW_PF_load(n, s, d, ...)
#define KERNEL(o, n, s, a, d, ...) ROW_##o(n, s, d, __VA_ARGS__)
#define KERNEL_PF(o, n, s, a, d, ...) ROW_PF_##o(n, s, d, __VA_ARGS__)

#define KFUNC(name, op, member, wrapper, desc, what) \
	{ name, NULL, NULL, desc, op, CSB_KFUNC, 0, { .member = wrapper }, what },

struct csb_k csb_kernels[] = {
	/* the floors first, named as the harness names its own */
	{ "empty", NULL, "csb_empty_csum", "returns its sum: the module's per-call floor",
	  CSB_OP_CSUM, CSB_PSEUDO, 0, { .csum = csb_empty_csum }, NULL },
	{ "ip-empty", NULL, "csb_empty_ip", "the ip_fast_csum call with no work: the module's floor",
	  CSB_OP_IP_FAST_CSUM, CSB_PSEUDO, 0, { .ip = csb_empty_ip }, NULL },
	{ "copy-empty", NULL, "csb_empty_copy", "the csum_copy call with no work: the module's floor",
	  CSB_OP_CSUM_COPY, CSB_PSEUDO, 0, { .copy = csb_empty_copy }, NULL },
	KFUNC("kernel:csum_partial", CSB_OP_CSUM, csum, csb_kernel_csum_partial,
	      "the running kernel's csum_partial, as <asm/checksum.h> calls it", KF_CSUM)
	KFUNC("kernel:ip_fast_csum", CSB_OP_IP_FAST_CSUM, ip, csb_kernel_ip_fast_csum,
	      "the running kernel's ip_fast_csum, inlined from <asm/checksum.h>", KF_IP)
	KFUNC("kernel:csum_partial_copy_nocheck", CSB_OP_CSUM_COPY, copy,
	      csb_kernel_csum_copy, "the running kernel's csum_partial_copy_nocheck,"
	      " then csum_add of the sum", KF_COPY)
#include "kernels.def"
#ifdef CSB_AB_DEF
#include "ab.def"
#endif
};
unsigned int csb_nkernels;

/* For the tests (tests/kspace.sh): the kernel of this name answers one
   off, so that they can show the gate catching it and the module then
   refusing to time it. */
static char *wrong;
module_param(wrong, charp, 0444);
MODULE_PARM_DESC(wrong, "tests only: this kernel's answers are one off");

void csb_kernels_init(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(csb_kernels); i++) {
		struct csb_k *k = &csb_kernels[i];

		/* weak, not assembled here; or it needs vector registers */
		if (!k->fn.csum || k->needs)
			continue;
		if (k->kf_sym)
			k->sym = k->kf_sym;
		k->wrong = wrong && strcmp(wrong, k->name) == 0;
		k->flags |= k->kf_flags;
		if (!k->code)
			k->code = (const void *)k->fn.csum;
		csb_kernels[n++] = *k;
	}
	csb_nkernels = n;
}

void csb_kernels_free(void)
{
	unsigned int i;

	for (i = 0; i < csb_nkernels; i++) {
		kvfree(csb_kernels[i].passed.sizes);
		bitmap_free(csb_kernels[i].passed.dists);
		memset(&csb_kernels[i].passed, 0, sizeof(csb_kernels[i].passed));
	}
}

u32 csb_call(const struct csb_k *k, const void *src, void *dst, u32 len,
	     u32 sum, int dist)
{
	bool pf = k->flags & CSB_PREFETCH;
	u32 r;

	switch (k->op) {
	case CSB_OP_CSUM:
		r = pf ? k->fn.csum_pf(src, len, sum, dist) : k->fn.csum(src, len, sum);
		break;
	case CSB_OP_IP_FAST_CSUM:
		r = k->fn.ip(src, len / 4);
		break;
	default:
		r = pf ? k->fn.copy_pf(src, dst, len, sum, dist) :
			 k->fn.copy(src, dst, len, sum);
		break;
	}
	return k->wrong ? r + 1 : r;
}
