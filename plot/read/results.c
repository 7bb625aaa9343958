/* Reading csumbench results CSVs: metadata lines, a header naming the
   columns, and rows checked field by field, so a malformed file stops
   with its name and line instead of making an empty figure.  Rows of the
   same point from several repeats are merged into one.  Rows and samples
   are matched by sorting, not by searching: a run may have tens of
   thousands of points and millions of samples (those are samples.c's). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "lib/xalloc.h"
#include "read/csv.h"
#include "read/ops.h"
#include "read/results.h"


static void set_meta(char **dst, const char *v, int word)
{
	free(*dst);
	*dst = xstrndup(v, word ? strcspn(v, " \t") : strlen(v), RESULTS_READ);
}

/* "tsc (what it counts)": the words in brackets after the name. */
static void set_timer_what(struct results *r, const char *v)
{
	const char *o = strchr(v, '('), *c = strrchr(v, ')');

	free(r->timer_what);
	r->timer_what = o && c > o ? xstrndup(o + 1, (size_t)(c - o - 1), RESULTS_READ) :
				     xstrdup("", RESULTS_READ);
}

/* A warning of the run, kept to be shown with its figures. */
static void add_warning(struct results *r, const char *v)
{
	size_t n = strlen(v);

	while (n && (v[n - 1] == '\n' || v[n - 1] == '\r'))
		n--;
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof(*r->warnings),
			       RESULTS_READ);
	r->warnings[r->nwarnings] = xmalloc(n + 1, RESULTS_READ);
	snprintf(r->warnings[r->nwarnings++], n + 1, "%.*s", (int)n, v);
}

/* The line kept as it is, for the keys read elsewhere. */
static void keep_meta(struct results *r, const char *key, const char *v,
		      size_t line)
{
	struct meta_line *m;

	r->meta = xrealloc(r->meta, (r->nmeta + 1) * sizeof(*r->meta),
			   RESULTS_READ);
	m = &r->meta[r->nmeta++];
	m->key = xstrdup(key, RESULTS_READ);
	m->value = xstrdup(v, RESULTS_READ);
	m->line = line;
}

/* The keys this reader interprets.  A number or a word is read from the
   value's start: files written before they were data alone carry words
   after it ("# tick_hz: N (how)", "# order: rounds (...)"). */
static void meta_value(struct results *r, const char *key, const char *v,
		       double *hz, double *cycles_per_tick)
{
	if (!strcmp(key, "cpu_model"))
		set_meta(&r->cpu, v, 0);
	else if (!strcmp(key, "timer")) {
		set_meta(&r->timer, v, 1);
		set_meta(&r->timer_line, v, 0);
		set_timer_what(r, v);
	}
	else if (!strcmp(key, "timer_counts"))
		set_meta(&r->timer_counts, v, 1);
	else if (!strcmp(key, "emulated"))
		set_meta(&r->emulated, v, 1);
	else if (!strcmp(key, "model"))
		set_meta(&r->model, v, 0);
	else if (!strcmp(key, "run_id"))
		set_meta(&r->run_id, v, 1);
	else if (!strcmp(key, "partial"))
		r->partial = true;
	else if (!strcmp(key, "order"))
		set_meta(&r->order, v, 1);
	else if (!strcmp(key, "roofline"))
		set_meta(&r->roofline, strcmp(v, "none") ? v : "", 1);
	else if (!strcmp(key, "compiler"))
		set_meta(&r->compiler, v, 0);
	else if (!strcmp(key, "cflags"))
		set_meta(&r->cflags, v, 0);
	else if (!strcmp(key, "kernel_cflags"))
		set_meta(&r->kernel_cflags, v, 0);
	else if (!strcmp(key, "build"))
		set_meta(&r->build, v, 0);
	else if (!strcmp(key, "csumbench"))
		set_meta(&r->version, v, 0);
	else if (!strcmp(key, "core_clock"))
		set_meta(&r->core_clock, v, 0);
	else if (!strcmp(key, "kernel_release"))
		set_meta(&r->kernel_release, v, 0);
	else if (!strcmp(key, "processes"))
		r->processes = (unsigned)strtoul(v, NULL, 10);
	else if (!strcmp(key, "warning"))
		add_warning(r, v);
	else if (!strcmp(key, "layouts"))
		r->layouts = (unsigned)strtoul(v, NULL, 10);
	else if (!strcmp(key, "tick_hz"))
		*hz = atof(v);
	else if (!strcmp(key, "timer_resolution_ticks"))
		r->resolution = atof(v);
	else if (!strcmp(key, "cycles_per_tick"))
		*cycles_per_tick = atof(v);
}

