/* cache = cold-ring: buffers taken in turn from a ring larger than the
   last-level cache, as a driver takes packets from its rx ring. */
#ifndef CSUMBENCH_RING_H
#define CSUMBENCH_RING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ring {
	unsigned char *mem;
	size_t bytes;		/* nslots * slot, and span past the last */
	size_t slot;		/* bytes from one buffer's start to the next */
	size_t nslots, next;	/* next: the place in order */
	uint32_t *order;	/* the slots in the order they are taken: a
				   seeded shuffle, so no stride runs from one
				   buffer into the next */
	uint32_t size;		/* the buffer size it was made for */
	bool written;		/* its points write into it (csum_copy) */
	size_t huge;		/* bytes of it on huge pages (hugepage.h) */
	uint32_t *len;		/* rx pools of a mix: each slot's payload
				   length (rxring.h); else NULL */
};

/* The shape of a ring for buffers of size bytes at an offset of up to
   align into their slot, with span bytes mapped past the last slot (a
   prefetch past a buffer's end lands in another slot, as it would among
   a driver's buffers), so that the bytes the buffers touch add up to
   twice the cache one core uses: a buffer's lines have been pushed out by the
   others before its turn comes again.  Returns the bytes it needs (as
   r->bytes), 0 if that overflows a size_t. */
uint64_t ring_plan(struct ring *r, uint32_t size, size_t align, size_t span,
		   size_t line, size_t cache_bytes);
/* Maps the planned ring (huge pages where the kernel allows), writes it,
   so no page is first touched in a timed call, and shuffles its order
   from seed.  0, or -1 when the memory cannot be had. */
int ring_alloc(struct ring *r, uint64_t seed);
/* Both, for tests. */
int ring_init(struct ring *r, uint32_t size, size_t align, size_t span,
	      size_t line, size_t cache_bytes, uint64_t seed);
/* The slot taken next, and the start of its buffer; the ring wraps. */
static inline size_t ring_next_slot(struct ring *r)
{
	size_t s = r->order[r->next];

	r->next = r->next + 1 == r->nslots ? 0 : r->next + 1;
	return s;
}
static inline unsigned char *ring_next(struct ring *r)
{
	return r->mem + ring_next_slot(r) * r->slot;
}
void ring_free(struct ring *r);

/* A shuffle of 0 .. n-1 into v, from *rng. */
void ring_shuffle(uint32_t *v, size_t n, uint64_t *rng);

#endif
