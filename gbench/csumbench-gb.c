/* csumbench-gb: csumbench's kernels as Google Benchmark benchmarks.
 *
 * The points of a config (by default every csum and csum_copy kernel at
 * 64, 1500 and 65536 bytes, warm and cold, prefetch distances none to
 * 256, and the roofline's load kernel as in run) pass csumbench's gate, then each warm or cold point is registered
 * through gbc.h as OP/KERNEL/SIZE/CACHE[/pf:D][/align:A][/off:O].  Each
 * iteration is one kernel call; the state loop runs the same timed
 * regions as csumbench run (a warm batch, or K cold calls after a flush
 * done with the timing paused), and the calibrated cycles_per_byte
 * counter comes from csumbench's own timer and calibration.  Google
 * Benchmark's flags, statistics and reporters do the rest.
 *
 * A run that runs nothing (a filter that matches no benchmark, or is no
 * regular expression) is a failure, and --benchmark_out=FILE is written
 * under a temporary name beside FILE and renamed onto it only once the
 * run is complete: an existing FILE is replaced by a whole new one, or
 * kept as it was. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildinfo.h"
#include "cache/check.h"
#include "call/watchdog.h"
#include "cmd/setup.h"
#include "events/events.h"
#include "gbc.h"
#include "lib/xalloc.h"
#include "sweep/sweep.h"

/* The process's one sweep: Google Benchmark's callbacks reach it through
   the point each one registered, and its teardown at exit. */
static struct sweep bench;
static size_t register_count;

/* --benchmark_out: the file asked for, and the temporary one Google
   Benchmark writes instead; removed on every way out but a whole run. */
static const char *out_path;
static char *volatile out_tmp;

static void remove_tmp(void)
{
	if (out_tmp)
		unlink(out_tmp);
}

static void remove_tmp_on_signal(int sig)
{
	remove_tmp();
	raise(sig);	/* the default action, SA_RESETHAND reset it */
}

static void kept_out(void)
{
	if (out_path)
		fprintf(stderr, "csumbench-gb: nothing written to %s (it is as it "
			"was)\n", out_path);
}

/* A kernel that called exit() (watchdog.c says which). */
static void abandoned(const char *why, void *ctx)
{
	(void)why;
	(void)ctx;
	remove_tmp();
	kept_out();
}

/* The temporary file for --benchmark_out=PATH, in PATH's folder (the
   rename onto PATH must not cross filesystems): the flag to give Google
   Benchmark instead, or NULL after a message. */
static char *out_flag(const char *path)
{
	char *copy = xstrdup(path, "a file name"), *dir = dirname(copy), *flag;
	char *tmp = xasprintf("a file name", "%s/.csumbench-gb-%ld-XXXXXX", dir,
			      (long)getpid());
	struct sigaction sa;
	int fd = mkstemp(tmp), sigs[] = { SIGINT, SIGTERM, SIGHUP };
	size_t i;

	free(copy);
	if (fd < 0) {
		fprintf(stderr, "csumbench-gb: --benchmark_out=%s: cannot write "
			"beside it: %s\n", path, strerror(errno));
		free(tmp);
		return NULL;
	}
	close(fd);
	out_path = path;
	out_tmp = tmp;
	atexit(remove_tmp);
	xalloc_on_fail(remove_tmp);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = remove_tmp_on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;
		sigaction(sigs[i], NULL, &old);
		if (old.sa_handler != SIG_IGN)	/* nohup stays nohup */
			sigaction(sigs[i], &sa, NULL);
	}
	flag = xasprintf("a flag", "--benchmark_out=%s", tmp);
	return flag;
}

/* The run is whole: its file, synced, replaces PATH.  0, or 1 after a
   message (PATH as it was). */
static int out_commit(void)
{
	char *tmp = out_tmp;
	int fd, rc = 0;

	if (!tmp)
		return 0;
	fd = open(tmp, O_RDONLY);
	if (fd < 0 || fsync(fd) != 0 || rename(tmp, out_path) != 0) {
		fprintf(stderr, "csumbench-gb: --benchmark_out=%s: %s\n", out_path,
			strerror(errno));
		kept_out();
		rc = 1;
	} else {
		out_tmp = NULL;
	}
	if (fd >= 0)
		close(fd);
	remove_tmp();
	out_tmp = NULL;
	free(tmp);
	return rc;
}

