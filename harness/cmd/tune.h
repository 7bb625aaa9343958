/* csumbench tune: the settings csumbench check warns about, each set
   for timing where this user may write it, and the values they had
   kept in a state file that tune --reset writes back. */
#ifndef CSUMBENCH_TUNE_H
#define CSUMBENCH_TUNE_H

#include <stdbool.h>
#include <stddef.h>

/* A value's room, its '\0' included: a CPU mask of 2048 CPUs (64
   groups of 8 hex digits and a comma) fits. */
#define TUNE_VALUE 640

/* One setting tune changed: its path (under the sysroot), the value it
   had, the value tune wrote. */
struct tune_saved {
	char path[128], was[TUNE_VALUE], set[TUNE_VALUE];
};

struct tune_state {
	size_t n, room;
	struct tune_saved *e;
};

/* Where the state is kept: <sysroot>/run/csumbench/tune.state for
   root, <sysroot>/run/user/UID/csumbench/tune.state for others. */
void tune_state_path(char *out, size_t n);
/* The state in file, into s (none there: n = 0).  0, or the exit
   status after a message: 1 when it cannot be read or is not this
   user's own, 2 for a line that is not PATH<tab>WAS<tab>SET with a
   PATH tune sets (file:line, what was expected). */
int tune_state_load(struct tune_state *s, const char *file);
/* s written whole (a temporary file renamed over it), its folder made
   this user's own first; with n = 0 the file removed, and the folder
   if that leaves it empty.  0 or 1 after a message. */
int tune_state_save(const struct tune_state *s, const char *file);
/* The entry for path, or NULL. */
struct tune_saved *tune_state_find(struct tune_state *s, const char *path);
void tune_state_add(struct tune_state *s, const char *path, const char *was,
		    const char *set);
void tune_state_drop(struct tune_state *s, const char *path);
void tune_state_free(struct tune_state *s);

/* path is one tune sets: its check name (governor, boost, perf_event,
   irq) into *what and which one ("CPU 0", "IRQ 24") into label. */
bool tune_path_known(const char *path, const char **what, char *label,
		     size_t n);

/* What tune does with one setting: a line of its output. */
enum tune_status {
	TUNE_NOTE,	/* not there, or read-only to all: why */
	TUNE_OK,	/* already as timing wants it */
	TUNE_SET,	/* to be set (then set, or LEFT and why) */
	TUNE_LEFT,	/* cannot be set by this user: why */
};

struct tune_knob {
	enum tune_status status;
	const char *what;	/* check's name: governor, boost, ... */
	char label[48];		/* which one: "CPU 0", "IRQ 24" */
	char path[128];		/* under the sysroot */
	char was[TUNE_VALUE], want[TUNE_VALUE], why[192];
};

struct tune_plan {
	size_t n, room;
	struct tune_knob *k;
};

/* Adds path's setting, to be want: OK when it is already, NOTE when
   it is read-only to all, LEFT when this user cannot write it (why),
   else SET.  NULL when path is not there (or holds nothing). */
struct tune_knob *tune_plan_add(struct tune_plan *p, const char *what,
				const char *path, const char *want);
/* Adds a NOTE line. */
void tune_plan_note(struct tune_plan *p, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Every setting tune knows, for the CPUs this process may use (cpus,
   n of them), IRQs moved off cpu (-1: none named). */
void tune_plan_make(struct tune_plan *p, const int *cpus, int n, int cpu);
/* The IRQs' part of it (tune-irq.c). */
void tune_plan_irqs(struct tune_plan *p, const int *cpus, int n, int cpu);
/* tune --reset: each value file keeps written back; the exit status. */
int tune_reset(const char *file);
/* A line of tune's output, "STATUS  what  LABEL: text" (label NULL:
   no "LABEL: "); IRQs' lines that say the same are held and joined. */
void tune_line(const char *status, const char *what, const char *label,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The held IRQs' lines out: before any other output. */
void tune_lines_end(void);
/* value into path under the sysroot, as one write: 0 or errno. */
int tune_write(const char *path, const char *value);

#endif
