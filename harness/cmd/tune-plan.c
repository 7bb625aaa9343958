/* What csumbench tune sets, each as csumbench check judges it: the
   governor of every CPU this process may use to performance, boost off,
   perf_event_paranoid down to 2 (user-space counting, what the timer
   and events = need) when it is above, and IRQs off the measured CPU
   (tune-irq.c).  Read and written under the sysroot, as check reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/tune.h"
#include "lib/platform.h"

/* performance is among path's governors, or the list is not there. */
static bool has_performance(const char *path, char *list, size_t n)
{
	char *w, *save;

	if (!platform_sysroot_read(path, list, n))
		return true;
	for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strcmp(w, "performance"))
			return true;
	return false;
}

static void governors(struct tune_plan *p, const int *cpus, int n)
{
	char path[128], avail[160], list[192];
	struct tune_knob *k;
	int i, seen = 0;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/"
			 "scaling_governor", cpus[i]);
		k = tune_plan_add(p, "governor", path, "performance");
		if (!k)
			continue;
		seen++;
		snprintf(avail, sizeof(avail), "/sys/devices/system/cpu/cpu%d/cpufreq/"
			 "scaling_available_governors", cpus[i]);
		if (k->status == TUNE_SET && !has_performance(avail, list, sizeof(list))) {
			k->status = TUNE_LEFT;
			snprintf(k->why, sizeof(k->why), "no performance governor here "
				 "(scaling_available_governors)");
		}
	}
	if (!seen)
		tune_plan_note(p, "governor", "not visible (no cpufreq; a VM's host "
			       "sets the clock)");
}

static void boost(struct tune_plan *p)
{
	static const struct {
		const char *path, *off;
	} knobs[] = {
		{ "/sys/devices/system/cpu/cpufreq/boost", "0" },
		{ "/sys/devices/system/cpu/intel_pstate/no_turbo", "1" },
	};
	size_t i;
	int seen = 0;

	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		if (tune_plan_add(p, "boost", knobs[i].path, knobs[i].off))
			seen++;
	}
	if (!seen)
		tune_plan_note(p, "boost", "not visible (no cpufreq/boost, "
			       "intel_pstate/no_turbo)");
}

/* Down to 2 from above it: user-space counting, all the harness does;
   never lower (a level below 2 opens the kernel to every user). */
static void paranoid(struct tune_plan *p)
{
	const char *path = "/proc/sys/kernel/perf_event_paranoid";
	char v[32];

	if (!platform_sysroot_read(path, v, sizeof(v)) ||
	    !tune_plan_add(p, "perf_event", path, atoi(v) > 2 ? "2" : v))
		tune_plan_note(p, "perf_event", "perf_event_paranoid not visible");
}

void tune_plan_make(struct tune_plan *p, const int *cpus, int n, int cpu)
{
	memset(p, 0, sizeof(*p));
	governors(p, cpus, n);
	boost(p);
	paranoid(p);
	tune_plan_irqs(p, cpus, n, cpu);
}
