/* One setting of csumbench tune's plan: its value read, and whether
   it is as timing wants it, cannot be written by this user (and why),
   or is to be set; and the write that sets it.  Under the sysroot, as
   csumbench check reads. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/tune.h"
#include "lib/platform.h"
#include "lib/xalloc.h"

static struct tune_knob *push(struct tune_plan *p, enum tune_status status,
			      const char *what)
{
	struct tune_knob *k;

	if (p->n == p->room) {
		p->room = p->room ? 2 * p->room : 16;
		p->k = xreallocarray(p->k, p->room, sizeof(*p->k), "csumbench tune's plan");
	}
	k = &p->k[p->n++];
	memset(k, 0, sizeof(*k));
	k->status = status;
	k->what = what;
	return k;
}

void tune_plan_note(struct tune_plan *p, const char *what, const char *fmt, ...)
{
	struct tune_knob *k = push(p, TUNE_NOTE, what);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(k->why, sizeof(k->why), fmt, ap);
	va_end(ap);
}

/* Whether this user may write path: SET when it may, else LEFT and
   why.  A file with no write bit is read-only even to root, as sysfs
   and procfs have it (an IRQ the kernel will not move): a NOTE, as
   nobody here could set it. */
static enum tune_status writable(const char *path, char *why, size_t n)
{
	char full[4096];
	struct stat st;

	snprintf(full, sizeof(full), "%s%s", platform_sysroot(), path);
	if (stat(full, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		return TUNE_LEFT;
	}
	if (!(st.st_mode & 0222)) {
		snprintf(why, n, "read-only (mode %04o)", (unsigned)(st.st_mode & 07777));
		return TUNE_NOTE;
	}
	if (access(full, W_OK) == 0)
		return TUNE_SET;
	if (errno == EACCES || errno == EPERM)
		snprintf(why, n, "needs root (%s)", strerror(errno));
	else if (errno == EROFS)
		snprintf(why, n, "read-only here (%s)", strerror(errno));
	else
		snprintf(why, n, "%s", strerror(errno));
	return TUNE_LEFT;
}

struct tune_knob *tune_plan_add(struct tune_plan *p, const char *what,
				const char *path, const char *want)
{
	char was[TUNE_VALUE];
	struct tune_knob *k;

	if (!platform_sysroot_read(path, was, sizeof(was)) || !was[0])
		return NULL;
	k = push(p, TUNE_SET, what);
	if (!tune_path_known(path, &what, k->label, sizeof(k->label)))
		snprintf(k->label, sizeof(k->label), "%s", path);
	snprintf(k->path, sizeof(k->path), "%s", path);
	snprintf(k->was, sizeof(k->was), "%s", was);
	snprintf(k->want, sizeof(k->want), "%s", want);
	if (strlen(was) >= sizeof(was) - 1) {
		/* (a value cut short would be written back cut) */
		k->status = TUNE_LEFT;
		snprintf(k->was, sizeof(k->was), "%.24s...", was);
		snprintf(k->why, sizeof(k->why), "longer than the %zu characters "
			 "tune keeps", sizeof(was) - 2);
	} else if (!strcmp(was, want))
		k->status = TUNE_OK;
	else
		k->status = writable(path, k->why, sizeof(k->why));
	return k;
}

int tune_write(const char *path, const char *value)
{
	char full[4096], line[TUNE_VALUE + 1];
	int fd, err = 0;
	size_t len;
	ssize_t w;

	snprintf(full, sizeof(full), "%s%s", platform_sysroot(), path);
	len = (size_t)snprintf(line, sizeof(line), "%s\n", value);
	fd = open(full, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno;
	/* (sysfs and procfs take a setting in one write) */
	w = write(fd, line, len);
	if (w < 0)
		err = errno;
	else if ((size_t)w != len)
		err = EIO;
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}
