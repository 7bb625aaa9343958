/* The rx ring (rxring.h). */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "rxring.h"

#define RX_PREFETCH(p) __builtin_prefetch(p)
#define RX_WALK rx_walk
#include "rx-walk.h"
#include "xalloc.h"

void rx_fill(unsigned char *buf, const struct mix *m, size_t i, uint32_t align)
{
	const struct mix_packet *p;
	uint32_t h;

	if (!m || !m->pkt)
		return;		/* sizes only: the pool's own data will do */
	p = &m->pkt[i % m->n];
	h = p->payoff < RX_HDR ? p->payoff : RX_HDR;
	memcpy(buf, p->l3, h);
	memcpy(buf + RX_HDR + align, p->l3 + p->payoff, p->l3len - p->payoff);
}

uint64_t rx_pool_plan(struct ring *r, uint32_t size, size_t span, size_t line,
		      size_t cache_bytes, const struct mix *m,
		      uint64_t max_bytes)
{
	uint64_t touched, n;

	if (!ring_plan(r, RX_HDR + size, span, line, cache_bytes))
		return 0;
	if (!m)
		return r->bytes;
	touched = ((uint64_t)(RX_HDR + m->mean) + line) / line * line;
	n = (2 * (uint64_t)cache_bytes + touched - 1) / touched;
	if (n < 2)
		n = 2;
	if (n <= m->n)	/* every packet once, where memory allows */
		n = (uint64_t)m->n * r->slot <= max_bytes ? m->n : n;
	else		/* whole turns through the mix */
		n = (n + m->n - 1) / m->n * m->n;
	if (n * r->slot > SIZE_MAX)
		return 0;
	r->nslots = (size_t)n;
	r->bytes = (size_t)(n * r->slot);
	return r->bytes;
}

int rx_pool_alloc(struct ring *r, const struct mix *m, uint32_t align)
{
	size_t s;

	if (ring_alloc(r))
		return -1;
	if (!m)
		return 0;
	r->len = xcalloc(r->nslots, sizeof(*r->len), "the rx pool's lengths");
	for (s = 0; s < r->nslots; s++) {
		r->len[s] = m->len[s % m->n];
		rx_fill(r->mem + s * r->slot, m, s, align);
	}
	return 0;
}

int rx_pool_init(struct ring *r, uint32_t size, size_t span, size_t line,
		 size_t cache_bytes, const struct mix *m, uint32_t align)
{
	if (!rx_pool_plan(r, size, span, line, cache_bytes, m, UINT64_MAX))
		return -1;
	return rx_pool_alloc(r, m, align);
}

int rxring_init(struct rxring *r, size_t n, struct ring *pool)
{
	size_t i;

	r->desc = calloc(n, sizeof(*r->desc));
	if (!r->desc)
		return -1;
	r->n = n;
	r->next = 0;
	r->pool = pool;
	for (i = 0; pool && i < n; i++) {
		r->desc[i].len = pool->len ? pool->len[pool->next] : pool->size - RX_HDR;
		r->desc[i].buf = ring_next(pool);
	}
	return 0;
}

void rxring_free(struct rxring *r)
{
	free(r->desc);
	memset(r, 0, sizeof(*r));
}
