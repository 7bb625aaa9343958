/* Facts about the machine the run is on. */
#ifndef CSUMBENCH_PLATFORM_H
#define CSUMBENCH_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>

#define CPU_NONE (-1)		/* do not pin */
#define CPU_AUTO (-2)		/* pin to the least busy CPU this process may use */

/* The architecture this binary was built for: x86_64, ppc32, arm64
   (harness/arch/<arch>/platform.c). */
extern const char platform_arch[];
/* A key every real /proc/cpuinfo of this arch has: qemu-user shows the
   host's file, so its absence gives emulation away. */
extern const char platform_cpuinfo_marker[];

/* The CPU model, as /proc/cpuinfo gives it; under qemu-user, the core
   the emulator presents (platform_cpu_id) and the emulator. */
const char *platform_cpu_model(void);
/* The core as the hardware names itself (ppc32: its PVR), into buf;
   false where this arch cannot say. */
bool platform_cpu_id(char *buf, size_t n);
/* Host name, reduced to characters safe in a file name. */
const char *platform_host(void);
/* A hypervisor: timings are real, hardware counters often missing. */
bool platform_virtualized(void);
/* Emulation (qemu-user): timings mean nothing.  why says how it was seen. */
bool platform_emulated(const char **why);
/* The core clock /proc/cpuinfo states, in Hz ("clock : 1150.000000MHz",
   as powerpc kernels print it); false where it states none. */
bool platform_cpuinfo_clock(double *hz);
/* "1150.000000MHz" (or GHz) as Hz; false for anything else. */
bool platform_parse_clock(const char *v, double *hz);
/* Pins to cpu, or with cpu < 0 to the first CPU the process may use.
   Returns the CPU, or -1 and why in err. */
int platform_pin(int cpu, char *err, size_t errlen);
/* CLOCK_MONOTONIC in seconds: wall time for deadlines and rates, never
   a measurement. */
double platform_seconds(void);
/* The folder csumbench check reads /sys and /proc's settings under:
   CSUMBENCH_SYSROOT (tests stand in for them), or "".  /proc/stat and
   schedstat are always read live. */
const char *platform_sysroot(void);
/* The first line of path under the sysroot, its trailing space cut;
   false when there is none. */
bool platform_sysroot_read(const char *path, char *out, size_t n);
/* The numbers that name entries of dir under the sysroot (/proc/irq's
   IRQs, /proc's PIDs), sorted, into *out (free it); their count, or -1
   when dir is not there. */
int platform_sysroot_numbers(const char *dir, int **out);

#endif
