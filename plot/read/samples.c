/* The samples beside a results file (NAME-samples.csv): each one matched
   to its point by sorting, not searching (millions of samples), and each
   point's kept in the order the rounds took them. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/csv.h"
#include "read/results.h"

/* A sample as read: its point (an index into r->rows), repeat and round. */
struct sample {
	size_t row, line;
	unsigned rep, round;
	double cpb;
};

static int cmp_sample(const void *x, const void *y)
{
	const struct sample *a = x, *b = y;

	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return (a->line > b->line) - (a->line < b->line);
}

/* Sorts the samples by point, repeat and round, rejects one taken twice,
   and hands each point its own. */
static int deal_samples(struct results *r, const char *name, struct sample *s,
			size_t n)
{
	size_t i, j, dup = 0;

	qsort(s, n, sizeof(*s), cmp_sample);
	for (i = 1; i < n; i++)
		if (s[i].round && s[i].row == s[i - 1].row && s[i].rep == s[i - 1].rep &&
		    s[i].round == s[i - 1].round && (!dup || s[i].line < s[dup].line))
			dup = i;
	if (dup) {
		const struct row *w = &r->rows[s[dup].row];
		for (j = dup; j > 0 && s[j - 1].row == s[dup].row &&
		     s[j - 1].rep == s[dup].rep && s[j - 1].round == s[dup].round;)
			j--;
		fprintf(stderr, "%s:%zu: duplicate sample of kernel=%s size=%u "
			"align=%u cache=%s prefetch=%s code_offset=%s: repeat %u "
			"round %u (first at line %zu)\n", name, s[dup].line, w->kernel,
			w->size, w->align, w->cache, w->prefetch, w->code_offset,
			s[dup].rep, s[dup].round, s[j].line);
		return -1;
	}
	for (i = 0; i < n; i = j) {
		struct row *w = &r->rows[s[i].row];
		size_t k;

		for (j = i; j < n && s[j].row == s[i].row; j++)
			;
		w->ncpb = j - i;
		w->cpb = xcalloc(w->ncpb, sizeof(*w->cpb), RESULTS_READ);
		w->srep = xcalloc(w->ncpb, sizeof(*w->srep), RESULTS_READ);
		w->sround = xcalloc(w->ncpb, sizeof(*w->sround), RESULTS_READ);
		for (k = 0; k < w->ncpb; k++) {
			w->cpb[k] = s[i + k].cpb;
			w->srep[k] = s[i + k].rep;
			w->sround[k] = s[i + k].round;
		}
	}
	return 0;
}

static int cmp_gone(const void *key, const void *w)
{
	return row_cmp_point(key, w);
}

/* The columns of a samples file; -1 where it has none. */
struct sample_cols {
	int kernel, size, align, cache, prefetch, offset, load, rx_prefetch;
	int cpb;
	int rep, round;
};

/* Finds the columns in the header fields; -1 after a message if one
   that is needed is missing. */
static int sample_header(struct sample_cols *col, const struct csv *c,
			 size_t nf, const char *name)
{
	col->kernel = csv_col(c->fld, nf, "kernel");
	col->size = csv_col(c->fld, nf, "size");
	col->align = csv_col(c->fld, nf, "align");
	col->cache = csv_col(c->fld, nf, "cache");
	col->prefetch = csv_col(c->fld, nf, "prefetch");
	col->offset = csv_col(c->fld, nf, "code_offset");
	col->load = csv_col(c->fld, nf, "load");
	col->rx_prefetch = csv_col(c->fld, nf, "rx_prefetch");
	col->cpb = csv_col(c->fld, nf, "cycles_per_byte");
	col->rep = csv_col(c->fld, nf, "repeat");
	col->round = csv_col(c->fld, nf, "round");
	if (col->kernel < 0 || col->size < 0 || col->align < 0 ||
	    col->cache < 0 || col->prefetch < 0 || col->cpb < 0) {
		fprintf(stderr, "%s:%zu: expected the samples header "
			"(kernel,...,cycles_per_byte)\n", name, c->line);
		return -1;
	}
	return 0;
}

/* One sample's line into s (s->row left to the caller): 0, 1 when it
   has no time (below the overhead), -1 after a message. */
