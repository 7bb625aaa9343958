/* csumreport gpvars: checks a results CSV and prints what the gnuplot
   scripts need to lay out its figures (CPU, kernels, sizes, distances) as
   gnuplot assignments, and with --data writes the points they draw: one
   line per point, repeats merged, at one code placement, without the
   harness's floor rows.  gnuplot reads that file, so the results CSV can
   gain columns without the scripts changing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

#define MAXV 64

static void gp_string(const char *name, const char *v)
{
	printf("%s = \"", name);
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			putchar('\\');
		putchar(*v);
	}
	printf("\"\n");
}

/* The distance with the lowest geometric mean of cycles/byte over every
   size and cache state: what the size figure shows for kernel k. */
static const char *best_distance(const struct results *r, const char *k)
{
	static char pf[MAXV][16];
	size_t n = results_prefetches(r, k, pf, MAXV), i, j, best = 0;
	double best_score = INFINITY;

	for (i = 0; i < n; i++) {
		double score = 0;
		size_t cnt = 0;
		if (!strcmp(pf[i], "none"))
			continue;
		for (j = 0; j < r->nrows; j++)
			if (!strcmp(r->rows[j].kernel, k) &&
			    !strcmp(r->rows[j].prefetch, pf[i]) &&
			    r->rows[j].cycles_per_byte > 0) {
				score += log(r->rows[j].cycles_per_byte);
				cnt++;
			}
		if (cnt && score / (double)cnt < best_score) {
			best_score = score / (double)cnt;
			best = i;
		}
	}
	return n ? pf[best] : "none";
}

static int usage(void)
{
	fprintf(stderr, "usage: csumreport gpvars RESULTS.csv [--kernel K] "
		"[--data OUT]\n");
	return 2;
}

/* kernel,size,align,cache,prefetch,cycles_per_byte,bytes_per_cycle */
static int write_data(const struct results *r, const char *out)
{
	FILE *f = fopen(out, "w");
	size_t i;

	if (!f) {
		perror(out);
		return -1;
	}
	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		if (row_is_pseudo(w) || strcmp(w->code_offset, r->rows[0].code_offset))
			continue;
		fprintf(f, "%s,%u,%u,%s,%s,%.6f,%.6f\n", w->kernel, w->size,
			w->align, w->cache, w->prefetch, w->cycles_per_byte,
			w->bytes_per_cycle);
	}
	return fclose(f) == 0 ? 0 : -1;
}

int cmd_gpvars(int argc, char **argv)
{
	const char *path = NULL, *want = NULL, *pfk = NULL, *data = NULL;
	char kernels[MAXV][128], caches[8][16], pf[MAXV][16], buf[8192];
	unsigned sizes[MAXV], align;
	size_t nk = 0, nc = 0, ns, np, i, j, len;
	struct results r;

	for (i = 1; i < (size_t)argc; i++) {
		if (!strcmp(argv[i], "--kernel") && i + 1 < (size_t)argc)
			want = argv[++i];
		else if (!strcmp(argv[i], "--data") && i + 1 < (size_t)argc)
			data = argv[++i];
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			return usage();
	}
	if (!path)
		return usage();
	if (results_read(&r, path, 0))
		return 2;
	align = r.rows[0].align;
	for (i = 0; i < r.nrows; i++) {
		if (r.rows[i].align < align)
			align = r.rows[i].align;
		if (row_is_pseudo(&r.rows[i]))
			continue;
		for (j = 0; j < nk && strcmp(kernels[j], r.rows[i].kernel); j++)
			;
		if (j == nk && nk < MAXV)
			snprintf(kernels[nk++], 128, "%s", r.rows[i].kernel);
		for (j = 0; j < nc && strcmp(caches[j], r.rows[i].cache); j++)
			;
		if (j == nc && nc < 8)
			snprintf(caches[nc++], 16, "%s", r.rows[i].cache);
	}
	if (want) {
		for (j = 0; j < nk && strcmp(kernels[j], want); j++)
			;
		if (j == nk || !kernel_prefetches(&r, want)) {
			fprintf(stderr, "csumreport: %s has no prefetch distances for "
				"kernel '%s'\n", path, want);
			results_free(&r);
			return 2;
		}
		pfk = want;
	}
	for (j = 0; j < nk && !pfk; j++)
		if (kernel_prefetches(&r, kernels[j]))
			pfk = kernels[j];

	if (data && write_data(&r, data)) {
		results_free(&r);
		return 2;
	}
	gp_string("cpu", r.cpu);
	gp_string("timer", r.timer);
	printf("emulated = %d\n", !strcmp(r.emulated, "yes"));
	printf("core_mhz = %.1f\n", r.core_mhz);
	printf("samples = %u\n", r.samples);
	printf("align = %u\n", align);
#define LIST(name, n, fmt, item)                                             \
	do {                                                                 \
		for (len = 0, buf[0] = 0, j = 0; j < (n); j++)               \
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, \
						j ? " " fmt : fmt, item);    \
		gp_string(name, buf);                                        \
	} while (0)
	LIST("kernels", nk, "%s", kernels[j]);
	LIST("caches", nc, "%s", caches[j]);
	ns = results_sizes(&r, sizes, MAXV);
	LIST("sizes", ns, "%u", sizes[j]);
	LIST("plot_pf", nk, "%s", best_distance(&r, kernels[j]));
	gp_string("pf_kernel", pfk ? pfk : "");
	np = pfk ? results_prefetches(&r, pfk, pf, MAXV) : 0;
	LIST("pf_list", np, "%s", pf[j]);
#undef LIST
	results_free(&r);
	return 0;
}
