/* CPU masks as the kernel prints them in /proc/irq/N/smp_affinity: hex
   groups of 32 bits, the most significant first, comma-separated. */
#ifndef CSUMBENCH_CPUMASK_H
#define CSUMBENCH_CPUMASK_H

#include <stdbool.h>
#include <stddef.h>

#define CPUMASK_GROUPS 64	/* 2048 CPUs */

/* Each group's width is kept, so a mask is written back in its form. */
struct cpumask {
	int n;
	unsigned g[CPUMASK_GROUPS];
	int width[CPUMASK_GROUPS];
};

bool cpumask_parse(const char *s, struct cpumask *m);
void cpumask_format(const struct cpumask *m, char *out, size_t n);
/* The group cpu's bit is in, and the bit; NULL when the mask has no
   room for it. */
unsigned *cpumask_bit(struct cpumask *m, int cpu, unsigned *bit);
/* cpu is in the mask. */
bool cpumask_has(const struct cpumask *m, int cpu);
bool cpumask_empty(const struct cpumask *m);

#endif
