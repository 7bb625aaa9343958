/* csumreport gpvars: checks a results CSV and prints what the gnuplot
   scripts need to lay out its figures (CPU, kernels, sizes, distances) as
   gnuplot assignments, and with --data writes the points they draw: one
   line per point, repeats merged, at one code placement, without the
   harness's floor rows, under a header naming the columns.  The scripts
   read columns by those names, so neither the results CSV nor this file
   is tied to an order of columns.
 *
 * A figure shows one op: --op picks it (else --kernel's op, else the
 * first in the file), and the axes and unit follow it: bytes summed or
 * copied against cycles per byte, IPv4 header bytes against cycles per
 * call.  --ops lists a file's ops, one a line, for plot.sh to loop on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Inside a gnuplot double-quoted string, where backslash escapes are
   processed. */
static void gp_escaped(const char *v)
{
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			putchar('\\');
		putchar(*v);
	}
}

static void gp_string(const char *name, const char *v)
{
	printf("%s = \"", name);
	gp_escaped(v);
	printf("\"\n");
}

/* A list as gnuplot's words() reads it: names have no spaces (csumbench
   splits its kernel lists at them). */
static void gp_list(const char *name, const char *const *v, size_t n)
{
	size_t i;

	printf("%s = \"", name);
	for (i = 0; i < n; i++) {
		if (i)
			putchar(' ');
		gp_escaped(v[i]);
	}
	printf("\"\n");
}

/* The distance with the lowest geometric mean of cycles/byte over every
   size and cache state: what the size figure shows for kernel k. */
static const char *best_distance(const struct results *r, const char *k)
{
	const char **pf;
	struct row *const *w;
	size_t n = results_prefetches(r, k, &pf), m, i, lo, hi, best = n;
	double *score = calloc(n ? n : 1, sizeof(*score)), best_score = INFINITY;
	size_t *cnt = calloc(n ? n : 1, sizeof(*cnt));
	const char *ret;

	if (!score || !cnt)
		abort();
	m = results_kernel_rows(r, k, &w);
	for (i = 0; i < m; i++) {
		if (w[i]->cycles_per_byte <= 0)
			continue;
		/* pf is in results_prefetches' order: "none" first, then
		   by distance; find the row's by bisection. */
		for (lo = 0, hi = n; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;
			if (results_prefetch_cmp(pf[mid], w[i]->prefetch) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < n && !strcmp(pf[lo], w[i]->prefetch)) {
			score[lo] += log(w[i]->cycles_per_byte);
			cnt[lo]++;
		}
	}
	for (i = 0; i < n; i++)
		if (strcmp(pf[i], "none") && cnt[i] &&
		    score[i] / (double)cnt[i] < best_score) {
			best_score = score[i] / (double)cnt[i];
			best = i;
		}
	ret = best < n ? pf[best] : n ? pf[0] : "none";
	free(score);
	free(cnt);
	free(pf);
	return ret;
}

static int usage(void)
{
	fprintf(stderr, "usage: csumreport gpvars RESULTS.csv [--op OP] "
		"[--kernel K] [--data OUT]\n"
		"                 [--load-data PREFIX] [--rx-data PREFIX]\n"
		"       csumreport gpvars RESULTS.csv --ops\n");
	return 2;
}

/* The roofline kernel the size figure of r (one op's view) draws as a
   dashed ceiling: the run's, when some row of r is held to it. */
static const char *roofline_of(const struct results *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (isfinite(r->rows[i].roofline_fraction))
			return r->roofline;
	return "";
}

static void data_row(FILE *f, const struct row *w)
{
	/* Files without cycles_per_tick: from cycles/byte. */
	fprintf(f, "%s,%u,%u,%s,%s,%.6f,%.6f,%.4f\n", w->kernel, w->size,
		w->align, w->cache, w->prefetch, w->cycles_per_byte,
		w->bytes_per_cycle, isfinite(w->cyc_median) ? w->cyc_median :
		w->cycles_per_byte * w->size);
}

/* r's rows, and the roofline's from all (another op's). */
static int write_data(const struct results *all, const struct results *r,
		      const char *out)
{
	FILE *f = fopen(out, "w");
	const char *roof = roofline_of(r);
	size_t i;

	if (!f) {
		perror(out);
		return -1;
	}
	fprintf(f, "kernel,size,align,cache,prefetch,cycles_per_byte,"
		"bytes_per_cycle,cycles_per_call\n");
	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		/* a mix's rows (size 0) have no place on a size axis */
		if (row_is_pseudo(w) || !w->size ||
		    strcmp(w->code_offset, r->rows[0].code_offset))
			continue;
		data_row(f, w);
	}
	for (i = 0; *roof && i < all->nrows; i++)
		if (!strcmp(all->rows[i].kernel, roof) && all->rows[i].size &&
		    strcmp(all->rows[i].op, r->rows[0].op))
			data_row(f, &all->rows[i]);
	if (ferror(f) | fclose(f)) {
		perror(out);
		return -1;
	}
	return 0;
}

