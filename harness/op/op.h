/* Ops: the checksum contracts csumbench measures.  Each is described once
 * (how it is called, what a size means, how it is gated) in a file of
 * its own here, and the sweep, the gate, the CSV and list read that
 * description; nothing else names an op.
 *
 *   csum          Linux's csum_partial: an unfolded 32-bit partial sum.
 *   ip_fast_csum  Linux's ip_fast_csum: the folded, inverted sum of an
 *                 IPv4 header of ihl 32-bit words; size = header bytes.
 *   csum_copy     copy and sum in one call (csum_partial_copy): the
 *                 partial sum csum_partial gives, and dst equal to src.
 *   load          no checksum: every byte loaded and XORed, the
 *                 roofline a checksum of the same bytes is held to.
 */
#ifndef CSUMBENCH_OP_H
#define CSUMBENCH_OP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest size any op is called with. */
#define SIZE_MAX_BYTES (1u << 30)

struct kernel;
struct timer;

struct op {
	const char *name;	/* as in configs, the CSV and list */
	const char *contract;	/* one line: the call and what it returns */
	const char *size_means;	/* what a point's size counts */
	bool dst;		/* writes a destination buffer */
	unsigned dist_arg;	/* prefetch kernels: the argument (from 0)
				   the distance is, as kernel.h calls it */
	bool per_call;		/* people read its cost per call, not per
				   byte (summaries; the CSV has both) */
	/* How csumreport words its sizes (# op: in the CSV): a figure's
	   axis, "... by <title>", "1500 B <word>", and what it is. */
	const char *size_axis, *size_title, *size_word, *about;
	bool partial_sum;	/* call returns csum_partial's unfolded sum
				   of src: a capture's segments check it */
	bool roofline;		/* it streams its size in bytes through the
				   core: a run holds it to the load op's
				   kernel (roofline = auto) */
	/* 0 when a run may time this op at size; else -1 and, in err,
	   what was expected. */
	int (*size_ok)(uint32_t size, char *err, size_t errlen);
	/* The address alignment k needs of its buffers (1: any). */
	unsigned (*align_needed)(const struct kernel *k);
	/* The gate (verify.h): lengths, alignments, sums and data of the
	   op's own contract, and every size and alignment a run times. */
	int (*verify)(const struct kernel *k, int dist, char *err, size_t errlen);
	int (*verify_sizes)(const struct kernel *k, int dist,
			    const uint32_t *sizes, size_t nsizes,
			    const uint32_t *aligns, size_t naligns,
			    char *err, size_t errlen);
	/* n calls on one buffer (and dst), back to back: the ticks between
	   the two timer reads.  The kind of call is chosen outside the loop. */
	uint64_t (*batch)(const struct timer *t, const struct kernel *k,
			  const unsigned char *src, unsigned char *dst,
			  uint32_t size, int dist, uint64_t n);
	/* One call, for walks that do other work between calls (the rx
	   ring, rxring.h): returns what the kernel returned. */
	uint32_t (*call)(const struct kernel *k, const unsigned char *src,
			 unsigned char *dst, uint32_t size, int dist);
	/* One call on each src[i] (and dst[i]), fenced apart (fence.h). */
	uint64_t (*list)(const struct timer *t, const struct kernel *k,
			 unsigned char *const *src, unsigned char *const *dst,
			 uint32_t size, int dist, uint64_t n);
};

extern const struct op op_csum, op_ip_fast_csum, op_csum_copy, op_load;
/* Room for every op in fixed arrays (op.c checks op_table fits). */
#define OP_MAX 8
extern const struct op *const op_table[];
extern const size_t op_count;

/* An op by name, or NULL. */
const struct op *op_find(const char *name);
/* size_ok and align_needed of ops that take any size and address. */
int op_any_size(uint32_t size, char *err, size_t errlen);
unsigned op_any_align(const struct kernel *k);

/* Results are stored here so that timed calls cannot be optimised away. */
extern volatile uint32_t op_sink;

#endif
