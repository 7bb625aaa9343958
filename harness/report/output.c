/* Result files that appear whole or not at all, and never replace one.
 *
 * Each file is written under a temporary name in its folder, synced, and
 * then given its name by renameat2(RENAME_NOREPLACE); where the kernel or
 * the filesystem lacks that (old kernels, some network filesystems), the
 * name is claimed with an empty file made with O_EXCL, which rename()
 * then replaces.
 * Neither needs hard links, which vfat and exFAT sticks do not have. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/platform.h"
#include "lib/xalloc.h"
#include "report/output.h"

#define SUFFIX_MAX 999
/* Room a name may need beyond its stem: "-999-partial-samples.csv". */
#define SUFFIX_ROOM 24

/* Files to remove if a signal ends the process while they are half
   made.  The handler only reads these; the main flow changes them with
   the signals blocked. */
#define NCLEAN 4
static char *volatile clean[NCLEAN];
static const int clean_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM };
#define NSIGS (sizeof(clean_sigs) / sizeof(clean_sigs[0]))

static void on_signal(int sig)
{
	int i;

	for (i = 0; i < NCLEAN; i++)
		if (clean[i])
			unlink(clean[i]);
	raise(sig);	/* the default action, now that SA_RESETHAND reset it */
}

static void signals(int how, sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NSIGS; i++)
		sigaddset(&set, clean_sigs[i]);
	sigprocmask(how, how == SIG_SETMASK ? old : &set, how == SIG_SETMASK ? NULL : old);
}

/* The cleaning handler, for the signals that are not ignored (nohup,
   a script's background job): an ignored signal stays ignored. */
struct cleaning {
	struct sigaction old[NSIGS];
	bool set[NSIGS];
};

static void cleaning_begin(struct cleaning *c)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NSIGS; i++) {
		sigaction(clean_sigs[i], NULL, &c->old[i]);
		c->set[i] = c->old[i].sa_handler != SIG_IGN;
		if (c->set[i])
			sigaction(clean_sigs[i], &sa, NULL);
	}
}

static void cleaning_end(struct cleaning *c)
{
	size_t i;

	for (i = 0; i < NSIGS; i++)
		if (c->set[i])
			sigaction(clean_sigs[i], &c->old[i], NULL);
}

/* Memory that runs out while they are half made: they go too. */
static void clean_all(void)
{
	int i;

	for (i = 0; i < NCLEAN; i++)
		if (clean[i])
			unlink(clean[i]);
}

static void clean_add(char *path)
{
	sigset_t old;
	int i;

	xalloc_on_fail(clean_all);
	signals(SIG_BLOCK, &old);
	for (i = 0; i < NCLEAN && clean[i]; i++)
		;
	/* (a program error, not a shortage: at most two pairs at once) */
	if (i == NCLEAN)
		abort();
	clean[i] = path;
	signals(SIG_SETMASK, &old);
}

