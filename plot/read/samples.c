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
#include "read/query.h"
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

int results_read_samples(struct results *r, const char *path)
{
	size_t n = strlen(path), nh = 0, ns = 0, cap = 0;
	int ik = -1, is = -1, ia = -1, ic = -1, ip = -1, io = -1, iv = -1;
	int il = -1, ix = -1, bad_key;
	char *label;
	int irep = -1, ird = -1, rc;
	struct sample *s = NULL;
	char *name;
	struct csv c;

	if (n > 4 && !strcmp(path + n - 4, ".csv"))
		n -= 4;
	name = xmalloc(n + sizeof("-samples.csv"), RESULTS_READ);
	memcpy(name, path, n);
	strcpy(name + n, "-samples.csv");
	if (csv_open(&c, name)) {
		fprintf(stderr, "%s: cannot open: %s (the per-sample file written "
			"beside %s)\n", name, strerror(errno), path);
		goto bad;
	}
	while ((rc = csv_next(&c)) > 0) {
		double v, size, align, rep = 1, rd = 0;
		struct row key, *const *hit;
		size_t nf, at;
		const char *what = NULL, *field = NULL;

		if (c.buf[0] == '#' || c.buf[strspn(c.buf, " \t")] == '\0')
			continue;
		nf = csv_split(&c);
		if (nf > RESULTS_FIELDS_MAX) {
			fprintf(stderr, "%s:%zu: more than %d columns\n", name, c.line,
				RESULTS_FIELDS_MAX);
			goto bad;
		}
		if (!nh) {
			nh = nf;
			ik = csv_col(c.fld, nf, "kernel");
			is = csv_col(c.fld, nf, "size");
			ia = csv_col(c.fld, nf, "align");
			ic = csv_col(c.fld, nf, "cache");
			ip = csv_col(c.fld, nf, "prefetch");
			io = csv_col(c.fld, nf, "code_offset");
			il = csv_col(c.fld, nf, "load");
			ix = csv_col(c.fld, nf, "rx_prefetch");
			iv = csv_col(c.fld, nf, "cycles_per_byte");
			irep = csv_col(c.fld, nf, "repeat");
			ird = csv_col(c.fld, nf, "round");
			if (ik < 0 || is < 0 || ia < 0 || ic < 0 || ip < 0 || iv < 0) {
				fprintf(stderr, "%s:%zu: expected the samples header "
					"(kernel,...,cycles_per_byte)\n", name, c.line);
				goto bad;
			}
			continue;
		}
		if (nf != nh) {
			fprintf(stderr, "%s:%zu: %zu fields, expected %zu as in the "
				"header\n", name, c.line, nf, nh);
			goto bad;
		}
		size = 0;	/* "mix": a size mix replayed */
		if (strcmp(c.fld[is], "mix") && !csv_num(c.fld[is], &size, 1))
			what = "size", field = c.fld[is];
		else if (!csv_num(c.fld[ia], &align, 1))
			what = "align", field = c.fld[ia];
		else if (!*c.fld[iv])	/* below the overhead: no time */
			v = NAN;
		else if (!csv_num(c.fld[iv], &v, 0))
			what = "cycles_per_byte", field = c.fld[iv];
		else if (irep >= 0 && !csv_num(c.fld[irep], &rep, 1))
			what = "repeat", field = c.fld[irep];
		else if (ird >= 0 && !csv_num(c.fld[ird], &rd, 1))
			what = "round", field = c.fld[ird];
		if (what) {
			fprintf(stderr, "%s:%zu: %s '%s' is not a%s number\n", name,
				c.line, what, field, strcmp(what, "cycles_per_byte") ?
				" whole" : "");
			goto bad;
		}
		key.kernel = c.fld[ik];
		key.size = (unsigned)size;
		key.align = (unsigned)align;
		key.cache = label = cache_label(c.fld[ic], ix < 0 ? "none" : c.fld[ix],
						il < 0 ? "idle" : c.fld[il]);
		key.prefetch = c.fld[ip];
		key.code_offset = io < 0 ? (char *)"none" : c.fld[io];
		at = rows_lower((const struct row *const *)r->index,
				r->nrows, &key, row_cmp_point);
		hit = &r->index[at];
		bad_key = at == r->nrows || row_cmp_point(*hit, &key);
		/* a sample below the overhead, or of a point left out for it
		   (results.c): no time */
		if (v < 0 || isnan(v) || (bad_key && bsearch(&key, r->gone, r->ngone,
							     sizeof(key), cmp_gone))) {
			free(label);
			continue;
		}
		free(label);
		if (bad_key) {
			fprintf(stderr, "%s:%zu: a sample of a point that %s does not "
				"have\n", name, c.line, r->path);
			goto bad;
		}
		if (ns == cap) {
			cap = cap ? 2 * cap : 1024;
			s = xreallocarray(s, cap, sizeof(*s), RESULTS_READ);
		}
		s[ns].row = (size_t)(*hit - r->rows);
		s[ns].line = c.line;
		s[ns].rep = (unsigned)rep;
		/* Without a round column, rounds are unknown (0): no pairing. */
		s[ns].round = (unsigned)rd;
		s[ns++].cpb = v;
	}
	if (rc < 0 || deal_samples(r, name, s, ns))
		goto bad;
	csv_close(&c);
	free(s);
	free(name);
	return 0;
bad:
	csv_close(&c);
	free(s);
	free(name);
	return -1;
}
