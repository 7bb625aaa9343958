/* The body of an rx walk (rxring.h), kept apart so that the tests can
   build it with a prefetch that records its addresses instead:
   define RX_PREFETCH(address) and RX_WALK (the function's name) first. */
#include <string.h>

#include "events/region.h"
#include "op/op.h"
#include "registry/table.h"
#include "timer/timer.h"

uint64_t RX_WALK(const struct timer *t, struct rxring *r,
			const struct rx_walk_args *a, size_t n)
{
	struct rx_desc *d = r->desc;
	struct ring *pool = r->pool;
	size_t i = r->next, j, o;
	uint32_t acc = 0, w;
	uint64_t t0, t1, bytes = 0;
	unsigned k;

	t0 = region_start(t);
	for (j = 0; j < n; j++) {
		const unsigned char *buf = d[i].buf;
		uint32_t len = r->hw[i].len;	/* the DMA's: a miss */
		const uint32_t *h;
		uint16_t payoff;

		bytes += len;
		if (a->policy == RX_PREFETCH_NEXT) {
			size_t ahead = (i + a->ahead) % r->n;
			for (o = 0; o < RX_HDR; o += a->line)
				RX_PREFETCH(d[ahead].buf + o);
		} else if (a->policy == RX_PREFETCH_CURRENT) {
			for (o = 0; o < RX_HDR; o += a->line)
				RX_PREFETCH(buf + o);
		}
		/* driver work between the prefetch and the header's use:
		   a dependent chain the compiler cannot fold */
		for (k = 0, w = acc; k < a->work; k++) {
			__asm__ volatile("" : "+r"(w));
			w += k;
		}
		acc ^= w;
		/* the driver reads the headers, and from them where the
		   payload starts, before the payload is summed */
		h = (const uint32_t *)(const void *)buf;
		for (o = 0; o < RX_PAYOFF / 4; o++)
			acc += h[o];
		memcpy(&payoff, buf + RX_PAYOFF, sizeof(payoff));
		acc += a->op->call(a->k, buf + payoff, a->dst, len, a->dist);
		if (pool) {	/* a fresh buffer for the next DMA */
			size_t at = pool->next, s = ring_next_slot(pool);
			if (pool->len)	/* in turn: no miss of its own */
				d[i].len = pool->len[at];
			d[i].buf = pool->mem + s * pool->slot;
		}
		i = i + 1 == r->n ? 0 : i + 1;
	}
	t1 = region_stop(t);
	r->next = i;
	r->bytes += bytes;
	op_sink = acc;
	return t1 - t0;
}
