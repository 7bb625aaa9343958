/* The kernel table: every routine csumbench can verify and time. */
#ifndef CSUMBENCH_KERNEL_H
#define CSUMBENCH_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * op "csum": Linux's csum_partial contract.  Returns a 32-bit unfolded
 * ones'-complement partial sum in host order; any address, any len >= 0.
 * Prefetching kernels take the distance in bytes as a fourth argument so
 * one binary sweeps every distance.
 */
typedef uint32_t csum_fn(const void *buf, int len, uint32_t sum);
typedef uint32_t csum_pf_fn(const void *buf, int len, uint32_t sum, int dist);

struct kernel {
	const char *name;
	const char *arch;	/* generic, x86_64, ppc32, arm64, harness, so */
	const char *op;		/* csum (copy_csum and others later) */
	const char *desc;
	const char *nopf;	/* prefetch kernels: the variant without prefetch,
				   measured for "prefetch = none" */
	bool prefetch;		/* fn takes a run-time prefetch distance */
	bool pseudo;		/* timed, but not a checksum: never gated */
	void (*fn)(void);	/* csum_fn or csum_pf_fn, as .prefetch says */
	const char *sym;	/* its symbol, to find its size (code_offset) */
	const void *loop;	/* its hot loop where the source marks it
				   (symbol sym_loop), else NULL */
};

extern const struct kernel kernel_table[];
extern const size_t kernel_count;
/* The pseudo-kernel that returns its sum: the harness's per-call floor. */
extern const struct kernel *const kernel_empty;

/* A table kernel by name, or "path/lib.so:symbol" loaded with dlopen.
   NULL and a message in err when there is none. */
const struct kernel *kernel_find(const char *name, char *err, size_t errlen);
const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen);

/* The kernel that runs for point (k, prefetch = none). */
const struct kernel *kernel_nopf(const struct kernel *k);

/* One call; dist is ignored by kernels without prefetch. */
static inline uint32_t kernel_csum(const struct kernel *k, const void *buf,
				   int len, uint32_t sum, int dist)
{
	if (k->prefetch)
		return ((csum_pf_fn *)(void *)k->fn)(buf, len, sum, dist);
	return ((csum_fn *)(void *)k->fn)(buf, len, sum);
}

/* Ones'-complement fold of a 32-bit partial sum to 16 bits (not inverted). */
static inline uint16_t csum_fold16(uint32_t s)
{
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

#endif
