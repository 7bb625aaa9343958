/* Reading csumbench results CSVs: metadata lines, a header naming the
   columns, and rows checked field by field, so a malformed file stops
   with its name and line instead of making an empty figure.  Rows of the
   same point from several repeats are merged into one. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

#define MAXF 64

/* Splits at commas into f[MAXF]; returns the field count, or MAXF + 1
   (with f unusable) when there are more. */
static int split(char *line, char **f)
{
	int n = 0;
	char *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	for (;;) {
		if (n == MAXF)
			return MAXF + 1;
		f[n++] = p;
		/* Quoted fields (descriptions) are not in results files. */
		p = strchr(p, ',');
		if (!p)
			return n;
		*p++ = '\0';
	}
}

static int col(char **hdr, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(hdr[i], name))
			return i;
	return -1;
}

/* A finite number of sensible size; whole and >= 0 where whole is set. */
static int num(const char *s, double *v, int whole)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(*v) || fabs(*v) > 1e15)
		return 0;
	return !whole || (*v >= 0 && *v <= 4294967295.0 && *v == floor(*v));
}

static void copy_word(char *dst, size_t n, const char *v)
{
	snprintf(dst, n, "%.*s", (int)strcspn(v, " \r\n"), v);
}

static void meta(struct results *r, const char *line, double *hz, double *cpt)
{
	char key[64];
	const char *v;
	int n;

	if (sscanf(line, "# %63[a-z_]: %n", key, &n) != 1)
		return;
	v = line + n;
	if (!strcmp(key, "cpu_model"))
		snprintf(r->cpu, sizeof(r->cpu), "%.*s", (int)strcspn(v, "\r\n"), v);
	else if (!strcmp(key, "timer"))
		copy_word(r->timer, sizeof(r->timer), v);
	else if (!strcmp(key, "emulated"))
		copy_word(r->emulated, sizeof(r->emulated), v);
	else if (!strcmp(key, "run_id"))
		copy_word(r->run_id, sizeof(r->run_id), v);
	else if (!strcmp(key, "order"))
		copy_word(r->order, sizeof(r->order), v);
	else if (!strcmp(key, "tick_hz"))
		*hz = atof(v);
	else if (!strcmp(key, "cycles_per_tick"))
		*cpt = atof(v);
}

/* Columns: the first NNEED must be there; the rest are read when they
   are.  Words are copied, numbers checked (whole ones as such). */
enum { C_KERNEL, C_SIZE, C_ALIGN, C_CACHE, C_PREFETCH, C_SAMPLES, C_TICKS,
       C_CPB, C_BPC, C_MBPS, NNEED, C_ARCH = NNEED, C_OFFSET, C_REPEAT,
       C_NET, NCOLS };
static const char *const names[NCOLS] = {
	"kernel", "size", "align", "cache", "prefetch", "samples", "ticks_median",
	"cycles_per_byte", "bytes_per_cycle", "mb_per_s", "arch", "code_offset",
	"repeat", "cycles_per_byte_net",
};
static const char is_word[NCOLS] = { [C_KERNEL] = 1, [C_CACHE] = 1,
	[C_PREFETCH] = 1, [C_ARCH] = 1, [C_OFFSET] = 1 };
static const char is_whole[NCOLS] = { [C_SIZE] = 1, [C_ALIGN] = 1,
	[C_SAMPLES] = 1, [C_REPEAT] = 1 };

static int same_point(const struct row *a, const struct row *b)
{
	return !strcmp(a->kernel, b->kernel) && a->size == b->size &&
	       a->align == b->align && !strcmp(a->cache, b->cache) &&
	       !strcmp(a->prefetch, b->prefetch) &&
	       !strcmp(a->code_offset, b->code_offset);
}

