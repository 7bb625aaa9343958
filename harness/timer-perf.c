/* perf_event_open(PERF_COUNT_HW_CPU_CYCLES): real core cycles where the
   kernel has a PMU driver (not in most VMs, PPC44x or e300).  Read with
   read(2): slower than rdpmc but the same on every arch; its cost is
   measured and subtracted like any timer's. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "timer.h"

static int perf_fd = -1;

static int perf_setup(char *err, size_t errlen)
{
	struct perf_event_attr attr;
	long fd;

	if (perf_fd >= 0)
		return 0;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
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
	return 0;
}

static uint64_t perf_read(void)
{
	uint64_t v = 0;

	if (read(perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v;
}

static double perf_hz(void)
{
	return 0;	/* cycles: the clock rate is measured, not assumed */
}

const struct timer timer_perf = {
	.name = "perf",
	.what = "perf_event PERF_COUNT_HW_CPU_CYCLES (user), core cycles",
	.counts_cycles = true,
	.setup = perf_setup,
	.read = perf_read,
	.hz = perf_hz,
};
