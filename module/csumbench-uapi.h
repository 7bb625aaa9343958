/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/* The interface of /dev/csumbench (csumbench.ko): what the harness, in
   user space, asks the module to do in the kernel.  Shared by the module
   and the harness (harness/kspace/), so both read one layout: fixed-width
   fields, pointers as __u64, the same on 32- and 64-bit callers. */
#ifndef CSUMBENCH_UAPI_H
#define CSUMBENCH_UAPI_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define CSB_API 3		/* raised when a layout or a limit below changes */
#define CSB_NAME_MAX 48
#define CSB_DESC_MAX 112
#define CSB_WHY_MAX 160
#define CSB_MAX_LEN (1u << 20)	/* the longest call's bytes */
#define CSB_MAX_CALLS 256	/* calls in one cold region (a buffer each) */
#define CSB_MAX_WARM_CALLS (1u << 20)	/* calls in one warm region */
#define CSB_MAX_ALIGN 4095	/* an offset from a page */
#define CSB_MAX_PF 65536	/* prefetch distance */
#define CSB_MAX_LIST (1u << 17)	/* sizes or alignments in one gate (the
				   harness's lists hold 100000 at most) */
#define CSB_BOUND_NS 10000000ull	/* interrupts off for at most 10 ms */

/* The ops, as harness/op/ names them. */
enum csb_op { CSB_OP_CSUM, CSB_OP_IP_FAST_CSUM, CSB_OP_CSUM_COPY, CSB_NOPS };
/* The cache states the module makes: warm (untimed calls first) and
   cold (every line of the sources flushed with the arch's own helper). */
enum csb_cache { CSB_WARM, CSB_COLD };

/* csb_kernel.flags */
#define CSB_PREFETCH 1u		/* takes a distance: csum_pf_fn's call */
#define CSB_PSEUDO 2u		/* the op's empty call: a floor, no checksum */
#define CSB_KFUNC 4u		/* the running kernel's own function */
#define CSB_INLINE 8u		/* the kernel's header inlines it: the code
				   timed is the module's wrapper (sym) */

struct csb_info {		/* CSB_IOC_INFO: out */
	__u32 api;
	__u32 nkernels;
	__u64 tick_hz;		/* get_cycles() ticks per second, measured
				   against ktime when the module loaded */
	__u64 bound_ns;		/* CSB_BOUND_NS */
	__u64 over_bound;	/* regions that ran past the bound anyway */
	__u32 line;		/* the cache line the flush steps by */
	__u32 max_len, max_calls, max_align;
	char timer[64];		/* what ticks: "get_cycles(): timebase" */
	char flush[64];		/* the flush helper: "flush_dcache_range (dcbf)" */
	char release[64];	/* the running kernel: uname -r */
	char version[64];	/* the running kernel: uname -v */
	char arch[16];		/* the harness's name: ppc32, x86_64, arm64 */
};

struct csb_kernel {		/* CSB_IOC_KERNEL: index in; the rest out */
	__u32 index;
	__u32 op;		/* enum csb_op */
	__u32 flags;		/* CSB_* above */
	__u32 pf_step;		/* prefetching: bytes per iteration */
	__u64 addr;		/* the function timed (sym): its entry */
	__u32 size;		/* its bytes as kallsyms gives them; 0 unknown */
	__u32 pad;
	char name[CSB_NAME_MAX];	/* as configs name it */
	char nopf[CSB_NAME_MAX];	/* prefetching: the kernel without */
	char sym[CSB_NAME_MAX];	/* the function whose bytes run */
	char desc[CSB_DESC_MAX];
};

struct csb_code {		/* CSB_IOC_CODE: sym's bytes */
	__u32 index;
	__u32 len;		/* in: buf's room; out: bytes copied */
	__u64 buf;
};

struct csb_setup {		/* CSB_IOC_SETUP: the module's buffers */
	__u64 seed;		/* fills the sources (the harness's seed) */
	__u32 max_len;		/* the run's largest call, bytes */
	__u32 max_align;	/* its largest offset from a page */
	__u32 max_pf;		/* its largest prefetch distance */
	__u32 calls;		/* the most calls of a cold region; out:
				   as many as its buffers hold */
	__u32 slot;		/* out: bytes from one cold slot to the next */
	__u32 page;		/* out: the page its buffers are mapped in */
};

struct csb_gate {		/* CSB_IOC_GATE */
	__u32 index;
	__s32 dist;		/* prefetch distance; -1: none */
	__u32 nsizes, naligns;
	__u64 sizes, aligns;	/* __u32 arrays */
	char why[CSB_WHY_MAX];	/* out, when -EDOM: the first disagreement */
};

struct csb_sum {		/* CSB_IOC_SUM: a kernel on the caller's bytes */
	__u32 index;
	__s32 dist;
	__u32 len;		/* bytes; ip_fast_csum: 4 x ihl */
	__u32 align;		/* where in a page the bytes are put */
	__u32 sum;		/* the incoming partial sum */
	__u32 result;		/* out: what the kernel returned */
	__u64 src;		/* len bytes */
	__u64 dst;		/* csum_copy: where the copy comes back */
};

struct csb_time {		/* CSB_IOC_TIME: one timed region */
	__u32 index;
	__s32 dist;
	__u32 len, align;
	__u32 cache;		/* enum csb_cache */
	__u32 calls;		/* K; 0 times the two timer reads alone */
	__u64 ticks;		/* out: get_cycles() from before the first
				   call to after the last */
};

#define CSB_IOC_MAGIC 0xCB
#define CSB_IOC_INFO _IOR(CSB_IOC_MAGIC, 1, struct csb_info)
#define CSB_IOC_KERNEL _IOWR(CSB_IOC_MAGIC, 2, struct csb_kernel)
#define CSB_IOC_CODE _IOWR(CSB_IOC_MAGIC, 3, struct csb_code)
#define CSB_IOC_SETUP _IOWR(CSB_IOC_MAGIC, 4, struct csb_setup)
#define CSB_IOC_GATE _IOWR(CSB_IOC_MAGIC, 5, struct csb_gate)
#define CSB_IOC_SUM _IOWR(CSB_IOC_MAGIC, 6, struct csb_sum)
#define CSB_IOC_TIME _IOWR(CSB_IOC_MAGIC, 7, struct csb_time)

/* Errors the harness turns into messages:
   ENOTTY   not this module's request (another API version);
   ENOENT   no kernel of that index;
   EINVAL   a field out of range (len, align, calls, cache, dist);
   E2BIG    the buffers would not fit in memory, or the request is larger
            than SETUP made them for (more cold calls than it granted);
   EINTR    the gate was stopped by a fatal signal;
   ENODATA  no SETUP yet;
   EDOM     the kernel disagrees with the reference (why says where);
   EPERM    the kernel has not passed the gate at that len, align and
            distance, or failed it: never timed;
   ERANGE   the region would hold interrupts off past bound_ns. */

#endif
