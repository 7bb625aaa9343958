/* csumbench check: what makes timings move on this machine, and the fix
 * for each, in the manner of pyperf's "system show": the frequency
 * governor and boost, a busy SMT sibling, other load, steal time, CPU
 * isolation, IRQs on the CPU, perf_event_paranoid and a hypervisor.  Each line says ok,
 * note (a fact the figures carry, nothing to change here) or WARN (fix
 * it before timing).  Exit 1 when any line is WARN.  Settings are read
 * under CSUMBENCH_SYSROOT when it is set, so tests can stand in for /sys
 * and /proc's files (the busy shares and steal come from /proc/stat,
 * live); nothing read is run. */
#include <math.h>
#include <sched.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "lib/args.h"
#include "lib/cpumask.h"
#include "lib/platform.h"
#include "sweep/contention.h"

#define WIDTH 72
#define NCPU 1024
#define MASK_ROOM 600	/* a CPU mask of 2048 CPUs, as text */
#define BUSY_WARN 0.10	/* another task's share of a CPU worth a warning */

/* "STATUS  what  text", then "fix: ..." on lines of their own, all
   wrapped at WIDTH with the text's indent. */
static void wrap(const char *lead, const char *indent, const char *text)
{
	size_t col = strlen(lead), w;
	const char *p = text;
	bool start = true;	/* no word on this line yet */

	fputs(lead, stdout);
	for (;;) {
		while (*p == ' ')
			p++;
		for (w = 0; p[w] && p[w] != ' '; w++)
			;
		if (!w)
			break;
		if (!start && col + 1 + w > WIDTH) {
			printf("\n%s", indent);
			col = strlen(indent);
			start = true;
		}
		if (!start) {
			putchar(' ');
			col++;
		}
		fwrite(p, 1, w, stdout);
		col += w;
		p += w;
		start = false;
	}
	putchar('\n');
}

/* One check's line; 1 if it is a warning. */
static int line(const char *status, const char *what, const char *fix,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int line(const char *status, const char *what, const char *fix,
		const char *fmt, ...)
{
	char text[1024], lead[64], fx[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	snprintf(lead, sizeof(lead), "%-5s %-11s ", status, what);
	wrap(lead, "                  ", text);
	if (fix) {
		snprintf(fx, sizeof(fx), "fix: %s", fix);
		wrap("                  ", "                       ", fx);
	}
	return !strcmp(status, "WARN");
}

struct cpus {
	int n, id[NCPU];
	struct cpu_times a[NCPU], b[NCPU];
};

static double share(const struct cpus *c, int i, int which)
{
	const struct cpu_times *a = &c->a[i], *b = &c->b[i];
	uint64_t d;

	if (!a->ok || !b->ok || b->total <= a->total)
		return NAN;
	d = b->total - a->total;
	return (double)(which ? b->steal - a->steal : b->busy - a->busy) / (double)d;
}

static int governor(const struct cpus *c)
{
	char v[128], path[128], bad[512] = "", first[128] = "";
	int i, seen = 0;
	size_t n = 0;

	for (i = 0; i < c->n; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
			 c->id[i]);
		if (!platform_sysroot_read(path, v, sizeof(v)))
			continue;
		if (!seen++)
			snprintf(first, sizeof(first), "%s", v);
		if (strcmp(v, "performance") && n < sizeof(bad) - 40)
			n += (size_t)snprintf(bad + n, sizeof(bad) - n, "%sCPU %d %s",
					      n ? ", " : "", c->id[i], v);
	}
	if (!seen)
		return line("note", "governor", NULL, "not visible (no cpufreq here: in a "
			    "VM the host sets the clock); the add chain measures cycles "
			    "per tick in every round");
	else if (bad[0])
		return line("WARN", "governor", "cpupower frequency-set -g performance "
			    "(or write performance to each CPU's cpufreq/scaling_governor)",
			    "%s: the clock follows the load, so a kernel's speed depends "
			    "on what ran before it", bad);
	else
		return line("ok", "governor", NULL, "performance on all %d CPUs", seen);
}

static int boost(void)
{
	/* where boost shows, the value that means off, and the fix */
	static const struct {
		const char *path, *off, *name;
	} knobs[] = {
		{ "/sys/devices/system/cpu/cpufreq/boost", "0", "cpufreq/boost" },
		{ "/sys/devices/system/cpu/intel_pstate/no_turbo", "1",
		  "intel_pstate/no_turbo" },
	};
	char v[64], fix[128];
	size_t i;

	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		if (!platform_sysroot_read(knobs[i].path, v, sizeof(v)))
			continue;
		snprintf(fix, sizeof(fix), "echo %s > %s", knobs[i].off, knobs[i].path);
		if (!strcmp(v, knobs[i].off))
			return line("ok", "boost", NULL, "off (%s is %s)", knobs[i].name, v);
		else
			return line("WARN", "boost", fix, "on (%s is %s): the clock rises and "
				    "falls with temperature and the other cores' load",
				    knobs[i].name, v);
	}
	return line("note", "boost", NULL, "not visible (no cpufreq/boost or "
		    "intel_pstate/no_turbo)");
}