static double median(double *v, size_t n)
{
	double *s = malloc(n * sizeof(*s)), m;
	size_t i, j;

	if (!s)
		abort();
	for (i = 0; i < n; i++) {	/* insertion sort: a handful of repeats */
		for (j = i; j > 0 && s[j - 1] > v[i]; j--)
			s[j] = s[j - 1];
		s[j] = v[i];
	}
	m = n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

/* Repeats of one point: keep every repeat's figures, report medians. */
struct merge {
	double *ticks, *net, *bpc, *mbps;
};

static int read_samples(struct results *r, const char *path);

int results_read(struct results *r, const char *path, int with_samples)
{
	FILE *f = fopen(path, "r");
	char line[4096], *fld[MAXF + 1], *hdr[MAXF + 1], hbuf[4096];
	int idx[NCOLS], nh = 0, lineno = 0;
	double hz = 0, cpt = 0;
	struct merge *mg = NULL;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->path = path;
	snprintf(r->cpu, sizeof(r->cpu), "unknown CPU");
	if (!f) {
		fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct row w, *old = NULL;
		double v[NCOLS];
		int n;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			fprintf(stderr, "%s:%d: line too long; expected a csumbench "
				"results CSV\n", path, lineno);
			goto bad;
		}
		if (line[0] == '#') {
			meta(r, line, &hz, &cpt);
			continue;
		}
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if (!nh) {
			snprintf(hbuf, sizeof(hbuf), "%s", line);
			nh = split(hbuf, hdr);
			if (nh > MAXF) {
				fprintf(stderr, "%s:%d: more than %d columns; expected a "
					"csumbench results CSV header\n", path, lineno, MAXF);
				goto bad;
			}
			for (i = 0; i < NCOLS; i++) {
				idx[i] = col(hdr, nh, names[i]);
				if (idx[i] < 0 && i < NNEED) {
					fprintf(stderr, "%s:%d: header has no '%s' column; "
						"expected a csumbench results CSV header "
						"(kernel,arch,op,size,...)\n", path, lineno,
						names[i]);
					goto bad;
				}
			}
			continue;
		}
		n = split(line, fld);
		if (n != nh) {
			fprintf(stderr, "%s:%d: %d fields, expected %d as in the header\n",
				path, lineno, n, nh);
			goto bad;
		}
		for (i = 0; i < NCOLS; i++) {
			if (idx[i] < 0 || is_word[i])
				continue;
			/* The timings may dip below 0 by timer noise. */
			if (!num(fld[idx[i]], &v[i], is_whole[i])) {
				fprintf(stderr, "%s:%d: %s '%s' is not a%s number\n",
					path, lineno, names[i], fld[idx[i]],
					is_whole[i] ? " whole" : "");
				goto bad;
			}
		}
		memset(&w, 0, sizeof(w));
		for (i = 0; i < NCOLS; i++) {
			static const size_t len[NCOLS] = {
				[C_KERNEL] = sizeof(w.kernel), [C_CACHE] = sizeof(w.cache),
				[C_PREFETCH] = sizeof(w.prefetch), [C_ARCH] = sizeof(w.arch),
				[C_OFFSET] = sizeof(w.code_offset) };
			if (!is_word[i] || idx[i] < 0)
				continue;
			if (!*fld[idx[i]] || strlen(fld[idx[i]]) >= len[i]) {
				fprintf(stderr, "%s:%d: %s field empty or too long\n",
					path, lineno, names[i]);
				goto bad;
			}
		}
		snprintf(w.kernel, sizeof(w.kernel), "%s", fld[idx[C_KERNEL]]);
		snprintf(w.cache, sizeof(w.cache), "%s", fld[idx[C_CACHE]]);
		snprintf(w.prefetch, sizeof(w.prefetch), "%s", fld[idx[C_PREFETCH]]);
		snprintf(w.arch, sizeof(w.arch), "%s", idx[C_ARCH] < 0 ? "" : fld[idx[C_ARCH]]);
		snprintf(w.code_offset, sizeof(w.code_offset), "%s",
			 idx[C_OFFSET] < 0 ? "none" : fld[idx[C_OFFSET]]);
		w.size = (unsigned)v[C_SIZE];
		w.align = (unsigned)v[C_ALIGN];
		w.samples = (unsigned)v[C_SAMPLES];
		w.ticks_median = v[C_TICKS];
		w.cycles_per_byte = v[C_CPB];
		w.cycles_per_byte_net = idx[C_NET] < 0 ? v[C_CPB] : v[C_NET];
		w.bytes_per_cycle = v[C_BPC];
		w.mb_per_s = v[C_MBPS];
		if (w.size == 0) {
			fprintf(stderr, "%s:%d: size 0\n", path, lineno);
			goto bad;
		}
		/* A repeat of a point read before joins it. */
		if (idx[C_REPEAT] >= 0 && v[C_REPEAT] > 1)
			for (i = r->nrows; i > 0 && !old; i--)
				if (same_point(&r->rows[i - 1], &w))
					old = &r->rows[i - 1];
		if (!old) {
			r->rows = realloc(r->rows, (r->nrows + 1) * sizeof(*r->rows));
			mg = realloc(mg, (r->nrows + 1) * sizeof(*mg));
			if (!r->rows || !mg)
				abort();
			memset(&mg[r->nrows], 0, sizeof(*mg));
			old = &r->rows[r->nrows++];
			*old = w;
		}
		{
			struct merge *m = &mg[old - r->rows];
			size_t k = old->nrep++;
			old->rep_cpb = realloc(old->rep_cpb, old->nrep * sizeof(double));
			m->ticks = realloc(m->ticks, old->nrep * sizeof(double));
			m->net = realloc(m->net, old->nrep * sizeof(double));
			m->bpc = realloc(m->bpc, old->nrep * sizeof(double));
			m->mbps = realloc(m->mbps, old->nrep * sizeof(double));
			if (!old->rep_cpb || !m->ticks || !m->net || !m->bpc || !m->mbps)
				abort();
			old->rep_cpb[k] = w.cycles_per_byte;
			m->ticks[k] = w.ticks_median;
			m->net[k] = w.cycles_per_byte_net;
			m->bpc[k] = w.bytes_per_cycle;
			m->mbps[k] = w.mb_per_s;
		}
	}
	fclose(f);
	f = NULL;
	for (i = 0; i < r->nrows; i++) {
		struct row *w = &r->rows[i];
		if (w->nrep > r->repeats)
			r->repeats = (unsigned)w->nrep;
		w->cycles_per_byte = median(w->rep_cpb, w->nrep);
		w->ticks_median = median(mg[i].ticks, w->nrep);
		w->cycles_per_byte_net = median(mg[i].net, w->nrep);
		w->bytes_per_cycle = median(mg[i].bpc, w->nrep);
		w->mb_per_s = median(mg[i].mbps, w->nrep);
	}
	if (!nh) {
		fprintf(stderr, "%s: no header line; expected a csumbench results "
			"CSV (make bench writes them to results/)\n", path);
		goto bad;
	}
	if (!r->nrows) {
		fprintf(stderr, "%s: no data rows after the header\n", path);
		goto bad;
	}
	for (i = 0; i < r->nrows; i++)
		free(mg[i].ticks), free(mg[i].net), free(mg[i].bpc), free(mg[i].mbps);
	free(mg);
	r->samples = r->rows[0].samples;
	r->core_mhz = hz * cpt / 1e6;
	if (with_samples)
		return read_samples(r, path);
	return 0;
bad:
	if (f)
		fclose(f);
	if (mg)
		for (i = 0; i < r->nrows; i++)
			free(mg[i].ticks), free(mg[i].net), free(mg[i].bpc), free(mg[i].mbps);
	free(mg);
	results_free(r);
	return -1;
}

