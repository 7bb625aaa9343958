/* The cold ring.  Buffers are taken in a shuffled order of slots, the
   way a driver's rx ring hands out buffers scattered over the kernel's
   memory: nothing is flushed, and no stride leads a hardware prefetcher
   from one buffer into the next.  The ring is sized by the bytes the
   buffers touch, not by its slots, so even 64-byte buffers come back
   cold. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cache/ring.h"
#include "lib/hugepage.h"
#include "lib/rand.h"

void ring_shuffle(uint32_t *v, size_t n, uint64_t *rng)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = (uint32_t)i;
	for (i = n; i > 1; i--) {
		size_t j = (size_t)(rand_next(rng) % i);
		uint32_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

uint64_t ring_plan(struct ring *r, uint32_t size, size_t align, size_t span,
		   size_t line, size_t cache_bytes)
{
	uint64_t touched = ((uint64_t)size + line - 1) / line * line, bytes;

	memset(r, 0, sizeof(*r));
	r->size = size;
	r->slot = (size_t)(((uint64_t)size + align + line - 1) / line * line);
	r->nslots = (size_t)((2 * (uint64_t)cache_bytes + touched - 1) / touched);
	if (r->nslots < 2)
		r->nslots = 2;
	if (r->nslots > UINT32_MAX)
		return 0;
	bytes = (uint64_t)r->nslots * r->slot + (span + line - 1) / line * line;
	if (bytes > SIZE_MAX / 2)
		return 0;
	r->bytes = (size_t)bytes;
	return bytes;
}

int ring_alloc(struct ring *r, uint64_t seed)
{
	uint64_t rng = seed ? seed : 1;
	size_t i;

	r->order = malloc(r->nslots * sizeof(*r->order));
	r->mem = r->order ? huge_map(r->bytes) : NULL;
	if (!r->mem) {
		free(r->order);
		r->order = NULL;
		return -1;
	}
	for (i = 0; i + 8 <= r->bytes; i += 8) {
		uint64_t v = i * UINT64_C(0x9e3779b97f4a7c15);
		memcpy(r->mem + i, &v, 8);
	}
	ring_shuffle(r->order, r->nslots, &rng);
	r->next = 0;
	r->huge = huge_resident(r->mem, r->bytes);
	return 0;
}

int ring_init(struct ring *r, uint32_t size, size_t align, size_t span,
	      size_t line, size_t cache_bytes, uint64_t seed)
{
	return ring_plan(r, size, align, span, line, cache_bytes) ?
	       ring_alloc(r, seed) : -1;
}

void ring_free(struct ring *r)
{
	huge_unmap(r->mem, r->bytes);
	free(r->order);
	free(r->len);
	memset(r, 0, sizeof(*r));
}