/* The index in c of cpu, or -1. */
static int index_of(const struct cpus *c, int cpu)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (c->id[i] == cpu)
			return i;
	return -1;
}

/* The CPU cpu = auto would take over the window, by its rule, as an
   index in c (0 when none is known). */
static int quietest(const struct cpus *c)
{
	double idle[NCPU];
	uint64_t ticks[NCPU];
	int i, cpu;

	for (i = 0; i < c->n; i++)
		if (!cpu_times_idle(&c->a[i], &c->b[i], &idle[i], &ticks[i])) {
			idle[i] = -1;
			ticks[i] = 0;
		}
	cpu = cpu_pick(c->id, idle, ticks, c->n);
	i = cpu < 0 ? 0 : index_of(c, cpu);
	return i < 0 ? 0 : i;
}

static int smt(const struct cpus *c)
{
	char v[256], path[128], *s;
	int q = quietest(c), busy = -1;
	double worst = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/"
		 "thread_siblings_list", c->id[q]);
	if (!platform_sysroot_read(path, v, sizeof(v))) {
		return line("note", "smt", NULL, "CPU %d's siblings not visible (no "
			    "topology/thread_siblings_list)", c->id[q]);
	}
	/* "0,4" or "0-1": each CPU named or in a range */
	for (s = strtok(v, ","); s; s = strtok(NULL, ",")) {
		int lo, hi, cpu;
		if (sscanf(s, "%d-%d", &lo, &hi) != 2)
			hi = lo = atoi(s);
		for (cpu = lo; cpu <= hi && cpu - lo < NCPU; cpu++) {
			int i = index_of(c, cpu);
			double b = i >= 0 ? share(c, i, 0) : NAN;
			if (cpu != c->id[q] && b > worst) {
				worst = b;
				busy = cpu;
			}
		}
	}
	if (busy >= 0 && worst > BUSY_WARN)
		return line("WARN", "smt", "move that work, pick a CPU whose sibling is idle "
			    "(cpu = N), or echo off > /sys/devices/system/cpu/smt/control",
			    "CPU %d's SMT sibling, CPU %d, was %.0f%% busy: the two share "
			    "the core's pipelines and caches", c->id[q], busy, 100 * worst);
	else
		return line("ok", "smt", NULL, "CPU %d's SMT siblings idle (or none)",
			    c->id[q]);
}

static int load(const struct cpus *c, double window)
{
	char v[128], list[512] = "";
	int i, q = quietest(c), hot = 0;
	size_t n = 0;
	double la = NAN;

	if (platform_sysroot_read("/proc/loadavg", v, sizeof(v)))
		la = atof(v);
	for (i = 0; i < c->n; i++) {
		double b = share(c, i, 0);
		if (!isnan(b) && b > BUSY_WARN)
			hot++;
		if (n < sizeof(list) - 40)
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%sCPU %d %.0f%%",
					      n ? ", " : "", c->id[i],
					      isnan(b) ? 0.0 : 100 * b);
	}
	if (hot)
		return line("WARN", "load", hot < c->n ? "stop the other work, or leave its "
			    "CPUs to it: cpu = auto picks the least busy one" :
			    "stop the other work: every CPU this process may use is busy",
			    "busy over %.1f s: %s; load average %.2f on %ld online CPUs; "
			    "cpu = auto would pick CPU %d", window, list, la,
			    sysconf(_SC_NPROCESSORS_ONLN), c->id[q]);
	else
		return line("ok", "load", NULL, "busy over %.1f s: %s; load average %.2f",
			    window, list, la);
}

