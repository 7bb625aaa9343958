/* The points of a results CSV as the tables and figures ask for them: the
   order of its index, lookups in it, and the distinct values of a column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "read/query.h"

int row_is_pseudo(const struct row *w)
{
	return !strcmp(w->arch, "harness");
}

void results_of_op(const struct results *r, const char *op,
		   struct results *out)
{
	size_t i, n = 0;

	*out = *r;
	out->view = true;
	out->rows = xcalloc(r->nrows, sizeof(*out->rows), RESULTS_READ);
	out->repeats = 0;
	for (i = 0; i < r->nrows; i++) {
		if (strcmp(r->rows[i].op, op))
			continue;
		out->rows[n] = r->rows[i];
		if (r->rows[i].nrep > out->repeats)
			out->repeats = (unsigned)r->rows[i].nrep;
		n++;
	}
	out->nrows = n;
	out->samples = n ? out->rows[0].samples : 0;
	results_index(out);
}

const char *results_kernel_op(const struct results *r, const char *kernel)
{
	struct row *const *w;

	return results_kernel_rows(r, kernel, &w) ? w[0]->op : NULL;
}

const char *results_roofline_op(const struct results *r)
{
	size_t i;

	if (r->roofline && r->roofline[0])
		return results_kernel_op(r, r->roofline);
	/* Files older than "# roofline:": op load is the one csumbench timed
	   for it. */
	for (i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].op, "load"))
			return r->rows[i].op;
	return NULL;
}

const struct row *results_floor(const struct results *r, const struct row *w)
{
	const struct row *any = NULL;
	size_t i;

	for (i = 0; i < r->nrows + r->ngone; i++) {
		/* (a per-call floor below one timer step is left out) */
		const struct row *f = i < r->nrows ? &r->rows[i] :
				      &r->gone[i - r->nrows];
		if (i >= r->nrows && (any || !f->per_call))
			break;
		if (!row_is_pseudo(f) || f->size != w->size || f->align != w->align ||
		    strcmp(f->cache, w->cache) || strcmp(f->op, w->op))
			continue;
		if (!strcmp(f->code_offset, w->code_offset))
			return f;
		if (!any)
			any = f;
	}
	return any;
}

size_t results_sizes(const struct results *r, unsigned **out)
{
	return results_sizes_calls(r, out, 0);
}

size_t results_sizes_calls(const struct results *r, unsigned **out,
			   int with_calls)
{
	unsigned *v = xcalloc(r->nrows + r->ngone, sizeof(*v), RESULTS_READ);
	size_t i, n = 0, m = r->nrows;

	for (i = 0; i < r->nrows; i++)
		v[i] = r->rows[i].size;
	for (i = 0; with_calls && i < r->ngone; i++)
		if (r->gone[i].per_call)
			v[m++] = r->gone[i].size;
	qsort(v, m, sizeof(*v), stats_cmp_unsigned);
	for (i = 0; i < m; i++)
		if (!n || v[n - 1] != v[i])
			v[n++] = v[i];
	*out = v;
	return n;
}

int results_prefetch_cmp(const char *a, const char *b)
{
	int an = !strcmp(a, "none"), bn = !strcmp(b, "none");
	double da, db;

	if (an || bn)
		return bn - an;
	da = strtod(a, NULL);
	db = strtod(b, NULL);
	if (da != db)
		return da < db ? -1 : 1;
	return strcmp(a, b);
}

static int cmp_prefetch(const void *x, const void *y)
{
	return results_prefetch_cmp(*(const char *const *)x,
				    *(const char *const *)y);
}

size_t results_prefetches(const struct results *r, const char *kernel,
			  const char ***out)
{
	struct row *const *first;
	size_t m = results_kernel_rows(r, kernel, &first), i, n = 0;
	const char **v = xcalloc(m, sizeof(*v), RESULTS_READ);

	for (i = 0; i < m; i++)
		v[i] = first[i]->prefetch;
	qsort(v, m, sizeof(*v), cmp_prefetch);
	for (i = 0; i < m; i++)
		if (!n || strcmp(v[n - 1], v[i]))
			v[n++] = v[i];
	*out = v;
	return n;
}

/* A value and the line it first appears on. */
struct seen {
	const char *s;
	size_t line;
};

static int cmp_seen_value(const void *x, const void *y)
{
	const struct seen *a = x, *b = y;
	int c = strcmp(a->s, b->s);

	return c ? c : (a->line > b->line) - (a->line < b->line);
}

