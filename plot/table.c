/* csumreport table: rows are prefetch distances (or kernels), columns are
   sizes or cache states, cells the median in one metric; no line over 72
   columns, ready for a commit message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define MAXCOLS 64
#define MAXROWS 64

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
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, kernel) &&
		    strcmp(r->rows[i].prefetch, "none"))
			return 1;
	return 0;
}

const char *size_label(unsigned size, char *buf, size_t n)
{
	if (size >= 1024 && size % 1024 == 0)
		snprintf(buf, n, "%u KiB", size / 1024);
	else
		snprintf(buf, n, "%u B", size);
	return buf;
}

void print_caption(const struct results *r, const char *what)
{
	if (strlen(r->cpu) + strlen(what) + 2 <= TABLE_WIDTH)
		printf("%s: %s\n", r->cpu, what);
	else
		printf("%.*s\n%.*s\n", TABLE_WIDTH, r->cpu, TABLE_WIDTH, what);
	if (!strcmp(r->emulated, "yes"))
		printf("EMULATED RUN: these timings are not real.\n");
}

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport table RESULTS.csv [--kernel K] "
		"[--metric mbps|bpc|cpb]\n"
		"                       [--by size|cache] [--cache C] [--size N] "
		"[--align N]\n"
		"                       [--code-offset none|N]\n\n"
		"Rows are the prefetch distances of kernel K (default: the first\n"
		"prefetching kernel; without one, rows are kernels); columns are\n"
		"sizes (a table per cache state) or cache states (a table per size).\n"
		"Points of a code_offset sweep are shown at the first offset in the\n"
		"file unless --code-offset picks one.\n");
	return f == stdout ? 0 : 2;
}

/* One table: rows x cols, split into chunks of columns that fit. */
static void print_table(const struct results *r, const struct metric *m,
			const char *kernel, char rows[][128], size_t nrows,
			int rows_are_kernels, char cols[][16], size_t ncols,
			const unsigned *colsize, const char *cache, unsigned size,
			unsigned align, const char *off)
{
	size_t w0 = 8, cw = 6, i, j, c0, per;
	char cell[32], lab[32];

	for (i = 0; i < nrows; i++) {
		size_t n = strlen(rows[i]) + (rows_are_kernels || !strcmp(rows[i], "none") ? 0 : 6);
		if (n > w0)
			w0 = n;
	}
	for (j = 0; j < ncols; j++)
		if (strlen(cols[j]) > cw)
			cw = strlen(cols[j]);
	for (i = 0; i < nrows; i++)
		for (j = 0; j < ncols; j++) {
			const struct row *w = results_find(r,
				rows_are_kernels ? rows[i] : kernel,
				colsize ? colsize[j] : size, align,
				colsize ? cache : cols[j],
				rows_are_kernels ? "none" : rows[i], off);
			if (w && (size_t)snprintf(cell, sizeof(cell), m->fmt, m->get(w)) > cw)
				cw = strlen(cell);
		}
	per = (TABLE_WIDTH - w0) / (cw + 2);
	if (per < 1)
		per = 1;
	for (c0 = 0; c0 < ncols; c0 += per) {
		printf("%-*s", (int)w0, rows_are_kernels ? "kernel" : "distance");
		for (j = c0; j < ncols && j < c0 + per; j++)
			printf("  %*s", (int)cw, cols[j]);
		printf("\n");
		for (i = 0; i < nrows; i++) {
			if (rows_are_kernels || !strcmp(rows[i], "none"))
				snprintf(lab, sizeof(lab), "%s", rows[i]);
			else
				snprintf(lab, sizeof(lab), "%s bytes", rows[i]);
			printf("%-*s", (int)w0, lab);
			for (j = c0; j < ncols && j < c0 + per; j++) {
				const struct row *w = results_find(r,
					rows_are_kernels ? rows[i] : kernel,
					colsize ? colsize[j] : size, align,
					colsize ? cache : cols[j],
					rows_are_kernels ? "none" : rows[i], off);
				if (w)
					snprintf(cell, sizeof(cell), m->fmt, m->get(w));
				else
					snprintf(cell, sizeof(cell), "-");
				printf("  %*s", (int)cw, cell);
			}
			printf("\n");
		}
		if (c0 + per < ncols)
			printf("\n");
	}
}

