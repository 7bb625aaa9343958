/* csumbench trace: which lengths the running kernel's checksum routines
   are called with, on this system, for N seconds.
 *
 * A kprobe event on each routine (tracefs/targets.h: csum_partial's
 * out-of-line function and the copy's) reads the length from its ABI
 * register; a hist trigger keyed by length counts the calls in the
 * kernel, so nothing per call crosses to user space.  Where the
 * function-graph tracer can hook a routine, each call's duration is read
 * too.  The result is a size mix (sizes = mix:FILE replays it) and a
 * summary.  Everything set up in tracefs is taken down on every way out:
 * the end of the interval, an error, Ctrl-C, SIGTERM or SIGHUP. */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "lib/args.h"
#include "lib/platform.h"
#include "lib/stats.h"
#include "lib/xalloc.h"
#include "op/op.h"
#include "report/output.h"
#include "tracefs/graph.h"
#include "tracefs/probe.h"
#include "tracefs/targets.h"
#include "tracefs/tracefs.h"
#include "workload/mix.h"

#define MAX_PROBES 4
#define TOP 10

enum { OPT_SECONDS = 256, OPT_FORCE, OPT_TRACEFS, OPT_EMULATED };

/* What the command line asks for. */
struct trace_opts {
	double seconds;
	const char *output, *tracefs;	/* NULL: the defaults */
	int force, emulated;
};

#define AT(field) offsetof(struct trace_opts, field)

static const struct args_opt trace_opts[] = {
	{ .name = "seconds", .key = OPT_SECONDS, .arg = "S",
	  .help = "how long to trace (default 10; up to 86400)",
	  .type = ARGS_DOUBLE, .at = AT(seconds), .min = 0, .max = 86400,
	  .flags = ARGS_ABOVE_MIN | ARGS_USAGE,
	  .expected = "a number of seconds above 0, up to 86400" },
	{ .name = "output", .key = 'o', .arg = "FILE",
	  .help = "the size mix (default results/trace-HOST-DATE.mix,\n"
	  "or DIR/ with that name)", .type = ARGS_STRING, .at = AT(output) },
	{ .name = "force", .key = OPT_FORCE,
	  .help = "replace an existing FILE (a regular one)",
	  .type = ARGS_FLAG, .at = AT(force) },
	{ .name = "tracefs", .key = OPT_TRACEFS, .arg = "DIR",
	  .help = "where tracefs is mounted (default: as\n/proc/self/mounts has "
	  "it, or mounted on\n/sys/kernel/tracing for the run)",
	  .type = ARGS_STRING, .at = AT(tracefs) },
	{ .name = "emulated", .key = OPT_EMULATED,
	  .help = "the system traced is emulated (QEMU; as\nCSUMBENCH_EMULATOR "
	  "says too): its rates and\ndurations are marked so",
	  .type = ARGS_FLAG, .at = AT(emulated) },
	{ .name = NULL }
};

static const struct args_cmd trace_cmd = {
	"trace", "[-o FILE] [--seconds S] [--emulated]",
	"Counts the lengths the running kernel's checksum routines are called\n"
	"with, for S seconds, through tracefs (root): a kprobe event on\n"
	"csum_partial's out-of-line function and on the copy's, each with a\n"
	"hist trigger keyed by length, so the kernel does the counting.  Where\n"
	"the function-graph tracer can hook a routine, each call's duration is\n"
	"read as well (its own overhead included).  Writes a size mix, \"size\n"
	"weight\" lines with \"#\" lines naming the kernel, the functions, the\n"
	"interval and the calls, which sizes = mix:FILE replays; prints a\n"
	"summary.  The kernel needs CONFIG_KPROBE_EVENTS and\n"
	"CONFIG_HIST_TRIGGERS; durations need CONFIG_FUNCTION_GRAPH_TRACER.\n",
	trace_opts
};

static volatile sig_atomic_t stop_sig;

static void on_stop(int sig)
{
	stop_sig = sig;
}

