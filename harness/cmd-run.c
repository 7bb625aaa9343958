/* csumbench run [-c CONFIG] [-o FILE|DIR|-] [--set key=value]... */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "output.h"
#include "report.h"
#include "setup.h"
#include "sweep.h"

static int run_usage(FILE *f)
{
	fprintf(f,
		"usage: csumbench run [-c CONFIG] [-o FILE|DIR/|-] [--set key=value]...\n"
		"                     [--force] [--dry-run] [-q]\n\n"
		"Verifies every kernel of the config against ref, then times each\n"
		"point (kernel, size, align, cache, prefetch) and writes one CSV row\n"
		"per point, plus every sample in a -samples.csv beside it.\n\n"
		"  -c CONFIG     settings file (configs/*.conf); built-in defaults without\n"
		"  -o DIR/       write DIR/<config>-<host>-<YYYYmmdd-HHMMSS>.csv (default\n"
		"                results/); -o FILE names it; -o - writes to stdout\n"
		"  --set k=v     override one setting (any config key; repeatable)\n"
		"  --force       replace an existing output file\n"
		"  --dry-run     print the points and exit\n"
		"  -q            no progress or summary\n");
	return f == stdout ? 0 : 2;
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

static void dry_run(const struct bench *b)
{
	size_t i;

	printf("%zu points, %u samples each:\n", b->npts, b->cfg->samples);
	for (i = 0; i < b->npts; i++) {
		const struct point *p = &b->pts[i];
		printf("%s %u %u %s ", p->kernel->name, p->size, p->align,
		       cache_state_name[p->cache]);
		if (p->prefetch == PREFETCH_NONE)
			printf("none\n");
		else
			printf("%d\n", p->prefetch);
	}
}

int cmd_run(int argc, char **argv)
{
	const char *path = NULL, *out = "results/";
	bool force = false, dry = false, quiet = false;
	char **sets = calloc((size_t)argc, sizeof(*sets));
	int nsets = 0, i, rc;
	struct config c;
	struct bench b;
	struct output o;

	if (!sets)
		abort();
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			free(sets);
			return run_usage(stdout);
		} else if (!strcmp(argv[i], "-c") && i + 1 < argc) {
			path = argv[++i];
		} else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
			sets[nsets++] = argv[++i];
		} else if (!strcmp(argv[i], "--force")) {
			force = true;
		} else if (!strcmp(argv[i], "--dry-run") || !strcmp(argv[i], "-n")) {
			dry = true;
		} else if (!strcmp(argv[i], "-q")) {
			quiet = true;
		} else {
			fprintf(stderr, "csumbench run: unknown or incomplete option '%s'\n",
				argv[i]);
			free(sets);
			return run_usage(stderr);
		}
	}
	rc = setup_config(&c, path, sets, nsets);
	free(sets);
	if (rc)
		return rc;

	memset(&b, 0, sizeof(b));
	b.cfg = &c;
	if (dry) {
		sweep_plan(&b);
		dry_run(&b);
		goto done;
	}
	b.emulated = setup_emulated(&c, false);
	rc = setup_timer(&c, &b.cal, quiet);
	if (rc)
		goto done;
	rc = output_prepare(&o, out, path, force);
	if (rc)
		goto done;
	b.flush = flush_select(NULL);
	b.line = cache_line_size(&b.line_source);

	sweep_plan(&b);
	if (sweep_gate(&b) && b.npts == 0) {
		fprintf(stderr, "csumbench: no kernel passed the correctness check; "
			"nothing to time, no results written\n");
		rc = 1;
		goto done;
	}
	if (!quiet)
		fprintf(stderr, "csumbench: %zu points, timer %s, %.4f cycles/tick (%s)\n",
			b.npts, b.cal.timer->name, b.cal.cycles_per_tick,
			b.cal.cpt_source);
	sweep_run(&b, !quiet);
	b.cpt_end = calibrate_recheck(&b.cal);
	if (b.cpt_end > 0 && fabs(b.cpt_end / b.cal.cycles_per_tick - 1) > 0.03)
		fprintf(stderr, "csumbench: WARNING: cycles per tick was %.4f at the "
			"start and %.4f at the end: the core clock changed during the "
			"run; cycles are uncertain by that much\n",
			b.cal.cycles_per_tick, b.cpt_end);

	if (sweep_coarse(&b) && !quiet)
		fprintf(stderr, "csumbench: WARNING: %zu single-call (cold) points "
			"last under %d steps of the timer; their figures are coarse "
			"(a cycle-counting timer, timer = perf, resolves them)\n",
			sweep_coarse(&b), COARSE_STEPS);
	if (output_commit(&o, write_results, write_samples, &b)) {
		rc = 1;
		goto done;
	}
	if (!quiet) {
		FILE *f = strcmp(o.path, "-") ? stdout : stderr;
		report_summary(f, &b);
		if (strcmp(o.path, "-"))
			fprintf(f, "wrote %s\n  and %s\n", o.path, o.samples);
	}
	if (b.nfailed) {
		fprintf(stderr, "csumbench: %zu correctness check(s) failed; "
			"those kernels were not timed\n", b.nfailed);
		rc = 1;
	}
done:
	sweep_free(&b);
	config_free(&c);
	return rc;
}
