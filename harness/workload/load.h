/* load = busy: a background load that runs only while a busy point's
 * sample is taken, so every busy point sees the same load and no idle
 * point sees any.
 *
 * The workers are child processes, made once when the run starts and
 * paused in between: a streamer per load CPU that reads and writes a
 * buffer four times the cache one core uses (the `dd` loop of the discussions),
 * and a pipe ping-pong pair per load CPU (hackbench's scheduler load).
 * Each child asks the kernel for SIGKILL when the harness dies
 * (PR_SET_PDEATHSIG), so none outlives the run however it ends. */
#ifndef CSUMBENCH_LOAD_H
#define CSUMBENCH_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* load: nothing else running, or the background load described here. */
enum load_state { LOAD_IDLE, LOAD_BUSY, LOAD_NSTATES };
extern const char *const load_state_name[LOAD_NSTATES];
#define LOAD_STREAM 1u		/* load_kind bits */
#define LOAD_SCHED 2u

/* The name every worker takes (prctl PR_SET_NAME), for ps and tests. */
#define LOAD_COMM "csumbench-load"

/* The load CPUs: cpus[n] (load_cpus), or with none given every CPU
   this process may use except the measured one and its SMT siblings, or
   with on_measured (timing = per-call) the measured CPU itself.  kind:
   LOAD_STREAM and LOAD_SCHED bits; measured_cpu a CPU or CPU_AUTO.  Call
   before pinning.  0, or -1 with why in err. */
int load_plan(unsigned kind, const int *cpus, size_t n, bool on_measured,
	      int measured_cpu, char *err, size_t errlen);
/* Forks the paused workers.  0, or -1 with why in err (and none left). */
int load_start(char *err, size_t errlen);
/* Wakes every worker and returns once each has done some work. */
void load_resume(void);
/* Pauses every worker and returns once each has stopped. */
void load_pause(void);
/* Kills and reaps every worker; safe to call when none were made. */
void load_stop(void);
/* Whether workers are running now. */
bool load_running(void);
/* Whether a load CPU is the measured one (load_plan). */
bool load_shares(void);
/* "# load..." lines for the results. */
void load_report(FILE *f);
/* The workers' process ids (tests). */
size_t load_pids(int *pids, size_t max);

#endif