/* What is set up, for teardown on every way out (atexit too: a
   shortage of memory ends the process through exit). */
static struct {
	struct tracefs fs;
	struct probe probe[MAX_PROBES];
	size_t nprobe;
	struct graph graph;
	bool live;
} st;

static void teardown(void)
{
	sigset_t all, old;
	size_t i;

	if (!st.live)
		return;
	/* a second Ctrl-C must not leave half of it */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	graph_stop(&st.fs, &st.graph);
	for (i = 0; i < st.nprobe; i++)
		probe_remove(&st.fs, &st.probe[i]);
	tracefs_close(&st.fs);
	st.live = false;
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static void catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;	/* no SA_RESTART: poll and sleep return */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		sigaction(sigs[i], NULL, &old);
		if (old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

/* The mix and its summary: every probe's lengths, merged. */
struct result {
	struct len_count *lens;
	size_t nlens;
	uint64_t calls, zero, huge, dropped;
	double seconds, scale;
	int stopped;
	char tracefs[256];	/* where it was (st.fs is gone by the summary) */
	time_t began;
	struct utsname uts;
	/* Under an emulator the counts are the kernel's, but every rate
	   and duration is the emulator's time, and says so. */
	bool emulated;
	const char *emulated_why;
};

static void merge(struct result *r)
{
	size_t i, j, k, cap = 0;

	for (i = 0; i < st.nprobe; i++) {
		struct probe *p = &st.probe[i];
		r->calls += p->hits;
		r->dropped += p->dropped;
		for (j = 0; j < p->nlens; j++) {
			for (k = 0; k < r->nlens && r->lens[k].len != p->lens[j].len; k++)
				;
			if (k == r->nlens) {
				if (r->nlens == cap) {
					cap = cap ? cap * 2 : 256;
					r->lens = xreallocarray(r->lens, cap, sizeof(*r->lens),
								"a length table");
				}
				r->lens[r->nlens].len = p->lens[j].len;
				r->lens[r->nlens++].calls = 0;
			}
			r->lens[k].calls += p->lens[j].calls;
		}
	}
}

static int by_calls(const void *a, const void *b)
{
	const struct len_count *x = a, *y = b;

	return x->calls > y->calls ? -1 : x->calls < y->calls ? 1 :
	       x->len < y->len ? -1 : x->len > y->len;
}

static uint32_t quantile(const struct graph_fn *f, double q)
{
	size_t i = (size_t)(f->n * q);

	return f->ns[i < f->n ? i : f->n - 1];
}

static double mean(const struct graph_fn *f)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < f->n; i++)
		sum += f->ns[i];
	return sum / f->n;
}

/* "median 410 ns, p90 620 ns, mean 450 ns" of a function's durations
   (sorted here). */
static void durations(char *buf, size_t n, struct graph_fn *f)
{
	qsort(f->ns, f->n, sizeof(*f->ns), stats_cmp_u32);
	snprintf(buf, n, "median %u ns, p90 %u ns, mean %.0f ns", f->ns[f->n / 2],
		 quantile(f, 0.9), mean(f));
}