int cmd_table(int argc, char **argv)
{
	const char *path = NULL, *kernel = NULL, *by = "size", *only_cache = NULL;
	const char *off = NULL;
	const struct metric *m = &metrics[0];
	long only_size = -1, align = -1;
	char rows[MAXROWS][128], cols[MAXCOLS][16], what[256], lab[32];
	char caches[8][16], reps[32] = "", where[32] = "";
	unsigned sizes[MAXCOLS];
	size_t nrows = 0, nsizes, ncaches = 0, i, j;
	int rows_are_kernels, first = 1;
	struct results r;

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
			char *end;
			only_size = strtol(v, &end, 10);
			if (*end == 'K' || *end == 'k')
				only_size <<= 10, end++;
			if (end == v || *end || only_size < 1) {
				fprintf(stderr, "csumreport table: --size '%s', expected "
					"bytes such as 1500 or 64K\n", v);
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
		results_free(&r);
		return 2;
	}

	if (kernel) {
		for (i = 0; i < r.nrows && strcmp(r.rows[i].kernel, kernel); i++)
			;
		if (i == r.nrows) {
			fprintf(stderr, "csumreport table: %s has no kernel '%s'\n",
				path, kernel);
			results_free(&r);
			return 2;
		}
	} else {
		for (i = 0; i < r.nrows && !kernel; i++)
			if (kernel_prefetches(&r, r.rows[i].kernel))
				kernel = r.rows[i].kernel;
	}
	rows_are_kernels = !kernel || !kernel_prefetches(&r, kernel);
	if (rows_are_kernels) {
		for (i = 0; i < r.nrows && nrows < MAXROWS; i++) {
			for (j = 0; j < nrows && strcmp(rows[j], r.rows[i].kernel); j++)
				;
			if (j == nrows && !strcmp(r.rows[i].prefetch, "none") &&
			    !row_is_pseudo(&r.rows[i]))
				snprintf(rows[nrows++], 128, "%s", r.rows[i].kernel);
		}
	} else {
		char pf[MAXROWS][16];
		nrows = results_prefetches(&r, kernel, pf, MAXROWS);
		for (i = 0; i < nrows; i++)
			memcpy(rows[i], pf[i], sizeof(pf[i]));
	}
	if (align < 0) {	/* the smallest alignment in the file */
		align = (long)r.rows[0].align;
		for (i = 0; i < r.nrows; i++)
			if ((long)r.rows[i].align < align)
				align = (long)r.rows[i].align;
	}
	nsizes = results_sizes(&r, sizes, MAXCOLS);
	for (i = 0; i < r.nrows && ncaches < 8; i++) {
		for (j = 0; j < ncaches && strcmp(caches[j], r.rows[i].cache); j++)
			;
		if (j == ncaches)
			snprintf(caches[ncaches++], 16, "%s", r.rows[i].cache);
	}

	if (r.repeats > 1)
		snprintf(reps, sizeof(reps), " x %u repeats", r.repeats);
	if (strcmp(off, "none"))
		snprintf(where, sizeof(where), ", code at +%s", off);
	if (!strcmp(by, "size")) {
		for (j = 0; j < nsizes; j++)
			size_label(sizes[j], cols[j], sizeof(cols[j]));
		for (i = 0; i < ncaches; i++) {
			if (only_cache && strcmp(only_cache, caches[i]))
				continue;
			snprintf(what, sizeof(what), "%s, %s, median of %u%s, %s cache%s%s",
				 rows_are_kernels ? "csum kernels" : kernel, m->unit,
				 r.samples, reps, caches[i], align ? ", misaligned" : "",
				 where);
			if (!first)
				printf("\n");
			first = 0;
			print_caption(&r, what);
			print_table(&r, m, kernel, rows, nrows, rows_are_kernels, cols,
				    nsizes, sizes, caches[i], 0, (unsigned)align, off);
		}
	} else {
		for (j = 0; j < ncaches; j++)
			snprintf(cols[j], sizeof(cols[j]), "%s", caches[j]);
		for (i = 0; i < nsizes; i++) {
			if (only_size >= 0 && (unsigned)only_size != sizes[i])
				continue;
			snprintf(what, sizeof(what), "%s, %s, median of %u%s, %s buffers%s",
				 rows_are_kernels ? "csum kernels" : kernel, m->unit,
				 r.samples, reps, size_label(sizes[i], lab, sizeof(lab)),
				 where);
			if (!first)
				printf("\n");
			first = 0;
			print_caption(&r, what);
			print_table(&r, m, kernel, rows, nrows, rows_are_kernels, cols,
				    ncaches, NULL, NULL, sizes[i], (unsigned)align, off);
		}
	}
	if (first) {
		fprintf(stderr, "csumreport table: %s has no rows for that cache "
			"state or size\n", path);
		results_free(&r);
		return 2;
	}
	results_free(&r);
	return 0;
}
