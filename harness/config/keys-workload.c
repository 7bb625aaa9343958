/* The workload keys: load, load_kind, load_cpus, ring, the rx walk's
   and timing (keys.c's table lists them with the others). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "config/keys.h"
#include "config/range.h"
#include "lib/xalloc.h"

int key_load(struct config *c, const char *v, char *err, size_t errlen)
{
	int w[LOAD_NSTATES];
	size_t i;

	if (range_words(v, load_state_name, LOAD_NSTATES, "load", w,
			&c->nloads, err, errlen))
		return -1;
	for (i = 0; i < c->nloads; i++)
		c->loads[i] = (enum load_state)w[i];
	return 0;
}

int key_load_kind(struct config *c, const char *v, char *err,
			 size_t errlen)
{
	static const char *const kinds[] = { "stream", "sched" };
	int k[2];
	size_t n, i;

	if (range_words(v, kinds, 2, "load kind", k, &n, err, errlen))
		return -1;
	c->load_kind = 0;
	for (i = 0; i < n; i++)
		c->load_kind |= k[i] ? LOAD_SCHED : LOAD_STREAM;
	return 0;
}

int key_load_cpus(struct config *c, const char *v, char *err,
			 size_t errlen)
{
	struct list l = { 0 };
	size_t i;
	int r;

	if (!strcmp(v, "auto")) {
		free(c->load_cpus);
		c->load_cpus = NULL;
		c->nload_cpus = 0;
		return 0;
	}
	r = range_list(v, &l, NULL, err, errlen) ||
	    range_bounded(&l, 0, LOAD_CPUS_LIST_MAX - 1, "CPU", "auto or CPU numbers "
			  "0 to 255", err, errlen);
	if (!r) {
		range_unique(&l);
		free(c->load_cpus);
		c->load_cpus = xcalloc(l.n, sizeof(*c->load_cpus), "load_cpus");
		for (i = 0; i < l.n; i++)
			c->load_cpus[i] = (int)l.v[i];
		c->nload_cpus = l.n;
	}
	free(l.v);
	return r ? -1 : 0;
}

int key_ring(struct config *c, const char *v, char *err, size_t errlen)
{
	return range_count(v, "ring size", RING_MAX, &c->ring, err, errlen);
}

int key_rx_batch(struct config *c, const char *v, char *err,
			size_t errlen)
{
	return range_count(v, "rx_batch", RX_BATCH_MAX, &c->rx_batch, err, errlen);
}

int key_rx_prefetch(struct config *c, const char *v, char *err,
			   size_t errlen)
{
	int w[RX_PREFETCH_NPOLICIES];
	size_t i;

	if (range_words(v, rx_prefetch_name, RX_PREFETCH_NPOLICIES,
			"rx_prefetch", w, &c->nrx_prefetch, err, errlen))
		return -1;
	for (i = 0; i < c->nrx_prefetch; i++)
		c->rx_prefetch[i] = (enum rx_prefetch)w[i];
	return 0;
}

/* A list of descriptor counts: rx_prefetch = next is timed at each. */
int key_rx_ahead(struct config *c, const char *v, char *err,
			size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i;
	unsigned a[RX_AHEAD_MAX];

	if (range_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		unsigned x;
		if (range_count(tok, "rx_prefetch_ahead", RING_MAX - 1, &x, err, errlen))
			return -1;
		for (i = 0; i < n && a[i] != x; i++)
			;
		if (i < n)
			continue;
		if (n == RX_AHEAD_MAX) {
			snprintf(err, errlen, "more than %d rx_prefetch_ahead "
				 "values, expected at most %d", RX_AHEAD_MAX,
				 RX_AHEAD_MAX);
			return -1;
		}
		a[n++] = x;
	}
	if (!n) {
		snprintf(err, errlen, "no rx_prefetch_ahead value, expected "
			 "descriptor counts such as 1, 2, 4");
		return -1;
	}
	memcpy(c->rx_ahead, a, n * sizeof(*a));
	c->nrx_ahead = n;
	return 0;
}

int key_rx_work(struct config *c, const char *v, char *err,
		       size_t errlen)
{
	int64_t n;

	if (range_whole(v, 0, RX_WORK_MAX, &n, err, errlen, "rx_work '%s', "
			"expected 0 to %d dependent adds per packet", v,
			RX_WORK_MAX))
		return -1;
	c->rx_work = (unsigned)n;
	return 0;
}

int key_timing(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	if (!strcmp(v, "batch") || !strcmp(v, "per-call")) {
		c->timing = strcmp(v, "batch") ? TIMING_PER_CALL : TIMING_BATCH;
		return 0;
	}
	snprintf(err, errlen, "timing '%s', expected batch or per-call", v);
	return -1;
}
