/* The rx ring (rxring.h). */
#include <stdlib.h>
#include <string.h>

#include "workload/rxring.h"

#define RX_PREFETCH(p) __builtin_prefetch(p)
#define RX_WALK rx_walk
#include "lib/xalloc.h"
#include "workload/rx-walk.h"

const char *const rx_prefetch_name[RX_PREFETCH_NPOLICIES] = { "none", "current",
						       "next" };


static void put_payoff(unsigned char *buf, uint32_t align)
{
	uint16_t off = (uint16_t)(RX_HDR + align);

	memcpy(buf + RX_PAYOFF, &off, sizeof(off));
}

void rx_fill(unsigned char *buf, const struct mix *m, size_t i, uint32_t align)
{
	const struct mix_packet *p;
	uint32_t h;

	put_payoff(buf, align);
	if (!m || !m->pkt)
		return;		/* sizes only: the pool's own data will do */
	p = &m->pkt[i % m->n];
	/* headers past RX_PAYOFF are not kept: only their loads matter */
	h = p->payoff < RX_PAYOFF ? p->payoff : RX_PAYOFF;
	memcpy(buf, p->l3, h);
	memcpy(buf + RX_HDR + align, p->l3 + p->payoff, p->l3len - p->payoff);
}

void rx_dma(struct rxring *r, size_t n, unsigned ahead, uint32_t align,
	    size_t span, void (*flush)(const void *, size_t, size_t),
	    bool whole, size_t line)
{
	size_t j, i;

	/* Only what changed is written: a line written just before its
	   flush would make the walk's read wait for the write-back. */
	for (j = 0; j < n + ahead && j < r->n; j++) {
		i = (r->next + j) % r->n;
		if (r->hw[i].len != r->desc[i].len)
			r->hw[i].len = r->desc[i].len;
	}
	if (!flush)
		return;
	if (whole) {
		flush(NULL, 0, line);
		return;
	}
	for (j = 0; j < n + ahead && j < r->n; j++) {
		i = (r->next + j) % r->n;
		flush(r->desc[i].buf, RX_HDR + align + r->desc[i].len + span, line);
	}
	flush(r->hw, r->n * sizeof(*r->hw), line);
}

uint64_t rx_pool_plan(struct ring *r, uint32_t size, size_t align,
		      size_t span, size_t line, size_t cache_bytes,
		      const struct mix *m, uint64_t max_bytes)
{
	uint64_t touched, n;

	if (!ring_plan(r, RX_HDR + size, align, span, line, cache_bytes))
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
	if (n > UINT32_MAX || n * r->slot > SIZE_MAX / 2)
		return 0;
	r->bytes += (size_t)(n * r->slot) - r->nslots * r->slot;
	r->nslots = (size_t)n;
	return r->bytes;
}

int rx_pool_alloc(struct ring *r, const struct mix *m, uint32_t align,
		  uint64_t seed)
{
	size_t j;

	if (ring_alloc(r, seed))
		return -1;
	/* Every header says where its payload starts (the pool is made
	   for one alignment).  With a mix, packet j in the j-th slot
	   taken, and its length at len[j]: the walk replays the mix in
	   its order and reads the lengths in turn. */
	if (m)
		r->len = xcalloc(r->nslots, sizeof(*r->len), "the rx pool's lengths");
	for (j = 0; j < r->nslots; j++) {
		if (m)
			r->len[j] = m->len[j % m->n];
		rx_fill(r->mem + r->order[j] * r->slot, m, j, align);
	}
	return 0;
}

int rx_pool_init(struct ring *r, uint32_t size, size_t align, size_t span,
		 size_t line, size_t cache_bytes, const struct mix *m,
		 uint64_t seed)
{
	if (!rx_pool_plan(r, size, align, span, line, cache_bytes, m,
			  UINT64_MAX))
		return -1;
	return rx_pool_alloc(r, m, (uint32_t)align, seed);
}

int rxring_init(struct rxring *r, size_t n, struct ring *pool)
{
	size_t i;

	r->desc = calloc(n, sizeof(*r->desc));
	r->hw = calloc(n, sizeof(*r->hw));
	if (!r->desc || !r->hw) {
		free(r->desc);
		free(r->hw);
		r->desc = NULL;
		r->hw = NULL;
		return -1;
	}
	r->n = n;
	r->next = 0;
	r->pool = pool;
	for (i = 0; pool && i < n; i++) {
		size_t j = pool->next, s = ring_next_slot(pool);
		r->desc[i].len = pool->len ? pool->len[j] : pool->size - RX_HDR;
		r->desc[i].buf = pool->mem + s * pool->slot;
		r->hw[i].len = r->desc[i].len;
		r->hw[i].status = 1;
	}
	return 0;
}

void rxring_free(struct rxring *r)
{
	free(r->desc);
	free(r->hw);
	memset(r, 0, sizeof(*r));
}
