/* A deadline for kernel calls: a kernel that does not return in time is
   stopped (SIGALRM, then a jump back to the caller) and reported by name,
   and a kernel that calls exit() is reported rather than ending the run
   in silence. */
#ifndef CSUMBENCH_WATCHDOG_H
#define CSUMBENCH_WATCHDOG_H

#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "call/kernel.h"

extern sigjmp_buf watchdog_jmp;

/* The floor of every limit, seconds (config kernel_timeout; 2 s). */
#define WATCHDOG_MIN_S 2.0
void watchdog_init(double min_s);
/* The limit for a region that calls kernel k on this many bytes in this
   many calls: max(min_s, 1000 x what ref takes for the same, each call
   costing k's call_s too), plus extra_s of harness work (flushes) that
   is not the kernel's. */
double watchdog_limit(const struct kernel *k, double bytes, double calls,
		      double extra_s);

/* Runs the statement under a deadline for kernel k and sets ok: true if
   it finished (the deadline is disarmed), false if k was stopped.  The
   statement must not hold locks or memory the jump would leak. */
#define WATCHDOG_RUN(ok, k, limit_s, stmt)				\
	do {								\
		if (sigsetjmp(watchdog_jmp, 1) == 0) {			\
			watchdog_arm((k), (limit_s));			\
			stmt;						\
			watchdog_disarm();				\
			(ok) = true;					\
		} else {						\
			(ok) = false;					\
		}							\
	} while (0)
/* The limit is of the CPU time the kernel uses: a process stopped
   (Ctrl-Z, SIGSTOP) or starved by other work is not a hung kernel.  A
   kernel that blocks without using the CPU is stopped after ten times
   the limit of wall time, not counting time the process was stopped. */
void watchdog_arm(const struct kernel *k, double limit_s);
void watchdog_disarm(void);
/* Marks calls of k as under way with no deadline, for callers whose
   loop cannot be left by a jump (Google Benchmark's, in csumbench-gb):
   an exit() from inside one is still reported and abandoned as an
   armed one is. */
void watchdog_enter(const struct kernel *k);
void watchdog_leave(void);
/* From a signal handler leaving a guarded call some other way (a fault):
   no jump to a frame that is gone. */
void watchdog_cancel(void);

/* After a stop: whether the kernel was stopped in its own code (the
   process is sound and the run can go on) or inside something else,
   such as the C library, that may hold a lock; and the limit that ran
   out. */
bool watchdog_stopped_safely(void);
/* The kernel last run under a deadline. */
const struct kernel *watchdog_current(void);
double watchdog_last_limit(void);

/* Called, then the process exits with status 1, when a kernel calls
   exit() or is stopped where it is not safe to go on: writes what was
   measured so far.  why names the kernel and what it did. */
typedef void watchdog_abandon_fn(const char *why, void *ctx);
void watchdog_on_abandon(watchdog_abandon_fn *fn, void *ctx);
/* Gives up on the current kernel: message, the abandon callback, exit 1. */
void watchdog_abandon(const char *why) __attribute__((noreturn));

/* The interrupted program counter, from a signal's ucontext (per arch). */
const void *sig_pc(const void *ucontext);

#endif
