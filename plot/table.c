/* csumreport table: rows are prefetch distances (or kernels), columns are
   sizes or cache states, cells the median in one metric; no line over 72
   columns, ready for a commit message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labels.h"
#include "report.h"

struct metric {
	const char *name, *unit, *fmt;
	double (*get)(const struct row *);
};

static double get_mbps(const struct row *w) { return w->mb_per_s; }
static double get_bpc(const struct row *w) { return w->bytes_per_cycle; }
static double get_cpb(const struct row *w) { return w->cycles_per_byte; }

static const struct metric metrics[] = {
	{ "mbps", "MB/s", "%.0f", get_mbps },
	{ "bpc", "bytes/cycle", "%.3f", get_bpc },
	{ "cpb", "cycles/byte", "%.3f", get_cpb },
};

int kernel_prefetches(const struct results *r, const char *kernel)
{
	struct row *const *w;
	size_t n = results_kernel_rows(r, kernel, &w), i;

	for (i = 0; i < n; i++)
		if (strcmp(w[i]->prefetch, "none"))
			return 1;
	return 0;
}

void print_caption(const struct results *r, const char *what)
{
	if (strlen(r->cpu) + strlen(what) + 2 <= TABLE_WIDTH) {
		printf("%s: %s\n", r->cpu, what);
	} else {
		print_wrapped("  ", "%s", r->cpu);
		print_wrapped("  ", "%s", what);
	}
	if (!strcmp(r->emulated, "yes"))
		printf("EMULATED RUN: these timings are not real.\n");
	if (r->partial)
		printf("PARTIAL RUN: it stopped early (# partial: in the CSV).\n");
}

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport table RESULTS.csv [--kernel K] "
		"[--metric mbps|bpc|cpb]\n"
		"                       [--by size|cache] [--cache C] [--size N] "
		"[--align N]\n"
		"                       [--code-offset none|N]\n\n"
		"Sizes are bytes, with an optional B, K, M or G (powers of 1024).\n"
		"Rows are the prefetch distances of kernel K (default: the first\n"
		"prefetching kernel; without one, rows are kernels); columns are\n"
		"sizes (a table per cache state) or cache states (a table per size).\n"
		"Points of a code_offset sweep are shown at the first offset in the\n"
		"file unless --code-offset picks one.\n");
	return f == stdout ? 0 : 2;
}

/* What the tables of one command share: rows are kernels or the
   distances of one kernel, at one alignment and code placement. */
struct table {
	const struct results *r;
	const struct metric *m;
	const char *kernel;		/* of distance rows */
	const char **rows;		/* kernel names, or distances */
	char **names;			/* what the rows are called */
	size_t nrows;
	int rows_are_kernels;
	struct labels lab;		/* names as shown */
	unsigned align;
	const char *off;
};

static const struct row *cell(const struct table *t, size_t i, unsigned size,
			      const char *cache)
{
	return results_find(t->r, t->rows_are_kernels ? t->rows[i] : t->kernel,
			    size, t->align, cache,
			    t->rows_are_kernels ? "none" : t->rows[i], t->off);
}

/* One table: the rows by columns (sizes at one cache state, or cache
   states at one size), split into chunks of columns that fit. */
static void print_table(const struct table *t, char **cols, size_t ncols,
			const unsigned *colsize, const char *cache, unsigned size)
{
	size_t w0 = 8, cw = 6, i, j, c0, per;
	char cell_buf[64];

	if (labels_width(&t->lab) > w0)
		w0 = labels_width(&t->lab);
	for (j = 0; j < ncols; j++)
		if (strlen(cols[j]) > cw)
			cw = strlen(cols[j]);
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < ncols; j++) {
			const struct row *w = cell(t, i, colsize ? colsize[j] : size,
						   colsize ? cache : cols[j]);
			if (w && (size_t)snprintf(cell_buf, sizeof(cell_buf), t->m->fmt,
						  t->m->get(w)) > cw)
				cw = strlen(cell_buf);
		}
	per = w0 + cw + 2 <= TABLE_WIDTH ? (TABLE_WIDTH - w0) / (cw + 2) : 1;
	labels_caption(&t->lab);
	for (c0 = 0; c0 < ncols; c0 += per) {
		printf("%-*s", (int)w0, t->rows_are_kernels ? "kernel" : "distance");
		for (j = c0; j < ncols && j < c0 + per; j++)
			printf("  %*s", (int)cw, cols[j]);
		printf("\n");
		for (i = 0; i < t->nrows; i++) {
			printf("%-*s", (int)w0, labels_get(&t->lab, t->names[i]));
			for (j = c0; j < ncols && j < c0 + per; j++) {
				const struct row *w;

				w = cell(t, i, colsize ? colsize[j] : size,
					 colsize ? cache : cols[j]);
				if (w)
					snprintf(cell_buf, sizeof(cell_buf), t->m->fmt,
						 t->m->get(w));
				else
					snprintf(cell_buf, sizeof(cell_buf), "-");
				printf("  %*s", (int)cw, cell_buf);
			}
			printf("\n");
		}
		if (c0 + per < ncols)
			printf("\n");
	}
}