/* The op to lay out (see the top): NULL after a message. */
static const char *pick_op(const struct results *all, const char *path,
			   const char *op, const char *kernel)
{
	const char **ops, *kop = kernel ? results_kernel_op(all, kernel) : NULL;
	size_t n = results_ops(all, &ops), i;

	for (i = 0; op && i < n && strcmp(ops[i], op); i++)
		;
	if (op && i == n) {
		fprintf(stderr, "csumreport: %s has no op '%s'; its ops:", path, op);
		for (i = 0; i < n; i++)
			fprintf(stderr, " %s", ops[i]);
		fprintf(stderr, "\n");
		op = NULL;
	} else if (!op) {
		op = kop ? kop : n ? ops[0] : all->rows[0].op;
	}
	free(ops);
	return op;
}

/* The size figure's axes and title for op. */
static void size_axes(const char *op)
{
	const struct op_info *oi = op_info(op);
	char title[256];

	if (oi == op_info("csum"))
		snprintf(title, sizeof(title), "cycles per byte by buffer size");
	else
		snprintf(title, sizeof(title), "%.100s: cycles per %s by %s", op,
			 oi->per_call ? "call" : "byte", oi->size_title);
	gp_string("size_title", title);
	gp_string("size_xlabel", oi->size_axis);
	printf("size_xlog = %d\n", !oi->per_call);
	gp_string("size_ycol", oi->per_call ? "cycles_per_call" :
		  "cycles_per_byte");
	gp_string("unit", oi->per_call ? "cycles per call" : "cycles per byte");
	gp_string("size_ylabel", oi->per_call ?
		  "cycles per call (median; lower is faster)" :
		  "cycles per byte (median; lower is faster)");
}

