/* A run's warnings where its figures are printed (compare, table,
   recommend): "WARNING (who): ...", a warning its processes share said
   once with their numbers (csumbench ab's files). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/results.h"
#include "text/warnings.h"
#include "text/wrap.h"

unsigned warning_process(const char *w, const char **text)
{
	unsigned p;
	int n = 0;

	*text = w;
	if (sscanf(w, "process %u: %n", &p, &n) != 1 || !n)
		return 0;
	*text = w + n;
	return p;
}

/* Two warnings alike but for their figures ("moved by 4.4%" and "moved
   by 8.2%"): one warning of several processes. */
static int alike(const char *x, const char *y)
{
	for (;;) {
		while (*x >= '0' && *x <= '9')
			for (x++; (*x >= '0' && *x <= '9') || *x == '.'; x++)
				;
		while (*y >= '0' && *y <= '9')
			for (y++; (*y >= '0' && *y <= '9') || *y == '.'; y++)
				;
		if (*x != *y)
			return 0;
		if (!*x)
			return 1;
		x++;
		y++;
	}
}

/* Whether every warning alike ti says it in ti's very words. */
static int same_text(const struct results *r, size_t from, const char *ti)
{
	const char *tj;
	size_t j;

	for (j = from; j < r->nwarnings; j++) {
		warning_process(r->warnings[j], &tj);
		if (alike(ti, tj) && strcmp(ti, tj))
			return 0;
	}
	return 1;
}

/* One side's warnings, those its processes share said once with the
   processes that gave them ("processes 1, 2, 5 of 6: ..."), in the
   first one's figures when theirs differ. */
void print_warnings(FILE *f, const struct results *r, const char *who)
{
	char *done = calloc(r->nwarnings + 1, 1), list[256];
	size_t i, j, k, m;

	for (i = 0; done && i < r->nwarnings; i++) {
		const char *ti, *tj;
		unsigned pi = warning_process(r->warnings[i], &ti);

		if (done[i])
			continue;
		k = 0;
		list[0] = '\0';
		for (j = i, m = 0; j < r->nwarnings; j++) {
			unsigned pj = warning_process(r->warnings[j], &tj);
			if (done[j] || !alike(ti, tj) || !pj != !pi)
				continue;
			done[j] = 1;
			m++;
			if (pj && k < sizeof(list) - 16)
				k += (size_t)snprintf(list + k, sizeof(list) - k, "%s%u",
						      k ? ", " : "", pj);
		}
		if (pi)
			fprint_wrapped(f, "    ", "WARNING (%s, process%s %s of %u): %s%s",
				       who, m == 1 ? "" : "es", list, r->processes, ti,
				       m > 1 && !same_text(r, i, ti) ? " (the first's "
				       "figures; the others' alike)" : "");
		else
			fprint_wrapped(f, "    ", "WARNING (%s): %s", who, ti);
	}
	free(done);
}