static void write_mix(FILE *f, const void *ctx)
{
	const struct result *r = ctx;
	char stamp[32], d[128];
	size_t i;

	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&r->began));
	fprintf(f, "# csumbench trace: the lengths the kernel's checksum routines were\n"
		"# called with, counted in the kernel (kprobe events, hist triggers).\n"
		"# Replay: sizes = mix:FILE\n");
	fprintf(f, "# kernel: %s %s %s %s\n", r->uts.sysname, r->uts.release,
		r->uts.version, r->uts.machine);
	fprintf(f, "# host: %s\n", platform_host());
	fprintf(f, "# emulated: %s\n", r->emulated ? "yes" : "no");
	if (r->emulated)
		fprintf(f, "# warning: emulated (%s): the calls are the kernel's, "
			"but every rate and duration here is the emulator's, not a "
			"board's\n", r->emulated_why);
	fprintf(f, "# functions:");
	for (i = 0; i < st.nprobe; i++)
		fprintf(f, " %s (len %s)", st.probe[i].symbol, st.probe[i].reg);
	fprintf(f, "\n# interval: %.2f s from %s%s%s\n", r->seconds, stamp,
		r->stopped ? ", stopped early by " : "",
		r->stopped ? strsignal(r->stopped) : "");
	fprintf(f, "# calls: %llu, %.1f per second (%s", (unsigned long long)r->calls,
		r->seconds > 0 ? r->calls / r->seconds : 0.0,
		r->emulated ? "emulated; " : "");
	for (i = 0; i < st.nprobe; i++)
		fprintf(f, "%s%s %llu", i ? ", " : "", st.probe[i].symbol,
			(unsigned long long)st.probe[i].hits);
	fprintf(f, ")\n");
	if (r->dropped)
		fprintf(f, "# dropped: %llu calls whose length the kernel's table had "
			"no room for\n", (unsigned long long)r->dropped);
	if (r->zero)
		fprintf(f, "# not in the mix: %llu calls of length 0\n",
			(unsigned long long)r->zero);
	if (r->huge)
		fprintf(f, "# not in the mix: %llu calls longer than %u B\n",
			(unsigned long long)r->huge, SIZE_MAX_BYTES);
	for (i = 0; i < st.graph.nfn; i++)
		if (st.graph.fn[i].n) {
			durations(d, sizeof(d), &st.graph.fn[i]);
			fprintf(f, "# duration: %s, %zu calls timed by the function-graph "
				"tracer (its own work included%s): %s\n",
				st.graph.fn[i].symbol, st.graph.fn[i].n,
				r->emulated ? "; emulated" : "", d);
		}
	mix_write_sizes(f, r->lens, r->nlens, r->scale);
}

/* Each function's durations, in ns; an emulated run's marked on every
   line (72 columns with the mark). */
static void summary_durations(const struct result *r)
{
	const char *mark = r->emulated ? " emulated" : "";
	char d[128];
	size_t i;
	int shown = 0;

	for (i = 0; i < st.graph.nfn; i++) {
		struct graph_fn *f = &st.graph.fn[i];
		if (!f->n)
			continue;
		if (!shown++)
			printf("  durations (ns%s the function-graph tracer, its own "
			       "work included):\n  %-25s %8s %8s %8s %8s\n",
			       r->emulated ? " of the emulator, not a board's;\n " :
			       ";", "function", "calls", "median", "p90", "mean");
		durations(d, sizeof(d), f);
		printf("  %-25s %8zu %8u %8u %8.0f%s\n", f->symbol, f->n,
		       f->ns[f->n / 2], quantile(f, 0.9), mean(f), mark);
	}
}