/* Without a config: what the benchmark names above promise. */
static const char *const defaults[] = {
	"ops = csum, csum_copy", "sizes = 64, 1500, 65536", "cache = warm, cold",
	"prefetch = none, 32, 64, 128, 256",
};
#define NDEFAULTS (sizeof(defaults) / sizeof(defaults[0]))

static int usage(FILE *f)
{
	fprintf(f,
		"usage: csumbench-gb [-c CONFIG] [--set key=value]... [--events=LIST]\n"
		"                    [--benchmark_... flags of Google Benchmark]\n\n"
		"Registers csumbench's kernels with Google Benchmark, after its\n"
		"correctness gate, as OP/KERNEL/SIZE/CACHE[/pf:D][/align:A], and\n"
		"runs those --benchmark_filter selects.  Each iteration is one call;\n"
		"counters: cycles_per_byte (csumbench's timer and calibration) and\n"
		"ev_NAME per call for each event of --events (csumbench events).\n\n"
		"  -c CONFIG      a csumbench config (warm and cold points are run);\n"
		"                 without one: %s; %s;\n"
		"                 %s; %s\n"
		"  --set k=v      override one setting, as in csumbench run\n"
		"  --events=LIST  count these events (events = in a config)\n"
		"  --benchmark_*  Google Benchmark's own flags (--help lists them)\n"
		"A kernel that hangs after passing the gate hangs csumbench-gb too:\n"
		"only csumbench run stops one.\n\n", defaults[0], defaults[1], defaults[2],
		defaults[3]);
	return f == stdout ? 0 : 2;
}

static void run_point(gbc_state *s, void *arg)
{
	struct point *p = arg;
	struct sweep *b = &bench;
	const struct timer *t = b->machine.cal.timer;
	const struct op *op = p->spec.runs->op;
	const unsigned char *buf = b->arena.buf + p->spec.align;
	unsigned char *wdst = op->dst ? b->arena.dbuf + p->spec.align : NULL;
	unsigned char *bufs[K_MAX], *dsts[K_MAX];
	double ticks = 0, calls = 0, ev[EVENTS_MAX] = { 0 }, evcalls = 0;
	struct events_count c;
	size_t i;

	/* A kernel that calls exit() is named, as in run: Google
	   Benchmark's loop has no deadline, but the calls are marked. */
	watchdog_enter(p->spec.kernel);
	if (p->spec.cache == CACHE_WARM)	/* code and buffer warm */
		op->batch(t, p->spec.runs, buf, wdst, p->spec.size, sweep_dist(p), 2);
	while (gbc_keep_running_batch(s, p->spec.iters)) {
		uint64_t r;
		if (p->spec.cache == CACHE_COLD) {
			gbc_pause_timing(s);
			sweep_cold_ready(b, p, bufs, dsts);
			gbc_resume_timing(s);
			r = op->list(t, p->spec.runs, bufs, dsts, p->spec.size, sweep_dist(p),
				     p->spec.iters);
		} else {
			r = op->batch(t, p->spec.runs, buf, wdst, p->spec.size, sweep_dist(p),
				      p->spec.iters);
		}
		ticks += (double)r - b->machine.cal.overhead;
		calls += (double)p->spec.iters;
		if (b->plan.nev && events_last(&c)) {
			for (i = 0; i < b->plan.nev; i++)
				ev[i] += c.value[i] - b->machine.ev_overhead[i];
			evcalls += (double)p->spec.iters;
		}
	}
	watchdog_leave();
	/* (on every line Google Benchmark prints and in each JSON entry) */
	if (b->machine.emulated)
		gbc_set_label(s, "emulated: not a board's time");
	gbc_set_bytes_processed(s, (int64_t)(gbc_iterations_run(s) * p->spec.size));
	gbc_counter(s, "cycles_per_byte", ticks * b->machine.cal.cycles_per_tick /
		    (calls * p->data.bytes), GBC_COUNTER_DEFAULT);
	for (i = 0; i < b->plan.nev && evcalls > 0; i++)
		gbc_counter(s, b->cfg->events.ev[i].column, ev[i] / evcalls,
			    GBC_COUNTER_DEFAULT);
}

