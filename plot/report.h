/* csumreport's commands; each returns the exit status (0, 1, or 2 for
   bad input). */
#ifndef CSUMREPORT_REPORT_H
#define CSUMREPORT_REPORT_H

#include <stddef.h>

#include "results.h"

#define TABLE_WIDTH 72

/* How an op's results read.  Unknown ops get a generic one (name NULL). */
struct op_info {
	const char *name;
	const char *about;	/* what it is and what its sizes count */
	const char *size_axis;	/* a figure's x axis */
	const char *size_title;	/* "... by <this>" */
	const char *size_word;	/* "1500 B <this>": buffers, copied, ... */
	int per_call;		/* a call, not a byte, is the unit of cost */
};

const struct op_info *op_info(const char *op);
/* Whether a timer (as "# timer:" names it) is a fixed-rate timebase or
   TSC, not a cycle or nanosecond counter. */
int timer_is_timebase(const char *timer);

/* What csumreport table was asked for: NULL, 0 or -1 where not given. */
struct table_opts {
	const char *path, *kernel, *by, *cache, *off, *op;
	long align;
	unsigned size;
};

/* The tables printed so far, and the heading of an op still to print
   before its first table. */
struct table_out {
	size_t ntables;
	const char *heading;
};

/* Before a table: a blank line after the one before, the op's heading. */
void table_begin(struct table_out *out);
/* The smallest alignment of r's rows, or o's. */
unsigned table_align(const struct results *r, const struct table_opts *o);
/* The cycles_per_tick of r's rows into buf ("1.5000", or "1.49 to 1.52
   (per row)"): 0 if the CSV has none. */
int table_cpt(const struct results *r, char *buf, size_t n);
/* csum_copy: per size and cache state, min, max and mean ns and cycles
   per call, a row per kernel; the pseudo kernel's floor in a footer. */
void copy_tables(const struct results *r, const struct table_opts *o,
		 struct table_out *out);
/* A group of a spread block: min, max and mean per call of the points
   pts[0..nrows) (NULL: none), in ns or in cycles, under a label. */
struct spread_group {
	const char *label;
	const struct row **pts;
	int cycles;
	const char *floor_label;	/* in the floor line, or NULL */
};
/* The block copy_tables and load_tables print: a row per name, the
   groups side by side where they fit, the floor of each below. */
void spread_block(const struct results *r, const char *const *names,
		  const struct spread_group *g, size_t ng, size_t nrows,
		  const char *what);
/* load = idle against busy: per size and cache state, min, max and mean
   per call of each kernel idle and busy, in ns (or cycles). */
void load_tables(const struct results *r, const struct table_opts *o,
		 int cycles, struct table_out *out);

/* The panels of the workload figures (workfig.c): PREFIX-1.csv...,
   each a row per kernel, its first column k the kernel's index (from 1)
   in results_kernels(r, 1, ...); their titles; for the rx figure, the
   policies the run has (none when fewer than two: no figure).  0, or -1
   after a message. */
#define PANELS_MAX 12
#define POLICIES_MAX 10	/* none, current, next or next:N (up to 8) */
struct panels {
	size_t n;
	char title[PANELS_MAX][64];
	const char *policy[POLICIES_MAX];
	char policy_name[POLICIES_MAX][24];
	size_t npolicies;
};
int write_load_panels(const struct results *r, const char *prefix,
		      struct panels *p);
int write_rx_panels(const struct results *r, const char *prefix,
		    struct panels *p);

int cmd_table(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_gpvars(int argc, char **argv);
/* Which prefetch distance to use (recommend.c). */
int cmd_recommend(int argc, char **argv);

/* Whether the CSV has distances for kernel (a prefetching kernel). */
int kernel_prefetches(const struct results *r, const char *kernel);
/* "64 B", "1500 B", "4 KiB", "1 MiB". */
const char *size_label(unsigned size, char *buf, size_t n);
/* "1500", "1500B", "64K", "4 KiB", "1M", "1G": 0 and the bytes in *out;
   -1 malformed, -2 over 4 GiB - 1. */
int parse_size(const char *s, unsigned *out);
/* Caption lines of at most TABLE_WIDTH columns. */
void print_caption(const struct results *r, const char *what);
/* printf to stdout, wrapped at TABLE_WIDTH; lines after a break start
   with indent. */
void print_wrapped(const char *indent, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
