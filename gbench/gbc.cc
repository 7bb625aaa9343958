// gbc: the C interface of gbc.h over Google Benchmark's C++ API.
// Each function is the method of the same name; nothing else lives here.
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "gbc.h"

namespace {

benchmark::State &st(gbc_state *s)
{
	return *reinterpret_cast<benchmark::State *>(s);
}

benchmark::internal::Benchmark *bm(gbc_benchmark *b)
{
	return reinterpret_cast<benchmark::internal::Benchmark *>(b);
}

gbc_benchmark *out(benchmark::internal::Benchmark *b)
{
	return reinterpret_cast<gbc_benchmark *>(b);
}

// A C string for C++: NULL is the empty string (std::string of NULL
// is undefined, and crashes).
const char *str(const char *s)
{
	return s ? s : "";
}

}  // namespace

extern "C" {

void gbc_initialize(int *argc, char **argv)
{
	benchmark::Initialize(argc, argv);
}

bool gbc_no_unrecognized_arguments(int argc, char **argv)
{
	return !benchmark::ReportUnrecognizedArguments(argc, argv);
}

size_t gbc_run_specified(void)
{
	return benchmark::RunSpecifiedBenchmarks();
}

void gbc_shutdown(void)
{
	benchmark::Shutdown();
}

void gbc_add_context(const char *key, const char *value)
{
	benchmark::AddCustomContext(str(key), str(value));
}

gbc_benchmark *gbc_register(const char *name, gbc_fn *fn, void *arg)
{
	return out(benchmark::RegisterBenchmark(
		str(name), [fn, arg](benchmark::State &s) {
			fn(reinterpret_cast<gbc_state *>(&s), arg);
		}));
}

gbc_benchmark *gbc_arg(gbc_benchmark *b, int64_t x)
{
	return out(bm(b)->Arg(x));
}

gbc_benchmark *gbc_args(gbc_benchmark *b, const int64_t *x, size_t n)
{
	return out(bm(b)->Args(std::vector<int64_t>(x, x + n)));
}

gbc_benchmark *gbc_range(gbc_benchmark *b, int64_t lo, int64_t hi)
{
	return out(bm(b)->Range(lo, hi));
}

gbc_benchmark *gbc_dense_range(gbc_benchmark *b, int64_t lo, int64_t hi,
			       int step)
{
	return out(bm(b)->DenseRange(lo, hi, step));
}

gbc_benchmark *gbc_ranges(gbc_benchmark *b, const int64_t (*lo_hi)[2],
			  size_t n)
{
	std::vector<std::pair<int64_t, int64_t>> r;

	for (size_t i = 0; i < n; i++)
		r.emplace_back(lo_hi[i][0], lo_hi[i][1]);
	return out(bm(b)->Ranges(r));
}

gbc_benchmark *gbc_range_multiplier(gbc_benchmark *b, int multiplier)
{
	return out(bm(b)->RangeMultiplier(multiplier));
}

gbc_benchmark *gbc_arg_name(gbc_benchmark *b, const char *name)
{
	return out(bm(b)->ArgName(str(name)));
}

gbc_benchmark *gbc_arg_names(gbc_benchmark *b, const char *const *names,
			     size_t n)
{
	std::vector<std::string> v;

	for (size_t i = 0; i < n; i++)
		v.emplace_back(str(names ? names[i] : NULL));
	return out(bm(b)->ArgNames(v));
}

gbc_benchmark *gbc_iterations(gbc_benchmark *b, uint64_t n)
{
	// IterationCount is signed: a count past its range is its largest.
	if (n > static_cast<uint64_t>(INT64_MAX))
		n = static_cast<uint64_t>(INT64_MAX);
	return out(bm(b)->Iterations(static_cast<benchmark::IterationCount>(n)));
}

gbc_benchmark *gbc_repetitions(gbc_benchmark *b, int n)
{
	return out(bm(b)->Repetitions(n));
}

gbc_benchmark *gbc_min_time(gbc_benchmark *b, double seconds)
{
	return out(bm(b)->MinTime(seconds));
}

gbc_benchmark *gbc_unit(gbc_benchmark *b, enum gbc_unit unit)
{
	static const benchmark::TimeUnit units[] = {
		benchmark::kNanosecond, benchmark::kMicrosecond,
		benchmark::kMillisecond, benchmark::kSecond,
	};
	return out(bm(b)->Unit(units[unit <= GBC_S ? unit : GBC_NS]));
}

gbc_benchmark *gbc_use_manual_time(gbc_benchmark *b)
{
	return out(bm(b)->UseManualTime());
}

int64_t gbc_range_arg(gbc_state *s, size_t i)
{
	return st(s).range(i);
}

bool gbc_keep_running(gbc_state *s)
{
	return st(s).KeepRunning();
}

bool gbc_keep_running_batch(gbc_state *s, uint64_t n)
{
	return st(s).KeepRunningBatch(static_cast<benchmark::IterationCount>(n));
}

uint64_t gbc_iterations_run(gbc_state *s)
{
	return static_cast<uint64_t>(st(s).iterations());
}

void gbc_pause_timing(gbc_state *s)
{
	st(s).PauseTiming();
}

void gbc_resume_timing(gbc_state *s)
{
	st(s).ResumeTiming();
}

void gbc_set_iteration_time(gbc_state *s, double seconds)
{
	st(s).SetIterationTime(seconds);
}

void gbc_set_bytes_processed(gbc_state *s, int64_t bytes)
{
	st(s).SetBytesProcessed(bytes);
}

void gbc_set_items_processed(gbc_state *s, int64_t items)
{
	st(s).SetItemsProcessed(items);
}

void gbc_set_label(gbc_state *s, const char *label)
{
	st(s).SetLabel(str(label));
}

void gbc_counter(gbc_state *s, const char *name, double value, unsigned flags)
{
	using C = benchmark::Counter;
	int f = C::kDefaults;

	// gbc's bits are its own; Google Benchmark's are mapped one by one.
	if (flags & GBC_COUNTER_RATE)
		f |= C::kIsRate;
	if (flags & GBC_COUNTER_AVG_THREADS)
		f |= C::kAvgThreads;
	if (flags & GBC_COUNTER_ITERATION_INVARIANT)
		f |= C::kIsIterationInvariant;
	if (flags & GBC_COUNTER_AVG_ITERATIONS)
		f |= C::kAvgIterations;
	if (flags & GBC_COUNTER_INVERT)
		f |= C::kInvert;
	st(s).counters[str(name)] = C(value, static_cast<C::Flags>(f));
}

void gbc_skip_with_error(gbc_state *s, const char *msg)
{
	st(s).SkipWithError(str(msg));
}

bool gbc_error_occurred(gbc_state *s)
{
	return st(s).error_occurred();
}

}  // extern "C"