static void name_of(const struct point *p, char *name, size_t len)
{
	size_t n = (size_t)snprintf(name, len, "%s/%s/%u/%s", p->spec.kernel->op->name,
				    p->spec.kernel->name, p->spec.size,
				    cache_state_name[p->spec.cache]);

	if (p->spec.kernel->prefetch && n < len) {
		if (p->spec.prefetch == PREFETCH_NONE)
			n += (size_t)snprintf(name + n, len - n, "/pf:none");
		else
			n += (size_t)snprintf(name + n, len - n, "/pf:%d", p->spec.prefetch);
	}
	if (p->spec.align && n < len)
		n += (size_t)snprintf(name + n, len - n, "/align:%u", p->spec.align);
	if (p->spec.code_offset != CODE_OFFSET_NONE && n < len)
		snprintf(name + n, len - n, "/off:%d", p->spec.code_offset);
}

/* Registers the points run can time here: warm and cold, idle, sizes. */
static size_t register_points(struct sweep *b)
{
	size_t i, n = 0, left = 0;
	char name[256];

	for (i = 0; i < b->plan.npts; i++) {
		struct point *p = &b->plan.pts[i];
		if (p->spec.kernel->pseudo)
			continue;
		if ((p->spec.cache != CACHE_WARM && p->spec.cache != CACHE_COLD) ||
		    p->spec.load != LOAD_IDLE || p->spec.size == SIZE_MIX) {
			left++;
			continue;
		}
		name_of(p, name, sizeof(name));
		gbc_register(name, run_point, p);
		n++;
	}
	if (left)
		fprintf(stderr, "csumbench-gb: %zu point(s) of cold-ring, ring, "
			"busy or a mix are left to csumbench run\n", left);
	return n;
}

static void context(const struct sweep *b)
{
	char v[256];

	snprintf(v, sizeof(v), "%s (%s)", b->machine.cal.timer->name,
		 b->machine.cal.timer->what);
	gbc_add_context("csumbench_timer", v);
	snprintf(v, sizeof(v), "%.4f", b->machine.cal.cycles_per_tick);
	gbc_add_context("csumbench_cycles_per_tick", v);
	gbc_add_context("csumbench_emulated", b->machine.emulated ? "yes: timings are "
			"not real" : "no");
	gbc_add_context("csumbench_git", CSUMBENCH_GIT);
}

/* The command line, split: csumbench's own flags here, the rest left
   to Google Benchmark to take or refuse.  Its flags are whole words
   with their values after '=', which getopt_long (lib/args.c) would
   refuse, and it would take an abbreviation ("--con=X" as --config)
   that this matches as no flag of ours. */
struct gb_args {
	const char *config, *filter;
	const char **sets;	/* --set's and --events' (defaults first) */
	int nsets;
	char **rest;		/* what Google Benchmark reads */
	int nrest;
	char **owned;		/* strings made here, freed at the end */
	int nowned;
};

/* 0, or 2 after a message. */
static int parse_argv(int argc, char **argv, struct gb_args *g)
{
	static char help[] = "--help";	/* Google Benchmark has no -h */
	int i;

	memset(g, 0, sizeof(*g));
	g->sets = xcalloc((size_t)argc + NDEFAULTS + 1, sizeof(*g->sets),
			  "the command line");
	g->rest = xcalloc((size_t)argc + 1, sizeof(*g->rest), "the command line");
	g->owned = xcalloc((size_t)argc + 1, sizeof(*g->owned), "the command line");
	g->rest[g->nrest++] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			g->rest[g->nrest++] = help;	/* and Google Benchmark's */
		} else if (!strcmp(a, "-c") && i + 1 < argc) {
			g->config = argv[++i];
		} else if (!strncmp(a, "--config=", 9)) {
			g->config = a + 9;
		} else if (!strcmp(a, "--set") && i + 1 < argc) {
			g->sets[g->nsets++] = argv[++i];
		} else if (!strncmp(a, "--set=", 6)) {
			g->sets[g->nsets++] = a + 6;
		} else if (!strncmp(a, "--events=", 9)) {
			/* as --set events=...: errors name it so; the last
			   one wins. */
			g->owned[g->nowned] = xasprintf("the command line",
							"events=%s", a + 9);
			g->sets[g->nsets++] = g->owned[g->nowned++];
		} else if (!strncmp(a, "--benchmark_out=", 16) && a[16]) {
			char *flag = out_flag(a + 16);
			if (!flag)
				return 2;
			g->owned[g->nowned++] = g->rest[g->nrest++] = flag;
		} else {
			if (!strncmp(a, "--benchmark_filter=", 19))
				g->filter = a + 19;
			g->rest[g->nrest++] = argv[i];
		}
	}
	if (!g->config) {	/* the defaults first, so --set can change them */
		memmove(g->sets + NDEFAULTS, g->sets, (size_t)g->nsets * sizeof(*g->sets));
		memcpy(g->sets, defaults, sizeof(defaults));
		g->nsets += (int)NDEFAULTS;
	}
	return 0;
}