/* A "# key: value" line into r; 0, or -1 after a message at the line
   (a # op: line is read as data, and must be whole). */
static int meta(struct results *r, const char *line, size_t lineno,
		double *hz, double *cycles_per_tick)
{
	char key[64];
	const char *v;
	int n;

	if (sscanf(line, "# %63[a-z_]: %n", key, &n) != 1)
		return 0;
	v = line + n;
	keep_meta(r, key, v, lineno);
	if (!strcmp(key, "op") && op_describe(&r->ops, v)) {
		fprintf(stderr, "%s:%zu: op '%s', expected 'NAME|cost=byte or "
			"call|size=...|axis=...|word=...|about=...' "
			"(docs/results-format.md)\n", r->path, lineno, v);
		return -1;
	}
	meta_value(r, key, v, hz, cycles_per_tick);
	return 0;
}

bool results_timer_is_timebase(const struct results *r)
{
	const char *t = r->timer;

	if (r->timer_counts[0])
		return !strcmp(r->timer_counts, "timebase");
	/* The fallback for files before # timer_counts:: the fixed-rate
	   counters csumbench's ports had then, by name. */
	return !strcmp(t, "tsc") || !strcmp(t, "mftb") ||
	       !strcmp(t, "timebase") || !strcmp(t, "cntvct");
}

/* Columns: the first NNEED must be there; the rest are read when they
   are.  Words are copied, numbers checked (whole ones as such). */
enum { C_KERNEL, C_SIZE, C_ALIGN, C_CACHE, C_PREFETCH, C_SAMPLES, C_TICKS,
       C_CPB, C_BPC, C_MBPS, NNEED, C_ARCH = NNEED, C_OFFSET, C_REPEAT,
       C_NET, C_OP, C_TMIN, C_TMEAN, C_TMAX, C_CYCLES_PER_TICK, C_LOAD, C_RX_PREFETCH, C_P99,
       C_ROOF, C_STEPS, C_CMIN, C_CP99, C_CP999, C_CMAX, C_CMEAN, C_BELOW,
       C_CMAXRUN, C_CPREEMPT, C_CBSTEP, C_ITERS, NCOLS };
static const char *const names[NCOLS] = {
	"kernel", "size", "align", "cache", "prefetch", "samples", "ticks_median",
	"cycles_per_byte", "bytes_per_cycle", "mb_per_s", "arch", "code_offset",
	"repeat", "cycles_per_byte_net", "op", "ticks_min", "ticks_mean",
	"ticks_max", "cycles_per_tick", "load", "rx_prefetch", "ticks_p99",
	"roofline_fraction", "region_steps", "call_min", "call_p99",
	"call_p999", "call_max", "call_mean", "below_overhead",
	"call_max_unpreempted", "calls_preempted", "calls_below_step",
	"iters",
};
static const char is_word[NCOLS] = { [C_KERNEL] = 1, [C_CACHE] = 1,
	[C_PREFETCH] = 1, [C_ARCH] = 1, [C_OFFSET] = 1, [C_OP] = 1,
	[C_LOAD] = 1, [C_RX_PREFETCH] = 1 };
static const char is_whole[NCOLS] = { [C_SIZE] = 1, [C_ALIGN] = 1,
	[C_SAMPLES] = 1, [C_REPEAT] = 1 };
/* Times: empty where the harness had none to print, a figure below 0
   (a region shorter than the overhead subtracted: below_overhead), and
   read so from older files that printed it. */
static const char is_time[NCOLS] = { [C_TICKS] = 1, [C_CPB] = 1,
	[C_BPC] = 1, [C_MBPS] = 1, [C_TMIN] = 1, [C_TMEAN] = 1, [C_TMAX] = 1,
	[C_P99] = 1, [C_STEPS] = 1, [C_CMIN] = 1, [C_CP99] = 1, [C_CP999] = 1,
	[C_CMAX] = 1, [C_CMEAN] = 1, [C_CMAXRUN] = 1 };

