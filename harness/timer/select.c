/* Timer selection by name, with "auto" preferring real core cycles. */
#include <stdio.h>
#include <string.h>

#include "timer/timer.h"

static const struct timer *const timers[] = {
	&timer_perf, &timer_arch, &timer_clock, &timer_model,
};
#define NTIMERS (sizeof(timers) / sizeof(timers[0]))

const char *timer_names(void)
{
	static char names[128];
	size_t i, n = 0;

	if (names[0])
		return names;
	n += (size_t)snprintf(names, sizeof(names), "auto");
	for (i = 0; i < NTIMERS; i++)
		if (timers[i] && n < sizeof(names))
			n += (size_t)snprintf(names + n, sizeof(names) - n,
					      ", %s", timers[i]->name);
	return names;
}

const struct timer *timer_select(const char *name, bool quiet,
				 char *err, size_t errlen)
{
	char why[256];
	size_t i;

	if (strcmp(name, "auto") != 0) {
		for (i = 0; i < NTIMERS; i++) {
			if (!timers[i] || strcmp(timers[i]->name, name) != 0)
				continue;
			if (timers[i]->setup(err, errlen) != 0)
				return NULL;
			return timers[i];
		}
		snprintf(err, errlen, "unknown timer '%s', expected one of: %s",
			 name, timer_names());
		return NULL;
	}

	/* auto: the first usable one, in table order; the first refusal is
	   what the user is told. */
	why[0] = '\0';
	for (i = 0; i < NTIMERS; i++) {
		if (!timers[i] || timers[i] == &timer_model)
			continue;
		if (timers[i]->setup(err, errlen) == 0) {
			if (why[0] && !quiet)
				fprintf(stderr, "csumbench: %s; using timer '%s'\n",
					why, timers[i]->name);
			return timers[i];
		}
		if (!why[0])
			snprintf(why, sizeof(why), "%s", err);
	}
	return NULL;
}
