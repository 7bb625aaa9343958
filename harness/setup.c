/* What run and calibrate share: config, pinning, timer and calibration. */
#include <stdio.h>

#include "platform.h"
#include "setup.h"

int setup_config(struct config *c, const char *path, char **sets, int nsets)
{
	int i;

	config_defaults(c);
	if (path && config_load(c, path))
		return 2;
	for (i = 0; i < nsets; i++)
		if (config_set(c, sets[i]))
			return 2;
	if (config_resolve(c))
		return 2;
	if (config_points(c) > POINTS_MAX) {
		fprintf(stderr, "%s: the settings expand to %llu points, expected at "
			"most %d: narrow kernels, sizes, aligns or prefetch\n",
			path ? path : "csumbench", (unsigned long long)config_points(c),
			POINTS_MAX);
		return 2;
	}
	return 0;
}

int setup_timer(const struct config *c, struct calibration *cal, bool quiet)
{
	const struct timer *t;
	char err[512];

	cal->cpu = -1;
	if (c->cpu != CPU_NONE) {
		cal->cpu = platform_pin(c->cpu, err, sizeof(err));
		if (cal->cpu < 0) {
			config_error(&c->cpu_origin, "cpu", err);
			return 2;
		}
	}
	t = timer_select(c->timer, quiet, err, sizeof(err));
	if (!t) {
		config_error(&c->timer_origin, "timer", err);
		return 2;
	}
	if (calibrate(t, c->cycles_per_tick, cal, err, sizeof(err))) {
		fprintf(stderr, "csumbench: %s\n", err);
		return 2;
	}
	return 0;
}

bool setup_emulated(const struct config *c, bool quiet)
{
	const char *why = "emulated = yes in the config";
	bool emu = c->emulated == 1 ||
		   (c->emulated == -1 && platform_emulated(&why));

	if (emu && !quiet)
		fprintf(stderr, "csumbench: WARNING: running under emulation (%s): "
			"timings are not real, do not quote them\n", why);
	return emu;
}
