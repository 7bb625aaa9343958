/* Run metadata as "# key: value" lines above the CSV header. */
#include <stdio.h>
#include <time.h>

#include "buildinfo.h"
#include "platform.h"
#include "report.h"

void report_meta(FILE *f, const struct bench *b)
{
	const struct calibration *c = &b->cal;
	char date[32];
	time_t now = time(NULL);
	size_t i;

	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	fprintf(f, "# csumbench: %s\n", CSUMBENCH_GIT);
	fprintf(f, "# date: %s\n", date);
	fprintf(f, "# host: %s\n", platform_host());
	fprintf(f, "# arch: %s\n", platform_arch);
	fprintf(f, "# cpu_model: %s\n", platform_cpu_model());
	fprintf(f, "# compiler: %s\n", CSUMBENCH_CC);
	fprintf(f, "# cflags: %s\n", CSUMBENCH_CFLAGS);
	fprintf(f, "# config: %s\n", b->cfg->path ? b->cfg->path : "(built-in defaults)");
	fprintf(f, "# timer: %s (%s)\n", c->timer->name, c->timer->what);
	fprintf(f, "# timer_overhead_ticks: %.1f (median of an empty region, subtracted)\n",
		c->overhead);
	fprintf(f, "# timer_resolution_ticks: %.0f\n", c->resolution);
	fprintf(f, "# tick_hz: %.0f (%s)\n", c->tick_hz, c->hz_source);
	fprintf(f, "# cycles_per_tick: %.4f\n", c->cycles_per_tick);
	fprintf(f, "# cycles_per_tick_source: %s\n", c->cpt_source);
	if (b->cpt_end > 0)
		fprintf(f, "# cycles_per_tick_at_end: %.4f (%+.1f%%; the clock drifted "
			"if this is far from 0)\n", b->cpt_end,
			(b->cpt_end / c->cycles_per_tick - 1) * 100);
	fprintf(f, "# cache_line: %zu (%s)\n", b->line, b->line_source);
	fprintf(f, "# cold_flush: %s (%s)\n", b->flush->name, b->flush->what);
	if (c->cpu >= 0)
		fprintf(f, "# cpu_pinned: %d\n", c->cpu);
	else
		fprintf(f, "# cpu_pinned: no\n");
	fprintf(f, "# samples_per_point: %u\n", b->cfg->samples);
	fprintf(f, "# virtualized: %s\n", platform_virtualized() ? "yes" : "no");
	fprintf(f, "# emulated: %s\n", b->emulated ? "yes" : "no");
	if (b->emulated)
		fprintf(f, "# warning: emulated run, timings are not real\n");
#ifndef __OPTIMIZE__
	fprintf(f, "# warning: unoptimised build\n");
#endif
#if defined(__SANITIZE_ADDRESS__)
	fprintf(f, "# warning: sanitizer build, timings are not representative\n");
#endif
	if (sweep_coarse(b))
		fprintf(f, "# warning: %zu single-call points last under %d timer "
			"steps of %.0f ticks; their figures are coarse\n",
			sweep_coarse(b), COARSE_STEPS, c->resolution);
	for (i = 0; i < b->nfailed; i++)
		fprintf(f, "# failed: %s\n", b->failed[i]);
}
