/* csumreport table: rows are prefetch distances (or kernels), columns are
   sizes or cache states, cells the median in one metric; no line over 72
   columns, ready for a commit message.
 *
 * The distance and kernel tables are cmd_table's alone and print its metrics; what every table shares is in
 * table/. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/args.h"
#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/query.h"
#include "read/results.h"
#include "read/sizes.h"
#include "table/copytable.h"
#include "table/loadtable.h"
#include "table/table.h"
#include "text/frame.h"
#include "text/labels.h"
#include "text/warnings.h"
#include "text/wrap.h"

struct metric {
	const char *name, *unit, *fmt;
	double (*get)(const struct results *, const struct row *);
	int per_call;		/* says which timer made it */
};

static double get_mbps(const struct results *r, const struct row *w)
{
	(void)r;
	return w->mb_per_s;
}

static double get_bpc(const struct results *r, const struct row *w)
{
	(void)r;
	return w->bytes_per_cycle;
}

static double get_cpb(const struct results *r, const struct row *w)
{
	(void)r;
	return w->cycles_per_byte;
}

/* Without cycles_per_tick (older files), from cycles per byte. */
static double get_cycles(const struct results *r, const struct row *w)
{
	(void)r;
	return isfinite(w->cyc_median) ? w->cyc_median :
	       w->cycles_per_byte * w->size;
}

static double get_ticks(const struct results *r, const struct row *w)
{
	(void)r;
	return w->ticks_median;
}

static double get_ns(const struct results *r, const struct row *w)
{
	return w->ticks_median / r->tick_hz * 1e9;
}

/* Service demand: the cycles a KB of payload costs, all of the call (or
   the rx walk's whole work per packet) counted. */
static double get_kb(const struct results *r, const struct row *w)
{
	(void)r;
	return w->cycles_per_byte * 1024;
}

/* Bytes per cycle over the run's roofline (its load kernel) at the same
   size, cache state and repeat: how near the loads' own limit. */
static double get_roof(const struct results *r, const struct row *w)
{
	(void)r;
	return w->roofline_fraction;
}

static int has_fraction(const struct results *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (isfinite(r->rows[i].roofline_fraction))
			return 1;
	return 0;
}

/* The unit of ticks is the timer's: named in the caption. */
static const struct metric metrics[] = {
	{ "mbps", "MB/s", "%.0f", get_mbps, 0 },
	{ "bpc", "bytes/cycle", "%.3f", get_bpc, 0 },
	{ "cpb", "cycles/byte", "%.3f", get_cpb, 0 },
	{ "cycles", "cycles per call", "%.1f", get_cycles, 1 },
	{ "ticks", "ticks per call", "%.2f", get_ticks, 1 },
	{ "ns", "ns per call", "%.1f", get_ns, 1 },
	{ "kb", "cycles per KB", "%.0f", get_kb, 1 },
	{ "roofline", "bytes/cycle over the roofline's", "%.2f", get_roof, 0 },
};
#define NMETRICS (sizeof(metrics) / sizeof(metrics[0]))

static const struct metric *metric_named(const char *name)
{
	size_t i;

	for (i = 0; i < NMETRICS; i++)
		if (!strcmp(metrics[i].name, name))
			return &metrics[i];
	return NULL;
}

enum { O_OP = 256, O_KERNEL, O_METRIC, O_BY, O_CACHE, O_SIZE, O_ALIGN,
       O_CODE_OFFSET };

/* metrics[]'s names, in its order. */
static const char *const metric_names[] = {
	"mbps", "bpc", "cpb", "cycles", "ticks", "ns", "kb", "roofline", NULL
};

/* --by's. */
static const char *const by_names[] = {
	"size", "cache", "load", "rx_prefetch", "spread", NULL
};

/* What the command line asks for: the tables' options, and what they
   are made from. */
struct table_args {
	struct table_opts t;
	int metric;			/* in metrics[]; -1: the op's default */
	int by;				/* in by_names */
	struct args_size size;
	const char *align;		/* NULL: the least */
};

#define AT(field) offsetof(struct table_args, field)

