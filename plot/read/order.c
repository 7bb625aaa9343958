/* The order of the points read from a results CSV (results.h): the
   index's, and the lookups' binary search; and a point's cache label. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/results.h"

/* Points are ordered by kernel, size, align, cache state, prefetch and
   code offset last, so that a kernel's rows, and a point's rows at every
   code offset, lie together in the index. */
int row_cmp_kernel(const struct row *a, const struct row *b)
{
	return strcmp(a->kernel, b->kernel);
}

int row_cmp_placed(const struct row *a, const struct row *b)
{
	int c = row_cmp_kernel(a, b);

	if (c)
		return c;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	if (a->align != b->align)
		return a->align < b->align ? -1 : 1;
	c = strcmp(a->cache, b->cache);
	return c ? c : strcmp(a->prefetch, b->prefetch);
}

int row_cmp_point(const struct row *a, const struct row *b)
{
	int c = row_cmp_placed(a, b);

	return c ? c : strcmp(a->code_offset, b->code_offset);
}

static int cmp_index(const void *x, const void *y)
{
	return row_cmp_point(*(struct row *const *)x, *(struct row *const *)y);
}

void results_index(struct results *r)
{
	size_t i;

	r->index = xcalloc(r->nrows, sizeof(*r->index), RESULTS_READ);
	for (i = 0; i < r->nrows; i++)
		r->index[i] = &r->rows[i];
	qsort(r->index, r->nrows, sizeof(*r->index), cmp_index);
}

size_t rows_lower(const struct row *const *v, size_t n, const struct row *key,
		  int (*cmp)(const struct row *, const struct row *))
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp(v[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

char *cache_label(const char *cache, const char *rx_prefetch, const char *load)
{
	size_t n = strlen(cache) + strlen(rx_prefetch) + strlen(load) + 3;
	char *s = xmalloc(n, RESULTS_READ);

	snprintf(s, n, "%s%s%s%s%s", cache, strcmp(cache, "ring") ? "" : "/",
		 strcmp(cache, "ring") ? "" : rx_prefetch, strcmp(load, "idle") ? "+" : "",
		 strcmp(load, "idle") ? load : "");
	return s;
}
