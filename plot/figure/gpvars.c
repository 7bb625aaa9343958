/* csumreport gpvars: checks a results CSV and prints what the gnuplot
   scripts need to lay out its figures (CPU, kernels, sizes, distances) as
   gnuplot assignments, and with --data writes the points they draw: one
   line per point, repeats merged, at one code placement, without the
   harness's floor rows, under a header naming the columns.  The scripts
   read columns by those names, so neither the results CSV nor this file
   is tied to an order of columns.  With --quartiles the points carry the
   interquartile range of their samples too (from the -samples.csv beside
   the CSV: the results CSV has no quartiles), for make plot ERRORBARS=iqr.
 *
 * A figure shows one op: --op picks it (else --kernel's op, else the
 * first in the file), and the axes and unit follow it: bytes summed or
 * copied against cycles per byte, IPv4 header bytes against cycles per
 * call.  --ops lists a file's ops, one a line, for plot.sh to loop on. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure/figaxes.h"
#include "figure/figlines.h"
#include "figure/figure.h"
#include "figure/workfig.h"
#include "lib/args.h"
#include "lib/stats.h"
#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/query.h"
#include "read/results.h"
#include "text/frame.h"

/* Every string here comes from a results CSV, which people mail each
   other: gnuplot must only ever see it as data.  So it is written in
   single quotes, where gnuplot expands nothing (no backquotes, no @
   macros, no escapes) and only a quote is special, written twice.  A
   control character (a CSV cannot hold one: csv.c refuses it) would end
   the line, so it becomes a space.  Lists are arrays, one string each,
   never word lists that a space in a name would split. */
static void gp_quoted(const char *v)
{
	putchar('\'');
	for (; *v; v++) {
		if (*v == '\'')
			putchar('\'');
		putchar((unsigned char)*v < 0x20 || *v == 0x7f ? ' ' : *v);
	}
	putchar('\'');
}

static void gp_string(const char *name, const char *v)
{
	printf("%s = ", name);
	gp_quoted(v);
	putchar('\n');
}

/* NAME[1..n], and n_NAME = n (gnuplot has no empty array: one of size
   1 stands for it, n_NAME says 0). */
static void gp_array(const char *name, const char *const *v, size_t n)
{
	size_t i;

	printf("n_%s = %zu\narray %s[%zu]\n", name, n, name, n ? n : 1);
	for (i = 0; i < n; i++) {
		printf("%s[%zu] = ", name, i + 1);
		gp_quoted(v[i]);
		putchar('\n');
	}
}

static void gp_titles(const char *name, const struct panels *p)
{
	const char *t[PANELS_MAX];
	size_t i;

	for (i = 0; i < p->n; i++)
		t[i] = p->title[i];
	gp_array(name, t, p->n);
}

/* The index of s in v[0..n), from 1; 0 if it is not there. */
static size_t index_of(const char *const *v, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return i + 1;
	return 0;
}

/* gpvars' options; the names are plot.sh's. */
enum { O_KERNEL = 256, O_DATA, O_LOAD, O_RX, O_OP, O_OPS, O_QUART };

/* What the command line asks for. */
struct options {
	const char *path, *kernel, *data, *op, *load_data, *rx_data;
	int list, quartiles;
};

#define AT(field) offsetof(struct options, field)

static const struct args_opt gpvars_opts[] = {
	{ .name = "op", .key = O_OP, .arg = "OP",
	  .help = "the op to lay out (else KERNEL's, else the first)",
	  .type = ARGS_STRING, .at = AT(op) },
	{ .name = "kernel", .key = O_KERNEL, .arg = "K,K@D",
	  .help = "the kernels drawn: K at each of its distances,\n"
	  "K@D at distance D (else every kernel, those\n"
	  "that prefetch in distance figures only)",
	  .type = ARGS_STRING, .at = AT(kernel) },
	{ .name = "data", .key = O_DATA, .arg = "OUT",
	  .help = "write the points to draw to OUT",
	  .type = ARGS_STRING, .at = AT(data) },
	{ .name = "quartiles", .key = O_QUART,
	  .help = "give the points their samples' 25th and 75th\n"
	  "percentiles (reads RESULTS-samples.csv)",
	  .type = ARGS_FLAG, .at = AT(quartiles) },
	{ .name = "load-data", .key = O_LOAD, .arg = "PREFIX",
	  .help = "write the idle/busy panels to PREFIX-N.csv",
	  .type = ARGS_STRING, .at = AT(load_data) },
	{ .name = "rx-data", .key = O_RX, .arg = "PREFIX",
	  .help = "write the rx policy panels to PREFIX-N.csv",
	  .type = ARGS_STRING, .at = AT(rx_data) },
	{ .name = "ops", .key = O_OPS,
	  .help = "list the file's ops, one a line, and stop",
	  .type = ARGS_FLAG, .at = AT(list) },
	{ .name = NULL }
};

