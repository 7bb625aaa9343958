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
#include "config/config.h"
#include "lib/xalloc.h"
#include "report/output.h"

#define SUFFIX_MAX 999
/* Room a name may need beyond its stem: "-999-partial-samples.csv". */
#define SUFFIX_ROOM 24

/* Files to remove if a signal ends the process while they are half
   made.  The handler only reads these; the main flow changes them with
   the signals blocked. */
#define NCLEAN 6
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
	/* (a program error, not a shortage: 3 files and a probe at most) */
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
	free(o->json);
	free(o->samples);
	o->stem = xstrdup(stem, "a file name");
	o->path = xasprintf("a file name", "%s.%s", stem,
			    o->formats & FORMAT_CSV ? "csv" : "json");
	o->json = o->formats == (FORMAT_CSV | FORMAT_JSON) ?
		  xasprintf("a file name", "%s.json", stem) : NULL;
	o->samples = xasprintf("a file name", "%s-samples.csv", stem);
}

static bool ends(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n > t && !strcmp(s + n - t, tail);
}

/* -o FILE.json or FILE.csv: its format, with the config's.  0, or 2
   after a message. */
static int file_formats(struct output *o, const char *arg, const char *set)
{
	unsigned named = ends(arg, ".json") ? FORMAT_JSON :
			 ends(arg, ".csv") ? FORMAT_CSV : 0;

	if (!named)
		return 0;
	if (!set) {
		o->formats = named;	/* the name says it */
		return 0;
	}
	if (!(o->formats & named)) {
		fprintf(stderr, "csumbench: -o %s names a %s file, but %s says "
			"format = %s: name a .%s file, or set format = csv, json "
			"(make bench on a board or virtual board names it .csv "
			"there)\n", arg, named == FORMAT_JSON ? "JSON" : "CSV", set,
			o->formats == FORMAT_JSON ? "json" : "csv",
			o->formats == FORMAT_JSON ? "json" : "csv");
		return 2;
	}
	if (named == FORMAT_JSON && (o->formats & FORMAT_CSV)) {
		/* both, and the name given is the JSON's: the CSV beside it */
		o->formats = FORMAT_JSON;
		return 1;
	}
	return 0;
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

/* -o DIR/: a name of the config, the host and the time in it, created
   if need be.  0, or 2 after a message. */
static int prepare_folder(struct output *o, const char *arg,
			  const char *config)
{
	const char *base = config ? strrchr(config, '/') : NULL;
	char stamp[32], *stem;
	time_t now = time(NULL);
	size_t n;

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
	return 0;
}

/* -o FILE (.csv, .json or neither): its samples file beside it, none
   of them there already unless forced.  0, or 2 after a message. */
static int prepare_file(struct output *o, const char *arg,
			const char *formats_set)
{
	size_t n = strlen(arg);
	const char *slash = strrchr(arg, '/');
	char *stem = xstrdup(arg, "a file name");
	int both = file_formats(o, arg, formats_set);
	int rc;

	if (both == 2) {
		free(stem);
		return 2;
	}
	if (ends(stem, ".csv"))
		stem[n - 4] = '\0';
	else if (ends(stem, ".json"))
		stem[n - 5] = '\0';
	o->dir = slash ? xstrndup(arg, slash == arg ? 1 : (size_t)(slash - arg),
				  "a file name") : xstrdup(".", "a file name");
	set_names(o, stem);
	free(o->path);
	o->path = xstrdup(arg, "a file name");	/* as given, with or without .csv */
	if (both) {	/* FILE.json, and its CSV beside it */
		o->formats = FORMAT_CSV | FORMAT_JSON;
		o->json = o->path;
		o->path = xasprintf("a file name", "%s.csv", stem);
	}
	free(stem);
	if ((rc = check_target(o->path, o->force)) ||
	    (o->json && (rc = check_target(o->json, o->force))) ||
	    (rc = check_target(o->samples, o->force)))
		return rc;
	return 0;
}

int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force, unsigned formats, const char *formats_set)
{
	size_t n = strlen(arg);
	int rc;

	memset(o, 0, sizeof(*o));
	o->force = force;
	o->formats = formats;
	if (!*arg) {
		fprintf(stderr, "csumbench: -o needs a FILE, a DIR/ or -\n");
		return 2;
	}
	if (!strcmp(arg, "-")) {
		if (formats == (FORMAT_CSV | FORMAT_JSON)) {
			fprintf(stderr, "csumbench: -o - writes one format, and %s "
				"says format = csv, json: give -o FILE or DIR/, or one "
				"format\n", formats_set ? formats_set : "the config");
			return 2;
		}
		o->path = xstrdup("-", "a file name");
		return 0;
	}
	if (n >= PATH_MAX - SUFFIX_ROOM) {
		fprintf(stderr, "csumbench: -o: a path of %zu characters; at most "
			"%d are allowed\n", n, PATH_MAX - SUFFIX_ROOM - 1);
		return 2;
	}
	if (arg[n - 1] == '/' || is_dir(arg))
		rc = prepare_folder(o, arg, config);
	else
		rc = prepare_file(o, arg, formats_set);
	if (rc || (rc = check_length(o)))
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

/* The files of o, in the order they are put in place: the samples
   first, so results never appear without them. */
static size_t names_of(const struct output *o, char *names[3])
{
	size_t n = 0;

	names[n++] = o->samples;
	if (o->json)
		names[n++] = o->json;
	names[n++] = o->path;
	return n;
}

/* Puts tmp[i] in place under the names in o, or all under the first
   free suffix: a name taken sends the ones already placed back to
   their temporary names.  0, or -1 with errno. */
static int place_all(struct output *o, char **tmp, size_t n, bool replace)
{
	char *base = xstrdup(o->stem, "a file name"), *names[3];
	size_t i, j;
	int k, e = 0;

	if (replace) {
		free(base);
		names_of(o, names);
		for (i = 0; i < n; i++)
			if (rename(tmp[i], names[i])) {
				/* the ones before it are replaced already: say so */
				e = errno;
				for (j = 0; j < i; j++)
					fprintf(stderr, "csumbench: --force: %s was replaced "
						"by this run's; %s was not\n", names[j],
						names[i]);
				errno = e;
				return -1;
			}
		for (i = 0; i < n; i++)
			clean_del(tmp[i]);
		return 0;
	}
	for (k = 1; k <= SUFFIX_MAX; k++) {
		if (k > 1) {
			char *stem = xasprintf("a file name", "%s-%d", base, k);
			set_names(o, stem);
			free(stem);
		}
		names_of(o, names);
		for (i = 0; i < n && place_noreplace(tmp[i], names[i]) == 0; i++)
			;
		if (i == n) {
			for (i = 0; i < n; i++)
				clean_del(tmp[i]);
			free(base);
			return 0;
		}
		e = errno;
		for (j = 0; j < i; j++)
			if (rename(names[j], tmp[j]) != 0)
				e = errno ? errno : EIO;
		if (e != EEXIST)
			break;
	}
	free(base);
	errno = k > SUFFIX_MAX ? EEXIST : e;
	return -1;
}

int output_commit(struct output *o, const struct output_writers *w,
		  const void *ctx, bool partial)
{
	struct cleaning cl;
	char *tmp[3] = { NULL, NULL, NULL }, *names[3];
	char *want = xstrdup(o->path, "a file name");
	output_writer *writer[3];
	sigset_t mask;
	bool replace = o->force && !o->folder && !partial;
	size_t n, i;
	int rc = 1;

	if (!strcmp(o->path, "-")) {
		free(want);
		(o->formats & FORMAT_CSV ? w->csv : w->json)(stdout, ctx);
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
	n = names_of(o, names);
	writer[0] = w->samples;
	writer[n - 1] = o->formats & FORMAT_CSV ? w->csv : w->json;
	if (n == 3)
		writer[1] = w->json;
	for (i = 0; i < n; i++)
		if (write_tmp(o, &tmp[i], writer[i], ctx))
			goto out;
	/* Placing is a few system calls: no signal splits the set. */
	signals(SIG_BLOCK, &mask);
	for (i = 0; replace && i < n; i++)
		if (check_target(names[i], true))
			break;
	if (replace && i < n)
		errno = EEXIST;
	else if (place_all(o, tmp, n, replace) == 0)
		rc = 0;
	signals(SIG_SETMASK, &mask);
	if (rc)
		fprintf(stderr, "csumbench: cannot create %s: %s\n", o->path,
			strerror(errno));
	else if (!o->folder && strcmp(want, o->path))
		fprintf(stderr, "csumbench: %s (or a file beside it) was taken "
			"meanwhile; the results are in %s\n", want, o->path);
out:
	for (i = 0; i < n; i++)
		if (rc)
			tmp_remove(&tmp[i]);
		else
			free(tmp[i]);
	cleaning_end(&cl);
	free(want);
	return rc;
}

void output_free(struct output *o)
{
	free(o->path);
	free(o->json);
	free(o->samples);
	free(o->dir);
	free(o->stem);
	memset(o, 0, sizeof(*o));
}

/* One file alone (csumbench trace's size mix): the folder of path. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".", "a folder name");
	if (slash == path)
		return xstrdup("/", "a folder name");
	return xstrndup(path, (size_t)(slash - path), "a folder name");
}

int output_check_file(const char *path, bool force)
{
	char *dir = dir_of(path);
	int rc;

	if (!is_dir(dir)) {
		fprintf(stderr, "csumbench: %s: no such folder for %s\n", dir, path);
		free(dir);
		return 2;
	}
	rc = check_target(path, force);
	if (!rc)
		rc = probe(dir);
	free(dir);
	return rc;
}

int output_file(const char *path, bool force, output_writer *w, const void *ctx)
{
	struct output o = { .dir = dir_of(path) };
	struct cleaning cl;
	char *tmp = NULL;
	int rc = 1;

	cleaning_begin(&cl);
	if (write_tmp(&o, &tmp, w, ctx) == 0) {
		if ((force ? rename(tmp, path) : place_noreplace(tmp, path)) == 0) {
			clean_del(tmp);
			free(tmp);
			tmp = NULL;
			rc = 0;
		} else {
			fprintf(stderr, "csumbench: cannot name %s %s: %s\n", tmp, path,
				errno == EEXIST ? "it was made meanwhile; never replaced" :
				strerror(errno));
			tmp_remove(&tmp);
		}
	}
	cleaning_end(&cl);
	free(o.dir);
	return rc;
}