static int cmp_seen_line(const void *x, const void *y)
{
	const struct seen *a = x, *b = y;

	return (a->line > b->line) - (a->line < b->line);
}

/* The distinct values of v[0..n) in the order they first appear. */
static size_t first_seen(struct seen *v, size_t n, const char ***out)
{
	const char **o;
	size_t i, m = 0;

	qsort(v, n, sizeof(*v), cmp_seen_value);
	for (i = 0; i < n; i++)
		if (!m || strcmp(v[m - 1].s, v[i].s))
			v[m++] = v[i];
	qsort(v, m, sizeof(*v), cmp_seen_line);
	o = xcalloc(m, sizeof(*o), RESULTS_READ);
	for (i = 0; i < m; i++)
		o[i] = v[i].s;
	free(v);
	*out = o;
	return m;
}

size_t results_kernels(const struct results *r, int only_none,
		       const char ***out)
{
	struct seen *v = xcalloc(r->nrows, sizeof(*v), RESULTS_READ);
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		if (row_is_pseudo(w) || (only_none && strcmp(w->prefetch, "none")))
			continue;
		v[n].s = w->kernel;
		v[n++].line = w->line;
	}
	return first_seen(v, n, out);
}

size_t results_caches(const struct results *r, const char ***out)
{
	struct seen *v = xcalloc(r->nrows, sizeof(*v), RESULTS_READ);
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		if (row_is_pseudo(&r->rows[i]))
			continue;
		v[n].s = r->rows[i].cache;
		v[n++].line = r->rows[i].line;
	}
	return first_seen(v, n, out);
}

size_t results_ops(const struct results *r, const char ***out)
{
	struct seen *v = xcalloc(r->nrows, sizeof(*v), RESULTS_READ);
	size_t i, n = 0;
	int pass;

	/* Pass 1: the harness's ops only if no kernel has one. */
	for (pass = 0; pass < 2 && !n; pass++)
		for (i = 0; i < r->nrows; i++) {
			if (!pass && row_is_pseudo(&r->rows[i]))
				continue;
			v[n].s = r->rows[i].op;
			v[n++].line = r->rows[i].line;
		}
	return first_seen(v, n, out);
}

const struct row *results_find(const struct results *r, const char *kernel,
			       unsigned size, unsigned align, const char *cache,
			       const char *prefetch, const char *code_offset)
{
	struct row key;
	size_t i;

	memset(&key, 0, sizeof(key));
	key.kernel = (char *)kernel;
	key.size = size;
	key.align = align;
	key.cache = (char *)cache;
	key.prefetch = (char *)prefetch;
	key.code_offset = (char *)(code_offset ? code_offset : r->rows[0].code_offset);
	i = rows_lower((const struct row *const *)r->index,
				r->nrows, &key, row_cmp_point);
	return i < r->nrows && !row_cmp_point(r->index[i], &key) ?
	       r->index[i] : NULL;
}

const struct row *results_find_calls(const struct results *r,
				     const char *kernel, unsigned size,
				     unsigned align, const char *cache,
				     const char *prefetch, const char *code_offset)
{
	const struct row *w = results_find(r, kernel, size, align, cache,
					   prefetch, code_offset);
	size_t i;

	for (i = 0; !w && i < r->ngone; i++) {
		const struct row *g = &r->gone[i];
		if (g->per_call && !strcmp(g->kernel, kernel) && g->size == size &&
		    g->align == align && !strcmp(g->cache, cache) &&
		    !strcmp(g->prefetch, prefetch) &&
		    !strcmp(g->code_offset, code_offset ? code_offset :
			    r->rows[0].code_offset))
			w = g;
	}
	return w;
}

size_t results_kernel_rows(const struct results *r, const char *kernel,
			   struct row *const **first)
{
	struct row key;
	size_t i, j;

	memset(&key, 0, sizeof(key));
	key.kernel = (char *)kernel;
	i = rows_lower((const struct row *const *)r->index,
				r->nrows, &key, row_cmp_kernel);
	for (j = i; j < r->nrows && !row_cmp_kernel(r->index[j], &key); j++)
		;
	*first = r->index + i;
	return j - i;
}

size_t results_placements(const struct results *r, const struct row *w,
			  struct row *const **first)
{
	size_t i = rows_lower((const struct row *const *)r->index,
				r->nrows, w, row_cmp_placed), j;

	for (j = i; j < r->nrows && !row_cmp_placed(r->index[j], w); j++)
		;
	*first = r->index + i;
	return j - i;
}
