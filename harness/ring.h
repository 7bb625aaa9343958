/* cache = cold-ring: buffers taken in turn from a ring larger than the
   last-level cache, as a driver takes packets from its rx ring. */
#ifndef CSUMBENCH_RING_H
#define CSUMBENCH_RING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ring {
	unsigned char *mem;
	size_t bytes;		/* nslots * slot */
	size_t slot;		/* bytes from one buffer's start to the next */
	size_t nslots, next;
	uint32_t size;		/* the buffer size it was made for */
	bool written;		/* its points write into it (csum_copy) */
	uint32_t *len;		/* rx pools of a mix: each slot's payload
				   length (rxring.h); else NULL */
};

/* The shape of a ring for buffers of size bytes, each followed by room
   for span more (alignment and prefetch distance), so that the bytes the
   buffers touch add up to twice the largest cache: a buffer's lines have
   been pushed out by the others before its turn comes again.  Returns
   the bytes it needs (as r->bytes), 0 if that overflows a size_t. */
uint64_t ring_plan(struct ring *r, uint32_t size, size_t span, size_t line,
		   size_t cache_bytes);
/* Maps and writes the planned ring, so no page is first touched in a
   timed call.  0, or -1 when the memory cannot be had. */
int ring_alloc(struct ring *r);
/* Both, for tests. */
int ring_init(struct ring *r, uint32_t size, size_t span, size_t line,
	      size_t cache_bytes);
/* The start of the next buffer; the ring wraps. */
static inline unsigned char *ring_next(struct ring *r)
{
	unsigned char *p = r->mem + r->next * r->slot;

	r->next = r->next + 1 == r->nslots ? 0 : r->next + 1;
	return p;
}
void ring_free(struct ring *r);

#endif