static const struct args_opt options[] = {
	{ .name = "op", .key = O_OP, .arg = "OP",
	  .help = "only OP's tables (a file may hold several)",
	  .type = ARGS_STRING, .at = AT(t.op), .flags = ARGS_EMPTY_UNSET },
	{ .name = "kernel", .key = O_KERNEL, .arg = "K",
	  .help = "rows are K's distances, or K alone\n(default: a table "
	  "for each prefetching\nkernel; without one, rows are kernels)",
	  .type = ARGS_STRING, .at = AT(t.kernel), .flags = ARGS_EMPTY_UNSET },
	{ .name = "metric", .key = O_METRIC, .arg = "M",
	  .help = "mbps, bpc, cpb, cycles, ticks, ns, kb or\nroofline",
	  .type = ARGS_ENUM, .at = AT(metric), .names = metric_names,
	  .label = "metric" },
	{ .name = "by", .key = O_BY, .arg = "B",
	  .help = "columns: size (default), cache; or the\nworkload tables: "
	  "load, rx_prefetch, spread",
	  .type = ARGS_ENUM, .at = AT(by), .names = by_names },
	{ .name = "cache", .key = O_CACHE, .arg = "C",
	  .help = "only cache state C (warm, cold, ring/next...)",
	  .type = ARGS_STRING, .at = AT(t.cache), .flags = ARGS_EMPTY_UNSET },
	{ .name = "size", .key = O_SIZE, .arg = "N",
	  .help = "only size N: bytes, or with B, K, M or G",
	  .type = ARGS_SIZE, .at = AT(size),
	  .expected = "bytes such as 1500, 64K or 1M: a whole number with an "
	  "optional B, K, M or G (powers of 1024)" },
	{ .name = "align", .key = O_ALIGN, .arg = "N",
	  .help = "points at alignment N (default: the least)",
	  .type = ARGS_STRING, .at = AT(align), .flags = ARGS_EMPTY_UNSET },
	{ .name = "code-offset", .key = O_CODE_OFFSET, .arg = "none|N",
	  .help = "points with code at N (default: the\nfirst offset in the "
	  "file)", .type = ARGS_STRING, .at = AT(t.off), .flags = ARGS_EMPTY_UNSET },
	{ .name = NULL }
};

static const struct args_cmd command = {
	"table", "RESULTS.csv [OPTION]...",
	"Sizes are bytes, with an optional B, K, M or G (powers of 1024).\n"
	"Rows are the kernels (a prefetching one at prefetch none), then\n"
	"a table of each prefetching kernel's distances; --kernel K:\n"
	"K's alone (its distances, if it has them);\n"
	"columns are sizes (a table per cache state) or cache states (a\n"
	"table per size).  --size keeps one size's column or table, and\n"
	"must be a size the file has.  Points of a code_offset sweep are\n"
	"shown at the first offset in the file unless --code-offset picks\n"
	"one.\n\n"
	"Each op has tables of its own, headed with its name when the file\n"
	"holds several; --op (or --kernel) picks one.  The roofline's op\n"
	"(load) is left out, said in a line, unless --op picks it.  --kernel\n"
	"K without distances: K's row alone.  Metrics: MB/s, bytes per\n"
	"cycle, cycles per byte (the median), or per call the median's\n"
	"cycles, timer ticks or ns; roofline is bytes per cycle over the\n"
	"run's load kernel's at the same size, cache state and repeat\n"
	"(the CSV's roofline_fraction).  Tables default to compare's unit:\n"
	"csum cpb, ip_fast_csum cycles.  csum_copy tables are per size and\n"
	"cache state: min, max and mean ns and cycles per call of each\n"
	"kernel (--metric does not apply), with the floor below.\n\n"
	"Cache states are told apart with the run's load and rx policy:\n"
	"warm, warm+busy, ring/none, ring/next+busy...  --by load prints\n"
	"min, max and mean ns per call (cycles with --metric cycles) idle\n"
	"and busy side by side; --by rx_prefetch the rx ring's policies\n"
	"side by side, in cycles per KB (kb: service demand) by default;\n"
	"--by spread the csum_copy shape for any op: min, max and mean ns\n"
	"and cycles per call.  A size mix's rows have size 'mix'.\n\n"
	"Exit status: 0, or 2 for bad usage or input (an unknown kernel,\n"
	"op or size lists the file's).\n",
	options
};

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
/* Per-call tables end with the op's empty call at each column: what
   the harness's loop and the call cost, under every figure above.
   Returns the empty kernel's name, or NULL when no column has one. */