/* The median of the finite values; NAN when there are none. */
static double median_finite(double *v, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]))
			v[m++] = v[i];
	return m ? stats_median(v, m) : NAN;
}

/* A row as read, before the repeats of its point are merged. */
struct raw {
	struct row w;
	unsigned rep;
	bool below;		/* its median was below the overhead: no time */
};

static void free_strings(struct row *w)
{
	free(w->kernel);
	free(w->arch);
	free(w->op);
	free(w->cache);
	free(w->prefetch);
	free(w->code_offset);
	free(w->base_cache);
	free(w->load);
	free(w->rx_prefetch);
	w->kernel = w->arch = w->op = w->cache = w->prefetch = NULL;
	w->code_offset = w->base_cache = w->load = w->rx_prefetch = NULL;
}

static int cmp_raw(const void *x, const void *y)
{
	const struct raw *a = *(struct raw *const *)x, *b = *(struct raw *const *)y;
	int c = row_cmp_point(&a->w, &b->w);

	if (c)
		return c;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	return (a->w.line > b->w.line) - (a->w.line < b->w.line);
}

static int cmp_point(const void *x, const void *y)
{
	return row_cmp_point(x, y);
}

static int cmp_line(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return (a->line > b->line) - (a->line < b->line);
}

/* Kernel names are unique across ops: a kernel under two ops is a file
   put together wrongly, and its rows would land in two tables.  s is
   sorted by kernel; the row reported is the first that disagrees with
   the kernel's first row. */
static int check_ops(const struct results *r, struct raw *const *s, size_t n)
{
	size_t i, j, k, first, bad;

	for (i = 0; i < n; i = j) {
		first = i;
		bad = n;
		for (j = i + 1;
		     j < n && !row_cmp_kernel(&s[i]->w, &s[j]->w); j++)
			if (s[j]->w.line < s[first]->w.line)
				first = j;
		for (k = i; k < j; k++)
			if (strcmp(s[k]->w.op, s[first]->w.op) &&
			    (bad == n || s[k]->w.line < s[bad]->w.line))
				bad = k;
		if (bad < n) {
			fprintf(stderr, "%s:%zu: kernel %s has op %s here but op %s "
				"at line %zu; expected one op per kernel\n", r->path,
				s[bad]->w.line, s[bad]->w.kernel, s[bad]->w.op,
				s[first]->w.op, s[first]->w.line);
			return -1;
		}
	}
	return 0;
}

/* The spread of a point's calls over its c repeats s[0..c) (s[base] is
   the one kept): the fewest and most ticks of any, the mean weighted by
   samples; in cycles, each repeat's at its own cycles_per_tick. */
static void merge_spread(struct row *m, struct raw *const *s, size_t c,
			 size_t base)
{
	const struct row kept = *m;	/* m changes below */
	double wsum = 0, tsum = 0, csum = 0, preempted = 0, below_step = 0;
	size_t k;

	for (k = 0; k < c; k++) {
		const struct row *x = k == base ? &kept : &s[k]->w;
		double wt = x->samples ? x->samples : 1;

		if (!k || x->ticks_min < m->ticks_min)
			m->ticks_min = x->ticks_min;
		if (!k || x->ticks_p99 > m->ticks_p99 || isnan(m->ticks_p99))
			m->ticks_p99 = x->ticks_p99;
		if (!k || x->ticks_max > m->ticks_max)
			m->ticks_max = x->ticks_max;
		if (!k || x->call_p99 > m->call_p99 || isnan(m->call_p99))
			m->call_p99 = x->call_p99;
		if (!k || x->call_p999 > m->call_p999 || isnan(m->call_p999))
			m->call_p999 = x->call_p999;
		if (!k || x->call_max_running > m->call_max_running ||
		    isnan(m->call_max_running))
			m->call_max_running = x->call_max_running;
		preempted += x->calls_preempted;
		below_step += x->calls_below_step;
		if (!k || x->region_steps < m->region_steps ||
		    isnan(m->region_steps))
			m->region_steps = x->region_steps;
		if (x->iters != kept.iters && !isnan(x->iters))
			m->iters = -1;	/* K differs among them */
		if (!k || x->ticks_min * x->cycles_per_tick < m->cyc_min)
			m->cyc_min = x->ticks_min * x->cycles_per_tick;
		if (!k || x->ticks_max * x->cycles_per_tick > m->cyc_max)
			m->cyc_max = x->ticks_max * x->cycles_per_tick;
		wsum += wt;
		tsum += wt * x->ticks_mean;
		csum += wt * x->ticks_mean * x->cycles_per_tick;
	}
	m->ticks_mean = tsum / wsum;
	m->cyc_mean = csum / wsum;
	m->calls_preempted = preempted;
	m->calls_below_step = below_step;
}

