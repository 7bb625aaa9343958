/* CPU masks as /proc/irq's files hold them (cpumask.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cpumask.h"

bool cpumask_parse(const char *s, struct cpumask *m)
{
	char group[9];
	size_t w;

	for (m->n = 0;; s++) {
		w = strspn(s, "0123456789abcdefABCDEF");
		if (!w || w > 8 || m->n == CPUMASK_GROUPS)
			return false;
		memcpy(group, s, w);
		group[w] = '\0';
		m->width[m->n] = (int)w;
		m->g[m->n++] = (unsigned)strtoul(group, NULL, 16);
		s += w;
		if (!*s)
			return true;
		if (*s != ',')
			return false;
	}
}

void cpumask_format(const struct cpumask *m, char *out, size_t n)
{
	size_t at = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < m->n && at < n; i++)
		at += (size_t)snprintf(out + at, n - at, "%s%0*x", i ? "," : "",
				       m->width[i], m->g[i]);
}

unsigned *cpumask_bit(struct cpumask *m, int cpu, unsigned *bit)
{
	int group = m->n - 1 - cpu / 32;

	if (cpu < 0 || group < 0 || cpu % 32 >= 4 * m->width[group])
		return NULL;
	*bit = 1u << (cpu % 32);
	return &m->g[group];
}

bool cpumask_has(const struct cpumask *m, int cpu)
{
	struct cpumask copy = *m;
	unsigned bit, *g = cpumask_bit(&copy, cpu, &bit);

	return g && (*g & bit);
}

bool cpumask_empty(const struct cpumask *m)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->g[i])
			return false;
	return true;
}