static const char *print_floor(const struct table *t, char **cols, size_t j0,
			size_t j1, const unsigned *colsize, const char *cache,
			unsigned size, size_t w0, size_t cw)
{
	const char *name = NULL;
	char cell_buf[64];
	size_t i, j;

	printf("%-*s", (int)w0, "(floor)");
	for (j = j0; j < j1; j++) {
		const struct row *w = NULL, *f = NULL;

		for (i = 0; i < t->nrows && !w; i++)
			w = cell(t, i, colsize ? colsize[j] : size,
				 colsize ? cache : cols[j]);
		if (w)
			f = results_floor(t->r, w);
		if (f) {
			snprintf(cell_buf, sizeof(cell_buf), t->m->fmt,
				 t->m->get(t->r, f));
			name = f->kernel;
		} else {
			snprintf(cell_buf, sizeof(cell_buf), "-");
		}
		printf("  %*s", (int)cw, cell_buf);
	}
	printf("\n");
	return name;
}

/* heads: what the columns are called, or NULL: cols. */
static void print_table(const struct table *t, char **cols, char **heads,
			size_t ncols, const unsigned *colsize, const char *cache,
			unsigned size)
{
	size_t w0 = 8, cw = 6, i, j, c0, per;
	const char *floor_name = NULL;
	char cell_buf[64];

	if (labels_width(&t->lab) > w0)
		w0 = labels_width(&t->lab);
	if (!heads)
		heads = cols;
	for (j = 0; j < ncols; j++)
		if (strlen(heads[j]) > cw)
			cw = strlen(heads[j]);
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < ncols; j++) {
			const struct row *w = cell(t, i, colsize ? colsize[j] : size,
						   colsize ? cache : cols[j]);
			if (w && (size_t)snprintf(cell_buf, sizeof(cell_buf), t->m->fmt,
						  t->m->get(t->r, w)) > cw)
				cw = strlen(cell_buf);
		}
	per = w0 + cw + 2 <= TABLE_WIDTH ? (TABLE_WIDTH - w0) / (cw + 2) : 1;
	labels_caption(&t->lab);
	for (c0 = 0; c0 < ncols; c0 += per) {
		printf("%-*s", (int)w0, t->rows_are_kernels ? "kernel" : "distance");
		for (j = c0; j < ncols && j < c0 + per; j++)
			printf("  %*s", (int)cw, heads[j]);
		printf("\n");
		for (i = 0; i < t->nrows; i++) {
			printf("%-*s", (int)w0, labels_get(&t->lab, t->names[i]));
			for (j = c0; j < ncols && j < c0 + per; j++) {
				const struct row *w;

				w = cell(t, i, colsize ? colsize[j] : size,
					 colsize ? cache : cols[j]);
				if (w)
					snprintf(cell_buf, sizeof(cell_buf), t->m->fmt,
						 t->m->get(t->r, w));
				else
					snprintf(cell_buf, sizeof(cell_buf), "-");
				printf("  %*s", (int)cw, cell_buf);
			}
			printf("\n");
		}
		if (t->m->per_call) {
			const char *f = print_floor(t, cols, c0, c0 + per < ncols ?
						    c0 + per : ncols, colsize,
						    cache, size, w0, cw);
			floor_name = f ? f : floor_name;
		}
		if (c0 + per < ncols)
			printf("\n");
	}
	if (floor_name)
		printf("floor: %s, the call with no work (not taken off)\n",
		       floor_name);
}

/* Which timer made a per-call figure, and how it became cycles or ns:
   ticks of a timebase, of a cycle counter and of a clock are not alike,
   so a table in ticks says what its timer counts. */