static char *xstrdup(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	if (!d)
		abort();
	return strcpy(d, s);
}

int cmd_table(int argc, char **argv)
{
	const char *path = NULL, *kernel = NULL, *by = "size", *only_cache = NULL;
	const char *off = NULL, **caches = NULL, **kernels = NULL;
	const struct metric *m = &metrics[0];
	long align = -1;
	unsigned only_size = 0, *sizes = NULL;
	char *what = NULL, lab[32], reps[32] = "", **cols = NULL;
	size_t nsizes = 0, ncaches = 0, nkernels, i, j, n;
	int first = 1, rc = 2;
	struct table t;
	struct results r;

	memset(&t, 0, sizeof(t));
	for (i = 1; i < (size_t)argc; i++) {
		const char *a = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout);
		if (a[0] != '-' && !path) {
			path = a;
			continue;
		}
		if (!v || a[0] != '-') {
			fprintf(stderr, "csumreport table: unexpected '%s'\n", a);
			return usage(stderr);
		}
		i++;
		if (!strcmp(a, "--kernel")) {
			kernel = *v ? v : NULL;
		} else if (!strcmp(a, "--metric")) {
			for (j = 0; j < 3 && strcmp(metrics[j].name, v); j++)
				;
			if (j == 3) {
				fprintf(stderr, "csumreport table: metric '%s', expected "
					"mbps, bpc or cpb\n", v);
				return 2;
			}
			m = &metrics[j];
		} else if (!strcmp(a, "--by")) {
			if (strcmp(v, "size") && strcmp(v, "cache")) {
				fprintf(stderr, "csumreport table: --by '%s', expected "
					"size or cache\n", v);
				return 2;
			}
			by = v;
		} else if (!strcmp(a, "--cache")) {
			only_cache = *v ? v : NULL;
		} else if (!strcmp(a, "--size")) {
			int e = parse_size(v, &only_size);
			if (e == -1) {
				fprintf(stderr, "csumreport table: --size '%s', expected "
					"bytes such as 1500, 64K or 1M: a whole number "
					"with an optional B, K, M or G (powers of 1024)\n", v);
				return 2;
			}
			if (e == -2) {
				fprintf(stderr, "csumreport table: --size '%s' is too "
					"large, expected at most 4294967295 bytes\n", v);
				return 2;
			}
		} else if (!strcmp(a, "--align")) {
			align = *v ? atol(v) : -1;
		} else if (!strcmp(a, "--code-offset")) {
			off = *v ? v : NULL;
		} else {
			fprintf(stderr, "csumreport table: unknown option '%s'\n", a);
			return usage(stderr);
		}
	}
	if (!path)
		return usage(stderr);
	if (results_read(&r, path, 0))
		return 2;
	if (!off)
		off = r.rows[0].code_offset;
	for (i = 0; i < r.nrows && strcmp(r.rows[i].code_offset, off); i++)
		;
	if (i == r.nrows) {
		fprintf(stderr, "csumreport table: %s has no points at code offset "
			"'%s'\n", path, off);
		goto out;
	}

	nkernels = results_kernels(&r, 0, &kernels);
	if (kernel) {
		struct row *const *w;
		if (!results_kernel_rows(&r, kernel, &w)) {
			fprintf(stderr, "csumreport table: %s has no kernel '%s'\n",
				path, kernel);
			goto out;
		}
	} else {
		for (i = 0; i < nkernels && !kernel; i++)
			if (kernel_prefetches(&r, kernels[i]))
				kernel = kernels[i];
	}
	t.r = &r;
	t.m = m;
	t.kernel = kernel;
	t.off = off;
	t.rows_are_kernels = !kernel || !kernel_prefetches(&r, kernel);
	if (t.rows_are_kernels)
		t.nrows = results_kernels(&r, 1, &t.rows);
	else
		t.nrows = results_prefetches(&r, kernel, &t.rows);
	t.names = calloc(t.nrows ? t.nrows : 1, sizeof(*t.names));
	if (!t.names)
		abort();
	for (i = 0; i < t.nrows; i++) {
		if (t.rows_are_kernels || !strcmp(t.rows[i], "none")) {
			t.names[i] = xstrdup(t.rows[i]);
			continue;
		}
		n = strlen(t.rows[i]) + sizeof(" bytes");
		t.names[i] = malloc(n);
		if (!t.names[i])
			abort();
		snprintf(t.names[i], n, "%s bytes", t.rows[i]);
	}
	/* Room for the cells of two columns at least. */
	labels_make(&t.lab, (const char *const *)t.names, t.nrows, TABLE_WIDTH / 2,
		    t.rows_are_kernels ? "kernel" : "distance");
	if (align < 0) {	/* the smallest alignment in the file */
		align = (long)r.rows[0].align;
		for (i = 0; i < r.nrows; i++)
			if ((long)r.rows[i].align < align)
				align = (long)r.rows[i].align;
	}
	t.align = (unsigned)align;
	nsizes = results_sizes(&r, &sizes);
	ncaches = results_caches(&r, &caches);

	if (r.repeats > 1)
		snprintf(reps, sizeof(reps), " x %u repeats", r.repeats);
	n = strlen(kernel ? kernel : "") + strlen(off) + 256;
	for (i = 0; i < ncaches; i++)
		n += strlen(caches[i]);
	what = malloc(n);
	if (!what)
		abort();
	if (!strcmp(by, "size")) {
		cols = calloc(nsizes ? nsizes : 1, sizeof(*cols));
		if (!cols)
			abort();
		for (j = 0; j < nsizes; j++)
			cols[j] = xstrdup(size_label(sizes[j], lab, sizeof(lab)));
		for (i = 0; i < ncaches; i++) {
			if (only_cache && strcmp(only_cache, caches[i]))
				continue;
			snprintf(what, n, "%s, %s, median of %u%s, %s cache%s%s%s",
				 t.rows_are_kernels ? "csum kernels" : kernel, m->unit,
				 r.samples, reps, caches[i],
				 align ? ", misaligned" : "",
				 strcmp(off, "none") ? ", code at +" : "",
				 strcmp(off, "none") ? off : "");
			if (!first)
				printf("\n");
			first = 0;
			print_caption(&r, what);
			print_table(&t, cols, nsizes, sizes, caches[i], 0);
		}
		for (j = 0; j < nsizes; j++)
			free(cols[j]);
	} else {
		cols = calloc(ncaches ? ncaches : 1, sizeof(*cols));
		if (!cols)
			abort();
		for (j = 0; j < ncaches; j++)
			cols[j] = xstrdup(caches[j]);
		for (i = 0; i < nsizes; i++) {
			if (only_size && only_size != sizes[i])
				continue;
			snprintf(what, n, "%s, %s, median of %u%s, %s buffers%s%s",
				 t.rows_are_kernels ? "csum kernels" : kernel, m->unit,
				 r.samples, reps, size_label(sizes[i], lab, sizeof(lab)),
				 strcmp(off, "none") ? ", code at +" : "",
				 strcmp(off, "none") ? off : "");
			if (!first)
				printf("\n");
			first = 0;
			print_caption(&r, what);
			print_table(&t, cols, ncaches, NULL, NULL, sizes[i]);
		}
		for (j = 0; j < ncaches; j++)
			free(cols[j]);
	}
	if (first)
		fprintf(stderr, "csumreport table: %s has no rows for that cache "
			"state or size\n", path);
	else
		rc = 0;
out:
	free(cols);
	free(what);
	for (i = 0; t.names && i < t.nrows; i++)
		free(t.names[i]);
	free(t.names);
	free(t.rows);
	labels_free(&t.lab);
	free(sizes);
	free(caches);
	free(kernels);
	results_free(&r);
	return rc;
}