static const struct args_cmd gpvars_cmd = {
	"gpvars", "RESULTS.csv [OPTION]...",
	"Checks a results CSV and prints the layout plot/figure/*.gp read\n"
	"(gnuplot assignments, every string single-quoted).\n",
	gpvars_opts
};

/* 0; 1 after --help; 2 after a message. */
static int parse_options(int argc, char **argv, struct options *o)
{
	struct args a;
	const char *v;
	int k, rc = 0;

	memset(o, 0, sizeof(*o));
	args_begin_into(&a, &gpvars_cmd, argc, argv, o);
	while (!rc && (k = args_next(&a, &v)) != ARGS_END) {
		if (k == ARGS_HELP)
			rc = 1;
		else if (k != ARGS_ARG)
			rc = 2;
		else if (o->path)
			rc = args_bad_usage(&gpvars_cmd, "one results CSV, not "
					    "'%s' and '%s'", o->path, v);
		else
			o->path = v;
	}
	args_end(&a);
	if (!rc && !o->path)
		rc = args_bad_usage(&gpvars_cmd, "no results CSV given");
	return rc;
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

/* What the figures of one op show, in the order gnuplot gets it: the
   points file refers to kernels, lines and cache states by their index
   in these lists, never by name, so that nothing a name holds (a quote,
   a comma, a space, a '#') can change how gnuplot parses a point. */
struct layout {
	const char **kernels, **caches;
	size_t nk, nc;
	struct figlines lines;
	struct pfaxis *pfax;	/* a distance axis per lines.pfk */
	struct figaxis *axes;	/* the size figure's, a panel each */
	const char *roof;
	unsigned align;		/* the figures': the least */
	int quartiles;		/* the rows have their samples */
	int per_call;		/* the size figure's cost: per call */
};

/* q[0..6): the 25th and 75th percentiles of a point's samples (every
   repeat's together) in cycles per byte, bytes per cycle and cycles per
   call.  Without samples (none read, or none of this point) each is the
   median figure itself: a bar of no length, never an invented one. */
static void point_quartiles(const struct row *w, int have, double cpc,
			    double q[6])
{
	double *v;
	size_t i, n = have ? w->ncpb : 0;

	q[0] = q[1] = w->cycles_per_byte;
	q[2] = q[3] = w->bytes_per_cycle;
	q[4] = q[5] = cpc;
	if (!n)
		return;
	v = xcalloc(n, sizeof(*v), "the figures' quartiles");
	memcpy(v, w->cpb, n * sizeof(*v));
	q[0] = stats_quantile(v, n, 0.25);
	q[1] = stats_quantile(v, n, 0.75);
	q[4] = q[0] * w->size;
	q[5] = q[1] * w->size;
	/* bytes per cycle: the quartiles of the samples' reciprocals (a
	   sample of no cycles has none: then the median's figure). */
	for (i = 0; i < n && v[i] > 0; i++)
		v[i] = 1 / v[i];
	if (i == n) {
		q[2] = stats_quantile(v, n, 0.25);
		q[3] = stats_quantile(v, n, 0.75);
	}
	free(v);
}

/* k: the kernel (nk + 1 for the roofline); c: its cache state; line:
   its line in the size figure (0: not drawn there; the roofline's,
   n_lines + 1, at its best distance per point: roof_best); distance:
   its place on its kernel's distance figure (0 where it has none). */
static void data_row(FILE *f, const struct layout *l, const struct row *w,
		     size_t k, int roof, int roof_best)
{
	size_t line, c = index_of(l->caches, l->nc, w->cache), i;
	double dist = 0, cpc = isfinite(w->cyc_median) ? w->cyc_median :
		w->cycles_per_byte * w->size, q[6];

	for (i = 0; !roof && i < l->lines.npfk; i++)
		if (!strcmp(w->kernel, l->lines.pfk[i]))
			dist = pfaxis_x(&l->pfax[i], w->prefetch);
	line = roof ? (roof_best ? l->lines.n + 1 : 0) :
		figlines_find(&l->lines, k, w->prefetch);
	point_quartiles(w, l->quartiles, cpc, q);
	if (line && c && w->align == l->align)
		figaxis_grow(&l->axes[c - 1], w->size,
			     l->per_call ? cpc : w->cycles_per_byte,
			     l->quartiles ? q + (l->per_call ? 4 : 0) : NULL);
	/* Files without cycles_per_tick: cycles per call from cycles/byte. */
	fprintf(f, "%zu,%u,%u,%zu,%zu,%.6g,%.6f,%.6f,%.4f,%.6f,%.6f,%.6f,"
		"%.6f,%.4f,%.4f\n", k, w->size, w->align, c, line, dist,
		w->cycles_per_byte, w->bytes_per_cycle, cpc,
		q[0], q[1], q[2], q[3], q[4], q[5]);
}

/* r's rows, and the roofline's from all (another op's). */
static int write_data(const struct results *all, const struct results *r,
		      const struct layout *l, const char *out)
{
	FILE *f = fopen(out, "w");
	size_t i, k;

	if (!f) {
		perror(out);
		return -1;
	}
	fprintf(f, "k,size,align,c,line,distance,cycles_per_byte,bytes_per_cycle,"
		"cycles_per_call,cycles_per_byte_p25,cycles_per_byte_p75,"
		"bytes_per_cycle_p25,bytes_per_cycle_p75,cycles_per_call_p25,"
		"cycles_per_call_p75\n");
	for (i = 0; i < r->nrows; i++) {
		const struct row *w = &r->rows[i];
		/* a mix's rows (size 0) have no place on a size axis */
		if (row_is_pseudo(w) || !w->size ||
		    strcmp(w->code_offset, r->rows[0].code_offset) ||
		    !(k = index_of(l->kernels, l->nk, w->kernel)))
			continue;
		data_row(f, l, w, k, 0, 0);
	}
	/* The roofline at each size, alignment and cache state: the best of
	   its distances (it prefetches in a run that does), as the rows'
	   roofline_fraction is held to. */
	for (i = 0; *l->roof && i < all->nrows; i++) {
		const struct row *w = &all->rows[i];
		int best = 1;
		size_t j;

		if (strcmp(w->kernel, l->roof) || !w->size ||
		    !strcmp(w->op, r->rows[0].op))
			continue;
		for (j = 0; j < all->nrows && best; j++) {
			const struct row *x = &all->rows[j];
			if (j != i && !strcmp(x->kernel, l->roof) && x->size == w->size &&
			    x->align == w->align && !strcmp(x->cache, w->cache) &&
			    (x->cycles_per_byte < w->cycles_per_byte ||
			     (x->cycles_per_byte == w->cycles_per_byte && j < i)))
				best = 0;
		}
		data_row(f, l, w, l->nk + 1, 1, best);
	}
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

/* The size figure's axes and title for op, as r describes it. */
static void size_axes(const struct results *r, const char *op)
{
	const struct op_info *oi = op_info(&r->ops, op);
	char title[256];

	if (oi == op_info(&r->ops, "csum"))
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

/* The figures' layout of r (one op's view): its kernels and cache
   states, the size figure's lines and the kernels given a distance
   figure (as want asks), their axes, the roofline.  0, or 2 after a
   message. */
static int make_layout(const struct results *all, const struct results *r,
		       const char *path, const char *op, const char *want,
		       struct layout *l)
{
	size_t i;

	l->nk = results_kernels(r, 0, &l->kernels);
	l->nc = results_caches(r, &l->caches);
	l->align = r->rows[0].align;
	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].align < l->align)
			l->align = r->rows[i].align;
	l->per_call = op_info(&r->ops, op)->per_call;
	l->roof = roofline_of(r);
	l->axes = xcalloc(l->nc ? l->nc : 1, sizeof(*l->axes), "the figures' layout");
	if (figlines_pick(all, r, path, want, l->kernels, l->nk, &l->lines))
		return 2;
	l->pfax = xcalloc(l->lines.npfk + 1, sizeof(*l->pfax), "the figures' layout");
	for (i = 0; i < l->lines.npfk; i++)
		pfaxis_of(r, l->lines.pfk[i], &l->pfax[i]);
	return 0;
}

/* The size figure's lines, the kernels left out of it, and the distance
   figures' kernels and axes. */
static void print_lines(const struct layout *l)
{
	const char **labels = xcalloc(l->lines.n + 1, sizeof(*labels),
				      "the figures' layout");
	size_t i, n = l->lines.npfk;

	for (i = 0; i < l->lines.n; i++)
		labels[i] = l->lines.v[i].label;
	gp_array("lines", labels, l->lines.n);
	free(labels);
	gp_array("left_out", l->lines.left_out, l->lines.nleft);
	gp_array("pf_kernels", l->lines.pfk, n);
	printf("array pf_k[%zu]\narray pf_xticks[%zu]\narray pf_has_none[%zu]\n"
	       "array pf_none_x[%zu]\narray pf_xlo[%zu]\narray pf_xhi[%zu]\n",
	       n + !n, n + !n, n + !n, n + !n, n + !n, n + !n);
	for (i = 0; i < n; i++) {
		printf("pf_k[%zu] = %zu\n", i + 1, index_of(l->kernels, l->nk,
							   l->lines.pfk[i]));
		printf("pf_xticks[%zu] = '%s'\n", i + 1, l->pfax[i].tics);
		printf("pf_has_none[%zu] = %d\npf_none_x[%zu] = %.6g\n", i + 1,
		       l->pfax[i].has_none, i + 1, l->pfax[i].none_x);
		printf("pf_xlo[%zu] = %.6g\npf_xhi[%zu] = %.6g\n", i + 1,
		       l->pfax[i].lo, i + 1, l->pfax[i].hi);
	}
}

/* The assignments: the op's axes, the run, and the layout (with the
   size figure's panels' axes when data was written). */
static void print_vars(const struct results *r, const char *op,
		       const struct layout *l, int data)
{
	unsigned *sizes;
	size_t ns = results_sizes(r, &sizes), i;

	gp_string("op", op);
	size_axes(r, op);
	gp_string("cpu", r->cpu);
	gp_string("timer", r->timer);
	printf("emulated = %d\n", !strcmp(r->emulated, "yes"));
	gp_string("model", r->model);
	printf("warnings = %zu\n", r->nwarnings);
	printf("core_mhz = %.1f\n", r->core_mhz);
	printf("samples = %u\n", r->samples);
	printf("repeats = %u\n", r->repeats ? r->repeats : 1);
	printf("align = %u\n", l->align);
	gp_array("kernels", l->kernels, l->nk);
	gp_array("caches", l->caches, l->nc);
	printf("n_sizes = %zu\narray sizes[%zu]\n", ns, ns ? ns : 1);
	for (i = 0; i < ns; i++)
		printf("sizes[%zu] = %u\n", i + 1, sizes[i]);
	gp_string("roof", l->roof);
	print_lines(l);
	if (data)
		figaxes_print(l->axes, l->nc, sizes, ns);
	free(sizes);
}

/* --load-data, --rx-data: the panels written, and their assignments. */
static void print_panels(const struct results *r, const struct options *o)
{
	struct panels panels;
	const char **pk;
	size_t npk;

	if (!o->load_data && !o->rx_data)
		return;
	npk = results_kernels(r, 1, &pk);
	gp_array("panel_kernels", pk, npk);
	free(pk);
	if (o->load_data && !write_load_panels(r, o->load_data, &panels)) {
		printf("load_panels = %zu\n", panels.n);
		gp_titles("load_titles", &panels);
	}
	if (o->rx_data && !write_rx_panels(r, o->rx_data, &panels)) {
		printf("rx_panels = %zu\n", panels.n);
		gp_titles("rx_titles", &panels);
		gp_array("rx_policies", panels.policy, panels.npolicies);
	}
}

/* --ops: the file's ops, one a line. */
static void list_ops(const struct results *all)
{
	const char **ops;
	size_t n = results_ops(all, &ops), i;

	for (i = 0; i < n; i++)
		printf("%s\n", ops[i]);
	free(ops);
}

int cmd_gpvars(int argc, char **argv)
{
	struct layout l = { 0 };
	struct results all, r;
	struct options o;
	const char *op;
	int rc = parse_options(argc, argv, &o);

	if (rc)
		return rc == 1 ? 0 : 2;
	l.quartiles = o.quartiles && o.data;
	if (results_read(&all, o.path, l.quartiles))
		return 2;
	if (o.list || !(op = pick_op(&all, o.path, o.op, o.kernel))) {
		if (o.list)
			list_ops(&all);
		results_free(&all);
		return o.list ? 0 : 2;
	}
	results_of_op(&all, op, &r);
	rc = make_layout(&all, &r, o.path, op, o.kernel, &l);
	if (!rc && o.data && write_data(&all, &r, &l, o.data))
		rc = 2;
	if (rc)
		goto out;
	print_vars(&r, op, &l, !!o.data);
	print_panels(&r, &o);
out:
	figlines_free(&l.lines);
	free(l.pfax);
	free(l.axes);
	free(l.caches);
	free(l.kernels);
	results_free(&r);
	results_free(&all);
	return rc;
}