static void print_timer(const struct results *r, const struct metric *m)
{
	const char *t = r->timer[0] ? r->timer : "unknown";
	char what[512] = "", cycles_per_tick[96];

	if (r->timer_what[0])
		snprintf(what, sizeof(what), " (%.500s)", r->timer_what);
	if (!strcmp(m->name, "ticks")) {
		if (!r->timer[0])
			printf("timer: not named (no '# timer:' line in the CSV)\n");
		else if (results_timer_is_timebase(r))
			print_wrapped("  ", "timer: %s%s", t, what);
		else
			print_wrapped("  ", "timer: %s%s; NOT the timebase or TSC: "
				      "these are %s ticks", t, what, t);
	} else if (!strcmp(m->name, "ns")) {
		print_wrapped("  ", "timer: %s; ns = ticks / %.0f Hz", t, r->tick_hz);
	} else if (table_cycles_per_tick(r, cycles_per_tick,
					 sizeof(cycles_per_tick))) {
		print_wrapped("  ", "timer: %s; cycles = ticks x %s cycles/tick",
			      t, cycles_per_tick);
	} else {
		print_wrapped("  ", "timer: %s; cycles = cycles/byte x size (no "
			      "cycles_per_tick in the CSV)", t);
	}
}

/* What the tables of one op and kernel share: the table, the file's
   sizes and cache states, and the words of every caption. */
struct tables_ctx {
	struct table t;
	const struct table_opts *o;
	struct table_out *out;
	const struct op_info *oi;
	const char **caches;
	size_t ncaches;
	unsigned *sizes;
	size_t nsizes;
	char reps[32], unit[96], kinds[96], by[64];
	char *what;			/* the caption being written */
	size_t n;			/* its room */
};

/* A table under its caption (and the timer's line, per call). */
static void table_under(struct tables_ctx *c, char **cols, char **heads,
			size_t ncols, const unsigned *sizes, const char *cache,
			unsigned size)
{
	table_begin(c->out);
	print_caption(c->t.r, c->what);
	if (c->t.m->per_call)
		print_timer(c->t.r, c->t.m);
	print_table(&c->t, cols, heads, ncols, sizes, cache, size);
}

/* The columns of the rx tables of one load ("" or "+busy"): the cache
   states "ring/POLICY" of that load, headed POLICY. */
static size_t rx_columns(const struct tables_ctx *c, const char *load,
			 char **cols, char **heads)
{
	size_t j, nc = 0;

	for (j = 0; j < c->ncaches; j++) {
		const char *s = c->caches[j], *plus = strchr(s, '+');
		if (strncmp(s, "ring/", 5) || strcmp(plus ? plus : "", load))
			continue;
		cols[nc] = xstrdup(s, "a table's cells");
		heads[nc] = xstrdup(s + 5, "a table's cells");
		if (strchr(heads[nc], '+'))
			*strchr(heads[nc], '+') = '\0';
		nc++;
	}
	return nc;
}

/* --by rx_prefetch: the rx ring's policies side by side, per size and
   load: the columns are the cache states "ring/POLICY" (and their "+busy"
   twins in a table of their own). */
static void rx_tables(struct tables_ctx *c)
{
	static const char *const loads[2] = { "", "+busy" };
	const struct table *t = &c->t;
	char **cols = xcalloc(c->ncaches, sizeof(*cols), "a table");
	char **heads = xcalloc(c->ncaches, sizeof(*heads), "a table");
	char lab[32];
	size_t i, j, l, nc;

	for (l = 0; l < 2; l++) {
		nc = rx_columns(c, loads[l], cols, heads);
		for (i = 0; i < c->nsizes && nc; i++) {
			unsigned size = c->sizes[i];
			size_t k, have = 0;

			if (c->o->size && c->o->size != size)
				continue;
			for (k = 0; k < t->nrows; k++)
				for (j = 0; j < nc; j++)
					have += cell(t, k, size, cols[j]) != NULL;
			if (!have)
				continue;	/* no ring at this size */
			snprintf(c->what, c->n, "%s, %s, median of %u%s, %s %s, rx ring by "
				 "rx_prefetch%s", t->rows_are_kernels ? c->kinds : t->kernel,
				 c->unit, t->r->samples, c->reps,
				 size_label(size, lab, sizeof(lab)),
				 op_info(&t->r->ops, t->r->rows[0].op)->size_word,
				 l ? ", busy" : "");
			table_under(c, cols, heads, nc, NULL, NULL, size);
		}
		for (j = 0; j < nc; j++) {
			free(cols[j]);
			free(heads[j]);
		}
	}
	free(cols);
	free(heads);
}

