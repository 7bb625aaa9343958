/* gbc.h from C: two benchmarks with arguments, ranges and counters of
 * every kind, a paused region and a skipped one.  tests/gbench.sh runs
 * it with --benchmark_format=json and checks what Google Benchmark
 * wrote.  The work is a plain byte sum, so its figures are known. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"

static unsigned char buf[1 << 16];
static volatile uint32_t sink;

static uint32_t sum(const unsigned char *p, size_t n)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += p[i];
	return s;
}

/* bytes/N: N from a range; bytes and items processed, and a counter
   of every flag: plain, rate, per-iteration average, inverted,
   iteration-invariant, thread average (one thread). */
static void bytes(gbc_state *s, void *arg)
{
	size_t n = (size_t)gbc_range_arg(s, 0);
	uint64_t calls = 0;

	(void)arg;
	while (gbc_keep_running(s)) {
		sink = sum(buf, n);
		calls++;
	}
	gbc_set_bytes_processed(s, (int64_t)(gbc_iterations_run(s) * n));
	gbc_set_items_processed(s, (int64_t)gbc_iterations_run(s));
	gbc_counter(s, "calls", (double)calls, GBC_COUNTER_DEFAULT);
	gbc_counter(s, "bytes_per_iter", (double)(calls * n),
		    GBC_COUNTER_AVG_ITERATIONS);
	gbc_counter(s, "calls_rate", (double)calls, GBC_COUNTER_RATE);
	gbc_counter(s, "arg_twice", 2.0 * (double)n, GBC_COUNTER_DEFAULT);
	gbc_counter(s, "inverted", 4, GBC_COUNTER_INVERT);
	gbc_counter(s, "per_iteration_3", 3, GBC_COUNTER_ITERATION_INVARIANT);
	gbc_counter(s, "threads_avg_5", 5, GBC_COUNTER_AVG_THREADS);
	gbc_set_label(s, "plain byte sum");
}

/* pairs/A/B: two arguments; batches of 8; each batch's setup paused;
   B = 0 is skipped with an error. */
static void pairs(gbc_state *s, void *arg)
{
	int64_t a = gbc_range_arg(s, 0), b = gbc_range_arg(s, 1);
	const int *tag = arg;

	if (b == 0) {
		gbc_skip_with_error(s, "b is zero: skipped on purpose");
		return;
	}
	while (gbc_keep_running_batch(s, 8)) {
		gbc_pause_timing(s);
		memset(buf, (int)a, (size_t)b);
		gbc_resume_timing(s);
		sink = sum(buf, (size_t)b);
	}
	gbc_counter(s, "product", (double)(a * b), GBC_COUNTER_DEFAULT);
	gbc_counter(s, "tag", (double)*tag, GBC_COUNTER_DEFAULT);
	gbc_counter(s, "error_seen", gbc_error_occurred(s), GBC_COUNTER_DEFAULT);
}

/* NULL strings are empty ones: a label set, then cleared. */
static void nulls(gbc_state *s, void *arg)
{
	(void)arg;
	while (gbc_keep_running(s))
		sink = sum(buf, 16);
	gbc_set_label(s, "set, then cleared");
	gbc_set_label(s, NULL);
}

int main(int argc, char **argv)
{
	static const int tag = 42;
	static const int64_t args[] = { 3, 100 }, zero[] = { 1, 0 };
	static const char *const names[] = { "a", "b" };

	gbc_initialize(&argc, argv);
	if (!gbc_no_unrecognized_arguments(argc, argv))
		return 2;
	gbc_add_context("gbc_test", "yes");
	gbc_add_context("gbc_null", NULL);
	/* the multiplier before the range: Google Benchmark's order */
	gbc_unit(gbc_range(gbc_range_multiplier(gbc_register("bytes", bytes, NULL), 4),
			   64, 1024), GBC_US);
	gbc_arg_names(gbc_args(gbc_args(gbc_register("pairs", pairs, (void *)&tag),
					args, 2), zero, 2), names, 2);
	gbc_register("nulls", nulls, NULL);
	gbc_run_specified();
	gbc_shutdown();
	return 0;
}