static void summary(struct result *r, const char *path)
{
	const char *mark = r->emulated ? " emulated" : "";
	struct len_count *top;
	uint64_t under64 = 0;
	size_t i, kept = 0;

	printf("csumbench trace: %.1f s on %s %s (%s)%s%s\n", r->seconds,
	       r->uts.sysname, r->uts.release, r->uts.machine,
	       r->stopped ? ", stopped by " : "", r->stopped ? strsignal(r->stopped) : "");
	if (r->emulated)
		printf("  emulated (%s):\n  the calls are the kernel's; every rate "
		       "and duration, the emulator's\n", r->emulated_why);
	printf("  tracefs %s; kprobe events, hist triggers\n", r->tracefs);
	printf("  %-28s %12s %12s\n", "function", "calls", "per second");
	for (i = 0; i < st.nprobe; i++)
		printf("  %-28s %12llu %12.1f%s\n", st.probe[i].symbol,
		       (unsigned long long)st.probe[i].hits,
		       r->seconds > 0 ? st.probe[i].hits / r->seconds : 0.0, mark);
	printf("  %-28s %12llu %12.1f%s\n", "all", (unsigned long long)r->calls,
	       r->seconds > 0 ? r->calls / r->seconds : 0.0, mark);
	for (i = 0; i < r->nlens; i++)
		if (r->lens[i].len < 64)
			under64 += r->lens[i].calls;
	if (r->calls)
		printf("  under 64 B: %.1f%% of calls\n", 100.0 * under64 / r->calls);
	top = xcalloc(r->nlens ? r->nlens : 1, sizeof(*top), "a length table");
	memcpy(top, r->lens, r->nlens * sizeof(*top));
	qsort(top, r->nlens, sizeof(*top), by_calls);
	if (r->nlens)
		printf("  commonest lengths:\n  %10s %12s %8s\n", "length", "calls", "share");
	for (i = 0; i < r->nlens && i < TOP; i++)
		printf("  %8u B %12llu %7.1f%%\n", top[i].len,
		       (unsigned long long)top[i].calls,
		       r->calls ? 100.0 * top[i].calls / r->calls : 0.0);
	free(top);
	if (r->dropped)
		printf("  dropped: %llu calls (the kernel's table was full)\n",
		       (unsigned long long)r->dropped);
	summary_durations(r);
	for (i = 0; i < r->nlens; i++)
		kept += r->lens[i].len && r->lens[i].len <= SIZE_MAX_BYTES;
	if (path)
		printf("wrote %s (%zu lengths)\nreplay: sizes = mix:%s\n", path,
		       kept, path);
}

/* -o as given, or a new name in results/ (or DIR/): "trace-HOST-DATE.mix" */
static char *output_name(const char *arg)
{
	struct stat sb;
	char stamp[32];
	time_t t = time(NULL);
	const char *dir = NULL;

	if (arg && *arg && arg[strlen(arg) - 1] != '/' &&
	    !(stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode)))
		return xstrdup(arg, "a file name");
	if (arg)
		dir = arg;
	else if (stat("results", &sb) == 0 && S_ISDIR(sb.st_mode))
		dir = "results";
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	return xasprintf("a file name", "%s%s%strace-%s-%s.mix", dir ? dir : "",
			 dir && dir[strlen(dir) - 1] != '/' ? "/" : "",
			 "", platform_host(), stamp);
}

/* Why kprobe events refused sym: with CONFIG_FUNCTION_TRACER and
   without CONFIG_KPROBE_EVENTS_ON_NOTRACE they take only functions
   ftrace can hook, and an assembly routine is not one. */
static void notrace_hint(char *err, size_t n, const char *sym)
{
	char *funcs = tracefs_read(&st.fs, "available_filter_functions");
	bool hookable = false;
	size_t len = strlen(sym);
	const char *p;

	for (p = funcs; p && (p = strstr(p, sym)); p += len)
		hookable |= (p == funcs || p[-1] == '\n') && strchr(" \n", p[len]);
	if (funcs && !hookable && strlen(err) + 200 < n)
		snprintf(err + strlen(err), n - strlen(err), "\n(%s is not a function "
			 "ftrace can hook, and a kernel with CONFIG_FUNCTION_TRACER "
			 "puts kprobe events only on those unless it has "
			 "CONFIG_KPROBE_EVENTS_ON_NOTRACE=y)", sym);
	free(funcs);
}

/* One alternative of a family: every function of it in kallsyms and
   probed, or none (what was made is taken down again). */
