/* The L1 data cache of a core: sets of ways, each line with its tag,
 * whether it is dirty, and the cycle its fill completes (a line still on
 * its way is in the cache, not yet usable). */
#ifndef CSUMBENCH_MODEL_CACHE_H
#define CSUMBENCH_MODEL_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/cores.h"

struct line {
	uint32_t tag;
	bool valid, dirty;
	uint64_t ready;		/* fill done at this cycle */
	uint64_t used;		/* LRU: last touch */
};

struct cache {
	const struct core *core;
	unsigned sets, ways, line_shift;
	struct line *lines;
	unsigned *next_victim;	/* round-robin, per set */
	uint64_t touch;
};

int cache_init(struct cache *c, const struct core *core);
/* The line holding addr, or NULL. */
struct line *cache_find(struct cache *c, uint32_t addr);
/* Make room for addr's line and return it, valid, clean, ready at
   ready; *castout says whether a dirty line was pushed out. */
struct line *cache_fill(struct cache *c, uint32_t addr, uint64_t ready, bool *castout);
/* dcbf, dcbst, dcbi: the line gone (dcbst: written back, kept); true
   when a dirty line was written back. */
bool cache_flush_line(struct cache *c, uint32_t addr, bool keep);
uint32_t cache_line_addr(const struct cache *c, uint32_t addr);

#endif
