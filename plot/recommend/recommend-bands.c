/* recommend's bands: runs of consecutive sizes of one cache state with
   one verdict, and the distance each is given. */
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "recommend/recommend.h"

/* A band is a run of consecutive sizes of one cache state at each of
   which one distance is supported (the best or within noise of it, and
   significantly faster than none, by more than THRESHOLD); so no band is given a distance that
   is significantly slower than none at any of its sizes.  A size shorter
   than one iteration of the prefetching loop ("# prefetch_loop: KERNEL
   BYTES") never runs the prefetch: it gets no verdict. */

/* The index of prefetch value pf among a point's distances, or nd. */
size_t rec_dist_index(const struct point *pt, const char *pf)
{
	size_t j;

	for (j = 0; j < pt->nd && strcmp(pt->d[j]->prefetch, pf); j++)
		;
	return j;
}

/* Whether distance index i of a point is one the measurement supports:
   the best or within noise of it, and itself faster than none by more
   than the threshold. */
static int supported(const struct point *pt, size_t i)
{
	/* V_HELPS: never at a size the prefetching loop does not reach. */
	return pt->v == V_HELPS && (i == pt->best || pt->noise[i]) &&
	       pt->pnone[i] >= 0 && pt->pnone[i] < ALPHA &&
	       pt->chg[i] < -THRESHOLD;
}

/* Whether pfs[f] is supported at point pt (false where it has none). */
static int supported_pf(const struct point *pt, const char *pf)
{
	size_t j = rec_dist_index(pt, pf);

	return j < pt->nd && supported(pt, j);
}

/* The bands of one cache state, caches[ci], whose points are pts[idx[i]]
   for i < m, sizes ascending: appended to b[*nb].  Runs of one verdict
   where no distance helps; where one does, the distance supported at the
   most consecutive points not yet in a band (then the larger gain, then
   the shorter distance, then the smaller sizes), its run a band, until
   every such point is in one.  A band's distance is supported at each of
   its sizes, so significantly faster than none there: never one that is
   significantly slower than none at a size inside its band. */
void rec_cache_bands(const struct point *pts, const size_t *idx, size_t m,
		     size_t ci, const char *const *pfs, size_t npf,
		     struct band *b, size_t *nb)
{
	unsigned char *in = xcalloc(m ? m : 1, 1, "the recommendation");
	size_t i, j, f;

	for (i = 0; i < m; i = j) {
		enum verdict v = pts[idx[i]].v;

		for (j = i + 1; j < m && pts[idx[j]].v == v; j++)
			;
		if (v == V_HELPS)
			continue;
		memset(&b[*nb], 0, sizeof(b[*nb]));
		b[*nb].ci = ci;
		b[*nb].pos = i;
		b[*nb].v = v;
		b[*nb].lo = pts[idx[i]].size;
		b[*nb].hi = pts[idx[j - 1]].size;
		++*nb;
	}
	for (;;) {
		size_t bf = npf, bs = 0, bl = 0, bat = 0;
		double bg = 0;

		for (f = 0; f < npf; f++) {
			if (!rec_is_distance(pfs[f], NULL))
				continue;
			for (i = 0; i < m;) {
				size_t s = i, at = i;
				double g = 0;

				while (i < m && !in[i] && supported_pf(&pts[idx[i]], pfs[f])) {
					const struct point *pt = &pts[idx[i]];
					double c = pt->chg[rec_dist_index(pt, pfs[f])];

					if (i == s || c < g) {
						at = i;
						g = c;
					}
					i++;
				}
				if (i == s) {
					i++;
					continue;
				}
				/* pfs ascend, and runs too: ties keep the first. */
				if (bf == npf || i - s > bl || (i - s == bl && g < bg)) {
					bf = f;
					bs = s;
					bl = i - s;
					bat = at;
					bg = g;
				}
			}
		}
		if (bf == npf)
			break;
		memset(in + bs, 1, bl);
		b[*nb].ci = ci;
		b[*nb].pos = bs;
		b[*nb].v = V_HELPS;
		b[*nb].f = bf;
		b[*nb].lo = pts[idx[bs]].size;
		b[*nb].hi = pts[idx[bs + bl - 1]].size;
		b[*nb].at = idx[bat];
		b[*nb].atj = rec_dist_index(&pts[idx[bat]], pfs[bf]);
		b[*nb].gain = bg;
		++*nb;
	}
	free(in);
}

/* The lines to quote last: where no distance helps first, then where
   one does; each by cache state, then size. */
int rec_band_cmp(const void *pa, const void *pb)
{
	const struct band *a = pa, *b = pb;

	if ((a->v == V_HELPS) != (b->v == V_HELPS))
		return a->v == V_HELPS ? 1 : -1;
	if (a->ci != b->ci)
		return a->ci < b->ci ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}