static int try_alt(const struct trace_target *first, const char *group,
		   char *err, size_t n)
{
	const struct trace_target *t;
	size_t mark = st.nprobe;

	for (t = first; t->family && !strcmp(t->family, first->family) &&
	     t->alt == first->alt; t++)
		if (!kallsyms_has(t->symbol)) {
			snprintf(err, n, "/proc/kallsyms has no %s%s", t->symbol,
				 access("/proc/kallsyms", R_OK) ? " (no /proc/kallsyms: "
				 "the kernel needs CONFIG_KALLSYMS)" : "");
			return -1;
		}
	for (t = first; t->family && !strcmp(t->family, first->family) &&
	     t->alt == first->alt; t++) {
		struct probe *p = &st.probe[st.nprobe];
		if (st.nprobe == MAX_PROBES) {
			snprintf(err, n, "more than %d functions to probe", MAX_PROBES);
			break;
		}
		p->symbol = t->symbol;
		p->reg = t->len_reg;
		st.nprobe++;
		if (probe_make(&st.fs, p, group, t->symbol, err, n)) {
			notrace_hint(err, n, t->symbol);
			break;
		}
		if (probe_hook(&st.fs, p, err, n))
			break;
	}
	if (t->family && !strcmp(t->family, first->family) && t->alt == first->alt) {
		while (st.nprobe > mark) {
			probe_remove(&st.fs, &st.probe[--st.nprobe]);
			probe_free(&st.probe[st.nprobe]);
			memset(&st.probe[st.nprobe], 0, sizeof(st.probe[0]));
		}
		return -1;
	}
	return 0;
}

/* The probes: for each family its first alternative that takes them.
   Without csum_partial's there is nothing to trace; without a copy's,
   the trace goes on and says so. */
static int choose(const char *group, char *err, size_t n)
{
	const struct trace_target *t = trace_targets, *fam;
	char why[1024], first[1024];
	int done;

	while (t->family) {
		fam = t;
		done = -1;
		why[0] = first[0] = '\0';
		for (; t->family && !strcmp(t->family, fam->family); ) {
			const struct trace_target *alt = t;
			if (done != 0) {
				done = try_alt(alt, group, why, sizeof(why));
				if (done != 0 && strstr(why, "hist triggers")) {
					snprintf(err, n, "%s", why);
					return -1;
				}
				if (done != 0 && !first[0])
					snprintf(first, sizeof(first), "%s", why);
				else if (done == 0 && alt != fam)
					fprintf(stderr, "csumbench trace: %s refused a probe, so "
						"its callers are probed instead (%s...): %s\n",
						fam->symbol, alt->symbol, first);
			}
			while (t->family && !strcmp(t->family, fam->family) && t->alt == alt->alt)
				t++;
		}
		if (done == 0)
			continue;
		if (!strcmp(fam->family, "csum")) {
			snprintf(err, n, "%s", why);
			return -1;
		}
		fprintf(stderr, "csumbench trace: not counting the copies (%s): %s\n",
			fam->symbol, why);
	}
	return 0;
}

/* Whether set_ftrace_filter's text names only checksum routines of
   trace_targets ("func" or "func [module]" lines), at least one. */
static bool filter_is_ours(char *filter)
{
	const struct trace_target *t;
	char *line, *save;
	bool ours = filter && *filter && *filter != '#';

	for (line = ours ? strtok_r(filter, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, " ")] = '\0';
		for (t = trace_targets; t->family && strcmp(t->symbol, line); t++)
			;
		ours &= t->family != NULL;
	}
	return ours;
}

/* A run killed outright also left the function filter on the checksum
   routines alone, and the function-graph tracer on it if it got that
   far: the filter is cleared, the tracer put back to nop, whichever of
   them it left (a filter that is not on those alone, or a tracer that
   is not nop or function_graph, is someone else's and left alone; as is
   everything while another csumbench trace is running, whose they may
   be). */
static void reset_stale_graph(void)
{
	char *cur = tracefs_read(&st.fs, "current_tracer");
	char *filter = tracefs_read(&st.fs, "set_ftrace_filter");
	char err[1024], shown[256] = "", *line, *save;
	bool graph = cur && !strcmp(cur, "function_graph\n");
	char *copy = xstrdup(filter ? filter : "", "a filter");

	/* "csum_partial, csum_and_copy_from_user" */
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown), "%s%s",
			 *shown ? ", " : "", line);
	free(copy);
	if (cur && (graph || !strcmp(cur, "nop\n")) && filter_is_ours(filter) &&
	    !probe_live_trace(&st.fs, (long)getpid()) &&
	    !(graph && tracefs_write(&st.fs, "current_tracer", "nop\n", false, err, sizeof(err))) &&
	    !tracefs_write(&st.fs, "set_ftrace_filter", "", false, err, sizeof(err)))
		fprintf(stderr, "csumbench trace: and its function filter (set_ftrace_filter: "
			"%s), now cleared%s\n", shown, graph ? ", and its function-graph "
			"tracer (now nop)" : "");
	free(cur);
	free(filter);
}

