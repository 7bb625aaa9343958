/* tracefs, the kernel's tracing control files: found where it is
   mounted, or mounted for the run and unmounted after it. */
#ifndef CSUMBENCH_TRACEFS_H
#define CSUMBENCH_TRACEFS_H

#include <stdbool.h>
#include <stddef.h>

struct tracefs {
	char *dir;		/* e.g. /sys/kernel/tracing */
	bool mounted;		/* by us: unmounted by tracefs_close */
};

/* dir, or (NULL) the tracefs in /proc/self/mounts, or debugfs's
   tracing/, or tracefs mounted on /sys/kernel/tracing.  0, or -1 with
   why (the kernel option it lacks, or root) in err. */
int tracefs_open(struct tracefs *t, const char *dir, char *err, size_t n);
void tracefs_close(struct tracefs *t);

/* Whether FILE (relative to the tracefs) exists. */
bool tracefs_has(const struct tracefs *t, const char *file);
/* Writes text to FILE, appending (O_APPEND) or truncating it first.
   0, or -1 with "FILE: why" in err: the kernel's own reason from
   error_log where it gave one. */
int tracefs_write(const struct tracefs *t, const char *file, const char *text,
		  bool append, char *err, size_t n);
/* FILE's whole text, NUL-terminated (the caller frees it), or NULL with
   errno set. */
char *tracefs_read(const struct tracefs *t, const char *file);
/* The path of FILE in the tracefs (the caller frees it). */
char *tracefs_path(const struct tracefs *t, const char *file);

#endif
