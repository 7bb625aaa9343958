/* What else ran on the measured CPU: the least busy CPU for cpu = auto,
   preempted samples, and the run's steal time and contention. */
#ifndef CSUMBENCH_CONTENTION_H
#define CSUMBENCH_CONTENTION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A preempted sample is taken again at most this many times. */
#define PREEMPT_RETAKES 3
/* Past these shares of the run a warning is given. */
#define STEAL_WARN 0.01
#define CONTENTION_WARN 0.02

/* The times of one CPU from /proc/stat, in USER_HZ ticks. */
struct cpu_times {
	uint64_t busy, idle, steal, total;
	bool ok;
};

/* /proc/stat's line for cpu (into t); false when it cannot be read. */
bool cpu_times_read(int cpu, struct cpu_times *t);

/* cpu = auto: the allowed CPU with the largest idle share over window_s
   seconds of /proc/stat (the lowest numbered of those within 5% of it),
   and in why how it was chosen.  -1 and why when none can be found.
   warn gets a warning when no allowed CPU was idle half the window or
   more (else ""). */
int cpu_least_busy(double window_s, char *why, size_t n, char *warn, size_t wn);

/* The CPU cpu = auto takes of n with idle shares idle[] (below 0:
   unknown) over ticks[] ticks of /proc/stat: the lowest numbered within
   5% (or two ticks) of the idlest; -1 when none is known. */
int cpu_pick(const int *id, const double *idle, const uint64_t *ticks, int n);
/* The idle share and the ticks between two readings; false if none. */
bool cpu_times_idle(const struct cpu_times *a, const struct cpu_times *b,
		    double *idle, uint64_t *ticks);

/* The measuring thread's involuntary context switches so far. */
long thread_involuntary_switches(void);

/* The run's view of the measured CPU, between start and stop. */
struct contention {
	int cpu;
	double t0, t1;			/* CLOCK_MONOTONIC, seconds */
	struct cpu_times a, b;		/* /proc/stat at start and stop */
	double own0, own1;		/* the process's CPU seconds */
	uint64_t wait0, wait1;		/* schedstat run_delay, ns */
	bool have_wait;
	long nivcsw0, nivcsw1;
	uint64_t preempted, samples;	/* preempted samples, all taken */
	bool kept;			/* timing = per-call: preempted samples
					   are kept, not taken again */
	bool own_load;			/* the busy load shares the CPU */
};

void contention_start(struct contention *c, int cpu);
void contention_stop(struct contention *c);
/* Shares of the run: stolen from the CPU, used by others on it, and the
   measuring thread's wait while runnable (NAN where unknown). */
double contention_steal(const struct contention *c);
double contention_others(const struct contention *c);
double contention_waited(const struct contention *c);
/* "# steal:" and "# contention:" lines. */
void contention_meta(FILE *f, const struct contention *c);
/* A warning for each share past its threshold into msg (and true), or
   false. */
bool contention_warning(const struct contention *c, int which, char *msg,
			size_t n);

#endif