/* --by size: a table per cache state, sizes across (--size: that size's
   column alone). */
static void size_tables(struct tables_ctx *c)
{
	const struct table *t = &c->t;
	const char *off = t->off;
	char **cols = xcalloc(c->nsizes, sizeof(*cols), "a table"), lab[32];
	size_t i, j, ncols;

	for (j = ncols = 0; j < c->nsizes; j++) {
		if (c->o->size && c->o->size != c->sizes[j])
			continue;
		c->sizes[ncols] = c->sizes[j];
		cols[ncols++] = xstrdup(size_label(c->sizes[j], lab, sizeof(lab)),
					"a table's cells");
	}
	c->nsizes = ncols;
	for (i = 0; i < c->ncaches && c->nsizes; i++) {
		if (c->o->cache && strcmp(c->o->cache, c->caches[i]))
			continue;
		snprintf(c->what, c->n, "%s%s, %s, median of %u%s, %s cache%s%s%s",
			 t->rows_are_kernels ? c->kinds : t->kernel,
			 t->rows_are_kernels ? c->by : "", c->unit,
			 t->r->samples, c->reps, c->caches[i],
			 t->align ? ", misaligned" : "",
			 strcmp(off, "none") ? ", code at +" : "",
			 strcmp(off, "none") ? off : "");
		table_under(c, cols, NULL, c->nsizes, c->sizes, c->caches[i], 0);
	}
	for (j = 0; j < c->nsizes; j++)
		free(cols[j]);
	free(cols);
}

/* --by cache: a table per size, cache states across. */
static void cache_tables(struct tables_ctx *c)
{
	const struct table *t = &c->t;
	const char *off = t->off;
	char **cols = xcalloc(c->ncaches, sizeof(*cols), "a table"), lab[32];
	size_t i, j;

	for (j = 0; j < c->ncaches; j++)
		cols[j] = xstrdup(c->caches[j], "a table's cells");
	for (i = 0; i < c->nsizes; i++) {
		if (c->o->size && c->o->size != c->sizes[i])
			continue;
		snprintf(c->what, c->n, "%s, %s, median of %u%s, %s %s%s%s",
			 t->rows_are_kernels ? c->kinds : t->kernel, c->unit,
			 t->r->samples, c->reps,
			 size_label(c->sizes[i], lab, sizeof(lab)),
			 c->oi->size_word,
			 strcmp(off, "none") ? ", code at +" : "",
			 strcmp(off, "none") ? off : "");
		table_under(c, cols, NULL, c->ncaches, NULL, NULL, c->sizes[i]);
	}
	for (j = 0; j < c->ncaches; j++)
		free(cols[j]);
	free(cols);
}

/* The rows of a table: the op's kernels, or KERNEL's distances (named
   "N bytes"), and their labels. */
