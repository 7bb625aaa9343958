/* csumbench tune's state file: a line per setting tune changed, its
   path, the value it had and the value tune wrote, so that tune --reset
   writes the first back.  Root's is in <sysroot>/run/csumbench/ (a tmpfs:
   a reboot resets the settings and forgets it alike), a folder and a
   file of this user's own that no one else may write, and it is written
   whole to a temporary file renamed over it.  Another user's is in
   its own /run/user/UID/ (systemd's XDG_RUNTIME_DIR), apart from root's.  Every line names a path
   tune sets, checked before anything is written back: nothing read is
   run, and no line can send a value anywhere else. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/tune.h"
#include "lib/platform.h"
#include "lib/xalloc.h"

#define HEADER "# csumbench tune: PATH, its value before, the value tune set"

/* The paths tune sets ('#' a number) and what check calls each. */
static const struct {
	const char *pattern, *what, *label;
} known[] = {
	{ "/sys/devices/system/cpu/cpu#/cpufreq/scaling_governor", "governor", "CPU " },
	{ "/sys/devices/system/cpu/cpufreq/boost", "boost", "cpufreq/boost" },
	{ "/sys/devices/system/cpu/intel_pstate/no_turbo", "boost",
	  "intel_pstate/no_turbo" },
	{ "/proc/sys/kernel/perf_event_paranoid", "perf_event", "perf_event_paranoid" },
	{ "/proc/irq/#/smp_affinity", "irq", "IRQ " },
	{ "/proc/irq/default_smp_affinity", "irq", "default_smp_affinity" },
};

/* path against pattern; the number '#' stood for into num. */
static bool matches(const char *pattern, const char *path, char *num, size_t n)
{
	size_t d;

	for (; *pattern; pattern++) {
		if (*pattern != '#') {
			if (*path++ != *pattern)
				return false;
			continue;
		}
		d = strspn(path, "0123456789");
		if (d < 1 || d > 6 || d >= n)
			return false;
		memcpy(num, path, d);
		num[d] = '\0';
		path += d;
	}
	return !*path;
}

bool tune_path_known(const char *path, const char **what, char *label, size_t n)
{
	char num[8] = "";
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (matches(known[i].pattern, path, num, sizeof(num))) {
			*what = known[i].what;
			snprintf(label, n, "%s%s", known[i].label, num);
			return true;
		}
	return false;
}

void tune_state_path(char *out, size_t n)
{
	if (geteuid() == 0)
		snprintf(out, n, "%s/run/csumbench/tune.state", platform_sysroot());
	else
		snprintf(out, n, "%s/run/user/%u/csumbench/tune.state",
			 platform_sysroot(), (unsigned)geteuid());
}

/* A value as the settings' files hold them: printable, no tab. */
static bool value_ok(const char *v)
{
	if (!*v || strlen(v) >= TUNE_VALUE)
		return false;
	for (; *v; v++)
		if (*v < 0x20 || *v > 0x7e)
			return false;
	return true;
}

/* One line into s: false when it is not PATH<tab>WAS<tab>SET. */
static bool parse_line(struct tune_state *s, char *line)
{
	char *was, *set, label[32];
	const char *what;

	was = strchr(line, '\t');
	if (!was)
		return false;
	*was++ = '\0';
	set = strchr(was, '\t');
	if (!set)
		return false;
	*set++ = '\0';
	if (!tune_path_known(line, &what, label, sizeof(label)) ||
	    !value_ok(was) || !value_ok(set) || tune_state_find(s, line))
		return false;
	tune_state_add(s, line, was, set);
	return true;
}

/* f is a file of this user's own that no one else may write: 0, or 1
   after a message. */
static int owned(int fd, const char *file)
{
	struct stat st;

	if (fstat(fd, &st) != 0) {
		fprintf(stderr, "csumbench tune: %s: %s\n", file, strerror(errno));
		return 1;
	}
	if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
		fprintf(stderr, "csumbench tune: %s: not read: it is not a file of "
			"this user's own (uid %u) that only it may write\n", file,
			(unsigned)geteuid());
		return 1;
	}
	return 0;
}

