/* Reading csumbench results CSVs (and their -samples.csv) on the host
   (results.c, samples.c) and the order of the points read (order.c);
   query.h has the lookups in what they read. */
#ifndef CSUMREPORT_RESULTS_H
#define CSUMREPORT_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "read/ops.h"

/* The harness's REGION_STEPS: a region shorter than this many timer
   steps has medians that move by more than 1% a step (row.region_steps
   below it is said so by compare and show). */
#define REGION_STEPS_MIN 100

/* A point: the rows of its repeats merged (figures are the medians of the
   repeats').  Strings are as long as the CSV has them. */
struct row {
	/* cache is the point's cache state as tables and figures tell them
	   apart: the CSV's cache, then "/POLICY" at cache = ring (the rx
	   walk's rx_prefetch) and "+busy" under load = busy: "warm",
	   "warm+busy", "ring/next".  base_cache, load and rx_prefetch are the
	   columns as read ("idle" and "none" in files without them). */
	char *kernel, *arch, *op, *cache, *prefetch, *code_offset;
	char *base_cache, *load, *rx_prefetch;
	unsigned size, align, samples;	/* size 0: a mix (size = mix) */
	size_t line;		/* of its first row in the CSV */
	double ticks_median, cycles_per_byte, cycles_per_byte_net;
	double bytes_per_cycle, mb_per_s;
	double roofline_fraction;	/* bytes/cycle over the roofline's
					   in the same repeat; NAN: none */
	/* Per call, over every sample of every repeat: the fewest and most
	   ticks and their mean, and the same in cycles (each repeat's ticks
	   times its own cycles_per_tick); the median's cycles, and the
	   cycles_per_tick, are the repeats' medians.  NAN where the CSV
	   has no such column. */
	double ticks_min, ticks_max, ticks_mean, cycles_per_tick;
	double ticks_p99;	/* the repeats' largest; NAN: none given */
	bool per_call;		/* timing = per-call: min, max and mean are
				   of single calls (call_min...) */
	double call_p99, call_p999;	/* per-call: the repeats' largest */
	double call_max_running;	/* per-call: the longest call the
					   scheduler did not switch out */
	double calls_preempted, calls_below_step;	/* per-call: summed
							   over the repeats */
	double region_steps;	/* the repeats' shortest median timed
				   region, in timer steps; NAN: not given */
	double iters;		/* calls per timed region (a cold state's
				   K); -1: the repeats' differ; NAN: not
				   given */
	double cyc_min, cyc_max, cyc_mean, cyc_median;
	double *rep_cpb;	/* each repeat's cycles/byte; a mix's (size 0)
				   from its mean call, the figure of merit a
				   size mix is judged by */
	double cpb_mean_call;	/* a mix: the repeats' median of its mean
				   call, cycles/byte (cycles_per_byte is its
				   median call's); NAN otherwise */
	size_t nrep;
	/* From -samples.csv, ordered by repeat and round: cycles/byte, and
	   the repeat and round (0: unknown) of each. */
	double *cpb;
	unsigned *srep, *sround;
	size_t ncpb;
};

/* A "# key: value" line as the file has it, and where: the keys this
   reader does not interpret itself are its callers' (recommend's
   model reads # cache_line:, # miss_latency:, # prefetch_loop:). */
struct meta_line {
	char *key, *value;
	size_t line;
};