static void table_rows(struct table *t, const char *kernel)
{
	size_t i, n;

	t->rows_are_kernels = !kernel || !kernel_prefetches(t->r, kernel);
	if (!t->rows_are_kernels) {
		t->nrows = results_prefetches(t->r, kernel, &t->rows);
	} else if (kernel) {
		/* --kernel asked for that kernel, not its op's others. */
		t->rows = xcalloc(1, sizeof(*t->rows), "a table");
		t->rows[0] = kernel;
		t->nrows = 1;
	} else {
		t->nrows = results_kernels(t->r, 1, &t->rows);
	}
	t->names = xcalloc(t->nrows, sizeof(*t->names), "a table");
	for (i = 0; i < t->nrows; i++) {
		if (t->rows_are_kernels || !strcmp(t->rows[i], "none")) {
			t->names[i] = xstrdup(t->rows[i], "a table's cells");
			continue;
		}
		n = strlen(t->rows[i]) + sizeof(" bytes");
		t->names[i] = xmalloc(n, "a table");
		snprintf(t->names[i], n, "%s bytes", t->rows[i]);
	}
	/* Room for the cells of two columns at least. */
	labels_make(&t->lab, (const char *const *)t->names, t->nrows, TABLE_WIDTH / 2,
		    t->rows_are_kernels ? "kernel" : "distance");
}

/* The words the captions share, and room for the longest caption. */
static void caption_words(struct tables_ctx *c)
{
	const struct results *r = c->t.r;
	const struct metric *m = c->t.m;
	const char *op = r->rows[0].op, *kernel = c->t.kernel;
	size_t i;

	if (r->repeats > 1)
		snprintf(c->reps, sizeof(c->reps), " x %u repeats", r->repeats);
	/* Ticks are the timer's own unit: its name says which. */
	if (!strcmp(m->name, "ticks") && r->timer[0])
		snprintf(c->unit, sizeof(c->unit), "%.40s ticks per call", r->timer);
	else
		snprintf(c->unit, sizeof(c->unit), "%s", m->unit);
	if (kernel)
		snprintf(c->kinds, sizeof(c->kinds), "%.90s", kernel);
	else
		snprintf(c->kinds, sizeof(c->kinds), "%.60s kernels", op);
	/* csum's tables say nothing of what a size is, as they always did. */
	if (c->oi != op_info(&r->ops, "csum"))
		snprintf(c->by, sizeof(c->by), " by %s", c->oi->size_title);
	c->n = strlen(kernel ? kernel : "") + strlen(c->t.off) + strlen(c->unit) +
	       strlen(c->kinds) + strlen(c->by) + 256;
	for (i = 0; i < c->ncaches; i++)
		c->n += strlen(c->caches[i]);
	c->what = xmalloc(c->n, "a table");
}

/* The tables of one op whose rows are kernels or distances and whose
   cells are one metric. */
static void kernel_tables_of(const struct results *r, const struct table_opts *o,
			     const struct metric *m, const char *kernel,
			     struct table_out *out)
{
	const char *off = o->off ? o->off : r->rows[0].code_offset;
	struct tables_ctx c;
	size_t i;

	for (i = 0; i < r->nrows && strcmp(r->rows[i].code_offset, off); i++)
		;
	if (i == r->nrows)
		return;		/* this op was not swept: not at that offset */
	memset(&c, 0, sizeof(c));
	c.t.r = r;
	c.t.m = m;
	c.t.kernel = kernel;
	c.t.off = off;
	c.o = o;
	c.out = out;
	c.oi = op_info(&r->ops, r->rows[0].op);
	table_rows(&c.t, kernel);
	c.t.align = table_align(r, o);
	c.nsizes = results_sizes(r, &c.sizes);
	c.ncaches = results_caches(r, &c.caches);
	caption_words(&c);
	if (!strcmp(o->by, "size"))
		size_tables(&c);
	else if (!strcmp(o->by, "rx_prefetch"))
		rx_tables(&c);
	else
		cache_tables(&c);
	free(c.what);
	for (i = 0; c.t.names && i < c.t.nrows; i++)
		free(c.t.names[i]);
	free(c.t.names);
	free(c.t.rows);
	labels_free(&c.t.lab);
	free(c.sizes);
	free(c.caches);
}

/* A table (set) for --kernel; else the op's kernels side by side (a
   prefetching one at prefetch = none), then one for each prefetching
   kernel, its rows the distances. */
