/* A set-associative write-back data cache, LRU or round-robin. */
#include <stdlib.h>

#include "model/cache.h"

int cache_init(struct cache *c, const struct core *core)
{
	unsigned shift = 0;

	while ((1u << shift) < core->line)
		shift++;
	c->core = core;
	c->line_shift = shift;
	c->ways = core->ways;
	c->sets = core->dcache_bytes / core->line / core->ways;
	c->lines = calloc((size_t)c->sets * c->ways, sizeof(*c->lines));
	c->next_victim = calloc(c->sets, sizeof(*c->next_victim));
	c->touch = 0;
	return c->lines && c->next_victim ? 0 : -1;
}

uint32_t cache_line_addr(const struct cache *c, uint32_t addr)
{
	return addr >> c->line_shift << c->line_shift;
}

static struct line *set_of(struct cache *c, uint32_t addr, uint32_t *tag)
{
	uint32_t n = addr >> c->line_shift;

	*tag = n / c->sets;
	return &c->lines[(size_t)(n % c->sets) * c->ways];
}

struct line *cache_find(struct cache *c, uint32_t addr)
{
	uint32_t tag;
	struct line *set = set_of(c, addr, &tag);
	unsigned w;

	for (w = 0; w < c->ways; w++)
		if (set[w].valid && set[w].tag == tag) {
			set[w].used = ++c->touch;
			return &set[w];
		}
	return NULL;
}

static unsigned victim(struct cache *c, struct line *set, uint32_t addr)
{
	unsigned w, best = 0;

	for (w = 0; w < c->ways; w++)
		if (!set[w].valid)
			return w;
	if (c->core->replace == REPLACE_ROUND_ROBIN) {
		unsigned *next = &c->next_victim[(addr >> c->line_shift) % c->sets];

		w = *next;
		*next = (w + 1) % c->ways;
		return w;
	}
	for (w = 1; w < c->ways; w++)
		if (set[w].used < set[best].used)
			best = w;
	return best;
}

struct line *cache_fill(struct cache *c, uint32_t addr, uint64_t ready, bool *castout)
{
	uint32_t tag;
	struct line *set = set_of(c, addr, &tag);
	struct line *l = &set[victim(c, set, addr)];

	*castout = l->valid && l->dirty;
	l->valid = true;
	l->dirty = false;
	l->tag = tag;
	l->ready = ready;
	l->used = ++c->touch;
	return l;
}

bool cache_flush_line(struct cache *c, uint32_t addr, bool keep)
{
	uint32_t tag;
	struct line *set = set_of(c, addr, &tag);
	unsigned w;
	bool dirty;

	for (w = 0; w < c->ways; w++)
		if (set[w].valid && set[w].tag == tag) {
			dirty = set[w].dirty;
			set[w].dirty = false;
			set[w].valid = keep;
			return dirty;
		}
	return false;
}
