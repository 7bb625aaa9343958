/* A kprobe event on one kernel function, its length argument counted in
   the kernel by a hist trigger keyed by length: nothing per call comes
   to user space, only the table at the end. */
#ifndef CSUMBENCH_TRACEFS_PROBE_H
#define CSUMBENCH_TRACEFS_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracefs/tracefs.h"

struct len_count {
	uint32_t len;
	uint64_t calls;
};
/* qsort comparator of len_counts: by len, ascending. */
int len_count_cmp(const void *a, const void *b);

struct probe {
	const char *symbol;	/* "__csum_partial" */
	const char *reg;	/* "%r4" */
	char *event;		/* "csumbench_PID/csum" */
	bool made, hooked;	/* what probe_remove must undo */
	uint64_t hits, dropped;	/* the hist's totals: calls counted, and
				   calls whose length found no room */
	struct len_count *lens;	/* by length, ascending */
	size_t nlens;
};

/* Whether /proc/kallsyms has a function of that name. */
bool kallsyms_has(const char *symbol);

/* The kprobe event (group/name) on p->symbol, reading p->reg as a u32
   field "len"; then the hist trigger on it, made paused: it counts
   only from probe_start to probe_pause, so that every probe counts the
   same interval however long the others took to set up.  0, or -1
   with why in err. */
int probe_make(const struct tracefs *t, struct probe *p, const char *group,
	       const char *name, char *err, size_t n);
int probe_hook(const struct tracefs *t, struct probe *p, char *err, size_t n);
int probe_start(const struct tracefs *t, struct probe *p, char *err, size_t n);
int probe_pause(const struct tracefs *t, struct probe *p, char *err, size_t n);
/* Reads the table (paused). */
int probe_collect(const struct tracefs *t, struct probe *p, char *err,
		  size_t n);
/* Undoes what probe_make and probe_hook did; says on stderr what it
   could not.  0, or -1 if something stays. */
int probe_remove(const struct tracefs *t, struct probe *p);
void probe_free(struct probe *p);

/* Removes what a csumbench trace that was killed outright (SIGKILL, a
   crash) left: groups csumbench_PID whose PID is gone.  Says what it
   removed; returns how many events. */
int probe_sweep_stale(const struct tracefs *t);
/* The PID of another csumbench trace whose probes are in tracefs and
   whose process is there (not self), or 0. */
long probe_live_trace(const struct tracefs *t, long self);

#endif
