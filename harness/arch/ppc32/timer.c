/* PowerPC timebase.  A timebase, not a cycle counter: at the core clock on
   44x with TCS clear, core/16 on 8xx, bus/4 on e300; hence the ratio.  The
   64-bit read retries until the upper half is the same on both sides of
   the lower, so a carry between the reads is never half-seen; isync on
   either side keeps the timed code from moving across the read.

   Cores disagree on the instruction: Book E (44x, e500) reads the timebase
   with mfspr 268/269, while 8xx and 603/e300 use the mftb opcode.  With a
   CPU preset the assembler picks the right one for -mcpu; a generic build
   tries both at start-up and keeps the first that neither traps (SIGILL)
   nor stands still. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/platform/ppc.h>

#include "timer/chain.h"
#include "timer/timer.h"

#ifdef CSUMBENCH_CPU_PRESET
static uint64_t read_asm(void)
{
	uint32_t hi, lo, hi2;

	do {
		__asm__ volatile("isync\n\tmftbu %0\n\tmftb %1\n\tmftbu %2\n\tisync"
				 : "=r"(hi), "=r"(lo), "=r"(hi2) : : "memory");
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}
#else
static uint64_t read_spr(void)
{
	uint32_t hi, lo, hi2;

	do {
		__asm__ volatile("isync\n\tmfspr %0,269\n\tmfspr %1,268\n\t"
				 "mfspr %2,269\n\tisync"
				 : "=r"(hi), "=r"(lo), "=r"(hi2) : : "memory");
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}

/* The mftb opcode (31/371) spelt out, as the assembler emits mfspr for
   mftb under some -mcpu: mftbu r9; mftb r10; mftbu r11. */
static uint64_t read_tbr(void)
{
	register uint32_t hi __asm__("r9");
	register uint32_t lo __asm__("r10");
	register uint32_t hi2 __asm__("r11");

	do {
		__asm__ volatile("isync\n\t.long 0x7d2d42e6\n\t.long 0x7d4c42e6\n\t"
				 ".long 0x7d6d42e6\n\tisync"
				 : "=r"(hi), "=r"(lo), "=r"(hi2) : : "memory");
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}
#endif

static const struct {
	uint64_t (*read)(void);
	const char *what;
} forms[] = {
#ifdef CSUMBENCH_CPU_PRESET
	{ read_asm, "PowerPC timebase (mftbu/mftb as -mcpu encodes them), ticks not core cycles" },
#else
	{ read_tbr, "PowerPC timebase (mftb opcode), ticks not core cycles" },
	{ read_spr, "PowerPC timebase (mfspr 268/269), ticks not core cycles" },
#endif
};

/* The form setup found to work: a timer's read() takes no argument
   (timer.h), and the probe for it jumps back from SIGILL. */
static uint64_t (*reader)(void);
static char what[96] = "PowerPC timebase, ticks not core cycles";
static sigjmp_buf trap;

static void on_sigill(int sig)
{
	siglongjmp(trap, sig);
}

/* Whether a form runs here and advances over a million adds. */
static int form_works(uint64_t (*read)(void))
{
	struct sigaction sa, old;
	volatile int ok = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigill;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	if (sigsetjmp(trap, 1) == 0) {
		uint64_t a = read();
		chain_adds(10000);
		ok = read() > a;
	}
	sigaction(SIGILL, &old, NULL);
	return ok;
}

static int mftb_setup(char *err, size_t errlen)
{
	size_t i;

	for (i = 0; !reader && i < sizeof(forms) / sizeof(forms[0]); i++)
		if (form_works(forms[i].read)) {
			reader = forms[i].read;
			snprintf(what, sizeof(what), "%s", forms[i].what);
		}
	if (!reader) {
		snprintf(err, errlen, "no timebase read works on this core "
			 "(SIGILL, or a timebase that does not advance)");
		return -1;
	}
	return 0;
}

static uint64_t mftb_read(void)
{
	return reader();
}

/* glibc takes it from the kernel (AT or /proc/cpuinfo "timebase"); 0
   under qemu-user, where it is then calibrated against the clock. */
static double mftb_hz(void)
{
	return (double)__ppc_get_timebase_freq();
}

const struct timer timer_arch = {
	.name = "mftb",
	.what = what,
	.counts_cycles = false,
	.fixed_rate = true,
	.setup = mftb_setup,
	.read = mftb_read,
	.hz = mftb_hz,
};
