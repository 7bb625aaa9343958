/* csumbench run [-c CONFIG] [-o FILE|DIR|-] [--set key=value]... */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "cmd/cmd.h"
#include "model/model.h"
#include "timer/timer.h"
#include "cmd/setup.h"
#include "config/keys.h"
#include "kspace/kspace.h"
#include "lib/args.h"
#include "lib/platform.h"
#include "lib/xalloc.h"
#include "sweep/kspace.h"
#include "sweep/layout.h"
#include "sweep/sweep.h"
#include "report/output.h"
#include "report/report.h"
#include "workload/load.h"

enum { OPT_FORCE = 256, OPT_CHECK, OPT_KEYS, OPT_MAN_KEYS };

/* What the command line asks for. */
struct run_opts {
	const char *config, *output;
	int force, dry, check, quiet;
	const char **sets;	/* --set's, in order */
	int nsets;
};

#define AT(field) offsetof(struct run_opts, field)

static const struct args_opt run_opts[] = {
	{ .name = "config", .key = 'c', .arg = "CONFIG",
	  .help = "the settings file (configs/*.conf); without\none, the "
	  "built-in defaults", .type = ARGS_STRING, .at = AT(config) },
	{ .name = "output", .key = 'o', .arg = "FILE|DIR/|-",
	  .help = "DIR/: DIR/CONFIG-HOST-YYYYmmdd-HHMMSS.csv\n"
	  "(default results/; -2, -3... if taken); FILE\n"
	  "names it (FILE.json: Google Benchmark's JSON);\n"
	  "-: the results to standard output, no samples",
	  .type = ARGS_STRING, .at = AT(output) },
	{ .name = "set", .key = 's', .arg = "KEY=VALUE",
	  .help = "override one config key (repeatable)" },
	{ .name = "force", .key = OPT_FORCE,
	  .help = "replace an existing output file (a regular one)",
	  .type = ARGS_FLAG, .at = AT(force) },
	{ .name = "dry-run", .key = 'n', .help = "print the points and exit",
	  .type = ARGS_FLAG, .at = AT(dry) },
	{ .name = "check", .key = OPT_CHECK,
	  .help = "run the correctness gate only, at every size\nand alignment "
	  "of the config; exit 1 if any fails",
	  .type = ARGS_FLAG, .at = AT(check) },
	{ .name = "quiet", .key = 'q',
	  .help = "no progress or summary (where the results went\nis still "
	  "said)", .type = ARGS_FLAG, .at = AT(quiet) },
	{ .name = "list-keys", .key = OPT_KEYS,
	  .help = "print the config keys' names, one per line" },
	{ .name = "man-keys", .key = OPT_MAN_KEYS,
	  .help = "print the keys as csumbench.conf(5) lists them\n"
	  "(roff), and exit" },
	{ .name = NULL }
};

static const struct args_cmd run_cmd = {
	"run", "[OPTION]...",
	"Verifies every kernel of the config against its op's reference,\n"
	"then times each point (kernel, size, align, cache, prefetch, code\n"
	"offset) in rounds and writes one CSV row per point and repeat,\n"
	"plus every sample in a -samples.csv beside it.\n",
	run_opts
};

/* After run's usage: the keys, from the one table the parser reads. */
static void key_help(void)
{
	size_t i;

	printf("\nConfig keys (KEY = VALUE in a config, or --set KEY=VALUE):\n");
	for (i = 0; i < config_nkeys; i++) {
		const struct config_key *k = &config_keys[i];
		/* values and help on one line where they fit 80 columns */
		bool one = 6 + strlen(k->values) + 2 + strlen(k->help) <= 80;

		printf("  %s = %s\n      %s%s%s\n", k->name,
		       k->def ? k->def : "(unset)", k->values,
		       one ? ": " : "\n      ", k->help);
	}
}

/* s as roff text: a - is \-, a \ is \e, and a line's leading . or '
   is guarded by \&. */
static void roff_text(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", stdout);
		else if (*s == '\\')
			fputs("\\e", stdout);
		else
			putchar(*s);
	}
}

/* The keys, from the same table, as csumbench.conf(5)'s KEYS section
   (make man writes the page from it; tests/docs.sh checks it is). */
static void key_man(void)
{
	size_t i;

	for (i = 0; i < config_nkeys; i++) {
		const struct config_key *k = &config_keys[i];

		printf(".TP\n.BR ");
		roff_text(k->name);
		printf(" \" = ");
		roff_text(k->def ? k->def : "(unset)");
		printf("\"\n");
		roff_text(k->values);
		printf("\n.br\n");
		roff_text(k->help);
		printf("\n");
	}
}

static void write_results(FILE *f, const void *ctx)
{
	report_meta(f, ctx);
	report_csv(f, ctx);
}