static int steal(const struct cpus *c, double window)
{
	double worst = NAN;
	int i, at = 0;

	for (i = 0; i < c->n; i++)
		if (share(c, i, 1) > worst || (isnan(worst) && !isnan(share(c, i, 1)))) {
			worst = share(c, i, 1);
			at = i;
		}
	if (isnan(worst))
		return line("note", "steal", NULL, "not visible (/proc/stat has no steal "
			    "column)");
	else if (worst > STEAL_WARN)
		return line("WARN", "steal", "a host with dedicated (pinned) vCPUs, or "
			    "bare metal; meanwhile compare only within one interleaved "
			    "run", "the hypervisor took %.1f%% of CPU %d's time over %.1f "
			    "s: other guests run on its core", 100 * worst, c->id[at], window);
	else
		return line("ok", "steal", NULL, "%.1f%% at most over %.1f s", 100 * worst,
			    window);
}

static int isolation(void)
{
	char iso[256] = "", nohz[256] = "";

	platform_sysroot_read("/sys/devices/system/cpu/isolated", iso, sizeof(iso));
	platform_sysroot_read("/sys/devices/system/cpu/nohz_full", nohz, sizeof(nohz));
	if (!strcmp(nohz, "(null)"))
		nohz[0] = '\0';
	if (iso[0] || nohz[0])
		return line("ok", "isolation", NULL, "isolcpus %s, nohz_full %s: run with "
			    "cpu = one of them", iso[0] ? iso : "none", nohz[0] ? nohz : "none");
	else
		return line("note", "isolation", "boot with isolcpus=N nohz_full=N "
			    "rcu_nocbs=N and run with cpu = N", "no CPU is isolated: the "
			    "scheduler may run other tasks on the measured one (each "
			    "run reports it in # contention:)");
}

static int paranoid(void)
{
	char v[32];
	int level;

	if (!platform_sysroot_read("/proc/sys/kernel/perf_event_paranoid", v, sizeof(v))) {
		return line("note", "perf_event", NULL, "perf_event_paranoid not visible: "
			    "perf events may not open here");
	}
	level = atoi(v);
	/* the harness counts user space only (exclude_kernel), which level
	   2 allows; above it a user may count nothing */
	if (level > 2 && geteuid() != 0)
		return line("WARN", "perf_event", "sysctl kernel.perf_event_paranoid=2 (or "
			    "run as root)", "perf_event_paranoid is %d: a user may not "
			    "count events, so events = and timer = perf fail", level);
	else if (level == 2 && geteuid() != 0)
		return line("note", "perf_event", "sysctl kernel.perf_event_paranoid=1 for "
			    "kernel-side events", "perf_event_paranoid is 2: user-space "
			    "events open (the timer and events = count user space), "
			    "events with :k do not");
	else
		return line("ok", "perf_event", NULL, "perf_event_paranoid is %d%s", level,
			    geteuid() == 0 ? " (root counts regardless)" : "");
}

/* IRQs that may run on cpu, their handlers taking its time; those the
   kernel keeps (smp_affinity read-only) are not counted, as no one can
   move them. */
static int irqs(int cpu)
{
	char path[64], full[4096], v[MASK_ROOM], list[128] = "";
	int *irq, n, i, on = 0, kept = 0;
	struct cpumask m;
	struct stat st;
	size_t at = 0;

	n = platform_sysroot_numbers("/proc/irq", &irq);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq[i]);
		snprintf(full, sizeof(full), "%s%s", platform_sysroot(), path);
		if (!platform_sysroot_read(path, v, sizeof(v)) || !cpumask_parse(v, &m) ||
		    !cpumask_has(&m, cpu))
			continue;
		if (stat(full, &st) == 0 && !(st.st_mode & 0222)) {
			kept++;
			continue;
		}
		if (on++ < 6 && at < sizeof(list) - 16)
			at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%d",
					       at ? ", " : "", irq[i]);
	}
	free(irq);
	if (n < 0)
		return line("note", "irq", NULL, "not visible (no /proc/irq)");
	snprintf(full, sizeof(full), "csumbench tune --cpu %d (and stop "
		 "irqbalance, which moves them back)", cpu);
	if (on)
		return line("note", "irq", full, "%d IRQ%s may run on CPU %d (%s%s): "
			    "their handlers take its time", on, on == 1 ? "" : "s",
			    cpu, list, on > 6 ? ", ..." : "");
	if (kept)
		return line("ok", "irq", NULL, "only %d IRQ%s the kernel will not move "
			    "may run on CPU %d", kept, kept == 1 ? "" : "s", cpu);
	return line("ok", "irq", NULL, "no IRQ may run on CPU %d", cpu);
}

