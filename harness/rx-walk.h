/* The body of an rx walk (rxring.h), kept apart so that the tests can
   build it with a prefetch that records its addresses instead:
   define RX_PREFETCH(address) and RX_WALK (the function's name) first. */
#include "kernel.h"
#include "op/op.h"
#include "timer.h"

uint64_t RX_WALK(const struct timer *t, struct rxring *r,
			const struct rx_walk_args *a, size_t n)
{
	struct rx_desc *d = r->desc;
	struct ring *pool = r->pool;
	size_t i = r->next, j, o;
	uint32_t acc = 0;
	uint64_t t0, t1, bytes = 0;

	t0 = timer_start(t);
	for (j = 0; j < n; j++) {
		const unsigned char *buf = d[i].buf;
		uint32_t len = d[i].len;
		const uint32_t *h;

		bytes += len;
		if (a->policy == RXPF_NEXT) {
			size_t ahead = (i + a->ahead) % r->n;
			for (o = 0; o < RX_HDR; o += a->line)
				RX_PREFETCH(d[ahead].buf + o);
		} else if (a->policy == RXPF_CURRENT) {
			for (o = 0; o < RX_HDR; o += a->line)
				RX_PREFETCH(buf + o);
		}
		/* the driver reads the headers before the payload is summed */
		h = (const uint32_t *)(const void *)buf;
		for (o = 0; o < RX_HDR / 4; o++)
			acc += h[o];
		acc += a->op->call(a->k, buf + RX_HDR + a->align, a->dst, len,
				   a->dist);
		if (pool) {	/* a fresh buffer for the next DMA */
			if (pool->len)
				d[i].len = pool->len[pool->next];
			d[i].buf = ring_next(pool);
		}
		i = i + 1 == r->n ? 0 : i + 1;
	}
	t1 = timer_stop(t);
	r->next = i;
	r->bytes += bytes;
	op_sink = acc;
	return t1 - t0;
}