static int read_samples(struct results *r, const char *path)
{
	char name[4096], line[4096], *fld[MAXF + 1];
	size_t n = strlen(path);
	int lineno = 0, nh = 0, ik = -1, is = -1, ia = -1, ic = -1, ip = -1;
	int io = -1, iv = -1, irep = -1, ird = -1;
	FILE *f;

	if (n > 4 && !strcmp(path + n - 4, ".csv"))
		n -= 4;
	snprintf(name, sizeof(name), "%.*s-samples.csv", (int)n, path);
	f = fopen(name, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open: %s (the per-sample file written "
			"beside %s)\n", name, strerror(errno), path);
		results_free(r);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct row *w = NULL;
		double v, rep = 1, rd = 0;
		size_t i;
		int nf;

		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		nf = split(line, fld);
		if (nf > MAXF) {
			fprintf(stderr, "%s:%d: more than %d columns\n", name, lineno, MAXF);
			goto bad;
		}
		if (ik < 0) {
			nh = nf;
			ik = col(fld, nf, "kernel");
			is = col(fld, nf, "size");
			ia = col(fld, nf, "align");
			ic = col(fld, nf, "cache");
			ip = col(fld, nf, "prefetch");
			io = col(fld, nf, "code_offset");
			iv = col(fld, nf, "cycles_per_byte");
			irep = col(fld, nf, "repeat");
			ird = col(fld, nf, "round");
			if (ik < 0 || is < 0 || ia < 0 || ic < 0 || ip < 0 || iv < 0) {
				fprintf(stderr, "%s:%d: expected the samples header "
					"(kernel,...,cycles_per_byte)\n", name, lineno);
				goto bad;
			}
			continue;
		}
		if (nf != nh || !num(fld[iv], &v, 0) ||
		    (irep >= 0 && !num(fld[irep], &rep, 1)) ||
		    (ird >= 0 && !num(fld[ird], &rd, 1))) {
			fprintf(stderr, "%s:%d: malformed sample row\n", name, lineno);
			goto bad;
		}
		for (i = 0; i < r->nrows; i++)
			if (!strcmp(r->rows[i].kernel, fld[ik]) &&
			    r->rows[i].size == (unsigned)atol(fld[is]) &&
			    r->rows[i].align == (unsigned)atol(fld[ia]) &&
			    !strcmp(r->rows[i].cache, fld[ic]) &&
			    !strcmp(r->rows[i].prefetch, fld[ip]) &&
			    !strcmp(r->rows[i].code_offset, io < 0 ? "none" : fld[io])) {
				w = &r->rows[i];
				break;
			}
		if (!w) {
			fprintf(stderr, "%s:%d: a sample of a point that %s does not "
				"have\n", name, lineno, r->path);
			goto bad;
		}
		w->cpb = realloc(w->cpb, (w->ncpb + 1) * sizeof(*w->cpb));
		w->srep = realloc(w->srep, (w->ncpb + 1) * sizeof(*w->srep));
		w->sround = realloc(w->sround, (w->ncpb + 1) * sizeof(*w->sround));
		if (!w->cpb || !w->srep || !w->sround)
			abort();
		w->cpb[w->ncpb] = v;
		w->srep[w->ncpb] = (unsigned)rep;
		/* Without a round column, rounds are unknown (0): no pairing. */
		w->sround[w->ncpb++] = (unsigned)rd;
	}
	fclose(f);
	return 0;
bad:
	fclose(f);
	results_free(r);
	return -1;
}