static void write_samples(FILE *f, const void *ctx)
{
	report_meta(f, ctx);
	report_samples_csv(f, ctx);
}

static void write_json(FILE *f, const void *ctx)
{
	report_json(f, ctx);
}

static const struct output_writers writers = {
	write_results, write_json, write_samples
};

/* Where the user chose the format, for -o's messages; NULL: the
   default. */
static const char *format_set(const struct config *c, char *buf, size_t len)
{
	const struct origin *o = &c->origin.format;

	if (!strcmp(o->file, "defaults"))
		return NULL;
	if (o->line > 0)
		snprintf(buf, len, "%s:%d", o->file, o->line);
	else
		snprintf(buf, len, "%s", o->file);
	return buf;
}

static void dry_run(const struct sweep *b)
{
	size_t i;

	printf("%zu points (%zu of them the floor, each op's empty kernel), %u samples "
	       "each%s:\n", b->plan.npts, b->plan.nempty, b->cfg->samples,
	       b->cfg->repeat > 1 ? " per repeat" : "");
	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];
		char rx[32];

		printf("%s ", p->spec.kernel->name);
		if (p->spec.size == SIZE_MIX)
			printf("mix ");
		else
			printf("%u ", p->spec.size);
		printf("%u %s ", p->spec.align, cache_state_name[p->spec.cache]);
		if (p->spec.prefetch == PREFETCH_NONE)
			printf("none");
		else
			printf("%d", p->spec.prefetch);
		if (p->spec.code_offset == CODE_OFFSET_NONE)
			printf(" in-place");
		else
			printf(" +%d", p->spec.code_offset);
		if (p->spec.cache == CACHE_RX)
			printf(" rx_prefetch=%s", point_rx_name(b, p, rx, sizeof(rx)));
		printf("%s\n", p->spec.load == LOAD_BUSY ? " busy" : "");
	}
}

/* The seed of the rounds' order (the config's, or one from the clock and
   pid) and an id that tells this run from any other. */
static void identify(struct sweep *b)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	b->plan.seed = b->cfg->seed ? b->cfg->seed :
		  ((uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32 ^
		   (uint64_t)ts.tv_sec) % UINT64_C(0xffffffffff) + 1;
	snprintf(b->plan.run_id, sizeof(b->plan.run_id), "%s-%lld-%ld-%llu",
		 platform_host(), (long long)ts.tv_sec, (long)getpid(),
		 (unsigned long long)b->plan.seed);
}

/* A kernel that could not be left safely, or called exit(): keep what
   was measured, under a name that says partial. */
struct abandon {
	struct sweep *b;
	struct output *o;
};

static void write_partial(const char *why, void *ctx)
{
	struct abandon *a = ctx;
	struct sweep *b = a->b;

	load_stop();
	if (b->machine.cont.t0 > 0 && !(b->machine.cont.t1 > 0))
		contention_stop(&b->machine.cont);	/* up to where it stopped */
	/* The kernel to blame leaves the results; the others stay. */
	if (watchdog_current() && b->plan.npts)
		sweep_fail_kernel(b, watchdog_current(), why);
	if (!b->plan.npts || !sweep_measured(b)) {
		fprintf(stderr, "csumbench: nothing was measured; no results "
			"written\n");
		return;
	}
	b->log.partial = why;
	sweep_finish(b);
	if (output_commit(a->o, &writers, b, true) == 0 &&
	    strcmp(a->o->path, "-"))
		fprintf(stderr, "csumbench: what was measured is in %s\n%s%s%s"
			"  and %s\n", a->o->path, a->o->json ? "  and " : "",
			a->o->json ? a->o->json : "", a->o->json ? "\n" : "",
			a->o->samples);
}

/* The copies layouts draw from, made before the gate checks them: 0, or
   -1 after a message. */
static int make_layouts(struct sweep *b)
{
	char err[1024];

	if (!layout_make(b, err, sizeof(err)))
		return 0;
	fprintf(stderr, "csumbench: layouts: %s (layouts = 1 keeps every kernel "
		"in place)\n", err);
	return -1;
}

/* Any state but warm: the flush is checked, and the miss latency read
   from its chase (miss.h). */
static bool has_cold(const struct config *c)
{
	size_t i;

	for (i = 0; i < c->ncaches; i++)
		if (c->caches[i] != CACHE_WARM)
			return true;
	return false;
}

/* The options: -1 to go on, else the exit status (--help and
   --list-keys print and stop). */
