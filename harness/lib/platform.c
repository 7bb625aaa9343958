/* Facts about the machine: CPU model, host name, VM or emulator, pinning. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "lib/platform.h"
#include "lib/xalloc.h"

/* The value of the first of keys that /proc/cpuinfo has ("key<tabs>: v"). */
static bool cpuinfo_find(const char *const *keys, char *out, size_t n)
{
	char line[4096];
	size_t i;

	for (i = 0; keys[i]; i++) {
		FILE *f = fopen("/proc/cpuinfo", "r");
		size_t k = strlen(keys[i]);

		if (!f)
			return false;
		while (fgets(line, sizeof(line), f)) {
			char *p = line + k;
			if (strncmp(line, keys[i], k) != 0)
				continue;
			p += strspn(p, " \t");
			if (*p != ':')
				continue;
			p++;
			p += strspn(p, " \t");
			p[strcspn(p, "\n")] = '\0';
			snprintf(out, n, "%s", p);
			fclose(f);
			return true;
		}
		fclose(f);
	}
	return false;
}

/* Arches without an arch/<arch>/cpuid.c cannot name their core themselves. */
__attribute__((weak)) bool platform_cpu_id(char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return false;
}

/* /proc/cpuinfo's model; but where that file is not this architecture's
   (qemu-user shows the host's), the model there is the host's, not the
   one the run is on: the core names itself where it can, and the
   emulator is named. */
const char *platform_cpu_model(void)
{
	static const char *const keys[] = { "model name", "cpu", "CPU part", NULL };
	static const char *const marker[] = { platform_cpuinfo_marker, NULL };
	static char model[256];
	char v[256], id[128];
	const char *emu = getenv("CSUMBENCH_EMULATOR");

	if (model[0])
		return model;
	if (cpuinfo_find(marker, v, sizeof(v))) {
		if (!cpuinfo_find(keys, model, sizeof(model)))
			snprintf(model, sizeof(model), "unknown");
		return model;
	}
	if (!platform_cpu_id(id, sizeof(id)))
		snprintf(id, sizeof(id), "unknown %s", platform_arch);
	snprintf(model, sizeof(model), "%s, emulated (%s; /proc/cpuinfo is the "
		 "host's)", id, emu && *emu ? emu : "qemu-user?");
	return model;
}

const char *platform_host(void)
{
	static char host[64];
	char *p;

	if (host[0])
		return host;
	if (gethostname(host, sizeof(host) - 1) != 0 || !host[0])
		snprintf(host, sizeof(host), "unknown");
	for (p = host; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '.' || *p == '_'))
			*p = '_';
	return host;
}

bool platform_virtualized(void)
{
	static const char *const keys[] = { "flags", NULL };
	char flags[4096];

	return cpuinfo_find(keys, flags, sizeof(flags)) &&
	       strstr(flags, " hypervisor") != NULL;
}

bool platform_emulated(const char **why)
{
	static const char *const keys[] = { platform_cpuinfo_marker, NULL };
	const char *env = getenv("CSUMBENCH_EMULATOR");
	char v[256];

	if (env && *env) {
		*why = "CSUMBENCH_EMULATOR is set";
		return true;
	}
	if (!cpuinfo_find(keys, v, sizeof(v))) {
		*why = "/proc/cpuinfo is not this architecture's (qemu-user?)";
		return true;
	}
	*why = "no";
	return false;
}

bool platform_parse_clock(const char *v, double *hz)
{
	char *end;
	double x = strtod(v, &end);

	if (end == v || !(x > 0))
		return false;
	end += strspn(end, " ");
	if (strcasecmp(end, "MHz") == 0)
		*hz = x * 1e6;
	else if (strcasecmp(end, "GHz") == 0)
		*hz = x * 1e9;
	else
		return false;
	return true;
}

bool platform_cpuinfo_clock(double *hz)
{
	static const char *const keys[] = { "clock", NULL };
	char v[256];

	return cpuinfo_find(keys, v, sizeof(v)) && platform_parse_clock(v, hz);
}

int platform_pin(int cpu, char *err, size_t errlen)
{
	cpu_set_t set;

	if (cpu < 0) {
		if (sched_getaffinity(0, sizeof(set), &set) != 0) {
			snprintf(err, errlen, "sched_getaffinity: %s", strerror(errno));
			return -1;
		}
		for (cpu = 0; cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &set); cpu++)
			;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		snprintf(err, errlen, "cannot pin to cpu %d: %s (this machine has "
			 "%ld online CPUs)", cpu, strerror(errno),
			 sysconf(_SC_NPROCESSORS_ONLN));
		return -1;
	}
	return cpu;
}

double platform_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *platform_sysroot(void)
{
	const char *r = getenv("CSUMBENCH_SYSROOT");

	return r ? r : "";
}

bool platform_sysroot_read(const char *path, char *out, size_t n)
{
	char full[4096];
	FILE *f;
	size_t len;

	snprintf(full, sizeof(full), "%s%s", platform_sysroot(), path);
	f = fopen(full, "r");
	if (!f)
		return false;
	if (!fgets(out, (int)n, f)) {
		fclose(f);
		return false;
	}
	fclose(f);
	len = strlen(out);
	while (len && isspace((unsigned char)out[len - 1]))
		out[--len] = '\0';
	return true;
}

static int by_number(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int platform_sysroot_numbers(const char *dir, int **out)
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
		if (d->d_name[0] && strlen(d->d_name) <= 6 &&
		    strspn(d->d_name, "0123456789") == strlen(d->d_name)) {
			*out = xreallocarray(*out, (size_t)n + 1, sizeof(**out),
					     "a folder's list");
			(*out)[n++] = atoi(d->d_name);
		}
	closedir(dp);
	if (n > 1)
		qsort(*out, (size_t)n, sizeof(**out), by_number);
	return n;
}