/* The interval: every probe counts from here (they were hooked
   paused), and the durations are recorded. */
static int window_open(bool durations_on, double *t0, char *err, size_t n)
{
	size_t i;

	*t0 = platform_seconds();
	for (i = 0; i < st.nprobe; i++)
		if (probe_start(&st.fs, &st.probe[i], err, n))
			return -1;
	return durations_on ? graph_go(&st.fs, err, n) : 0;
}

/* Its end: every probe paused, the tracer put back; then the tables. */
static int window_close(double *t1, char *err, size_t n)
{
	size_t i;

	for (i = 0; i < st.nprobe; i++)
		if (probe_pause(&st.fs, &st.probe[i], err, n))
			return -1;
	*t1 = platform_seconds();
	graph_stop(&st.fs, &st.graph);
	for (i = 0; i < st.nprobe; i++)
		if (probe_collect(&st.fs, &st.probe[i], err, n))
			return -1;
	return 0;
}

static int fail(const char *err)
{
	fprintf(stderr, "csumbench trace: %s\n", err);
	teardown();
	return 1;
}

/* The options: -1 to go on, else the exit status. */
static int parse_command(struct trace_opts *o, int argc, char **argv)
{
	struct args a;
	const char *v;
	int k, rc = -1;

	memset(o, 0, sizeof(*o));
	o->seconds = 10;
	args_begin_into(&a, &trace_cmd, argc, argv, o);
	while (rc < 0 && (k = args_next(&a, &v)) != ARGS_END) {
		if (k == ARGS_HELP)
			rc = 0;
		else if (k == ARGS_ARG)
			rc = args_bad_usage(&trace_cmd, "unexpected '%s' (options "
					    "only)", v);
		else
			rc = 2;
	}
	args_end(&a);
	return rc;
}

/* tracefs opened, with kprobe events and hist triggers, and what a run
   killed outright left swept away: 0, or -1 with err said why. */
static int open_tracefs(const char *dir, char *err, size_t n)
{
	char *readme;

	if (tracefs_open(&st.fs, dir, err, n))
		return -1;
	st.live = true;
	if (!tracefs_has(&st.fs, "kprobe_events")) {
		snprintf(err, n, "no kprobe events here (no %s/kprobe_events): "
			 "the kernel needs CONFIG_KPROBES and CONFIG_KPROBE_EVENTS",
			 st.fs.dir);
		return -1;
	}
	readme = tracefs_read(&st.fs, "README");
	if (readme && !strstr(readme, "hist trigger")) {
		free(readme);
		snprintf(err, n, "no hist triggers here (%s/README names none): "
			 "the kernel needs CONFIG_HIST_TRIGGERS", st.fs.dir);
		return -1;
	}
	free(readme);
	if (probe_sweep_stale(&st.fs))
		reset_stale_graph();
	return 0;
}

/* The probes made, and the durations' tracer started where it can be:
   1 with durations, 0 without (said why), -1 with err. */
static int make_probes(const char *group, long *other, char *err, size_t n)
{
	const char *symbols[MAX_PROBES];
	size_t i;
	int rc;

	if (choose(group, err, n))
		return -1;
	for (i = 0; i < st.nprobe; i++)
		symbols[i] = st.probe[i].symbol;
	rc = graph_start(&st.fs, &st.graph, symbols, st.nprobe, err, n);
	if (rc < 0)
		return -1;
	*other = probe_live_trace(&st.fs, (long)getpid());
	if (rc != 0 && *other && strstr(err, "in use"))
		fprintf(stderr, "csumbench trace: no durations: %s (by the csumbench "
			"trace of pid %ld)\n", err, *other);
	else if (rc != 0)
		fprintf(stderr, "csumbench trace: no durations: %s\n", err);
	return rc == 0;
}

