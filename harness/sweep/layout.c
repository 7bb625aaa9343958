/* Layout re-randomisation (layout.h).  The copies are made once, before
   the gate; a sample only picks one, outside its timed region. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/place.h"
#include "lib/rand.h"
#include "lib/xalloc.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"


/* R copies of code c (a kernel, its nopf or a code_offset copy of it,
   whose original is k as planned). */
static int make_set(struct sweep *b, struct layset *s, const struct point *p,
		    char *err, size_t errlen)
{
	const struct kernel *c = p->spec.runs, *from = c;
	unsigned mod64 = place_mod64((const void *)c->fn), i;

	s->of = c;
	s->n = 1;
	s->k = xcalloc(b->plan.layouts, sizeof(*s->k), "the layouts' copies");
	s->k[0] = c;
	if (b->plan.layouts < 2)
		return 0;
	/* A code_offset copy is copied from its original, to the same
	   offset mod 64. */
	if (p->spec.code_offset != CODE_OFFSET_NONE)
		from = p->spec.prefetch == PREFETCH_NONE ? kernel_nopf(p->spec.kernel) : p->spec.kernel;
	if (!strcmp(c->arch, "so")) {
		for (i = 0; i < b->plan.layouts; i++)
			if (!(s->k[i] = kernel_so_copy(c, err, errlen)))
				return -1;
		s->n = b->plan.layouts;
		return 0;
	}
	if (!place_movable(from)) {
		s->fixed = from->name;
		return 0;
	}
	for (i = 0; i < b->plan.layouts; i++)
		if (!(s->k[i] = place_copy_random(from, mod64,
						  rand_next(&b->arena.lay_rng),
						  err, errlen)))
			return -1;
	s->n = b->plan.layouts;
	return 0;
}

int layout_make(struct sweep *b, char *err, size_t errlen)
{
	size_t i, j, cap = 0;

	b->arena.lay_rng = b->plan.seed ^ UINT64_C(0x9e3779b97f4a7c15);
	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];

		if (!p->spec.runs)
			continue;
		for (j = 0; j < b->arena.nlaysets && b->arena.laysets[j].of != p->spec.runs; j++)
			;
		if (j == b->arena.nlaysets) {
			if (b->arena.nlaysets == cap) {
				cap = cap ? 2 * cap : 16;
				b->arena.laysets = xreallocarray(b->arena.laysets, cap,
							   sizeof(*b->arena.laysets),
							   "the layouts' copies");
			}
			memset(&b->arena.laysets[j], 0, sizeof(b->arena.laysets[j]));
			if (make_set(b, &b->arena.laysets[j], p, err, errlen)) {
				b->arena.nlaysets++;
				return -1;
			}
			b->arena.nlaysets++;
		}
		p->spec.lay = j + 1;
	}
	return 0;
}

unsigned layout_pick(struct sweep *b, struct point *p)
{
	const struct layset *s;
	unsigned l;

	if (b->plan.layouts < 2)
		return 0;
	/* code and buffer drawn apart, so neither rides on the other */
	l = (unsigned)(rand_next(&b->arena.lay_rng) % b->plan.layouts);
	b->arena.slot = (unsigned)(rand_next(&b->arena.lay_rng) % b->arena.nslots);
	if (p->spec.lay) {
		s = &b->arena.laysets[p->spec.lay - 1];
		p->spec.runs = s->k[l % s->n];
	}
	return l;
}

void layout_fixed_names(const struct sweep *b, char *out, size_t n)
{
	size_t i, j, len = 0;

	out[0] = '\0';
	for (i = 0; i < b->arena.nlaysets; i++) {
		const char *f = b->arena.laysets[i].fixed;
		if (!f)
			continue;
		for (j = 0; j < i && !(b->arena.laysets[j].fixed &&
				       !strcmp(b->arena.laysets[j].fixed, f)); j++)
			;
		if (j < i || len + strlen(f) + 3 >= n)
			continue;
		len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "", f);
	}
}

void layout_free(struct sweep *b)
{
	size_t i;

	for (i = 0; i < b->arena.nlaysets; i++)
		free(b->arena.laysets[i].k);
	free(b->arena.laysets);
	b->arena.laysets = NULL;
	b->arena.nlaysets = 0;
}