void results_free(struct results *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		free(r->rows[i].rep_cpb);
		free(r->rows[i].cpb);
		free(r->rows[i].srep);
		free(r->rows[i].sround);
	}
	free(r->rows);
	r->rows = NULL;
	r->nrows = 0;
}

int row_is_pseudo(const struct row *w)
{
	return !strcmp(w->arch, "harness");
}

size_t results_sizes(const struct results *r, unsigned *out, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->nrows; i++) {
		unsigned s = r->rows[i].size;
		for (j = 0; j < n && out[j] != s; j++)
			;
		if (j < n || n == max)
			continue;
		for (j = n++; j > 0 && out[j - 1] > s; j--)
			out[j] = out[j - 1];
		out[j] = s;
	}
	return n;
}

size_t results_prefetches(const struct results *r, const char *kernel,
			  char out[][16], size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->nrows; i++) {
		const char *p = r->rows[i].prefetch;
		if (strcmp(r->rows[i].kernel, kernel))
			continue;
		for (j = 0; j < n && strcmp(out[j], p); j++)
			;
		if (j < n || n == max)
			continue;
		/* none first, then by distance */
		for (j = n++; j > 0; j--) {
			int before = !strcmp(p, "none") ||
				     (strcmp(out[j - 1], "none") && atoi(out[j - 1]) > atoi(p));
			if (!before)
				break;
			memcpy(out[j], out[j - 1], 16);
		}
		snprintf(out[j], 16, "%s", p);
	}
	return n;
}

const struct row *results_find(const struct results *r, const char *kernel,
			       unsigned size, unsigned align, const char *cache,
			       const char *prefetch, const char *code_offset)
{
	size_t i;

	if (!code_offset)
		code_offset = r->rows[0].code_offset;
	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		if (!strcmp(w->kernel, kernel) && w->size == size &&
		    w->align == align && !strcmp(w->cache, cache) &&
		    !strcmp(w->prefetch, prefetch) &&
		    !strcmp(w->code_offset, code_offset))
			return w;
	}
	return NULL;
}