int tune_state_load(struct tune_state *s, const char *file)
{
	char line[2 * TUNE_VALUE + 256];
	int fd, lineno = 0, rc = 0;
	FILE *f;

	memset(s, 0, sizeof(*s));
	fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return 0;
	if (fd < 0) {
		fprintf(stderr, "csumbench tune: %s: %s\n", file, strerror(errno));
		return 1;
	}
	if (owned(fd, file) || !(f = fdopen(fd, "r"))) {
		close(fd);
		return 1;
	}
	while (!rc && fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);

		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(f))
			len = 0;	/* longer than any line tune writes */
		if (line[0] == '#' && len)
			continue;
		if (!len || !parse_line(s, line)) {
			fprintf(stderr, "%s:%d: expected PATH<tab>WAS<tab>SET, PATH "
				"a setting tune changes (once), each value printable; "
				"nothing was changed (put the settings back by hand "
				"and remove the file)\n", file, lineno);
			rc = 2;
		}
	}
	fclose(f);
	if (rc)
		tune_state_free(s);
	return rc;
}

/* The state's folder, made this user's own (0700) or found so: 0, or 1
   after a message. */
static int state_dir(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		fprintf(stderr, "csumbench tune: cannot make %s to keep the old "
			"values in: %s; nothing was changed\n", dir, strerror(errno));
		return 1;
	}
	if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid() || (st.st_mode & 022)) {
		fprintf(stderr, "csumbench tune: %s is not a folder of this user's "
			"own (uid %u) that only it may write: the old values are "
			"not kept there; nothing was changed\n", dir,
			(unsigned)geteuid());
		return 1;
	}
	return 0;
}

/* s into the temporary file fd: 0, or errno. */
static int write_all(int fd, const struct tune_state *s)
{
	FILE *f = fdopen(fd, "w");
	size_t i;
	int err;

	if (!f) {
		err = errno;
		close(fd);
		return err;
	}
	fprintf(f, "%s\n", HEADER);
	for (i = 0; i < s->n; i++)
		fprintf(f, "%s\t%s\t%s\n", s->e[i].path, s->e[i].was, s->e[i].set);
	errno = 0;
	err = fflush(f) || ferror(f) || fsync(fileno(f)) ? (errno ? errno : EIO) : 0;
	if (fclose(f) && !err)
		err = errno ? errno : EIO;
	return err;
}

int tune_state_save(const struct tune_state *s, const char *file)
{
	char dir[4096], tmp[4200];
	int fd, err;

	snprintf(dir, sizeof(dir), "%s", file);
	*strrchr(dir, '/') = '\0';
	if (!s->n) {
		if (unlink(file) != 0 && errno != ENOENT) {
			fprintf(stderr, "csumbench tune: cannot remove %s: %s\n", file,
				strerror(errno));
			return 1;
		}
		rmdir(dir);	/* (its own folder, if nothing else is in it) */
		return 0;
	}
	if (state_dir(dir))
		return 1;
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", file);
	fd = mkstemp(tmp);
	err = fd < 0 ? errno : write_all(fd, s);
	if (!err && rename(tmp, file) != 0)
		err = errno;
	if (err) {
		if (fd >= 0)
			unlink(tmp);
		fprintf(stderr, "csumbench tune: cannot write %s: %s\n", file,
			strerror(err));
		return 1;
	}
	return 0;
}

struct tune_saved *tune_state_find(struct tune_state *s, const char *path)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->e[i].path, path))
			return &s->e[i];
	return NULL;
}

void tune_state_add(struct tune_state *s, const char *path, const char *was,
		    const char *set)
{
	struct tune_saved *e;

	if (s->n == s->room) {
		s->room = s->room ? 2 * s->room : 16;
		s->e = xreallocarray(s->e, s->room, sizeof(*s->e), "csumbench tune's state");
	}
	e = &s->e[s->n++];
	snprintf(e->path, sizeof(e->path), "%s", path);
	snprintf(e->was, sizeof(e->was), "%s", was);
	snprintf(e->set, sizeof(e->set), "%s", set);
}

void tune_state_drop(struct tune_state *s, const char *path)
{
	struct tune_saved *e = tune_state_find(s, path);

	if (e) {
		memmove(e, e + 1, (size_t)(s->e + s->n - (e + 1)) * sizeof(*e));
		s->n--;
	}
}

void tune_state_free(struct tune_state *s)
{
	free(s->e);
	memset(s, 0, sizeof(*s));
}
