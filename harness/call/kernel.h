/* What a kernel is: a routine of one op, with what the harness needs to
   place, gate and time it, and the call of each op's kind. */
#ifndef CSUMBENCH_KERNEL_H
#define CSUMBENCH_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct op;


/*
 * The call of each op (harness/op/op.h).  Prefetching kernels take the
 * distance in bytes as a last argument so one binary sweeps every
 * distance.
 *
 * csum: Linux's csum_partial.  A 32-bit unfolded ones'-complement partial
 * sum in host order; any address, any len >= 0.
 */
typedef uint32_t csum_fn(const void *buf, int len, uint32_t sum);
typedef uint32_t csum_pf_fn(const void *buf, int len, uint32_t sum, int dist);
/* ip_fast_csum: the folded, inverted sum of ihl (5..15) 32-bit words, as
   stored in the header: 0 for a header whose checksum is right. */
typedef uint16_t ip_fast_csum_fn(const void *iph, unsigned int ihl);
/* load: the roofline reference, not a checksum.  Returns seed XOR the XOR
   of the buffer's native-order 32-bit words at offsets 0, 4, 8... from
   buf, the last one zero-padded: every byte is loaded, nothing chains. */
typedef uint32_t load_fn(const void *buf, int len, uint32_t seed);
typedef uint32_t load_pf_fn(const void *buf, int len, uint32_t seed, int dist);
/* csum_copy: copies len bytes and returns the partial sum csum_partial
   gives over them; src and dst at any addresses, not overlapping. */
typedef uint32_t csum_copy_fn(const void *src, void *dst, int len, uint32_t sum);
typedef uint32_t csum_copy_pf_fn(const void *src, void *dst, int len,
				 uint32_t sum, int dist);

struct kernel {
	const char *name;
	const char *arch;	/* generic, x86_64, ppc32, arm64, harness, so */
	const struct op *op;	/* its contract: call, gate, sizes */
	const char *desc;
	const char *nopf;	/* prefetch kernels: the variant without prefetch,
				   measured for "prefetch = none" */
	bool prefetch;		/* fn takes a run-time prefetch distance */
	bool pseudo;		/* timed, but not a checksum: never gated */
	void (*fn)(void);	/* the op's function type, as .prefetch says */
	const char *sym;	/* its symbol, to find its size (code_offset) */
	const void *loop;	/* its hot loop where the source marks it
				   (symbol sym_loop), else NULL */
	const char *needs;	/* CPU features it needs, space-separated
				   as /proc/cpuinfo spells them; NULL: none */
	unsigned pf_step;	/* prefetch kernels: the bytes one iteration
				   of the loop that prefetches covers; 0:
				   not known (a .so kernel) */
	bool one_entry;		/* one entry point for every length, its
				   path chosen inside (as Linux ships one
				   csum_partial): the summary shows its
				   share of the roofline beside the best */
	unsigned kspace;	/* space = kernel: 1 + its index in
				   csumbench.ko; 0: user space */
	/* A kernel that runs elsewhere (csumbench.ko's): one call of it on
	   these bytes, made there (kspace/device.c); NULL: call fn. */
	uint32_t (*remote)(const struct kernel *k, const void *src, void *dst,
			   int len, uint32_t sum, int dist);
	double call_s;		/* a remote kernel: what one request costs
				   beyond its bytes, seconds (measured);
				   the watchdog allows for it */
};

/* One call of a csum kernel; dist is ignored by kernels without prefetch. */
static inline uint32_t kernel_csum(const struct kernel *k, const void *buf,
				   int len, uint32_t sum, int dist)
{
	if (k->remote)
		return k->remote(k, buf, NULL, len, sum, dist);
	if (k->prefetch)
		return ((csum_pf_fn *)(void *)k->fn)(buf, len, sum, dist);
	return ((csum_fn *)(void *)k->fn)(buf, len, sum);
}

static inline uint32_t kernel_csum_copy(const struct kernel *k, const void *src,
					void *dst, int len, uint32_t sum, int dist)
{
	if (k->remote)
		return k->remote(k, src, dst, len, sum, dist);
	if (k->prefetch)
		return ((csum_copy_pf_fn *)(void *)k->fn)(src, dst, len, sum, dist);
	return ((csum_copy_fn *)(void *)k->fn)(src, dst, len, sum);
}

static inline uint16_t kernel_ip_fast_csum(const struct kernel *k,
					   const void *iph, unsigned int ihl)
{
	if (k->remote)
		return (uint16_t)k->remote(k, iph, NULL, (int)(4 * ihl), 0, 0);
	return ((ip_fast_csum_fn *)(void *)k->fn)(iph, ihl);
}

/* Ones'-complement fold of a 32-bit partial sum to 16 bits (not inverted). */
static inline uint16_t csum_fold16(uint32_t s)
{
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

#endif
