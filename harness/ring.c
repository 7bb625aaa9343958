/* The cold ring.  Buffers follow each other in memory and are taken in
   that order, the way a NIC fills an rx ring and the driver walks it:
   nothing is flushed, so the TLB and the hardware prefetchers see what
   they would see there.  The ring is sized by the bytes the buffers touch,
   not by its slots, so even 64-byte buffers come back cold. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ring.h"

uint64_t ring_plan(struct ring *r, uint32_t size, size_t span, size_t line,
		   size_t cache_bytes)
{
	uint64_t touched = ((uint64_t)size + line - 1) / line * line, bytes;

	memset(r, 0, sizeof(*r));
	r->size = size;
	r->slot = (size_t)(((uint64_t)size + span + line - 1) / line * line);
	r->nslots = (size_t)((2 * (uint64_t)cache_bytes + touched - 1) / touched);
	if (r->nslots < 2)
		r->nslots = 2;
	bytes = (uint64_t)r->nslots * r->slot;
	if (bytes > SIZE_MAX)
		return 0;
	r->bytes = (size_t)bytes;
	return bytes;
}

int ring_alloc(struct ring *r)
{
	size_t i;

	r->mem = mmap(NULL, r->bytes, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (r->mem == MAP_FAILED) {
		r->mem = NULL;
		return -1;
	}
	for (i = 0; i + 8 <= r->bytes; i += 8) {
		uint64_t v = i * UINT64_C(0x9e3779b97f4a7c15);
		memcpy(r->mem + i, &v, 8);
	}
	return 0;
}

int ring_init(struct ring *r, uint32_t size, size_t span, size_t line,
	      size_t cache_bytes)
{
	return ring_plan(r, size, span, line, cache_bytes) ? ring_alloc(r) : -1;
}

void ring_free(struct ring *r)
{
	if (r->mem)
		munmap(r->mem, r->bytes);
	free(r->len);
	memset(r, 0, sizeof(*r));
}
