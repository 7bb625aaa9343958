/* The gate over a replayed capture: each packet's transport segment
   summed by the kernel under test, copied to the end of a guarded page
   (so an overread faults), must fold like the reference's, and with the
   pseudo-header give the same verdict on the checksum the packet
   carries.  Every capture is so many more test vectors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op/op.h"
#include "op/verify.h"
#include "workload/mix.h"

struct mix_gate {
	const struct kernel *k;
	int dist;
	const struct mix *m;
	struct guarded *src, *dst;
};

static int packets(void *ctx, char *err, size_t errlen)
{
	const struct mix_gate *c = ctx;
	const struct op *op = c->k->op;
	size_t i;

	for (i = 0; i < c->m->n; i++) {
		const struct mix_packet *p = &c->m->pkt[i];
		uint32_t len = p->l3len - p->l4off;
		unsigned char *s = c->src->hi - len, *d = c->dst->hi - len;
		uint32_t want = verify_ref(p->l3 + p->l4off, (int)len, 0), got;

		memcpy(s, p->l3 + p->l4off, len);
		verify_at((int)len, (int)((uintptr_t)s & 7),
			  op->dst ? (int)((uintptr_t)d & 7) : -1);
		got = op->call(c->k, s, d, len, c->dist);
		if (csum_fold16(got) != csum_fold16(want) ||
		    (mix_transport_check(p, got) == 0) !=
		    (mix_transport_check(p, want) == 0)) {
			snprintf(err, errlen, "%s: %s packet %zu (frame %zu, %s over "
				 "IPv%u, %u B segment): folded 0x%04x, ref 0x%04x",
				 c->k->name, c->m->path, i + 1, p->frame,
				 p->proto == 6 ? "TCP" : "UDP", p->family, len,
				 csum_fold16(got), csum_fold16(want));
			return -1;
		}
		if (op->dst && memcmp(d, s, len)) {
			snprintf(err, errlen, "%s: %s packet %zu (frame %zu): the "
				 "copy differs from the segment", c->k->name,
				 c->m->path, i + 1, p->frame);
			return -1;
		}
	}
	return 0;
}

int verify_mix(const struct kernel *k, int dist, const struct mix *m,
	       char *err, size_t errlen)
{
	struct guarded src, dst;
	struct mix_gate c = { k, dist, m, &src, &dst };
	int rc;

	if (!m || !m->capture || !k->op->partial_sum)
		return VERIFY_OK;
	guarded_map(&src, m->max + 128);
	guarded_map(&dst, m->max + 128);
	rc = verify_guarded(k, 2.0 * m->mean * (double)m->n, (double)m->n,
			    packets, &c, err, errlen);
	guarded_unmap(&src);
	guarded_unmap(&dst);
	return rc;
}