static void clean_del(const char *path)
{
	sigset_t old;
	int i;

	signals(SIG_BLOCK, &old);
	for (i = 0; i < NCLEAN; i++)
		if (clean[i] == path)
			clean[i] = NULL;
	signals(SIG_SETMASK, &old);
}

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Gives tmp the name final unless final exists: 0, or -1 and errno. */
static int place_noreplace(const char *tmp, const char *final)
{
	int fd, e;

#ifdef RENAME_NOREPLACE
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, final, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
		return -1;
#endif
	fd = open(final, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		return -1;
	close(fd);
	if (rename(tmp, final) != 0) {
		e = errno;
		unlink(final);
		errno = e;
		return -1;
	}
	return 0;
}

/* A new temporary file in dir, registered for removal on a signal
   before it exists. */
static FILE *tmp_create(const char *dir, char **name)
{
	static unsigned seq;
	FILE *f = NULL;
	int fd, tries;

	for (tries = 0; tries < 100 && !f; tries++) {
		*name = xasprintf("a file name", "%s/csumbench-%ld-%u.tmp", dir,
				  (long)getpid(), seq++);
		clean_add(*name);
		fd = open(*name, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd >= 0 && !(f = fdopen(fd, "w")))
			close(fd);
		if (!f) {
			int e = errno;
			if (fd >= 0)
				unlink(*name);
			clean_del(*name);
			free(*name);
			*name = NULL;
			errno = e;
			if (e != EEXIST)
				break;
		}
	}
	return f;
}

static void tmp_remove(char **name)
{
	if (!*name)
		return;
	unlink(*name);
	clean_del(*name);
	free(*name);
	*name = NULL;
}

/* Finds out now, not after the run, whether the folder takes a file
   and the way results are put in place: a temporary file given a new
   name exactly as results will be.  Only what it made is removed. */
static int probe(const char *dir)
{
	struct cleaning cl;
	char *tmp = NULL, *final = NULL;
	FILE *f;
	int rc = 2, n, ok;

	cleaning_begin(&cl);
	f = tmp_create(dir, &tmp);
	if (f) {
		ok = fputs("probe\n", f) >= 0;
		ok = fclose(f) == 0 && ok;
		for (n = 0; ok && n < 100; n++) {
			free(final);
			final = xasprintf("a file name", "%s/csumbench-%ld-%d.probe", dir,
					  (long)getpid(), n);
			clean_add(final);
			if (place_noreplace(tmp, final) == 0) {
				unlink(final);
				clean_del(final);
				rc = 0;
				break;
			}
			clean_del(final);
			if (errno != EEXIST)
				break;
		}
	}
	if (rc)
		fprintf(stderr, "csumbench: cannot write results in %s: %s\n", dir,
			strerror(errno));
	if (tmp && rc)
		tmp_remove(&tmp);
	else if (tmp) {
		clean_del(tmp);	/* renamed, and the new name removed */
		free(tmp);
	}
	free(final);
	cleaning_end(&cl);
	return rc;
}

/* A target must be a regular file or nothing: a device, pipe, folder or
   link is never replaced by results, --force or not. */
static int check_target(const char *path, bool force)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return 0;
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "csumbench: %s exists and is not a regular file "
			"(%s); results are written only to new or regular files\n",
			path, S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" :
			S_ISFIFO(st.st_mode) ? "a pipe" : S_ISLNK(st.st_mode) ?
			"a symbolic link" : S_ISDIR(st.st_mode) ? "a folder" :
			"a special file");
		return 2;
	}
	if (!force) {
		fprintf(stderr, "csumbench: %s already exists; results are never "
			"replaced (use another -o, or --force)\n", path);
		return 2;
	}
	return 0;
}

static void set_names(struct output *o, const char *stem)
{
	free(o->stem);
	free(o->path);
	free(o->samples);
	o->stem = xstrdup(stem, "a file name");
	o->path = xasprintf("a file name", "%s.csv", stem);
	o->samples = xasprintf("a file name", "%s-samples.csv", stem);
}

/* The name fits the folder's limit, with room for a suffix. */
static int check_length(const struct output *o)
{
	const char *base = strrchr(o->samples, '/');
	long max = pathconf(o->dir, _PC_NAME_MAX);
	size_t n;

	base = base ? base + 1 : o->samples;
	n = strlen(base) + 12;	/* "-partial" and "-999" */
	if (max <= 0)
		max = 255;
	if (n > (size_t)max || strlen(o->samples) + SUFFIX_ROOM >= PATH_MAX) {
		fprintf(stderr, "csumbench: -o: the file name %s is too long (%zu "
			"characters with its suffixes; %s allows %ld in a name and "
			"%d in a path)\n", base, n, o->dir, max, PATH_MAX);
		return 2;
	}
	return 0;
}

int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force)
{
	size_t n = strlen(arg);
	int rc;

	memset(o, 0, sizeof(*o));
	o->force = force;
	if (!*arg) {
		fprintf(stderr, "csumbench: -o needs a FILE, a DIR/ or -\n");
		return 2;
	}
	if (!strcmp(arg, "-")) {
		o->path = xstrdup("-", "a file name");
		return 0;
	}
	if (n >= PATH_MAX - SUFFIX_ROOM) {
		fprintf(stderr, "csumbench: -o: a path of %zu characters; at most "
			"%d are allowed\n", n, PATH_MAX - SUFFIX_ROOM - 1);
		return 2;
	}
	if (arg[n - 1] == '/' || is_dir(arg)) {
		const char *base = config ? strrchr(config, '/') : NULL;
		char stamp[32], *stem;
		time_t now = time(NULL);

		if (!is_dir(arg) && mkdir(arg, 0777) != 0) {
			fprintf(stderr, "csumbench: -o %s: cannot create folder: %s\n",
				arg, strerror(errno));
			return 2;
		}
		o->folder = true;
		o->dir = xstrdup(arg, "a file name");
		while (strlen(o->dir) > 1 && o->dir[strlen(o->dir) - 1] == '/')
			o->dir[strlen(o->dir) - 1] = '\0';
		base = base ? base + 1 : config ? config : "defaults";
		n = strlen(base);
		if (n > 5 && !strcmp(base + n - 5, ".conf"))
			n -= 5;
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&now));
		stem = xasprintf("a file name", "%s/%.*s-%s-%s",
				 strcmp(o->dir, "/") ? o->dir : "", (int)n, base,
				 platform_host(), stamp);
		set_names(o, stem);
		free(stem);
	} else {
		const char *slash = strrchr(arg, '/');
		char *stem = xstrdup(arg, "a file name");

		if (n > 4 && !strcmp(stem + n - 4, ".csv"))
			stem[n - 4] = '\0';
		o->dir = slash ? xstrndup(arg, slash == arg ? 1 : (size_t)(slash - arg),
					  "a file name") : xstrdup(".", "a file name");
		set_names(o, stem);
		free(o->path);
		o->path = xstrdup(arg, "a file name");	/* as given, with or without .csv */
		free(stem);
		if ((rc = check_target(o->path, force)) ||
		    (rc = check_target(o->samples, force)))
			return rc;
	}
	if ((rc = check_length(o)))
		return rc;
	return probe(o->dir);
}