static int parse_command(struct run_opts *o, int argc, char **argv)
{
	struct args a;
	const char *v;
	size_t i;
	int k, rc = -1;

	memset(o, 0, sizeof(*o));
	o->output = "results/";
	o->sets = xcalloc((size_t)argc, sizeof(*o->sets), "the command line");
	args_begin_into(&a, &run_cmd, argc, argv, o);
	while (rc < 0 && (k = args_next(&a, &v)) != ARGS_END) {
		switch (k) {
		case ARGS_HELP:
			key_help();
			rc = 0;
			break;
		case OPT_KEYS:
			for (i = 0; i < config_nkeys; i++)
				printf("%s\n", config_keys[i].name);
			rc = 0;
			break;
		case OPT_MAN_KEYS:
			key_man();
			rc = 0;
			break;
		case 's':
			o->sets[o->nsets++] = v;
			break;
		case ARGS_ARG:
			rc = args_bad_usage(&run_cmd, "unexpected '%s' (a config is "
					    "-c FILE)", v);
			break;
		default:
			rc = 2;
			break;
		}
	}
	args_end(&a);
	return rc;
}

/* One run: its options, config, sweep and output. */
struct run {
	struct run_opts opts;
	struct config c;
	struct sweep b;
	struct output o;
	struct abandon ab;
	char err[512];
};

/* --check: the gate alone, on the copies a run would time too. */
static int check_only(struct run *r)
{
	struct sweep *b = &r->b;
	const struct config *c = &r->c;
	int rc;

	if ((kspace_opened() && kspace_begin(b)) || make_layouts(b))
		return 1;
	rc = sweep_gate(b) ? 1 : 0;
	if (!r->opts.quiet)
		printf("%s: %zu kernel(s) at %zu size(s) and %zu "
		       "alignment(s)%s\n", rc ? "FAILED" : "ok",
		       c->nkernels - b->log.nfailed, c->nsizes, c->naligns,
		       rc ? " agree with their reference; the others failed, as above" :
		       " agree with their reference");
	return rc;
}

/* cpu = auto: the least busy CPU, chosen once, for the load's plan and
   the pinning alike. */
static void choose_cpu(struct run *r)
{
	struct sweep *b = &r->b;
	int cpu = cpu_least_busy(0.05, b->machine.cpu_why,
				 sizeof(b->machine.cpu_why), r->err,
				 sizeof(r->err));

	if (cpu >= 0) {
		r->c.cpu = cpu;
		if (!r->opts.quiet)
			fprintf(stderr, "csumbench: %s\n", b->machine.cpu_why);
	}
	/* (said now, and kept with the run's other warnings) */
	if (*r->err) {
		fprintf(stderr, "csumbench: WARNING: %s\n", r->err);
		sweep_warn_text(b, r->err);
	}
}

/* The machine and the output made ready: CPU, load's plan, timer,
   events, output file: 0, or the exit status after a message. */
static int prepare(struct run *r)
{
	struct config *c = &r->c;
	struct sweep *b = &r->b;
	char where[512];
	int rc;

	b->machine.emulated = setup_emulated(c, false);
	if (c->cpu == CPU_AUTO)
		choose_cpu(r);
	/* The load's CPUs are found among those allowed before pinning. */
	if (b->plan.busy && load_plan(c->load_kind, c->load_cpus, c->nload_cpus,
				 c->timing == TIMING_PER_CALL, c->cpu, r->err,
				 sizeof(r->err))) {
		config_error(&c->origin.load_cpus, "load_cpus", r->err);
		return 2;
	}
	rc = setup_timer(c, &b->machine.cal, r->opts.quiet);
	if (rc)
		return rc;
	/* (the core model's estimates are emulated too, and say whose) */
	if (b->machine.cal.timer == &timer_model) {
		b->machine.model = model_about();
		b->machine.emulated = true;
	}
	/* An event that will not open here is the config's error. */
	if (c->events.n && events_open(&c->events, r->err, sizeof(r->err))) {
		config_error(&c->origin.events, "events", r->err);
		return 2;
	}
	rc = output_prepare(&r->o, r->opts.output, r->opts.config, r->opts.force,
			    c->formats, format_set(c, where, sizeof(where)));
	if (rc)
		return rc;
	identify(b);
	b->no_samples = !strcmp(r->o.path, "-");
	if (b->no_samples && !r->opts.quiet)
		fprintf(stderr, "csumbench: -o -: the results go to standard output; "
			"the samples file is not written (give -o FILE for both)\n");
	r->ab.b = b;
	r->ab.o = &r->o;
	watchdog_on_abandon(write_partial, &r->ab);
	return 0;
}

/* The kernels checked, the flush checked, the load started and the
   buffers made: 0, or the exit status after a message. */
