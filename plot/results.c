/* Reading csumbench results CSVs: metadata lines, a header naming the
   columns, and rows checked field by field, so a malformed file stops
   with its name and line instead of making an empty figure. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

#define MAXF 32

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
		snprintf(r->timer, sizeof(r->timer), "%.*s", (int)strcspn(v, " \r\n"), v);
	else if (!strcmp(key, "emulated"))
		snprintf(r->emulated, sizeof(r->emulated), "%.*s",
			 (int)strcspn(v, " \r\n"), v);
	else if (!strcmp(key, "tick_hz"))
		*hz = atof(v);
	else if (!strcmp(key, "cycles_per_tick"))
		*cpt = atof(v);
}

static const char *const need[] = {
	"kernel", "size", "align", "cache", "prefetch", "samples", "ticks_median",
	"cycles_per_byte", "bytes_per_cycle", "mb_per_s",
};
#define NNEED (sizeof(need) / sizeof(need[0]))

static int read_samples(struct results *r, const char *path);

int results_read(struct results *r, const char *path, int with_samples)
{
	FILE *f = fopen(path, "r");
	char line[4096], *fld[MAXF + 1], *hdr[MAXF + 1], hbuf[4096];
	int idx[NNEED], nh = 0, lineno = 0;
	double hz = 0, cpt = 0;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->path = path;
	snprintf(r->cpu, sizeof(r->cpu), "unknown CPU");
	if (!f) {
		fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
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
			for (i = 0; i < NNEED; i++) {
				idx[i] = col(hdr, nh, need[i]);
				if (idx[i] < 0) {
					fprintf(stderr, "%s:%d: header has no '%s' column; "
						"expected a csumbench results CSV header "
						"(kernel,arch,op,size,...)\n", path, lineno,
						need[i]);
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
		r->rows = realloc(r->rows, (r->nrows + 1) * sizeof(*r->rows));
		if (!r->rows)
			abort();
		{
			struct row *w = &r->rows[r->nrows];
			double v[NNEED];
			memset(w, 0, sizeof(*w));
			for (i = 1; i < NNEED; i++) {
				if (i == 3 || i == 4)
					continue;	/* cache, prefetch: words */
				/* size, align, samples: whole numbers; the
				   timings may dip below 0 by timer noise. */
				if (!num(fld[idx[i]], &v[i], i <= 2 || i == 5)) {
					fprintf(stderr, "%s:%d: %s '%s' is not a%s number\n",
						path, lineno, need[i], fld[idx[i]],
						i <= 2 || i == 5 ? " whole" : "");
					goto bad;
				}
			}
			if (strlen(fld[idx[0]]) >= sizeof(w->kernel) ||
			    strlen(fld[idx[3]]) >= sizeof(w->cache) ||
			    strlen(fld[idx[4]]) >= sizeof(w->prefetch) || !*fld[idx[0]]) {
				fprintf(stderr, "%s:%d: kernel, cache or prefetch field "
					"empty or too long\n", path, lineno);
				goto bad;
			}
			snprintf(w->kernel, sizeof(w->kernel), "%s", fld[idx[0]]);
			snprintf(w->cache, sizeof(w->cache), "%s", fld[idx[3]]);
			snprintf(w->prefetch, sizeof(w->prefetch), "%s", fld[idx[4]]);
			w->size = (unsigned)v[1];
			w->align = (unsigned)v[2];
			w->samples = (unsigned)v[5];
			w->ticks_median = v[6];
			w->cycles_per_byte = v[7];
			w->bytes_per_cycle = v[8];
			w->mb_per_s = v[9];
			if (w->size == 0) {
				fprintf(stderr, "%s:%d: size 0\n", path, lineno);
				goto bad;
			}
		}
		r->nrows++;
	}
	fclose(f);
	if (!nh) {
		fprintf(stderr, "%s: no header line; expected a csumbench results "
			"CSV (make bench writes them to results/)\n", path);
		return -1;
	}
	if (!r->nrows) {
		fprintf(stderr, "%s: no data rows after the header\n", path);
		return -1;
	}
	r->samples = r->rows[0].samples;
	r->core_mhz = hz * cpt / 1e6;
	if (with_samples)
		return read_samples(r, path);
	return 0;
bad:
	fclose(f);
	results_free(r);
	return -1;
}

static int read_samples(struct results *r, const char *path)
{
	char name[4096], line[4096], *fld[MAXF + 1];
	size_t n = strlen(path);
	int lineno = 0, nh = 0, ik = -1, is = -1, ia = -1, ic = -1, ip = -1, iv = -1;
	FILE *f;

	if (n > 4 && !strcmp(path + n - 4, ".csv"))
		n -= 4;
	snprintf(name, sizeof(name), "%.*s-samples.csv", (int)n, path);
	f = fopen(name, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open: %s (the per-sample file written "
			"beside %s)\n", name, strerror(errno), path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct row *w = NULL;
		double v;
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
			iv = col(fld, nf, "cycles_per_byte");
			if (ik < 0 || is < 0 || ia < 0 || ic < 0 || ip < 0 || iv < 0) {
				fprintf(stderr, "%s:%d: expected the samples header "
					"(kernel,...,cycles_per_byte)\n", name, lineno);
				goto bad;
			}
			continue;
		}
		if (nf != nh || !num(fld[iv], &v, 0)) {
			fprintf(stderr, "%s:%d: malformed sample row\n", name, lineno);
			goto bad;
		}
		for (i = 0; i < r->nrows; i++)
			if (!strcmp(r->rows[i].kernel, fld[ik]) &&
			    r->rows[i].size == (unsigned)atol(fld[is]) &&
			    r->rows[i].align == (unsigned)atol(fld[ia]) &&
			    !strcmp(r->rows[i].cache, fld[ic]) &&
			    !strcmp(r->rows[i].prefetch, fld[ip])) {
				w = &r->rows[i];
				break;
			}
		if (!w) {
			fprintf(stderr, "%s:%d: a sample of a point that %s does not "
				"have\n", name, lineno, r->path);
			goto bad;
		}
		w->cpb = realloc(w->cpb, (w->ncpb + 1) * sizeof(*w->cpb));
		if (!w->cpb)
			abort();
		w->cpb[w->ncpb++] = v;
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

	for (i = 0; i < r->nrows; i++)
		free(r->rows[i].cpb);
	free(r->rows);
	r->rows = NULL;
	r->nrows = 0;
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
			       const char *prefetch)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		if (!strcmp(w->kernel, kernel) && w->size == size &&
		    w->align == align && !strcmp(w->cache, cache) &&
		    !strcmp(w->prefetch, prefetch))
			return w;
	}
	return NULL;
}