/* A repeat's cycles per byte as a point is judged by: a size mix's
   (size 0) by its mean call, as the published mix measurements were (the
   median call of a mix of 40 B and 1500 B packets is a 40 B call, blind
   to the long ones); any other point by its median. */
static double mix_by_mean(const struct row *x)
{
	if (x->size || !isfinite(x->ticks_mean) || !(x->ticks_median > 0))
		return x->cycles_per_byte;
	return x->cycles_per_byte * x->ticks_mean / x->ticks_median;
}

/* A point given twice in one repeat (s sorted by cmp_raw): -1 after
   naming the one that comes first in the file, else 0. */
static int check_duplicates(const struct results *r, struct raw *const *s,
			    size_t n)
{
	size_t i, dup = 0, first;
	const struct row *w;

	for (i = 1; i < n; i++)
		if (!row_cmp_point(&s[i - 1]->w, &s[i]->w) &&
		    s[i - 1]->rep == s[i]->rep &&
		    (!dup || s[i]->w.line < s[dup]->w.line))
			dup = i;
	if (!dup)
		return 0;
	w = &s[dup]->w;
	for (first = dup;
	     first > 0 && !row_cmp_point(&s[first - 1]->w, w) &&
	     s[first - 1]->rep == s[dup]->rep;)
		first--;
	fprintf(stderr, "%s:%zu: duplicate point kernel=%s size=%u align=%u "
		"cache=%s prefetch=%s code_offset=%s repeat=%u (first at line "
		"%zu); expected each point once per repeat\n", r->path, w->line,
		w->kernel, w->size, w->align, w->cache, w->prefetch,
		w->code_offset, s[dup]->rep, s[first]->w.line);
	if (!w->size)
		fprintf(stderr, "  (size 0 is size = mix)\n");
	return -1;
}

/* The figures of m from its c repeats s[0..c) (s[base]'s row is m now):
   each the repeats' median.  tmp holds 9 x stride doubles. */
static void merge_figures(struct row *m, struct raw *const *s, size_t c,
			  size_t base, double *tmp, size_t stride)
{
	double *ticks = tmp, *net = tmp + stride, *bpc = tmp + 2 * stride;
	double *mbps = tmp + 3 * stride, *cyc = tmp + 4 * stride;
	double *cycles_per_tick = tmp + 5 * stride, *roof = tmp + 6 * stride;
	double *cpb = tmp + 7 * stride, *judged = tmp + 8 * stride;
	size_t k;

	m->nrep = c;
	m->rep_cpb = xcalloc(c, sizeof(double), RESULTS_READ);
	for (k = 0; k < c; k++) {
		const struct row *x = k == base ? m : &s[k]->w;

		m->rep_cpb[k] = mix_by_mean(x);
		cpb[k] = x->cycles_per_byte;
		judged[k] = m->rep_cpb[k];
		ticks[k] = x->ticks_median;
		net[k] = x->cycles_per_byte_net;
		bpc[k] = x->bytes_per_cycle;
		mbps[k] = x->mb_per_s;
		cyc[k] = x->ticks_median * x->cycles_per_tick;
		cycles_per_tick[k] = x->cycles_per_tick;
		roof[k] = x->roofline_fraction;
	}
	merge_spread(m, s, c, base);
	m->cycles_per_byte = stats_median(cpb, c);
	m->cpb_mean_call = m->size ? NAN : stats_median(judged, c);
	m->ticks_median = stats_median(ticks, c);
	m->cycles_per_byte_net = stats_median(net, c);
	m->bytes_per_cycle = stats_median(bpc, c);
	m->mb_per_s = stats_median(mbps, c);
	m->cyc_median = stats_median(cyc, c);
	m->cycles_per_tick = stats_median(cycles_per_tick, c);
	m->roofline_fraction = median_finite(roof, c);
}

