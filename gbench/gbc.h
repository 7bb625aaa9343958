/* gbc: Google Benchmark from C.
 *
 * A C interface to Google Benchmark (Debian libbenchmark-dev 1.7), for
 * benchmarks written in C: register a function by name, give it
 * arguments, run its state loop, report bytes, items and counters, and
 * let Google Benchmark's flags, statistics and reporters (console, JSON,
 * CSV; compare.py) do the rest.  Handles are opaque; every call maps to
 * the method of the same name in benchmark/benchmark.h.
 *
 *     static void sum(gbc_state *s, void *arg)
 *     {
 *             size_t n = (size_t)gbc_range_arg(s, 0);
 *             while (gbc_keep_running(s))
 *                     work(buf, n);
 *             gbc_set_bytes_processed(s, (int64_t)(gbc_iterations_run(s) * n));
 *     }
 *     ...
 *     gbc_range(gbc_register("sum", sum, NULL), 64, 65536);
 *
 * (docs/google-benchmark.md, "Google Benchmark from C", has a whole program.)
 *
 * Build: cc -c yours.c; link with g++ and gbench/gbc.cc:
 *     g++ yours.o gbc.o $(pkg-config --libs benchmark)
 *
 * gbc_keep_running is a call into C++ per iteration (a few ns): loops
 * shorter than that want gbc_keep_running_batch, which runs n
 * iterations per call.
 *
 * Every string argument may be NULL, taken as "" (so gbc_set_label(s,
 * NULL) clears the label); Google Benchmark copies what it keeps. */
#ifndef GBC_H
#define GBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gbc_state gbc_state;		/* benchmark::State */
typedef struct gbc_benchmark gbc_benchmark;	/* a registered benchmark */
typedef void gbc_fn(gbc_state *s, void *arg);

/* Time units of the reports (benchmark::TimeUnit). */
enum gbc_unit { GBC_NS, GBC_US, GBC_MS, GBC_S };

/* Counter flags (benchmark::Counter::Flags), to be or'ed. */
enum {
	GBC_COUNTER_DEFAULT = 0,
	GBC_COUNTER_RATE = 1 << 0,		/* divided by the time */
	GBC_COUNTER_AVG_THREADS = 1 << 1,	/* averaged over threads */
	GBC_COUNTER_ITERATION_INVARIANT = 1 << 2, /* times the iterations */
	GBC_COUNTER_AVG_ITERATIONS = 1 << 3,	/* divided by the iterations */
	GBC_COUNTER_INVERT = 1 << 4,		/* 1 / value, at the end */
};

/* The program: Initialize (parses and removes --benchmark_* flags from
   argv), then true when argv holds nothing else it does not know (else
   false after a message), RunSpecifiedBenchmarks (the number run), and
   Shutdown. */
void gbc_initialize(int *argc, char **argv);
bool gbc_no_unrecognized_arguments(int argc, char **argv);
size_t gbc_run_specified(void);
void gbc_shutdown(void);
/* A key and value for the report's context (AddCustomContext). */
void gbc_add_context(const char *key, const char *value);

/* Registration: fn(s, arg) runs once per argument set, repetition and
   trial.  Each setter returns b, so calls can be chained; names and
   strings are copied. */
gbc_benchmark *gbc_register(const char *name, gbc_fn *fn, void *arg);
gbc_benchmark *gbc_arg(gbc_benchmark *b, int64_t x);
/* n >= 1 values: one argument set (Google Benchmark asserts on none). */
gbc_benchmark *gbc_args(gbc_benchmark *b, const int64_t *x, size_t n);
gbc_benchmark *gbc_range(gbc_benchmark *b, int64_t lo, int64_t hi);
gbc_benchmark *gbc_dense_range(gbc_benchmark *b, int64_t lo, int64_t hi,
			       int step);
/* One (lo, hi) pair per argument: their cross product. */
gbc_benchmark *gbc_ranges(gbc_benchmark *b, const int64_t (*lo_hi)[2],
			  size_t n);
/* For the ranges given after it (default 8), as in Google Benchmark. */
gbc_benchmark *gbc_range_multiplier(gbc_benchmark *b, int multiplier);
gbc_benchmark *gbc_arg_name(gbc_benchmark *b, const char *name);
gbc_benchmark *gbc_arg_names(gbc_benchmark *b, const char *const *names,
			     size_t n);
gbc_benchmark *gbc_iterations(gbc_benchmark *b, uint64_t n);
gbc_benchmark *gbc_repetitions(gbc_benchmark *b, int n);
gbc_benchmark *gbc_min_time(gbc_benchmark *b, double seconds);
gbc_benchmark *gbc_unit(gbc_benchmark *b, enum gbc_unit unit);
gbc_benchmark *gbc_use_manual_time(gbc_benchmark *b);

/* Inside fn. */
int64_t gbc_range_arg(gbc_state *s, size_t i);	/* state.range(i) */
bool gbc_keep_running(gbc_state *s);
bool gbc_keep_running_batch(gbc_state *s, uint64_t n);
uint64_t gbc_iterations_run(gbc_state *s);	/* state.iterations() */
void gbc_pause_timing(gbc_state *s);
void gbc_resume_timing(gbc_state *s);
void gbc_set_iteration_time(gbc_state *s, double seconds);
void gbc_set_bytes_processed(gbc_state *s, int64_t bytes);
void gbc_set_items_processed(gbc_state *s, int64_t items);
void gbc_set_label(gbc_state *s, const char *label);
/* A user counter: state.counters[name] = Counter(value, flags). */
void gbc_counter(gbc_state *s, const char *name, double value,
		 unsigned flags);
/* The benchmark reports msg as its error and no figures; fn should
   return without entering (or leaving) its loop. */
void gbc_skip_with_error(gbc_state *s, const char *msg);
bool gbc_error_occurred(gbc_state *s);

#ifdef __cplusplus
}
#endif

#endif