static void kernel_tables(const struct results *r, const struct table_opts *o,
			  const struct metric *m, struct table_out *out)
{
	const char **kernels = NULL;
	size_t n = results_kernels(r, 0, &kernels), i;

	if (o->kernel) {
		kernel_tables_of(r, o, m, o->kernel, out);
	} else {
		kernel_tables_of(r, o, m, NULL, out);
		for (i = 0; i < n; i++)
			if (kernel_prefetches(r, kernels[i]))
				kernel_tables_of(r, o, m, kernels[i], out);
	}
	free(kernels);
}

/* "csum, csum_copy and ip_fast_csum" into buf. */
static const char *op_list(const char *const *ops, size_t n, char *buf,
			   size_t len)
{
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i == 0 ? "" :
				      i + 1 == n ? " and " : ", ", ops[i]);
	return buf;
}

/* The options and the file: -1 to go on, else the exit status. */
static int parse_command(struct table_args *ta, int argc, char **argv)
{
	struct args args;
	const char *v;
	int k, rc = -1;

	memset(ta, 0, sizeof(*ta));
	ta->metric = -1;
	args_begin_into(&args, &command, argc, argv, ta);
	while (rc < 0 && (k = args_next(&args, &v)) != ARGS_END) {
		if (k == ARGS_HELP)
			rc = 0;
		else if (k == ARGS_BAD)
			rc = 2;
		else if (ta->t.path)
			rc = args_bad_usage(&command, "unexpected '%s' (one "
					    "RESULTS.csv only)", v);
		else
			ta->t.path = v;
	}
	args_end(&args);
	if (rc >= 0)
		return rc;
	if (!ta->t.path)
		return args_bad_usage(&command, "%s", "no RESULTS.csv given");
	ta->t.by = by_names[ta->by];
	ta->t.size = ta->size.bytes;
	ta->t.align = ta->align ? atol(ta->align) : -1;
	return -1;
}

/* --kernel: a kernel of the file (of --op's op, if given), whose op's
   tables are printed: 0, or -1 after a message. */
static int check_kernel(const struct results *r, struct table_opts *o)
{
	const char *kop = results_kernel_op(r, o->kernel), **ks;
	size_t nk, i;

	if (!kop) {
		nk = results_kernels(r, 0, &ks);
		fprintf(stderr, "csumreport table: %s has no kernel '%s'; its "
			"kernels:", o->path, o->kernel);
		for (i = 0; i < nk; i++)
			fprintf(stderr, " %s", ks[i]);
		fprintf(stderr, "\n");
		free(ks);
		return -1;
	}
	if (o->op && strcmp(o->op, kop)) {
		fprintf(stderr, "csumreport table: kernel %s is a %s kernel, "
			"not %s\n", o->kernel, kop, o->op);
		return -1;
	}
	/* A kernel's distances are rows of its own op's tables. */
	o->op = kop;
	return 0;
}

/* --size: a size the file has: 0, or -1 after a message listing its. */
static int check_size(const struct results *r, const struct table_args *ta)
{
	unsigned *sizes;
	size_t ns = results_sizes(r, &sizes), i;
	char lab[32];

	for (i = 0; i < ns && sizes[i] != ta->t.size; i++)
		;
	if (i < ns) {
		free(sizes);
		return 0;
	}
	fprintf(stderr, "csumreport table: %s has no size '%s' (%u bytes); its "
		"sizes:", ta->t.path, ta->size.text, ta->t.size);
	for (i = 0; i < ns; i++)
		fprintf(stderr, "%s %s", i ? "," : "",
			sizes[i] ? size_label(sizes[i], lab, sizeof(lab)) : "mix");
	fprintf(stderr, "\n");
	free(sizes);
	return -1;
}