static int sample_parse(struct sample *s, double *size, double *align,
			const struct sample_cols *col, const struct csv *c,
			const char *name)
{
	const char *what = NULL, *field = NULL;
	double rep = 1, rd = 0, v = 0;

	*size = 0;	/* "mix": a size mix replayed */
	if (strcmp(c->fld[col->size], "mix") && !csv_num(c->fld[col->size], size, 1))
		what = "size", field = c->fld[col->size];
	else if (!csv_num(c->fld[col->align], align, 1))
		what = "align", field = c->fld[col->align];
	else if (!*c->fld[col->cpb])	/* below the overhead: no time */
		v = NAN;
	else if (!csv_num(c->fld[col->cpb], &v, 0))
		what = "cycles_per_byte", field = c->fld[col->cpb];
	else if (col->rep >= 0 && !csv_num(c->fld[col->rep], &rep, 1))
		what = "repeat", field = c->fld[col->rep];
	else if (col->round >= 0 && !csv_num(c->fld[col->round], &rd, 1))
		what = "round", field = c->fld[col->round];
	if (what) {
		fprintf(stderr, "%s:%zu: %s '%s' is not a%s number\n", name,
			c->line, what, field, strcmp(what, "cycles_per_byte") ?
			" whole" : "");
		return -1;
	}
	s->line = c->line;
	s->rep = (unsigned)rep;
	/* Without a round column, rounds are unknown (0): no pairing. */
	s->round = (unsigned)rd;
	s->cpb = v;
	return v < 0 || isnan(v);
}

/* The row of r a sample's line belongs to: 0 and *row, 1 for a point
   left out for having no time (results.c), -1 after a message. */
static int sample_row(size_t *row, const struct results *r, double size,
		      double align, const struct sample_cols *col,
		      const struct csv *c, const char *name)
{
	struct row key;
	char *label;
	size_t at;
	int bad_key, gone;

	key.kernel = c->fld[col->kernel];
	key.size = (unsigned)size;
	key.align = (unsigned)align;
	key.cache = label = cache_label(c->fld[col->cache],
					col->rx_prefetch < 0 ? "none" : c->fld[col->rx_prefetch],
					col->load < 0 ? "idle" : c->fld[col->load]);
	key.prefetch = c->fld[col->prefetch];
	key.code_offset = col->offset < 0 ? (char *)"none" : c->fld[col->offset];
	at = rows_lower((const struct row *const *)r->index, r->nrows, &key,
			row_cmp_point);
	bad_key = at == r->nrows || row_cmp_point(r->index[at], &key);
	gone = bad_key && bsearch(&key, r->gone, r->ngone, sizeof(key), cmp_gone);
	free(label);
	if (gone)
		return 1;
	if (bad_key) {
		fprintf(stderr, "%s:%zu: a sample of a point that %s does not "
			"have\n", name, c->line, r->path);
		return -1;
	}
	*row = (size_t)(r->index[at] - r->rows);
	return 0;
}

/* The samples of name's lines, in *s (n of them); -1 after a message. */
static int read_samples(struct sample **s, size_t *n, struct csv *c,
			const struct results *r, const char *name)
{
	struct sample_cols col = { 0 };
	size_t nh = 0, cap = 0;
	int rc;

	while ((rc = csv_next(c)) > 0) {
		struct sample one;
		double size, align;
		size_t nf;

		if (c->buf[0] == '#' || c->buf[strspn(c->buf, " \t")] == '\0')
			continue;
		nf = csv_split(c);
		if (nf > RESULTS_FIELDS_MAX) {
			fprintf(stderr, "%s:%zu: more than %d columns\n", name, c->line,
				RESULTS_FIELDS_MAX);
			return -1;
		}
		if (!nh) {
			nh = nf;
			if (sample_header(&col, c, nf, name))
				return -1;
			continue;
		}
		if (nf != nh) {
			fprintf(stderr, "%s:%zu: %zu fields, expected %zu as in the "
				"header\n", name, c->line, nf, nh);
			return -1;
		}
		rc = sample_parse(&one, &size, &align, &col, c, name);
		if (!rc)
			rc = sample_row(&one.row, r, size, align, &col, c, name);
		if (rc < 0)
			return -1;
		if (rc > 0)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 1024;
			*s = xreallocarray(*s, cap, sizeof(**s), RESULTS_READ);
		}
		(*s)[(*n)++] = one;
	}
	return rc;
}

int results_read_samples(struct results *r, const char *path)
{
	size_t n = strlen(path), ns = 0;
	struct sample *s = NULL;
	char *name;
	struct csv c;
	int rc = -1;

	if (n > 4 && !strcmp(path + n - 4, ".csv"))
		n -= 4;
	name = xmalloc(n + sizeof("-samples.csv"), RESULTS_READ);
	memcpy(name, path, n);
	strcpy(name + n, "-samples.csv");
	if (csv_open(&c, name))
		fprintf(stderr, "%s: cannot open: %s (the per-sample file written "
			"beside %s)\n", name, strerror(errno), path);
	else if (read_samples(&s, &ns, &c, r, name) == 0 &&
		 deal_samples(r, name, s, ns) == 0)
		rc = 0;
	csv_close(&c);
	free(s);
	free(name);
	return rc;
}
