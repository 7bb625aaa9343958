/* IRQs off the measured CPU: each /proc/irq/N/smp_affinity, and
   default_smp_affinity for IRQs yet to come, with that CPU's bit
   cleared; an IRQ on that CPU alone goes to the other CPUs this process
   may use.  irqbalance, where it runs, moves them back: it is said, not
   stopped (a service is the system's to stop). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/tune.h"
#include "lib/cpumask.h"
#include "lib/platform.h"

/* path's mask without cpu, as a setting to make; *already counts those
   that have it off. */
static void off_cpu(struct tune_plan *p, const char *path, const int *cpus,
		    int n, int cpu, int *already)
{
	char v[TUNE_VALUE], want[TUNE_VALUE];
	struct tune_knob *k;
	struct cpumask m;
	unsigned bit, *g;
	int i;

	if (!platform_sysroot_read(path, v, sizeof(v)))
		return;
	if (!cpumask_parse(v, &m)) {
		if ((k = tune_plan_add(p, "irq", path, v)) && k->status != TUNE_LEFT) {
			k->status = TUNE_LEFT;
			snprintf(k->why, sizeof(k->why), "not a CPU mask");
		}
		return;
	}
	g = cpumask_bit(&m, cpu, &bit);
	if (!g || !(*g & bit)) {
		(*already)++;
		return;
	}
	*g &= ~bit;
	for (i = 0; i < n && cpumask_empty(&m); i++)
		if (cpus[i] != cpu && (g = cpumask_bit(&m, cpus[i], &bit)))
			*g |= bit;
	cpumask_format(&m, want, sizeof(want));
	k = tune_plan_add(p, "irq", path, cpumask_empty(&m) ? v : want);
	if (k && cpumask_empty(&m)) {
		k->status = TUNE_LEFT;
		snprintf(k->why, sizeof(k->why), "on CPU %d alone, and no other "
			 "CPU to move it to", cpu);
	}
}

static void irqbalance(struct tune_plan *p)
{
	char path[64], comm[64];
	int *pid, n, i;

	n = platform_sysroot_numbers("/proc", &pid);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/proc/%d/comm", pid[i]);
		if (platform_sysroot_read(path, comm, sizeof(comm)) &&
		    !strcmp(comm, "irqbalance")) {
			tune_plan_note(p, "irq", "irqbalance (pid %d) will move them "
				       "back: stop it", pid[i]);
			break;
		}
	}
	free(pid);
}

void tune_plan_irqs(struct tune_plan *p, const int *cpus, int n, int cpu)
{
	char path[64];
	int *irq, nirq, i, already = 0;

	if (cpu < 0) {
		tune_plan_note(p, "irq", "left as they are: --cpu N moves them off "
			       "CPU N");
		return;
	}
	nirq = platform_sysroot_numbers("/proc/irq", &irq);
	if (nirq < 0) {
		tune_plan_note(p, "irq", "not visible (no /proc/irq)");
		return;
	}
	for (i = 0; i < nirq; i++) {
		snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq[i]);
		off_cpu(p, path, cpus, n, cpu, &already);
	}
	off_cpu(p, "/proc/irq/default_smp_affinity", cpus, n, cpu, &already);
	free(irq);
	if (already) {
		tune_plan_note(p, "irq", "%d IRQ%s off CPU %d already", already,
			       already == 1 ? "" : "s", cpu);
		p->k[p->n - 1].status = TUNE_OK;
	}
	irqbalance(p);
}