/* Merges the repeats of each point into r->rows, in the order the points
   first appear, and indexes them; -1 on a point given twice in one repeat. */
static int merge(struct results *r, struct raw *raw, size_t n)
{
	struct raw **s = xcalloc(n, sizeof(*s), RESULTS_READ);
	size_t i, j;
	double *tmp;

	for (i = 0; i < n; i++)
		s[i] = &raw[i];
	qsort(s, n, sizeof(*s), cmp_raw);
	if (check_duplicates(r, s, n) || check_ops(r, s, n)) {
		free(s);
		return -1;
	}
	r->rows = xcalloc(n, sizeof(*r->rows), RESULTS_READ);
	r->gone = xcalloc(n, sizeof(*r->gone), RESULTS_READ);
	tmp = xcalloc(9 * n, sizeof(*tmp), RESULTS_READ);
	for (i = 0; i < n; i = j) {
		size_t base = i;
		bool below = s[i]->below;

		for (j = i + 1;
		     j < n && !row_cmp_point(&s[i]->w, &s[j]->w); j++) {
			if (s[j]->w.line < s[base]->w.line)
				base = j;
			below |= s[j]->below;
		}
		/* A repeat with no time leaves the point out: the others'
		   medians alone would be the luckier ones. */
		if (below) {
			for (base = i; !s[base]->below; base++)
				;
			r->gone[r->ngone++] = s[base]->w;
			memset(&s[base]->w, 0, sizeof(s[base]->w));
			continue;
		}
		/* The first row read stands for the point; the rest give
		   their figures. */
		r->rows[r->nrows] = s[base]->w;
		memset(&s[base]->w, 0, sizeof(s[base]->w));
		merge_figures(&r->rows[r->nrows++], s + i, j - i, base - i, tmp, n);
		if (j - i > r->repeats)
			r->repeats = (unsigned)(j - i);
	}
	free(tmp);
	free(s);
	qsort(r->rows, r->nrows, sizeof(*r->rows), cmp_line);
	results_index(r);
	qsort(r->gone, r->ngone, sizeof(*r->gone), cmp_point);
	return 0;
}

/* The points left out, said once: the first in the file, and how many. */
static void say_gone(const struct results *r)
{
	const struct row *w = r->gone;
	size_t i;

	for (i = 1; i < r->ngone; i++)
		if (r->gone[i].line < w->line)
			w = &r->gone[i];
	if (w->per_call && w->calls_below_step > 0)
		fprintf(stderr, "%s:%zu: %s at %u B %s: its median call was below "
			"one timer step (calls_below_step): the timer does not "
			"resolve it, the point left out", r->path, w->line, w->kernel,
			w->size, w->cache);
	else
		fprintf(stderr, "%s:%zu: %s at %u B %s: its median region was "
			"shorter than the overhead subtracted (below_overhead): no "
			"time, the point left out", r->path, w->line, w->kernel,
			w->size, w->cache);
	if (r->ngone > 1)
		fprintf(stderr, "; %zu more points like it", r->ngone - 1);
	fprintf(stderr, "\n");
}


static void free_raw(struct raw *raw, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free_strings(&raw[i].w);
	free(raw);
}

/* Every string r holds, to "" (the CPU's to "unknown CPU") until the
   file says otherwise. */
static void results_begin(struct results *r, const char *path)
{
	char **empty[] = { &r->timer, &r->emulated, &r->model, &r->run_id, &r->order,
		&r->timer_what, &r->roofline, &r->compiler, &r->version,
		&r->core_clock, &r->timer_line, &r->kernel_release, &r->cflags,
		&r->kernel_cflags, &r->build, &r->timer_counts };
	size_t i;

	memset(r, 0, sizeof(*r));
	r->path = path;
	r->cpu = xstrdup("unknown CPU", RESULTS_READ);
	for (i = 0; i < sizeof(empty) / sizeof(empty[0]); i++)
		*empty[i] = xstrdup("", RESULTS_READ);
}

/* The header line: where each column is (-1: not there); -1 after a
   message if it is too long or lacks one that is needed. */
