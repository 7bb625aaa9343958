/* IRQs off the measured CPU: each /proc/irq/N/smp_affinity, and
   default_smp_affinity for IRQs yet to come, with that CPU's bit
   cleared; an IRQ on that CPU alone goes to the other CPUs this process
   may use.  irqbalance, where it runs, moves them back: it is said, not
   stopped (a service is the system's to stop). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/tune.h"
#include "lib/platform.h"
#include "lib/xalloc.h"

#define GROUPS 64		/* 32-bit groups: 2048 CPUs */

/* A CPU mask as the kernel prints it: hex groups of 32 bits, the most
   significant first, comma-separated; each group's width kept. */
struct mask {
	int n;
	unsigned g[GROUPS];
	int width[GROUPS];
};

static bool mask_parse(const char *s, struct mask *m)
{
	char group[9];
	size_t w;

	for (m->n = 0;; s++) {
		w = strspn(s, "0123456789abcdefABCDEF");
		if (!w || w > 8 || m->n == GROUPS)
			return false;
		memcpy(group, s, w);
		group[w] = '\0';
		m->width[m->n] = (int)w;
		m->g[m->n++] = (unsigned)strtoul(group, NULL, 16);
		s += w;
		if (!*s)
			return true;
		if (*s != ',')
			return false;
	}
}

static void mask_format(const struct mask *m, char *out, size_t n)
{
	size_t at = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < m->n && at < n; i++)
		at += (size_t)snprintf(out + at, n - at, "%s%0*x", i ? "," : "",
				       m->width[i], m->g[i]);
}

/* The group cpu's bit is in, and the bit; NULL when the mask has no
   room for it. */
static unsigned *mask_bit(struct mask *m, int cpu, unsigned *bit)
{
	int group = m->n - 1 - cpu / 32;

	if (group < 0 || cpu % 32 >= 4 * m->width[group])
		return NULL;
	*bit = 1u << (cpu % 32);
	return &m->g[group];
}

static bool mask_empty(const struct mask *m)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->g[i])
			return false;
	return true;
}

/* path's mask without cpu, as a setting to make; *already counts those
   that have it off. */
static void off_cpu(struct tune_plan *p, const char *path, const int *cpus,
		    int n, int cpu, int *already)
{
	char v[TUNE_VALUE], want[TUNE_VALUE];
	struct tune_knob *k;
	struct mask m;
	unsigned bit, *g;
	int i;

	if (!platform_sysroot_read(path, v, sizeof(v)))
		return;
	if (!mask_parse(v, &m)) {
		if ((k = tune_plan_add(p, "irq", path, v))) {
			k->status = TUNE_LEFT;
			snprintf(k->why, sizeof(k->why), "not a CPU mask");
		}
		return;
	}
	g = mask_bit(&m, cpu, &bit);
	if (!g || !(*g & bit)) {
		(*already)++;
		return;
	}
	*g &= ~bit;
	for (i = 0; i < n && mask_empty(&m); i++)
		if (cpus[i] != cpu && (g = mask_bit(&m, cpus[i], &bit)))
			*g |= bit;
	mask_format(&m, want, sizeof(want));
	k = tune_plan_add(p, "irq", path, mask_empty(&m) ? v : want);
	if (k && mask_empty(&m)) {
		k->status = TUNE_LEFT;
		snprintf(k->why, sizeof(k->why), "on CPU %d alone, and no other "
			 "CPU to move it to", cpu);
	}
}

static int by_number(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The numbers named in dir under the sysroot, sorted; their count, or
   -1 when dir is not there. */
static int numbered(const char *dir, int **out)
{
	char full[4096];
	struct dirent *d;
	int n = 0;
	DIR *dp;

	snprintf(full, sizeof(full), "%s%s", platform_sysroot(), dir);
	*out = NULL;
	if (!(dp = opendir(full)))
		return -1;
	while ((d = readdir(dp)))
		if (d->d_name[0] && strspn(d->d_name, "0123456789") == strlen(d->d_name) &&
		    strlen(d->d_name) <= 6) {
			*out = xreallocarray(*out, (size_t)n + 1, sizeof(**out), "a folder's list");
			(*out)[n++] = atoi(d->d_name);
		}
	closedir(dp);
	qsort(*out, (size_t)n, sizeof(**out), by_number);
	return n;
}

static void irqbalance(struct tune_plan *p)
{
	char path[64], comm[64];
	int *pid, n, i;

	n = numbered("/proc", &pid);
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
	nirq = numbered("/proc/irq", &irq);
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
