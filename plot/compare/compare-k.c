/* compare: K, the calls of a cold region, is found per run by a pilot,
   and a median at a doubling's edge can give one run K and the next 2K.
   A region's own cost is spread over its K calls (the floor, at the same
   K, takes it off the net figure only), so a change between sides timed
   at different K may be partly K's: said, with the first such point. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "read/results.h"
#include "text/wrap.h"

/* The states whose rows time K calls on K buffers (warm rows time a
   batch as long as a sample, walks rx_batch descriptors). */
static int k_state(const struct row *w)
{
	return w->size && (!strcmp(w->base_cache, "cold") ||
			   !strcmp(w->base_cache, "cold-read") ||
			   !strcmp(w->base_cache, "after-switch") ||
			   !strcmp(w->base_cache, "cold-ring"));
}

static void k_text(double k, char *buf, size_t n)
{
	if (k < 0)
		snprintf(buf, n, "several");
	else
		snprintf(buf, n, "%.0f", k);
}

void compare_note_k(const struct pair *pairs, size_t n)
{
	const struct pair *first = NULL;
	char kb[16], ka[16];
	size_t i, differ = 0;

	for (i = 0; i < n; i++) {
		const struct row *b = pairs[i].b, *a = pairs[i].a;
		if (!k_state(a) || isnan(a->iters) || isnan(b->iters) ||
		    (a->iters == b->iters && a->iters >= 0))
			continue;
		if (!differ++)
			first = &pairs[i];
	}
	if (!differ)
		return;
	k_text(first->b->iters, kb, sizeof(kb));
	k_text(first->a->iters, ka, sizeof(ka));
	print_wrapped("", "warning: %zu point(s) were timed with a different K "
		      "(calls per cold region, the CSVs' iters) before and after, "
		      "as at %u B %s: %s before, %s after; a region's own cost "
		      "is spread over its K calls, so part of their change may be "
		      "K's, not the code's (cold_calls = K fixes it for both)",
		      differ, first->a->size, first->a->cache, kb, ka);
}