static int arm(struct run *r)
{
	struct sweep *b = &r->b;

	b->machine.flush = flush_select(NULL);
	b->machine.line = cache_line_size(&b->machine.line_source);
	/* space = kernel: the module's buffers, before its gate */
	if (kspace_opened() && kspace_begin(b))
		return 2;
	if (make_layouts(b))
		return 1;
	if (sweep_gate(b) && !sweep_checksums(b)) {
		fprintf(stderr, "csumbench: no kernel passed the correctness check; "
			"nothing to time, no results written\n");
		return 1;
	}
	/* (the module flushes with the kernel's helper: not checked here) */
	if (has_cold(&r->c) && !kspace_opened()) {
		flush_check(&b->machine.fcheck, &b->machine.cal, b->machine.flush,
			    b->machine.line, b->machine.emulated);
		if (b->machine.fcheck.misses) {
			fprintf(stderr, "csumbench: WARNING: the cold flush %s\n",
				b->machine.fcheck.verdict);
			b->machine.flush = &flush_evict;
		}
	}
	/* The load's processes are forked before the buffers are made, so
	   that no page of theirs is shared copy-on-write with a child. */
	if ((b->plan.busy && load_start(r->err, sizeof(r->err))) ||
	    sweep_prepare(b, r->err, sizeof(r->err))) {
		fprintf(stderr, "csumbench: %s\n", r->err);
		return 1;
	}
	if (b->plan.nev &&
	    events_overhead(b->machine.cal.timer, b->machine.ev_overhead)) {
		fprintf(stderr, "csumbench: events: the group never got on the "
			"PMU in its empty regions (too many hardware events for its "
			"counters?); count fewer\n");
		return 1;
	}
	return 0;
}

/* The rounds timed, the results written and summed up: the exit
   status. */
static int measure(struct run *r)
{
	struct sweep *b = &r->b;
	struct output *o = &r->o;
	size_t i;

	if (!r->opts.quiet)
		fprintf(stderr, "csumbench: %zu points x %u rounds%s, timer %s, "
			"%s order (seed %llu)\n", b->plan.npts, b->plan.samples,
			b->plan.repeats > 1 ? " x repeats" : "", b->machine.cal.timer->name,
			r->c.order == ORDER_ROUNDS ? "rounds" : "sequential",
			(unsigned long long)b->plan.seed);
	contention_start(&b->machine.cont, b->machine.cal.cpu);
	sweep_run(b, !r->opts.quiet);
	contention_stop(&b->machine.cont);
	load_stop();
	sweep_finish(b);
	for (i = 0; i < b->log.nwarnings; i++)
		fprintf(stderr, "csumbench: WARNING: %s\n", b->log.warnings[i]);
	if (output_commit(o, &writers, b, false))
		return 1;
	if (!r->opts.quiet)
		report_summary(strcmp(o->path, "-") ? stdout : stderr, b);
	/* (quiet or not: where the results went is never left out) */
	if (strcmp(o->path, "-")) {
		printf("wrote %s\n", o->path);
		if (o->json)
			printf("  and %s\n", o->json);
		printf("  and %s\n", o->samples);
	}
	if (b->log.nfailed) {
		fprintf(stderr, "csumbench: %zu kernel(s) failed the correctness "
			"check or hung; they were not timed\n", b->log.nfailed);
		return 1;
	}
	return 0;
}

/* The points planned (a kernel that cannot be placed is a config
   error, found before anything is pinned, timed or created), then a dry
   run, the check, or the run. */
static int run(struct run *r)
{
	int rc;

	r->b.cfg = &r->c;
	if (sweep_plan(&r->b, r->err, sizeof(r->err))) {
		config_error(&r->c.origin.code_offset, "code_offset", r->err);
		return 2;
	}
	if (r->opts.dry) {
		dry_run(&r->b);
		return 0;
	}
	if (setup_memory(&r->b))
		return 2;
	watchdog_init(r->c.kernel_timeout);
	if (r->opts.check)
		return check_only(r);
	rc = prepare(r);
	if (!rc)
		rc = arm(r);
	return rc ? rc : measure(r);
}

int cmd_run(int argc, char **argv)
{
	struct run r;
	int rc;

	memset(&r, 0, sizeof(r));
	rc = parse_command(&r.opts, argc, argv);
	if (rc >= 0) {
		free(r.opts.sets);
		return rc;
	}
	/* A dry run reads a capture through for its sizes and keeps none of
	   its packets. */
	rc = setup_config(&r.c, r.opts.config, r.opts.sets, r.opts.nsets,
			  r.opts.dry);
	free(r.opts.sets);
	if (rc)
		return rc;
	rc = run(&r);
	events_close();
	load_stop();
	watchdog_on_abandon(NULL, NULL);
	output_free(&r.o);
	sweep_free(&r.b);
	config_free(&r.c);
	return rc;
}
