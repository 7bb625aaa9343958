/* Result files that appear whole or not at all, and never replace one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "output.h"
#include "platform.h"

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void samples_name(struct output *o)
{
	size_t n = strlen(o->path);

	if (n > 4 && !strcmp(o->path + n - 4, ".csv"))
		n -= 4;
	snprintf(o->samples, sizeof(o->samples), "%.*s-samples.csv", (int)n, o->path);
}

/* Finds out now, not after the run, whether the folder takes files. */
static int can_write_beside(const char *path)
{
	char probe[1100];
	FILE *f;

	snprintf(probe, sizeof(probe), "%s.probe%ld", path, (long)getpid());
	f = fopen(probe, "wx");
	if (!f) {
		fprintf(stderr, "csumbench: cannot write %s: %s\n", path,
			strerror(errno));
		return 2;
	}
	fclose(f);
	unlink(probe);
	return 0;
}

int output_prepare(struct output *o, const char *arg, const char *config,
		   bool force)
{
	size_t n = strlen(arg);

	memset(o, 0, sizeof(*o));
	o->force = force;
	if (!*arg) {
		fprintf(stderr, "csumbench: -o needs a FILE, a DIR/ or -\n");
		return 2;
	}
	if (!strcmp(arg, "-")) {
		snprintf(o->path, sizeof(o->path), "-");
		return 0;
	}
	if (n >= sizeof(o->path) - 128) {
		fprintf(stderr, "csumbench: -o %s: path too long\n", arg);
		return 2;
	}
	if (arg[n - 1] == '/' || is_dir(arg)) {
		const char *base = config ? strrchr(config, '/') : NULL;
		char stem[128], stamp[32];
		time_t now = time(NULL);

		if (!is_dir(arg) && mkdir(arg, 0777) != 0) {
			fprintf(stderr, "csumbench: -o %s: cannot create folder: %s\n",
				arg, strerror(errno));
			return 2;
		}
		base = base ? base + 1 : config ? config : "defaults";
		snprintf(stem, sizeof(stem), "%s", base);
		n = strlen(stem);
		if (n > 5 && !strcmp(stem + n - 5, ".conf"))
			stem[n - 5] = '\0';
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&now));
		snprintf(o->path, sizeof(o->path), "%s%s%s-%s-%s.csv", arg,
			 arg[strlen(arg) - 1] == '/' ? "" : "/", stem,
			 platform_host(), stamp);
	} else {
		snprintf(o->path, sizeof(o->path), "%s", arg);
	}
	samples_name(o);
	if (!force && (access(o->path, F_OK) == 0 || access(o->samples, F_OK) == 0)) {
		fprintf(stderr, "csumbench: %s already exists; results are never "
			"replaced (use another -o, or --force)\n",
			access(o->path, F_OK) == 0 ? o->path : o->samples);
		return 2;
	}
	return can_write_beside(o->path);
}

/* Writes one file under a temporary name; returns it, or NULL. */
static char *write_tmp(const char *final, output_writer *w, const void *ctx)
{
	size_t n = strlen(final) + 32;
	char *tmp = malloc(n);
	FILE *f;
	int ok;

	if (!tmp)
		abort();
	snprintf(tmp, n, "%s.tmp%ld", final, (long)getpid());
	f = fopen(tmp, "wx");
	if (!f) {
		fprintf(stderr, "csumbench: cannot write %s: %s\n", tmp, strerror(errno));
		free(tmp);
		return NULL;
	}
	w(f, ctx);
	ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
	if (fclose(f) != 0)
		ok = 0;
	if (!ok) {
		fprintf(stderr, "csumbench: cannot write %s: %s\n", tmp, strerror(errno));
		unlink(tmp);
		free(tmp);
		return NULL;
	}
	return tmp;
}

/* link() fails rather than replace an existing name. */
static int place(const char *tmp, const char *final, bool force)
{
	int r = force ? rename(tmp, final) : link(tmp, final);

	if (r != 0) {
		fprintf(stderr, "csumbench: cannot create %s: %s\n", final,
			strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (!force)
		unlink(tmp);
	return 0;
}

int output_commit(const struct output *o, output_writer *results,
		  output_writer *samples, const void *ctx)
{
	char *t1, *t2;
	int rc = 0;

	if (!strcmp(o->path, "-")) {
		results(stdout, ctx);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	t1 = write_tmp(o->samples, samples, ctx);
	t2 = t1 ? write_tmp(o->path, results, ctx) : NULL;
	if (!t1 || !t2) {
		if (t1)
			unlink(t1);
		free(t1);
		return 1;
	}
	/* Samples first: a results file never appears without them. */
	if (place(t1, o->samples, o->force)) {
		unlink(t2);
		rc = 1;
	} else if (place(t2, o->path, o->force)) {
		unlink(o->samples);
		rc = 1;
	}
	free(t1);
	free(t2);
	return rc;
}