struct results {
	const char *path;
	char *cpu, *timer, *emulated, *run_id, *order;	/* never NULL */
	char *model;		/* "": measured; else what the core model
				   says of its estimates (# model:) */
	char *timer_what;	/* "# timer: tsc (this)": what it counts */
	/* "# timer_counts:": cycles, timebase or other; "" in files
	   written before the line */
	char *timer_counts;
	char *roofline;		/* "# roofline:" its kernel, or "" */
	/* How the binary was built, as the lines say it ("" where a file
	   has none): # compiler:, # cflags:, # kernel_cflags:, # build:. */
	char *compiler, *cflags, *kernel_cflags, *build;
	/* For the paste block ("" where a file has none): # csumbench:,
	   # core_clock:, # timer: whole, # kernel_release:. */
	char *version, *core_clock, *timer_line, *kernel_release;
	/* Each "# warning:" line's text, in the file's order. */
	char **warnings;
	size_t nwarnings;
	/* Every "# key: value" line, in the file's order. */
	struct meta_line *meta;
	size_t nmeta;
	/* What its "# op:" lines say of the ops (a view shares them). */
	struct ops_described ops;
	/* "# processes: P": each repeat ran in a process of its own
	   (csumbench ab); 0: not said, the repeats shared one process. */
	unsigned processes;
	bool partial;		/* "# partial:": the run stopped early */
	unsigned layouts;	/* "# layouts: R": code and buffer copies
				   drawn from each round; 0: not said */
	bool view;		/* results_of_op's: rows of another's */
	double core_mhz;	/* tick_hz x cycles_per_tick, for MB/s axes */
	double tick_hz;		/* 0: not in the file */
	double resolution;	/* # timer_resolution_ticks:, 0: not said */
	struct row *rows;	/* in the order of the CSV */
	size_t nrows;
	struct row **index;	/* the rows ordered by point, for lookups */
	/* Points left out: a repeat's median region was shorter than the
	   overhead subtracted (below_overhead; older files printed it below
	   0), no time.  Their keys alone, ordered by point. */
	struct row *gone;
	size_t ngone;
	unsigned samples;	/* per point and repeat (the first row's) */
	unsigned repeats;	/* the most repeats of any point */
};

/* csumbench writes some 40 columns, and 17 more with 8 events
   (ev_running, and two per event); a header of many more is not its. */
#define RESULTS_FIELDS_MAX 64
/* What a shortage in reading names (xalloc.h). */
#define RESULTS_READ "the results CSV read into memory"

/* The cache label of a point (struct row's cache), in a new string. */
char *cache_label(const char *cache, const char *rx_prefetch, const char *load);

/* Reads and checks a results CSV; 0, or -1 after "FILE:LINE: ..." on
   stderr.  A point twice in one repeat is an error.  with_samples also
   reads the -samples.csv beside it.  Older files without code_offset,
   repeat or cycles_per_byte_net columns read as code in place, one
   repeat, and net equal to raw; without an op column, every row is op
   csum (all there was).  A kernel has one op: two are an error. */
int results_read(struct results *r, const char *path, int with_samples);
/* The -samples.csv beside path into r's rows (samples.c); 0, or -1
   after a message (r is then the caller's to free). */
int results_read_samples(struct results *r, const char *path);
/* Whether the timer's ticks are a fixed-rate counter's (TSC, the Power
   timebase, the Arm generic timer), not core cycles or nanoseconds: as
   # timer_counts: says, else (older files) by the timer's name. */
bool results_timer_is_timebase(const struct results *r);
/* Whether the run re-randomised layout: R > 1 copies. */
static inline bool layouts_of(const struct results *r)
{
	return r->layouts > 1;
}
/* Frees what r owns; of a view, its rows and index only. */
void results_free(struct results *r);

/* The order of r->index: by kernel, size, align, cache state, prefetch,
   then code offset (row_cmp_point); row_cmp_kernel by kernel alone.  <0,
   0, >0 as strcmp. */
int row_cmp_kernel(const struct row *a, const struct row *b);
int row_cmp_point(const struct row *a, const struct row *b);
/* The same but for code offset: a point at every placement. */
int row_cmp_placed(const struct row *a, const struct row *b);
/* r->index: a new array of r->rows[0..nrows) in that order. */
void results_index(struct results *r);

/* The first of v[0..n), sorted by cmp, not below key: n if none. */
size_t rows_lower(const struct row *const *v, size_t n, const struct row *key,
		  int (*cmp)(const struct row *, const struct row *));

#endif
