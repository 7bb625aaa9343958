/* cache = ring: an rx ring, walked as a driver's NAPI poll walks it.
 *
 * A ring of descriptors as a NIC driver keeps them: the device's (the
 * length it wrote by DMA) and the driver's shadow of each (the buffer's
 * address, in the driver's own memory and cached).  A buffer holds
 * RX_HDR bytes of "header" (a capture's own IP and transport headers),
 * whose last two bytes say where the payload starts, then the payload at
 * its alignment.  Before each sample, untimed, the descriptors and the
 * buffers it will walk are written and flushed as a DMA leaves them:
 * nothing of them is in the cache.  A sample walks rx_batch descriptors;
 * for each it reads the device's descriptor, issues the policy's header
 * prefetch, does rx_work dependent adds of driver work, reads the header
 * and from it the payload's offset (so the payload's loads wait for the
 * header's), sums the payload with the kernel under test, and gives the
 * descriptor a fresh buffer, the next of a pool of buffers in a shuffled
 * order (ring.h), on huge pages where the kernel allows.
 * rx_prefetch says which header is prefetched:
 *   none     none (ORIGINAL);
 *   current  this descriptor's, when the descriptor is reached (OBVIOUS);
 *   next     that of the descriptor rx_prefetch_ahead places on, while
 *            this one is processed (AGGRESSIVE).
 * The payload's own prefetch is the kernel's (the prefetch key).
 *
 * A mix in cache = warm walks the same way over rx_batch buffers that
 * stay put and were walked once untimed just before. */
#ifndef CSUMBENCH_RXRING_H
#define CSUMBENCH_RXRING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cache/ring.h"
#include "workload/mix.h"

/* rx_prefetch: the header prefetch of the walk. */
enum rx_prefetch { RX_PREFETCH_NONE, RX_PREFETCH_CURRENT, RX_PREFETCH_NEXT,
		   RX_PREFETCH_NPOLICIES };
extern const char *const rx_prefetch_name[RX_PREFETCH_NPOLICIES];

#define RX_HDR 64		/* the header before every payload */
#define RX_PAYOFF (RX_HDR - 2)	/* where the header says where the
				   payload starts: a uint16_t */

/* The driver's shadow of a descriptor: cached, never written by DMA. */
struct rx_desc {
	unsigned char *buf;	/* the buffer: header, then payload */
	uint32_t len;		/* payload bytes, for the next DMA */
	uint32_t pad;
};

/* The device's descriptor: written by the DMA, so read cold. */
struct rx_hw {
	uint32_t len;		/* payload bytes */
	uint32_t status;
};

struct rxring {
	struct rx_desc *desc;
	struct rx_hw *hw;
	size_t n, next;		/* descriptors; the next to walk */
	struct ring *pool;	/* refills; NULL: buffers stay (warm) */
	uint64_t bytes;		/* payload bytes walked so far */
};

struct op;
struct kernel;
struct timer;

/* What a walk needs besides the ring. */
struct rx_walk_args {
	const struct op *op;
	const struct kernel *k;
	unsigned char *dst;	/* ops with a destination */
	uint32_t align;		/* payload: buf + RX_HDR + align */
	int dist;		/* the kernel's prefetch distance */
	enum rx_prefetch policy;
	unsigned ahead;		/* next: this many descriptors on */
	unsigned work;		/* dependent adds per packet (rx_work) */
	size_t line;		/* a header prefetch per line */
};

/* What a DMA leaves before a walk: n descriptors from r->next (and those
   `ahead` past them), their device descriptors written where they
   changed, then every line of them and of their buffers flushed by flush
   (NULL: none); span: the bytes read past a payload (the prefetch
   distance).  Called after a walk too, for the next one's descriptors,
   so that their write-back is long done when it reads them. */
void rx_dma(struct rxring *r, size_t n, unsigned ahead, uint32_t align,
	    size_t span, void (*flush)(const void *, size_t, size_t),
	    bool whole, size_t line);

/* Walks n descriptors between two reads of t: the ticks between them. */
uint64_t rx_walk(const struct timer *t, struct rxring *r,
		 const struct rx_walk_args *a, size_t n);

/* A pool for payloads of up to size bytes at an alignment of up to
   align, span bytes mapped past its last slot, laid out as ring_plan's.  With a mix, slots are
   made for its largest packet but counted by its mean (so the bytes a
   turn touches are still twice the cache), and as a whole number of
   turns through the mix where that fits in max_bytes; slot s holds
   packet s % m->n.  Returns the bytes it needs, 0 if too many. */
uint64_t rx_pool_plan(struct ring *r, uint32_t size, size_t align,
		      size_t span, size_t line, size_t cache_bytes,
		      const struct mix *m, uint64_t max_bytes);
/* Maps the planned pool (ring_alloc, shuffled from seed), writes in
   every header where its payload starts at align, and with a mix puts
   each slot's packet in it in the order the slots are taken: its length
   (r->len[j] for the j-th taken) and, for a capture, its bytes.  0, or
   -1 without memory. */
int rx_pool_alloc(struct ring *r, const struct mix *m, uint32_t align,
		  uint64_t seed);
/* Both, for tests. */
int rx_pool_init(struct ring *r, uint32_t size, size_t align, size_t span,
		 size_t line, size_t cache_bytes, const struct mix *m,
		 uint64_t seed);
/* Puts packet i of m (or size bytes of the pool's data) in buf, and the
   payload's offset in its header. */
void rx_fill(unsigned char *buf, const struct mix *m, size_t i, uint32_t align);
/* n descriptors, filled from the pool in turn. */
int rxring_init(struct rxring *r, size_t n, struct ring *pool);
void rxring_free(struct rxring *r);

#endif