static int read_header(int idx[NCOLS], size_t *nh, struct csv *c,
		       const char *path)
{
	size_t i;

	*nh = csv_split(c);
	if (*nh > RESULTS_FIELDS_MAX) {
		fprintf(stderr, "%s:%zu: more than %d columns; expected a "
			"csumbench results CSV header\n", path, c->line, RESULTS_FIELDS_MAX);
		return -1;
	}
	for (i = 0; i < NCOLS; i++) {
		idx[i] = csv_col(c->fld, *nh, names[i]);
		if (idx[i] < 0 && i < NNEED) {
			fprintf(stderr, "%s:%zu: header has no '%s' column; "
				"expected a csumbench results CSV header "
				"(kernel,arch,op,size,...)\n", path, c->line,
				names[i]);
			return -1;
		}
	}
	return 0;
}

/* A row's fields checked and its numbers into v (NAN: empty, or a time
   below 0; size -1: a mix); -1 after a message. */
static int parse_fields(double v[NCOLS], const int idx[NCOLS],
			const struct csv *c, const char *path)
{
	size_t i;

	for (i = 0; i < NCOLS; i++) {
		if (idx[i] < 0)
			continue;
		if (is_word[i] && !*c->fld[idx[i]]) {
			fprintf(stderr, "%s:%zu: %s field empty%s\n", path,
				c->line, names[i], i == C_OP ? "; expected the "
				"kernel's op (csum, ip_fast_csum, csum_copy)" : "");
			return -1;
		}
		/* A partial run may end before the floor was timed: no net
		   figure, an empty field; p99 is empty below 100 samples;
		   roofline_fraction where there is no roofline row to hold
		   it to; a time below 0. */
		if ((i == C_NET || i >= C_ROOF || is_time[i]) && !*c->fld[idx[i]]) {
			v[i] = NAN;
			continue;
		}
		/* A size mix replayed: one row standing for its sizes. */
		if (i == C_SIZE && !strcmp(c->fld[idx[i]], "mix")) {
			v[i] = -1;
			continue;
		}
		if (!is_word[i] && !csv_num(c->fld[idx[i]], &v[i], is_whole[i])) {
			fprintf(stderr, "%s:%zu: %s '%s' is not a%s number\n",
				path, c->line, names[i], c->fld[idx[i]],
				is_whole[i] ? " whole" : "");
			return -1;
		}
		if (is_time[i] && v[i] < 0)	/* (older files) */
			v[i] = NAN;
	}
	if (v[C_SIZE] == 0) {
		fprintf(stderr, "%s:%zu: size 0, expected bytes from 1 or "
			"'mix'\n", path, c->line);
		return -1;
	}
	if (isnan(v[C_TICKS]) && !*c->fld[idx[C_TICKS]] &&
	    !(idx[C_BELOW] >= 0 && v[C_BELOW] > 0) &&
	    !(idx[C_CBSTEP] >= 0 && v[C_CBSTEP] > 0)) {
		fprintf(stderr, "%s:%zu: ticks_median field empty; expected a "
			"number, or below_overhead above 0 (a median region "
			"shorter than the overhead subtracted), or "
			"calls_below_step above 0 (timing = per-call: a median "
			"call below one timer step)\n", path, c->line);
		return -1;
	}
	return 0;
}

/* timing = per-call: the spread is of single calls (call_max or
   calls_below_step says so: a figure below one timer step, or below
   the overhead, is empty). */
static void per_call_spread(struct row *w, const double v[NCOLS],
			    const int idx[NCOLS])
{
	if (idx[C_CMIN] < 0 || idx[C_CMAX] < 0 || idx[C_CMEAN] < 0 ||
	    idx[C_CP99] < 0 || idx[C_CP999] < 0 || (isnan(v[C_CMAX]) &&
	    (idx[C_CBSTEP] < 0 || isnan(v[C_CBSTEP]))))
		return;
	w->per_call = true;
	w->ticks_min = v[C_CMIN];
	w->ticks_max = v[C_CMAX];
	w->ticks_mean = v[C_CMEAN];
	w->call_p99 = v[C_CP99];
	w->call_p999 = v[C_CP999];
	w->call_max_running = idx[C_CMAXRUN] < 0 ? NAN : v[C_CMAXRUN];
	w->calls_preempted = idx[C_CPREEMPT] < 0 || isnan(v[C_CPREEMPT]) ? 0 :
			     v[C_CPREEMPT];
	w->calls_below_step = idx[C_CBSTEP] < 0 || isnan(v[C_CBSTEP]) ? 0 :
			      v[C_CBSTEP];
}

