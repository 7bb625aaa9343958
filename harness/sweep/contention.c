/* What else ran on the measured CPU (contention.h).  /proc/stat gives each
 * CPU's busy, idle and steal ticks; /proc/thread-self/schedstat the time
 * the measuring thread waited while runnable (CONFIG_SCHED_INFO); getrusage
 * its involuntary context switches, read around every sample so a sample
 * that was preempted is known and taken again. */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "lib/platform.h"
#include "sweep/contention.h"

bool cpu_times_read(int cpu, struct cpu_times *t)
{
	char path[4096], line[512], want[32];
	FILE *f;

	memset(t, 0, sizeof(*t));
	/* live, never the sysroot's: shares need two readings apart */
	snprintf(path, sizeof(path), "/proc/stat");
	snprintf(want, sizeof(want), "cpu%d ", cpu);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v[10] = { 0 };
		int n, i;

		if (strncmp(line, want, strlen(want)))
			continue;
		n = sscanf(line + strlen(want), "%llu %llu %llu %llu %llu %llu %llu "
			   "%llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
			   &v[5], &v[6], &v[7], &v[8], &v[9]);
		if (n < 4)
			break;
		/* user nice system idle iowait irq softirq steal (guest time
		   is counted in user already) */
		t->idle = v[3] + v[4];
		t->steal = v[7];
		t->busy = v[0] + v[1] + v[2] + v[5] + v[6];
		for (i = 0; i < 8; i++)
			t->total += v[i];
		t->ok = true;
		break;
	}
	fclose(f);
	return t->ok;
}

/* CPUs within this much idle share of the idlest are as good (or two
   ticks of /proc/stat, when that is more: over a short window a tick is
   many percent): the lowest numbered of them is taken, so an idle
   machine always gives the same CPU (on a big.LITTLE board, the same
   kind of core). */
#define IDLE_MARGIN 0.05

int cpu_pick(const int *id, const double *idle, const uint64_t *ticks, int n)
{
	int i, best = -1;
	double top = -1, margin = IDLE_MARGIN;

	for (i = 0; i < n; i++)
		if (idle[i] >= 0 && idle[i] > top) {
			top = idle[i];
			if (ticks[i])
				margin = fmax(IDLE_MARGIN, 2.0 / (double)ticks[i]);
		}
	for (i = 0; i < n && best < 0; i++)
		if (idle[i] >= 0 && idle[i] >= top - margin)
			best = i;
	return best < 0 ? -1 : id[best];
}

bool cpu_times_idle(const struct cpu_times *a, const struct cpu_times *b,
		    double *idle, uint64_t *ticks)
{
	if (!a->ok || !b->ok || b->total <= a->total)
		return false;
	*ticks = b->total - a->total;
	*idle = (double)(b->idle - a->idle) / (double)*ticks;
	return true;
}

/* Below this idle share the idlest allowed CPU is busy, not idle: the
   measured CPU will be shared with what runs there. */
#define IDLE_ENOUGH 0.5

/* How cpu = auto chose best (at idle share best_idle; worst_idle the
   busiest's) into why, with the shares labelled; and a warning into
   warn when even the idlest was busy, else "". */
static void cpu_auto_said(int best, int busiest, int nallowed, double window_s,
			  double best_idle, double worst_idle, double idle_best,
			  char *why, size_t n, char *warn, size_t wn)
{
	bool all_busy = best_idle < IDLE_ENOUGH;

	if (busiest == best || worst_idle >= best_idle - IDLE_MARGIN)
		snprintf(why, n, "cpu = auto: CPU %d, the lowest numbered of the %d "
			 "this process may use, all about as %s over %.0f ms of "
			 "/proc/stat (idle %.0f%% to %.0f%%)", best, nallowed,
			 all_busy ? "busy" : "idle", window_s * 1e3,
			 100 * worst_idle, 100 * best_idle);
	else
		snprintf(why, n, "cpu = auto: CPU %d, the least busy of the %d this "
			 "process may use over %.0f ms of /proc/stat (idle %.0f%%; "
			 "the busiest, CPU %d, idle %.0f%%)", best, nallowed,
			 window_s * 1e3, 100 * idle_best, busiest, 100 * worst_idle);
	if (!all_busy) {
		snprintf(warn, wn, "%s", "");
		return;
	}
	snprintf(warn, wn, "cpu = auto: no CPU this process may use was idle at "
		 "the start (over %.0f ms of /proc/stat the idlest was idle "
		 "%.0f%%, CPU %d taken): the measured CPU is shared with other "
		 "work, whose time can land in the figures (# contention: says "
		 "how much over the run); stop it, or give cpu = N of an idle CPU",
		 window_s * 1e3, 100 * best_idle, best);
}