/* The interval traced, until its end or a signal: 0, or -1 with err. */
static int trace_for(struct result *r, double seconds, const char *group,
		     bool durations_on, long other, char *err, size_t n)
{
	double t0, t1, left;
	int ms;

	r->began = time(NULL);
	if (window_open(durations_on, &t0, err, n))
		return -1;
	fprintf(stderr, "csumbench trace: tracing %s for %g s (Ctrl-C stops it "
		"sooner)\n", group, seconds);
	if (other)
		fprintf(stderr, "csumbench trace: beside the csumbench trace of pid %ld; "
			"each counts its own interval\n", other);
	while (!stop_sig && (left = t0 + seconds - platform_seconds()) > 0) {
		ms = left > 0.2 ? 200 : (int)(left * 1000) + 1;
		if (durations_on)
			graph_read(&st.graph, ms);
		else
			nanosleep(&(struct timespec){ 0, ms * 1000000L }, NULL);
	}
	r->stopped = stop_sig;
	snprintf(r->tracefs, sizeof(r->tracefs), "%s", st.fs.dir);
	if (window_close(&t1, err, n))
		return -1;
	r->seconds = t1 - t0;
	return 0;
}

/* The probes' lengths merged and sorted, those no mix can hold counted
   apart, and the weights' scale. */
static void tally(struct result *r)
{
	size_t i;

	merge(r);
	qsort(r->lens, r->nlens, sizeof(*r->lens), len_count_cmp);
	for (i = 0; i < r->nlens; i++) {
		if (!r->lens[i].len)
			r->zero += r->lens[i].calls;
		else if (r->lens[i].len > SIZE_MAX_BYTES)
			r->huge += r->lens[i].calls;
	}
	/* (a mix's weights add up to at most MIX_SEQ_MAX) */
	r->scale = mix_weight_scale(r->calls);
}

/* The mix written to out and the summary printed: the exit status. */
static int finish(struct result *r, const char *out, bool force)
{
	if (r->calls == r->zero + r->huge) {
		summary(r, NULL);
		fprintf(stderr, "csumbench trace: no calls with a length to replay in "
			"%.1f s; %s not written (was there traffic?)\n", r->seconds, out);
		return 1;
	}
	if (output_file(out, force, write_mix, r))
		return 1;
	summary(r, out);
	return 0;
}

/* Set up, trace, take down: the exit status. */
static int trace(const struct trace_opts *o, struct result *r, const char *out)
{
	char err[2048], group[64];
	long other = 0;
	int durations_on;

	catch_signals();
	atexit(teardown);
	if (open_tracefs(o->tracefs, err, sizeof(err))) {
		if (!st.live) {
			fprintf(stderr, "csumbench trace: %s\n", err);
			return 1;
		}
		return fail(err);
	}
	snprintf(group, sizeof(group), "csumbench_%ld", (long)getpid());
	durations_on = make_probes(group, &other, err, sizeof(err));
	if (durations_on < 0 ||
	    trace_for(r, o->seconds, group, durations_on, other, err, sizeof(err)))
		return fail(err);
	teardown();
	tally(r);
	return finish(r, out, o->force);
}

int cmd_trace(int argc, char **argv)
{
	struct trace_opts o;
	struct result r;
	size_t i;
	char *out;
	int rc = parse_command(&o, argc, argv);

	if (rc >= 0)
		return rc;
	out = output_name(o.output);
	if (output_check_file(out, o.force)) {
		free(out);
		return 2;
	}
	memset(&r, 0, sizeof(r));
	uname(&r.uts);
	r.emulated_why = "--emulated";
	r.emulated = o.emulated || platform_emulated(&r.emulated_why);
	rc = trace(&o, &r, out);
	free(out);
	for (i = 0; i < st.nprobe; i++)
		probe_free(&st.probe[i]);
	graph_free(&st.graph);
	free(r.lens);
	return rc;
}