/* A column's value, or NAN where the file has no such column. */
static double column_or_nan(const double v[NCOLS], const int idx[NCOLS],
			    int col)
{
	return idx[col] < 0 ? NAN : v[col];
}

/* A column's text, or dflt where the file has no such column. */
static char *word_or(const struct csv *c, const int idx[NCOLS], int col,
		     const char *dflt)
{
	return xstrdup(idx[col] < 0 ? dflt : c->fld[idx[col]], RESULTS_READ);
}

/* The row of a checked line (parse_fields' v); -1 after a message. cycles_per_tick
   is the file's cycles_per_tick line, for files without the column. */
static int make_row(struct row *w, const double v[NCOLS], const int idx[NCOLS],
		    const struct csv *c, const char *path, double cycles_per_tick)
{
	memset(w, 0, sizeof(*w));
	w->kernel = xstrdup(c->fld[idx[C_KERNEL]], RESULTS_READ);
	w->base_cache = xstrdup(c->fld[idx[C_CACHE]], RESULTS_READ);
	w->load = word_or(c, idx, C_LOAD, "idle");
	w->rx_prefetch = word_or(c, idx, C_RX_PREFETCH, "none");
	if (strcmp(w->load, "idle") && strcmp(w->load, "busy")) {
		fprintf(stderr, "%s:%zu: load '%s', expected idle or busy\n",
			path, c->line, w->load);
		free_strings(w);
		return -1;
	}
	w->cache = cache_label(w->base_cache, w->rx_prefetch, w->load);
	w->prefetch = xstrdup(c->fld[idx[C_PREFETCH]], RESULTS_READ);
	w->arch = word_or(c, idx, C_ARCH, "");
	/* Before ops, every kernel was csum_partial's. */
	w->op = word_or(c, idx, C_OP, "csum");
	w->code_offset = word_or(c, idx, C_OFFSET, "none");
	w->line = c->line;
	w->size = v[C_SIZE] < 0 ? 0 : (unsigned)v[C_SIZE];
	w->align = (unsigned)v[C_ALIGN];
	w->samples = (unsigned)v[C_SAMPLES];
	w->ticks_median = v[C_TICKS];
	w->cycles_per_byte = v[C_CPB];
	w->cycles_per_byte_net = idx[C_NET] < 0 ? v[C_CPB] : v[C_NET];
	w->bytes_per_cycle = v[C_BPC];
	w->mb_per_s = v[C_MBPS];
	w->ticks_min = column_or_nan(v, idx, C_TMIN);
	w->ticks_mean = column_or_nan(v, idx, C_TMEAN);
	w->ticks_max = column_or_nan(v, idx, C_TMAX);
	w->ticks_p99 = column_or_nan(v, idx, C_P99);
	w->region_steps = column_or_nan(v, idx, C_STEPS);
	w->iters = column_or_nan(v, idx, C_ITERS);
	w->call_p99 = w->call_p999 = w->call_max_running = NAN;
	per_call_spread(w, v, idx);
	w->roofline_fraction = column_or_nan(v, idx, C_ROOF);
	/* Older files give the ratio once, above the header. */
	w->cycles_per_tick = idx[C_CYCLES_PER_TICK] >= 0 ? v[C_CYCLES_PER_TICK] : cycles_per_tick > 0 ? cycles_per_tick : NAN;
	return 0;
}

/* The rows as read, before merging. */
struct raws {
	struct raw *raw;
	size_t n, cap;
};

/* The file's lines: metadata into r and *hz, *cycles_per_tick, rows into *out; 0
   with the header seen and a row read, else -1 after a message. */