int cpu_least_busy(double window_s, char *why, size_t n, char *warn, size_t wn)
{
	enum { NCPU = CPU_SETSIZE > 1024 ? 1024 : CPU_SETSIZE };
	static struct cpu_times a[NCPU];
	static double idle[NCPU];
	static uint64_t ticks[NCPU];
	static int ids[NCPU];
	int cpu, best, first = -1, busiest = -1, nallowed = 0, nk = 0, i;
	double best_idle = -1, worst_idle = 2;
	cpu_set_t set;
	struct timespec w;
	struct cpu_times b;

	snprintf(warn, wn, "%s", "");
	if (sched_getaffinity(0, sizeof(set), &set) != 0) {
		snprintf(why, n, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	for (cpu = 0; cpu < NCPU; cpu++)
		if (CPU_ISSET(cpu, &set)) {
			nallowed++;
			if (first < 0)
				first = cpu;
		}
	if (nallowed < 2) {
		snprintf(why, n, "cpu = auto: CPU %d, the only one this process may "
			 "use", first);
		return first;
	}
	for (cpu = 0; cpu < NCPU; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpu_times_read(cpu, &a[cpu]);
	w.tv_sec = (time_t)window_s;
	w.tv_nsec = (long)((window_s - (double)w.tv_sec) * 1e9);
	nanosleep(&w, NULL);
	for (cpu = 0; cpu < NCPU; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		ids[nk] = cpu;
		idle[nk] = -1;
		ticks[nk] = 0;
		if (cpu_times_read(cpu, &b) &&
		    cpu_times_idle(&a[cpu], &b, &idle[nk], &ticks[nk])) {
			best_idle = fmax(best_idle, idle[nk]);
			if (idle[nk] < worst_idle) {
				worst_idle = idle[nk];
				busiest = cpu;
			}
		}
		nk++;
	}
	best = cpu_pick(ids, idle, ticks, nk);
	if (best < 0) {
		snprintf(why, n, "cpu = auto: CPU %d, the first this process may use "
			 "(/proc/stat did not show how busy they are)", first);
		return first;
	}
	for (i = 0; i < nk && ids[i] != best; i++)
		;
	cpu_auto_said(best, busiest, nallowed, window_s, best_idle, worst_idle,
		      idle[i], why, n, warn, wn);
	return best;
}

long thread_involuntary_switches(void)
{
	struct rusage u;

	if (getrusage(RUSAGE_THREAD, &u) != 0)
		return -1;
	return u.ru_nivcsw;
}

static double own_cpu_s(void)
{
	struct rusage u;

	if (getrusage(RUSAGE_THREAD, &u) != 0)
		return NAN;
	return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
	       (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

/* The thread's time spent runnable and waiting for a CPU, in ns. */
static bool run_delay(uint64_t *ns)
{
	unsigned long long run, wait;
	char path[4096];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/thread-self/schedstat");
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fscanf(f, "%llu %llu", &run, &wait);
	fclose(f);
	*ns = wait;
	return n == 2;
}

void contention_start(struct contention *c, int cpu)
{
	memset(c, 0, sizeof(*c));
	c->cpu = cpu;
	c->t0 = platform_seconds();
	if (cpu >= 0)
		cpu_times_read(cpu, &c->a);
	c->own0 = own_cpu_s();
	c->have_wait = run_delay(&c->wait0);
	c->nivcsw0 = thread_involuntary_switches();
}

void contention_stop(struct contention *c)
{
	c->t1 = platform_seconds();
	if (c->cpu >= 0)
		cpu_times_read(c->cpu, &c->b);
	c->own1 = own_cpu_s();
	c->have_wait = c->have_wait && run_delay(&c->wait1);
	c->nivcsw1 = thread_involuntary_switches();
}

static bool cpu_span(const struct contention *c)
{
	return c->a.ok && c->b.ok && c->b.total > c->a.total;
}

/* The shares of busy and steal ticks are judged over this many ticks of
   /proc/stat at least (0.5 s at the usual 100 Hz): over fewer a tick
   more or less is a few percent. */
#define MIN_TICKS 50

static bool cpu_judged(const struct contention *c)
{
	return cpu_span(c) && c->b.total - c->a.total >= MIN_TICKS;
}

double contention_steal(const struct contention *c)
{
	if (!cpu_judged(c))
		return NAN;
	return (double)(c->b.steal - c->a.steal) / (double)(c->b.total - c->a.total);
}

/* The CPU's busy share less the measuring thread's own (its CPU time over
   the wall time): what others ran there. */
double contention_others(const struct contention *c)
{
	double busy, own, wall = c->t1 - c->t0;

	if (!cpu_judged(c) || !(wall > 0))
		return NAN;
	busy = (double)(c->b.busy - c->a.busy) / (double)(c->b.total - c->a.total);
	own = (c->own1 - c->own0) / wall;
	return busy - own > 0 ? busy - own : 0;
}

double contention_waited(const struct contention *c)
{
	double wall = c->t1 - c->t0;

	if (!c->have_wait || !(wall > 0) || c->wait1 < c->wait0)
		return NAN;
	return (double)(c->wait1 - c->wait0) * 1e-9 / wall;
}

void contention_meta(FILE *f, const struct contention *c)
{
	unsigned long long ticks = cpu_span(c) ? c->b.total - c->a.total : 0;
	bool judged = cpu_judged(c);

	if (!(c->t0 > 0)) {
		fprintf(f, "# steal: not measured (the run stopped before its "
			"samples)\n# contention: not measured\n");
		return;
	}
	if (c->cpu < 0) {
		fprintf(f, "# steal: unknown (cpu = none: the run is not pinned)\n");
		fprintf(f, "# contention: %llu of %llu samples preempted and taken "
			"again (cpu = none: the CPU's own figures unknown)\n",
			(unsigned long long)c->preempted,
			(unsigned long long)c->samples);
		return;
	}
	if (judged)
		fprintf(f, "# steal: %.1f%% of CPU %d's time over the run (%llu ticks "
			"of /proc/stat) was stolen by the hypervisor\n",
			100 * contention_steal(c), c->cpu, ticks);
	else
		fprintf(f, "# steal: not judged: the run lasted %llu of /proc/stat's "
			"ticks, under %d\n", ticks, MIN_TICKS);
	fprintf(f, "# contention: ");
	if (judged)
		fprintf(f, "others ran %.1f%% of CPU %d's time over the run (/proc/stat "
			"less the measuring thread's own)", 100 * contention_others(c),
			c->cpu);
	else
		fprintf(f, "what others ran on CPU %d not judged (%llu ticks of "
			"/proc/stat, under %d)", c->cpu, ticks, MIN_TICKS);
	if (isnan(contention_waited(c)))
		fprintf(f, "; the measuring thread's wait unknown (no schedstat)");
	else
		fprintf(f, "; the measuring thread waited runnable %.1f%% of the run "
			"(schedstat)", 100 * contention_waited(c));
	fprintf(f, "; %ld involuntary context switches; %llu of %llu samples "
		"preempted and %s (the preempted column)%s\n",
		c->nivcsw1 >= c->nivcsw0 ? c->nivcsw1 - c->nivcsw0 : 0,
		(unsigned long long)c->preempted, (unsigned long long)c->samples,
		c->kept ? "kept (timing = per-call)" : "taken again",
		c->own_load ? "; the run's own busy load shares this CPU" : "");
}

bool contention_warning(const struct contention *c, int which, char *msg,
			size_t n)
{
	double v;

	if (which == 0) {
		v = contention_steal(c);
		if (!(v > STEAL_WARN))
			return false;
		snprintf(msg, n, "steal: the hypervisor took %.1f%% of CPU %d's time "
			 "during the run (# steal:); other guests on this host move "
			 "the figures: compare only within one interleaved run", 100 * v,
			 c->cpu);
		return true;
	}
	v = fmax(contention_others(c), contention_waited(c));
	/* (a few preempted attempts of a short run are no finding) */
	if (!(v > CONTENTION_WARN) &&
	    !(c->preempted >= 3 && c->preempted * 100 > c->samples))
		return false;
	{
		char others[96] = "", waited[96] = "";
		if (!isnan(contention_waited(c)))
			snprintf(waited, sizeof(waited), "the measuring thread waited "
				 "runnable %.1f%% of it; ", 100 * contention_waited(c));
		if (!isnan(contention_others(c)))
			snprintf(others, sizeof(others), "others ran %.1f%% of the "
				 "CPU's time; ", 100 * contention_others(c));
		snprintf(msg, n, "contention: other tasks ran on CPU %d during the run "
			 "(%s%s%llu of %llu samples preempted and %s; "
			 "# contention:)%s", c->cpu, waited, others,
			 (unsigned long long)c->preempted,
			 (unsigned long long)c->samples,
			 c->kept ? "kept (timing = per-call)" : "taken again",
			 c->own_load ? ": the run's own busy load shares this CPU, "
			 "and is most of it" : "; csumbench check names what to "
			 "stop or move");
	}
	return true;
}