/* The plan, timer, events, gate, flush and buffers, as run makes them
   (*failed: kernels the gate refused): 0, or the exit status after a
   message. */
static int prepare(struct config *c, bool *failed)
{
	char err[512];
	size_t k;

	bench.cfg = c;
	if (sweep_plan(&bench, err, sizeof(err))) {
		config_error(&c->origin.code_offset, "code_offset", err);
		return 2;
	}
	if (setup_memory(&bench))
		return 2;
	watchdog_init(c->kernel_timeout);
	watchdog_on_abandon(abandoned, NULL);
	bench.machine.emulated = setup_emulated(c, false);
	if (setup_timer(c, &bench.machine.cal, false))
		return 2;
	if (c->events.n && events_open(&c->events, err, sizeof(err))) {
		config_error(&c->origin.events, "events", err);
		return 2;
	}
	bench.machine.flush = flush_select(NULL);
	bench.machine.line = cache_line_size(&bench.machine.line_source);
	*failed = sweep_gate(&bench);
	for (k = 0; *failed && k < bench.log.nfailed; k++)
		fprintf(stderr, "csumbench-gb: not registered: %s\n", bench.log.failed[k]);
	for (k = 0; k < c->ncaches && c->caches[k] != CACHE_COLD; k++)
		;
	if (k < c->ncaches) {	/* as run does: a flush that misses is replaced */
		flush_check(&bench.machine.fcheck, &bench.machine.cal,
			    bench.machine.flush, bench.machine.line,
			    bench.machine.emulated);
		if (bench.machine.fcheck.misses) {
			fprintf(stderr, "csumbench-gb: WARNING: the cold flush %s\n",
				bench.machine.fcheck.verdict);
			bench.machine.flush = &flush_evict;
		}
	}
	if (sweep_prepare(&bench, err, sizeof(err))) {
		fprintf(stderr, "csumbench-gb: %s\n", err);
		return 1;
	}
	if (bench.plan.nev && events_overhead(bench.machine.cal.timer,
					       bench.machine.ev_overhead)) {
		fprintf(stderr, "csumbench-gb: events: the group never ran\n");
		return 1;
	}
	return 0;
}

/* The points registered and run, --benchmark_out committed: 0, or 1
   when nothing ran or the output could not be kept. */
static int run_points(const char *filter)
{
	size_t ran;

	context(&bench);
	register_count = register_points(&bench);
	if (!register_count) {
		fprintf(stderr, "csumbench-gb: no point to run\n");
		return 1;
	}
	ran = gbc_run_specified();
	gbc_shutdown();
	if (!ran) {
		/* Google Benchmark says why when the filter is no regular
		   expression; either way nothing was measured. */
		fprintf(stderr, "csumbench-gb: no benchmark ran: --benchmark_filter=%s "
			"matches none of the %zu registered, or is no regular "
			"expression (csumbench-gb --benchmark_list_tests lists "
			"them)\n", filter ? filter : ".", register_count);
		remove_tmp();
		kept_out();
		return 1;
	}
	return out_commit() ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct gb_args g;
	struct config c;
	bool failed = false;
	int i, rc;

	if (parse_argv(argc, argv, &g))
		return 2;
	gbc_initialize(&g.nrest, g.rest);
	if (!gbc_no_unrecognized_arguments(g.nrest, g.rest))
		return usage(stderr);
	if (setup_config(&c, g.config, g.sets, g.nsets, false))
		return 2;
	rc = prepare(&c, &failed);
	if (rc)
		return rc;
	rc = run_points(g.filter) || failed ? 1 : 0;
	events_close();
	sweep_free(&bench);
	config_free(&c);
	for (i = 0; i < g.nowned; i++)
		free(g.owned[i]);
	free(g.owned);
	free(g.sets);
	free(g.rest);
	return rc;
}