/* Writes one file under a temporary name; 0, or -1 after a message. */
static int write_tmp(const struct output *o, char **tmp, output_writer *w,
		     const void *ctx)
{
	FILE *f = tmp_create(o->dir, tmp);
	int ok;

	if (!f) {
		fprintf(stderr, "csumbench: cannot write in %s: %s\n", o->dir,
			strerror(errno));
		return -1;
	}
	w(f, ctx);
	ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
	if (fclose(f) != 0)
		ok = 0;
	if (!ok) {
		fprintf(stderr, "csumbench: cannot write %s: %s\n", *tmp,
			strerror(errno));
		tmp_remove(tmp);
		return -1;
	}
	return 0;
}

/* Puts the pair in place under the names in o, or under the first free
   suffix; the samples first, so a results file never appears without
   them.  0, or -1 with errno. */
static int place_pair(struct output *o, char **tres, char **tsam, bool replace)
{
	char *base = xstrdup(o->stem, "a file name");
	int n;

	if (replace) {
		free(base);
		if (rename(*tsam, o->samples) || rename(*tres, o->path))
			return -1;
		clean_del(*tsam);
		clean_del(*tres);
		return 0;
	}
	for (n = 1; n <= SUFFIX_MAX; n++) {
		if (n > 1) {
			char *stem = xasprintf("a file name", "%s-%d", base, n);
			set_names(o, stem);
			free(stem);
		}
		if (place_noreplace(*tsam, o->samples) != 0) {
			if (errno == EEXIST)
				continue;
			break;
		}
		if (place_noreplace(*tres, o->path) == 0) {
			clean_del(*tsam);
			clean_del(*tres);
			free(base);
			return 0;
		}
		/* The results name is taken (or cannot be made): the
		   samples go back to their temporary name. */
		{
			int e = errno;
			if (rename(o->samples, *tsam) != 0 || e != EEXIST) {
				errno = e;
				break;
			}
		}
	}
	free(base);
	if (n > SUFFIX_MAX)
		errno = EEXIST;
	return -1;
}

int output_commit(struct output *o, output_writer *results,
		  output_writer *samples, const void *ctx, bool partial)
{
	struct cleaning cl;
	char *tres = NULL, *tsam = NULL, *want = xstrdup(o->path, "a file name");
	sigset_t mask;
	bool replace = o->force && !o->folder && !partial;
	int rc = 1;

	if (!strcmp(o->path, "-")) {
		free(want);
		results(stdout, ctx);
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
	}
	cleaning_begin(&cl);
	if (partial) {
		char *stem = xasprintf("a file name", "%s-partial", o->stem);
		set_names(o, stem);
		free(stem);
		free(want);
		want = xstrdup(o->path, "a file name");
	}
	if (write_tmp(o, &tsam, samples, ctx) || write_tmp(o, &tres, results, ctx))
		goto out;
	/* Placing is a few system calls: no signal splits the pair. */
	signals(SIG_BLOCK, &mask);
	if (replace && (check_target(o->path, true) || check_target(o->samples, true)))
		errno = EEXIST;
	else if (place_pair(o, &tres, &tsam, replace) == 0)
		rc = 0;
	signals(SIG_SETMASK, &mask);
	if (rc)
		fprintf(stderr, "csumbench: cannot create %s: %s\n", o->path,
			strerror(errno));
	else if (!o->folder && strcmp(want, o->path))
		fprintf(stderr, "csumbench: %s (or its samples file) was taken "
			"meanwhile; the results are in %s\n", want, o->path);
out:
	if (rc) {
		tmp_remove(&tsam);
		tmp_remove(&tres);
	} else {
		free(tsam);
		free(tres);
	}
	cleaning_end(&cl);
	free(want);
	return rc;
}

void output_free(struct output *o)
{
	free(o->path);
	free(o->samples);
	free(o->dir);
	free(o->stem);
	memset(o, 0, sizeof(*o));
}
