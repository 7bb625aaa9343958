/* Deadlines for kernel calls, with setitimer and SIGALRM: no thread
   competes with the kernel for its core, and nothing fires inside a timed
   region unless the kernel has already hung.  The limit scales with what
   ref takes for the same bytes, measured here at start-up, so a slow
   board or an emulator gets a limit in proportion. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#ifndef CSUMBENCH_STATIC
#include <dlfcn.h>
#endif

#include "call/ref.h"
#include "call/watchdog.h"
#include "lib/platform.h"
#include "lib/xalloc.h"

/* The one deadline of the process: its timer's signal handler reads
   and ends it, so its state is here, not in a caller's struct. */
sigjmp_buf watchdog_jmp;

static volatile sig_atomic_t armed;
/* When the current deadline was armed, in thread CPU and monotonic wall
   time; the wall clock restarts when the process is continued. */
static volatile double armed_cpu, armed_wall, limit_now;
static const struct kernel *volatile current;
static const void *volatile stopped_pc;
static double min_limit = WATCHDOG_MIN_S, ref_s_per_byte, last_limit;
static watchdog_abandon_fn *abandon_fn;
static int inited;
static void *abandon_ctx;

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void set_timer(double s);

/* clock_gettime and setitimer are async-signal-safe. */
static void on_alarm(int sig, siginfo_t *si, void *uc)
{
	double cpu, wall;

	(void)sig;
	(void)si;
	if (!armed)
		return;		/* disarmed as it fired */
	cpu = cpu_s() - armed_cpu;
	wall = platform_seconds() - armed_wall;
	if (cpu < limit_now && wall < 10 * limit_now) {
		/* Not the kernel's time: stopped, or others ran.  Wait on. */
		double left = limit_now - cpu;
		set_timer(left > 0.01 ? left : 0.01);
		return;
	}
	armed = 0;
	stopped_pc = sig_pc(uc);
	siglongjmp(watchdog_jmp, 1);
}

/* Continued after a stop: the wall time of the stop is not the kernel's. */
static void on_cont(int sig)
{
	(void)sig;
	if (armed)
		armed_wall = platform_seconds();
}

/* Calls marked without a deadline (watchdog_enter). */
static const struct kernel *volatile entered;

void watchdog_enter(const struct kernel *k)
{
	entered = k;
}

void watchdog_leave(void)
{
	entered = NULL;
}

/* exit() from inside a kernel: say so, keep what was measured, fail. */
static void at_exit(void)
{
	const struct kernel *k = armed ? current : entered;
	char why[512];

	if (!armed && !entered)
		return;
	armed = 0;
	entered = NULL;
	snprintf(why, sizeof(why), "%s: called exit() during a call; the run "
		 "cannot go on", k ? k->name : "a kernel");
	watchdog_abandon(why);
}

void watchdog_init(double min_s)
{
	static int registered;
	struct sigaction sa;
	size_t n = 1 << 16;
	unsigned char *buf = xmalloc(n, "the watchdog's timing buffer");
	double t0, t, best = 1e9;
	volatile uint32_t sink;
	int i;

	inited = 1;
	min_limit = min_s > 0 ? min_s : WATCHDOG_MIN_S;
	memset(buf, 0xa5, n);
	/* ref's speed: the best of a few calls on 64 KiB. */
	for (i = 0; i < 5; i++) {
		t0 = platform_seconds();
		sink = verify_ref(buf, (int)n, 0);
		t = platform_seconds() - t0;
		if (t < best)
			best = t;
	}
	(void)sink;
	free(buf);
	ref_s_per_byte = best / (double)n;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_alarm;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	sa.sa_handler = on_cont;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGCONT, &sa, NULL);
	if (!registered++)
		atexit(at_exit);
}

double watchdog_limit(const struct kernel *k, double bytes, double calls,
		      double extra_s)
{
	double ref;

	if (!inited)
		watchdog_init(0);
	ref = bytes * ref_s_per_byte + calls * (50e-9 + (k ? k->call_s : 0));

	return (1000 * ref > min_limit ? 1000 * ref : min_limit) + extra_s;
}

static void set_timer(double s)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)s;
	it.it_value.tv_usec = (suseconds_t)((s - (double)(time_t)s) * 1e6);
	if (s > 0 && !it.it_value.tv_sec && !it.it_value.tv_usec)
		it.it_value.tv_usec = 1;
	setitimer(ITIMER_REAL, &it, NULL);
}

void watchdog_arm(const struct kernel *k, double limit_s)
{
	if (!inited)
		watchdog_init(0);
	current = k;
	last_limit = limit_now = limit_s;
	stopped_pc = NULL;
	armed_cpu = cpu_s();
	armed_wall = platform_seconds();
	armed = 1;
	set_timer(limit_s);
}

void watchdog_disarm(void)
{
	armed = 0;
	current = NULL;		/* outside a call, no kernel is to blame */
	set_timer(0);
}

void watchdog_cancel(void)
{
	armed = 0;
}

const struct kernel *watchdog_current(void)
{
	return current;
}

double watchdog_last_limit(void)
{
	return last_limit;
}

/* Our own kernels call nothing and can be left anywhere.  A user
   kernel can be left while the program counter is in its own shared
   object; anywhere else (the C library, the loader) a lock may be held. */
bool watchdog_stopped_safely(void)
{
	const struct kernel *k = current;

	if (!k || strcmp(k->arch, "so") != 0)
		return true;
#ifdef CSUMBENCH_STATIC
	return false;
#else
	{
		Dl_info at, own;

		return stopped_pc && dladdr(stopped_pc, &at) &&
		       dladdr((const void *)k->fn, &own) &&
		       at.dli_fbase == own.dli_fbase;
	}
#endif
}

void watchdog_on_abandon(watchdog_abandon_fn *fn, void *ctx)
{
	abandon_fn = fn;
	abandon_ctx = ctx;
}

void watchdog_abandon(const char *why)
{
	static int once;

	armed = 0;
	set_timer(0);
	fprintf(stderr, "%s: %s\n", program_invocation_short_name, why);
	/* If what follows deadlocks on a lock the kernel held, die rather
	   than hang (report/output.c removes its temporary files on SIGALRM). */
	signal(SIGALRM, SIG_DFL);
	alarm(600);
	if (abandon_fn && !once++)
		abandon_fn(why, abandon_ctx);
	fflush(stdout);
	fflush(stderr);
	_exit(1);
}
