/* perf_event_open(PERF_COUNT_HW_CPU_CYCLES): real core cycles where the
   kernel has a PMU driver (not in most VMs, PPC44x or e300).  Read in
   user space through the event's mmap page where the kernel allows it
   (perf-page.h: rdpmc on x86-64, the EL0 counters on arm64 with
   kernel.perf_user_access = 1), else with read(2).  Either way its cost
   is measured and subtracted like any timer's; `how` says which. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "timer/perf-page.h"
#include "timer/timer.h"

/* The process's one cycles counter: a timer's read() takes no argument
   (timer.h), so what setup opened is kept here. */
static int perf_fd = -1;
static const volatile struct perf_event_mmap_page *page;
static char how[160];

static int perf_setup(char *err, size_t errlen)
{
	struct perf_event_attr attr;
	uint64_t v;
	void *m;
	long fd;

	if (perf_fd >= 0)
		return 0;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	/* Pinned: never rotated off the PMU by an events = group, which is
	   then what gets multiplexed (and says so in ev_running). */
	attr.pinned = 1;
	if (pmc_insn)
		pmc_attr(&attr);
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0 && attr.config1) {	/* a kernel without user access */
		attr.config1 = 0;
		fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	}
	if (fd < 0) {
		int e = errno;
		snprintf(err, errlen, "perf_event_open(cycles): %s%s", strerror(e),
			 e == ENOENT || e == EOPNOTSUPP ?
			 " (no hardware cycle counter here, as in most VMs)" :
			 e == EACCES || e == EPERM ?
			 " (see /proc/sys/kernel/perf_event_paranoid)" : "");
		return -1;
	}
	perf_fd = (int)fd;
	snprintf(how, sizeof(how), "read with read(2): %s",
		 pmc_insn ? "the kernel lets this task read no counter "
		 "(cap_user_rdpmc 0)" : "no user-space counter read on this arch");
	if (!pmc_insn)
		return 0;
	m = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
		 perf_fd, 0);
	if (m == MAP_FAILED) {
		snprintf(how, sizeof(how), "read with read(2): the event's page "
			 "would not map (%s)", strerror(errno));
		return 0;
	}
	page = m;
	if (perf_page_count(page, pmc_read, &v)) {
		snprintf(how, sizeof(how), "read in user space with %s through the "
			 "event's mmap page", pmc_insn);
	} else {
		munmap(m, (size_t)sysconf(_SC_PAGESIZE));
		page = NULL;
	}
	return 0;
}

static uint64_t perf_read(void)
{
	uint64_t v = 0;

	if (page && perf_page_count(page, pmc_read, &v))
		return v;
	if (read(perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v;
}

static double perf_hz(void)
{
	return 0;	/* cycles: the clock rate is measured, not assumed */
}

static const char *perf_how(void)
{
	return how;
}

const struct timer timer_perf = {
	.name = "perf",
	.what = "perf_event PERF_COUNT_HW_CPU_CYCLES (user), core cycles",
	.counts_cycles = true,
	.setup = perf_setup,
	.read = perf_read,
	.hz = perf_hz,
	.how = perf_how,
};
