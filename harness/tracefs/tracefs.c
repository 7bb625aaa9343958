/* tracefs: finding it, mounting it when nothing has, and reading and
   writing its files with the kernel's reasons for a refusal. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/xalloc.h"
#include "tracefs/tracefs.h"

#define MOUNT_POINT "/sys/kernel/tracing"

/* The mount point of the first filesystem of type in /proc/self/mounts
   (the caller frees it), or NULL. */
static char *mounted_at(const char *type)
{
	char line[4096], dir[4096], fstype[256];
	char *found = NULL;
	FILE *f = fopen("/proc/self/mounts", "r");

	if (!f)
		return NULL;
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %4095s %255s", dir, fstype) == 2 &&
		    !strcmp(fstype, type))
			found = xstrdup(dir, "a mount point");
	fclose(f);
	return found;
}

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int tracefs_open(struct tracefs *t, const char *dir, char *err, size_t n)
{
	char *debug, *p;

	t->dir = NULL;
	t->mounted = false;
	if (dir) {
		if (!is_dir(dir)) {
			snprintf(err, n, "--tracefs %s: no such folder (where tracefs "
				 "is mounted expected)", dir);
			return -1;
		}
		t->dir = xstrdup(dir, "the tracefs path");
		return 0;
	}
	t->dir = mounted_at("tracefs");
	if (t->dir)
		return 0;
	debug = mounted_at("debugfs");
	if (debug) {
		p = xasprintf("a path", "%s/tracing", debug);
		free(debug);
		if (tracefs_has(&(struct tracefs){ .dir = p }, "README")) {
			t->dir = p;
			return 0;
		}
		free(p);
	}
	if (!is_dir(MOUNT_POINT)) {
		snprintf(err, n, "this kernel has no tracefs (no %s): it needs "
			 "CONFIG_FTRACE and a tracer, which select CONFIG_TRACING "
			 "(and sysfs on /sys)", MOUNT_POINT);
		return -1;
	}
	if (mount("nodev", MOUNT_POINT, "tracefs", 0, NULL) != 0) {
		int e = errno;
		snprintf(err, n, "cannot mount tracefs on %s: %s%s", MOUNT_POINT,
			 strerror(e), e == EPERM ? " (csumbench trace needs root)" :
			 e == ENODEV ? " (the kernel lacks CONFIG_TRACING)" : "");
		return -1;
	}
	t->dir = xstrdup(MOUNT_POINT, "the tracefs path");
	t->mounted = true;
	return 0;
}

void tracefs_close(struct tracefs *t)
{
	if (t->mounted && t->dir && umount(t->dir) != 0)
		fprintf(stderr, "csumbench trace: cannot unmount %s: %s\n", t->dir,
			strerror(errno));
	free(t->dir);
	t->dir = NULL;
	t->mounted = false;
}

char *tracefs_path(const struct tracefs *t, const char *file)
{
	return xasprintf("a tracefs path", "%s/%s", t->dir, file);
}

bool tracefs_has(const struct tracefs *t, const char *file)
{
	char *p = tracefs_path(t, file);
	bool yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

char *tracefs_read(const struct tracefs *t, const char *file)
{
	char *p = tracefs_path(t, file), *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t r;
	int fd = open(p, O_RDONLY | O_CLOEXEC), e;

	free(p);
	if (fd < 0)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap, "a tracefs file");
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	e = errno;
	close(fd);
	if (r < 0) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

/* The last entry of error_log (kernel 5.4 on), when it is not the one
   there before: why the kernel refused a command, with a caret under
   the word at fault.  NULL where none. */
static char *kernel_reason(const struct tracefs *t, const char *before)
{
	char *log = tracefs_read(t, "error_log"), *end, *start, *why;
	size_t len;

	if (!log || (before && !strcmp(log, before))) {
		free(log);
		return NULL;
	}
	len = strlen(log);
	while (len && log[len - 1] == '\n')
		log[--len] = '\0';
	/* an entry is three lines: [time] source: error, Command:, caret */
	end = log + len;
	start = end;
	for (int lines = 0; start > log && lines < 3; )
		if (*--start == '\n' && ++lines == 3)
			start++;
	why = len ? xstrdup(start, "the kernel's reason") : NULL;
	free(log);
	return why;
}

int tracefs_write(const struct tracefs *t, const char *file, const char *text,
		  bool append, char *err, size_t n)
{
	char *p = tracefs_path(t, file), *why, *before;
	size_t len = strlen(text);
	ssize_t w;
	int fd, e;

	fd = open(p, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	if (fd < 0) {
		e = errno;
		snprintf(err, n, "%s: %s%s", p, strerror(e),
			 e == EACCES || e == EPERM ? " (csumbench trace needs root)" : "");
		free(p);
		return -1;
	}
	before = tracefs_read(t, "error_log");
	do
		w = write(fd, text, len);
	while (w < 0 && errno == EINTR);
	e = errno;
	close(fd);
	if (w == (ssize_t)len) {
		free(before);
		free(p);
		return 0;
	}
	why = w < 0 ? kernel_reason(t, before) : NULL;
	free(before);
	snprintf(err, n, "%s: writing '%.*s': %s%s%s", p,
		 (int)strcspn(text, "\n"), text, w < 0 ? strerror(e) : "a short write",
		 why ? "; the kernel's error_log says:\n" : "", why ? why : "");
	free(why);
	free(p);
	return -1;
}