static int read_lines(struct results *r, struct raws *out, struct csv *c,
		      double *hz, double *cycles_per_tick)
{
	const char *path = r->path;
	int idx[NCOLS], rc;
	size_t nh = 0;

	while ((rc = csv_next(c)) > 0) {
		double v[NCOLS];
		struct raw *x;
		size_t n;

		if (c->buf[0] == '#') {
			if (meta(r, c->buf, c->line, hz, cycles_per_tick))
				return -1;
			continue;
		}
		if (c->buf[strspn(c->buf, " \t")] == '\0')
			continue;
		if (!nh) {
			if (read_header(idx, &nh, c, path))
				return -1;
			continue;
		}
		n = csv_split(c);
		if (n != nh) {
			fprintf(stderr, "%s:%zu: %zu fields, expected %zu as in the header\n",
				path, c->line, n, nh);
			return -1;
		}
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 256;
			out->raw = xreallocarray(out->raw, out->cap, sizeof(*out->raw),
						 RESULTS_READ);
		}
		x = &out->raw[out->n];
		if (parse_fields(v, idx, c, path) || make_row(&x->w, v, idx, c, path, *cycles_per_tick))
			return -1;
		x->below = isnan(v[C_TICKS]) || isnan(v[C_CPB]);
		x->rep = idx[C_REPEAT] < 0 ? 1 : (unsigned)v[C_REPEAT];
		out->n++;
	}
	if (rc < 0)
		return -1;
	/* (a file cut short: the line it ends at named) */
	if (!nh && c->line) {
		fprintf(stderr, "%s:%zu: the file ends with no header line; "
			"expected a csumbench results CSV (make bench writes them "
			"to results/)\n", path, c->line);
		return -1;
	}
	if (!nh) {
		fprintf(stderr, "%s: no header line; expected a csumbench results "
			"CSV (make bench writes them to results/)\n", path);
		return -1;
	}
	if (!out->n) {
		fprintf(stderr, "%s:%zu: no data rows after the header\n", path,
			c->line);
		return -1;
	}
	return 0;
}

int results_read(struct results *r, const char *path, int with_samples)
{
	struct raws raws = { NULL, 0, 0 };
	double hz = 0, cycles_per_tick = 0;
	struct csv c;
	int bad;

	results_begin(r, path);
	if (csv_open(&c, path)) {
		fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
		bad = 1;
	} else
		bad = read_lines(r, &raws, &c, &hz, &cycles_per_tick);
	csv_close(&c);
	bad = bad || merge(r, raws.raw, raws.n);
	free_raw(raws.raw, raws.n);
	if (bad) {
		results_free(r);
		return -1;
	}
	if (r->ngone)
		say_gone(r);
	if (!r->nrows) {
		fprintf(stderr, "%s: no point with a time: every median region was "
			"shorter than the overhead subtracted, or (timing = per-call) "
			"a median call below one timer step\n", path);
		results_free(r);
		return -1;
	}
	r->samples = r->rows[0].samples;
	r->core_mhz = hz * cycles_per_tick / 1e6;
	r->tick_hz = hz > 0 ? hz : 0;
	if (with_samples && results_read_samples(r, path)) {
		results_free(r);
		return -1;
	}
	return 0;
}

void results_free(struct results *r)
{
	const char *path;
	size_t i;

	if (r->view) {
		free(r->rows);
		free(r->index);
		memset(r, 0, sizeof(*r));
		return;
	}
	for (i = 0; i < r->nrows; i++) {
		free_strings(&r->rows[i]);
		free(r->rows[i].rep_cpb);
		free(r->rows[i].cpb);
		free(r->rows[i].srep);
		free(r->rows[i].sround);
	}
	for (i = 0; i < r->ngone; i++)
		free_strings(&r->gone[i]);
	free(r->gone);
	free(r->rows);
	free(r->index);
	free(r->cpu);
	free(r->timer);
	free(r->emulated);
	free(r->model);
	free(r->run_id);
	free(r->order);
	free(r->timer_what);
	free(r->timer_counts);
	free(r->roofline);
	free(r->compiler);
	free(r->cflags);
	free(r->kernel_cflags);
	free(r->build);
	free(r->version);
	free(r->core_clock);
	free(r->timer_line);
	free(r->kernel_release);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	for (i = 0; i < r->nmeta; i++) {
		free(r->meta[i].key);
		free(r->meta[i].value);
	}
	free(r->meta);
	ops_described_free(&r->ops);
	/* Empty, so that freeing it again (a reader's failure path, then its
	   caller's) frees nothing twice; every pointer it owned included. */
	path = r->path;
	memset(r, 0, sizeof(*r));
	r->path = path;
}