static int hypervisor(void)
{
	char v[256] = "", path[4096], flags[8192];
	bool flag = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/cpuinfo", platform_sysroot());
	f = fopen(path, "r");
	while (f && fgets(flags, sizeof(flags), f))
		if (!strncmp(flags, "flags", 5) && strstr(flags, " hypervisor")) {
			flag = true;
			break;
		}
	if (f)
		fclose(f);
	if (!platform_sysroot_read("/sys/hypervisor/type", v, sizeof(v)))
		platform_sysroot_read("/sys/class/dmi/id/sys_vendor", v, sizeof(v));
	if (flag || !strcmp(v, "xen") || !strcmp(v, "QEMU"))
		return line("note", "hypervisor", "none inside the guest: compare within "
			    "one interleaved run, report the spread, and time on the "
			    "board itself for a patch", "a virtual machine (%s%s%s): no "
			    "cycle counter may open, the TSC is the host's, and other "
			    "guests take time (steal)", flag ? "cpuinfo's hypervisor flag" :
			    "", flag && v[0] ? "; " : "", v);
	else
		return line("ok", "hypervisor", NULL, "none seen");
}

enum { OPT_WINDOW = 256, OPT_CPU };

static const struct args_opt check_opts[] = {
	{ .name = "window", .key = OPT_WINDOW, .arg = "SECONDS",
	  .help = "how long /proc/stat is read, 0.01 to 60 (0.2)" },
	{ .name = "cpu", .key = OPT_CPU, .arg = "N",
	  .help = "the CPU to be timed, for its IRQs (the one cpu = auto\n"
		  "would pick)" },
	{ .name = NULL }
};

static const struct args_cmd check_cmd = {
	"check", "[--window SECONDS] [--cpu N]",
	"Lists what makes timings move on this machine, each with its fix:\n"
	"the frequency governor and boost, a busy SMT sibling, other load,\n"
	"steal time, CPU isolation, IRQs on the CPU, perf_event_paranoid and\n"
	"a hypervisor.  Busy shares and steal are read from /proc/stat over\n"
	"a window (0.2 s).  Exit 1 when any line is WARN, 0 when none is.\n",
	check_opts
};

/* --cpu's value: one of the CPUs this process may use, or -1 after a
   message. */
static int cpu_of(const char *v, const struct cpus *c)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (*v && !*end && n >= 0 && n < NCPU && index_of(c, (int)n) >= 0)
		return (int)n;
	fprintf(stderr, "csumbench check: --cpu '%s', expected a CPU this process "
		"may use\n", v);
	return -1;
}

int cmd_check(int argc, char **argv)
{
	struct cpus c;
	cpu_set_t set;
	double window = 0.2;
	struct timespec w;
	const char *v, *on = NULL;
	struct args a;
	int i, cpu, nwarn;

	args_begin(&a, &check_cmd, argc, argv);
	while ((i = args_next(&a, &v)) != ARGS_END) {
		char *end;

		if (i == OPT_CPU) {
			on = v;
			continue;
		}
		if (i != OPT_WINDOW) {
			if (i == ARGS_ARG)
				args_bad_usage(&check_cmd, "unexpected '%s'", v);
			args_end(&a);
			return i == ARGS_HELP ? 0 : 2;
		}
		window = strtod(v, &end);
		if (*end || end == v || !(window >= 0.01 && window <= 60)) {
			fprintf(stderr, "csumbench check: --window '%s', expected "
				"0.01 to 60 seconds\n", v);
			args_end(&a);
			return 2;
		}
	}
	args_end(&a);
	if (sched_getaffinity(0, sizeof(set), &set) != 0) {
		perror("csumbench check: sched_getaffinity");
		return 1;
	}
	memset(&c, 0, sizeof(c));
	for (cpu = 0; cpu < NCPU && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set)) {
			c.id[c.n] = cpu;
			cpu_times_read(cpu, &c.a[c.n++]);
		}
	if (on && cpu_of(on, &c) < 0)
		return 2;
	w.tv_sec = (time_t)window;
	w.tv_nsec = (long)((window - (double)w.tv_sec) * 1e9);
	nanosleep(&w, NULL);
	for (i = 0; i < c.n; i++)
		cpu_times_read(c.id[i], &c.b[i]);
	printf("csumbench check: what moves timings here, %d CPU%s allowed\n",
	       c.n, c.n == 1 ? "" : "s");
	/* each check prints one line, and says whether it warned */
	cpu = on ? cpu_of(on, &c) : c.id[quietest(&c)];
	nwarn = governor(&c) + boost() + smt(&c) + load(&c, window) +
		steal(&c, window) + isolation() + irqs(cpu) + paranoid() +
		hypervisor();
	printf("%d warning%s\n", nwarn, nwarn == 1 ? "" : "s");
	return nwarn ? 1 : 0;
}
