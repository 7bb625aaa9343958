/* What run and calibrate share: config, pinning, timer and calibration. */
#include <stdio.h>

#include "cmd/setup.h"
#include "lib/platform.h"
#include "lib/xalloc.h"
#include "sweep/sweep.h"

/* Every sample of every point is kept (ticks, and a count per event):
   a plan whose samples cannot fit is refused before anything is made.
   (The empty kernels' points come on top of config_points; counted
   twice to be sure of them.) */
static int samples_fit(const struct config *c, const char *path)
{
	double each = (double)sizeof(double) * (1 + (double)c->events.n);
	double bytes = 2.0 * (double)config_points(c) * c->samples * c->repeat * each;
	size_t room = xalloc_room();

	if (bytes <= (double)room)
		return 0;
	fprintf(stderr, "%s: samples = %u x repeat = %u at %llu points keep %.0f "
		"MiB of samples, and this process may allocate %zu MiB more "
		"(ulimit -v, MemAvailable): expected fewer samples or points\n",
		path ? path : "csumbench", c->samples, c->repeat,
		(unsigned long long)config_points(c), bytes / (1 << 20), room >> 20);
	return 2;
}

int setup_config(struct config *c, const char *path,
		 const char *const *sets, int nsets, bool dry)
{
	int i;

	config_defaults(c);
	c->mix_lengths_only = dry;
	if (path && config_load_except(c, path, sets, nsets))
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
	return samples_fit(c, path);
}

int setup_timer(const struct config *c, struct calibration *cal, bool quiet)
{
	const struct timer *t;
	char err[512];

	cal->cpu = -1;
	if (c->cpu != CPU_NONE) {
		int cpu = c->cpu;
		char busy[512];
		/* run has chosen already; calibrate chooses here, alike */
		if (cpu == CPU_AUTO) {
			cpu = cpu_least_busy(0.05, err, sizeof(err), busy, sizeof(busy));
			if (cpu >= 0 && !quiet)
				fprintf(stderr, "csumbench: %s\n", err);
			if (*busy)
				fprintf(stderr, "csumbench: WARNING: %s\n", busy);
		}
		cal->cpu = platform_pin(cpu, err, sizeof(err));
		if (cal->cpu < 0) {
			config_error(&c->origin.cpu, "cpu", err);
			return 2;
		}
	}
	t = timer_select(c->timer, quiet, err, sizeof(err));
	if (!t) {
		config_error(&c->origin.timer, "timer", err);
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

int setup_memory(const struct sweep *b)
{
	size_t need = sweep_memory_floor(b), room = xalloc_room();
	char msg[512];

	if (need <= room)
		return 0;
	snprintf(msg, sizeof(msg), "the largest size needs at least %zu MiB "
		 "(its data buffers and the correctness gate's copies), and this "
		 "process may allocate %zu MiB more (ulimit -v, MemAvailable): "
		 "expected sizes that fit", need >> 20, room >> 20);
	config_error(&b->cfg->origin.sizes, "sizes", msg);
	return -1;
}