/* What the options select is in the file: 0, or -1 after a message. */
static int check_request(const struct results *r, const char **ops,
			 size_t nops, struct table_args *ta,
			 const struct metric *m)
{
	struct table_opts *o = &ta->t;
	char list[1024];
	size_t i;

	if (o->off) {
		for (i = 0; i < r->nrows && strcmp(r->rows[i].code_offset, o->off); i++)
			;
		if (i == r->nrows) {
			fprintf(stderr, "csumreport table: %s has no points at code "
				"offset '%s'\n", o->path, o->off);
			return -1;
		}
	}
	if (o->op) {
		for (i = 0; i < nops && strcmp(ops[i], o->op); i++)
			;
		if (i == nops) {
			fprintf(stderr, "csumreport table: %s has no op '%s'; its "
				"ops: %s\n", o->path, o->op,
				op_list(ops, nops, list, sizeof(list)));
			return -1;
		}
	}
	if ((o->kernel && check_kernel(r, o)) || (o->size && check_size(r, ta)))
		return -1;
	if (m && !strcmp(m->name, "ns") && r->tick_hz <= 0) {
		fprintf(stderr, "csumreport table: %s has no '# tick_hz:' line; "
			"ns need the timer's rate\n", o->path);
		return -1;
	}
	return 0;
}

/* The roofline's op is the ceiling the others are held to, not a result
   to paste: its tables are --op's alone, and a line says so. */
static void print_roofline_left_out(const struct results *r, size_t nops,
				    const struct table_opts *o)
{
	const char *roof = results_roofline_op(r);

	if (roof && nops > 1 && !o->op)
		print_wrapped("  ", "op %s, the roofline, left out: --op %s "
			      "(make table OP=%s) shows it", roof, roof, roof);
}

/* The tables of each op (of --op's alone, if given); how many (the
   roofline's op only if asked for, or if it is all the file holds). */
static size_t print_ops(const struct results *r, const char **ops, size_t nops,
			const struct table_opts *o, const struct metric *m)
{
	struct table_out out = { 0, NULL };
	const char *roof = results_roofline_op(r);
	struct results part;
	char heading[512];
	size_t i;

	for (i = 0; i < nops; i++) {
		if (o->op && strcmp(o->op, ops[i]))
			continue;
		if (!o->op && nops > 1 && roof && !strcmp(roof, ops[i]))
			continue;	/* said under the tables */
		results_of_op(r, ops[i], &part);
		/* The roofline's own op, and ops it does not apply to, have
		   no fraction to show. */
		if (m && m->get == get_roof && !o->op && !has_fraction(&part)) {
			results_free(&part);
			continue;
		}
		out.heading = NULL;
		if (nops > 1) {
			snprintf(heading, sizeof(heading), "op %s: %s", ops[i],
				 op_info(&r->ops, ops[i])->about);
			out.heading = heading;
		}
		if (!strcmp(o->by, "load"))
			load_tables(&part, o, m && !strcmp(m->name, "cycles"), &out);
		else if (!strcmp(o->by, "rx_prefetch"))
			kernel_tables(&part, o, m ? m : metric_named("kb"), &out);
		else if (!strcmp(ops[i], "csum_copy") || !strcmp(o->by, "spread"))
			copy_tables(&part, o, &out);
		else
			kernel_tables(&part, o, m ? m : metric_named(
				      op_info(&r->ops, ops[i])->per_call ?
				      "cycles" : "cpb"), &out);
		results_free(&part);
	}
	return out.ntables;
}

int cmd_table(int argc, char **argv)
{
	const char **ops = NULL;
	const struct metric *m;
	struct table_args ta;
	struct results r;
	size_t nops;
	int rc = parse_command(&ta, argc, argv);

	if (rc >= 0)
		return rc;
	m = ta.metric >= 0 ? &metrics[ta.metric] : NULL;
	if (results_read(&r, ta.t.path, 0))
		return 2;
	rc = 2;
	nops = results_ops(&r, &ops);
	if (check_request(&r, ops, nops, &ta, m))
		goto out;
	if (print_ops(&r, ops, nops, &ta.t, m)) {
		print_roofline_left_out(&r, nops, &ta.t);
		print_warnings(stdout, &r, "the run");
		rc = 0;
	} else if (m && m->get == get_roof) {
		fprintf(stderr, "csumreport table: %s has no roofline_fraction "
			"(a run with roofline = none, or one older than the "
			"column)\n", ta.t.path);
	} else {
		fprintf(stderr, "csumreport table: %s has no rows for that cache "
			"state or size\n", ta.t.path);
	}
out:
	free(ops);
	results_free(&r);
	return rc;
}