int cmd_gpvars(int argc, char **argv)
{
	const char *path = NULL, *want = NULL, *pfk = NULL, *data = NULL;
	const char *load_data = NULL, *rx_data = NULL;
	char titles[4096], policies[64];
	size_t npanels;
	const char *op = NULL, **kernels, **caches, **pf = NULL, **best, **sz;
	unsigned *sizes, align;
	size_t nk, nc, ns, np = 0, i;
	char (*szbuf)[16];
	struct results all, r;
	struct row *const *w;
	int list = 0;

	for (i = 1; i < (size_t)argc; i++) {
		if (!strcmp(argv[i], "--kernel") && i + 1 < (size_t)argc)
			want = argv[++i];
		else if (!strcmp(argv[i], "--data") && i + 1 < (size_t)argc)
			data = argv[++i];
		else if (!strcmp(argv[i], "--load-data") && i + 1 < (size_t)argc)
			load_data = argv[++i];
		else if (!strcmp(argv[i], "--rx-data") && i + 1 < (size_t)argc)
			rx_data = argv[++i];
		else if (!strcmp(argv[i], "--op") && i + 1 < (size_t)argc)
			op = argv[++i];
		else if (!strcmp(argv[i], "--ops"))
			list = 1;
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			return usage();
	}
	if (!path)
		return usage();
	if (results_read(&all, path, 0))
		return 2;
	if (list) {
		const char **ops;
		size_t n = results_ops(&all, &ops);
		for (i = 0; i < n; i++)
			printf("%s\n", ops[i]);
		free(ops);
		results_free(&all);
		return 0;
	}
	op = pick_op(&all, path, op, want);
	if (!op) {
		results_free(&all);
		return 2;
	}
	/* KERNEL= names one op's kernel; the other ops' figures go on
	   without it. */
	if (want && results_kernel_op(&all, want) &&
	    strcmp(results_kernel_op(&all, want), op))
		want = NULL;
	results_of_op(&all, op, &r);
	align = r.rows[0].align;
	for (i = 0; i < r.nrows; i++)
		if (r.rows[i].align < align)
			align = r.rows[i].align;
	if (want) {
		if (!results_kernel_rows(&r, want, &w) || row_is_pseudo(w[0]) ||
		    !kernel_prefetches(&r, want)) {
			fprintf(stderr, "csumreport: %s has no prefetch distances for "
				"kernel '%s'\n", path, want);
			results_free(&r);
			results_free(&all);
			return 2;
		}
		pfk = want;
	}
	nk = results_kernels(&r, 0, &kernels);
	for (i = 0; i < nk && !pfk; i++)
		if (kernel_prefetches(&r, kernels[i]))
			pfk = kernels[i];
	if (data && write_data(&all, &r, data)) {
		free(kernels);
		results_free(&r);
		results_free(&all);
		return 2;
	}
	nc = results_caches(&r, &caches);
	ns = results_sizes(&r, &sizes);
	best = malloc((nk ? nk : 1) * sizeof(*best));
	sz = malloc((ns ? ns : 1) * sizeof(*sz));
	szbuf = malloc((ns ? ns : 1) * sizeof(*szbuf));
	if (!best || !sz || !szbuf)
		abort();
	for (i = 0; i < nk; i++)
		best[i] = best_distance(&r, kernels[i]);
	for (i = 0; i < ns; i++) {
		snprintf(szbuf[i], sizeof(szbuf[i]), "%u", sizes[i]);
		sz[i] = szbuf[i];
	}
	if (pfk)
		np = results_prefetches(&r, pfk, &pf);

	gp_string("op", op);
	size_axes(op);
	gp_string("cpu", r.cpu);
	gp_string("timer", r.timer);
	printf("emulated = %d\n", !strcmp(r.emulated, "yes"));
	printf("core_mhz = %.1f\n", r.core_mhz);
	printf("samples = %u\n", r.samples);
	printf("align = %u\n", align);
	gp_list("kernels", kernels, nk);
	gp_list("caches", caches, nc);
	gp_list("sizes", sz, ns);
	gp_list("plot_pf", best, nk);
	gp_string("pf_kernel", pfk ? pfk : "");
	gp_string("roof", roofline_of(&r));
	gp_list("pf_list", pf, np);
	if (load_data && !write_load_panels(&r, load_data, &npanels, titles,
					    sizeof(titles))) {
		printf("load_panels = %zu\n", npanels);
		gp_string("load_titles", titles);
	}
	if (rx_data && !write_rx_panels(&r, rx_data, &npanels, titles,
					sizeof(titles), policies,
					sizeof(policies))) {
		printf("rx_panels = %zu\n", npanels);
		gp_string("rx_titles", titles);
		gp_string("rx_policies", policies);
	}
	free(pf);
	free(best);
	free(sz);
	free(szbuf);
	free(sizes);
	free(caches);
	free(kernels);
	results_free(&r);
	results_free(&all);
	return 0;
}
