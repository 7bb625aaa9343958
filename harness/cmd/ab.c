/* csumbench ab OLD NEW: is NEW faster than OLD, judged across processes.
 *
 * Code placement, ASLR, buffers, pools and the seed are fixed when a
 * process starts, so noise inside one process says nothing about the
 * next: each side runs in P processes of its own (csumbench run, one
 * kernel, one repeat), OLD and NEW alternating ABBA so that drift over
 * the invocation falls on both alike.  Each process's results become
 * one repeat of its side's results file; csumreport compare then judges
 * the two files with the processes as the unit (Welch's t on their
 * medians) and writes the paste block.  Exit status is compare's:
 * 0 no point slower than --fail-above, 1 slower, 3 inconclusive, 2 bad
 * input or a process that failed. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/model.h"
#include "cmd/report.h"
#include "cmd/setup.h"
#include "kspace/kspace.h"
#include "lib/args.h"
#include "lib/platform.h"
#include "lib/stats.h"
#include "lib/xalloc.h"
#include "registry/table.h"
#include "report/output.h"

enum { OPT_REPORT = 256, OPT_FAIL_ABOVE, OPT_THRESHOLD, OPT_COMMAND, OPT_NO_VERDICT,
	OPT_FORCE_VERDICT };

static const struct args_opt ab_opts[] = {
	{ .name = "config", .key = 'c', .arg = "CONFIG",
	  .help = "the settings each process runs (default:\n"
	  "the built-in defaults; configs/ab.conf is make ab's)" },
	{ .name = "set", .key = 's', .arg = "KEY=VALUE",
	  .help = "override one config key (repeatable)" },
	{ .name = "processes", .key = 'p', .arg = "P",
	  .help = "processes per side (2 to 200); default: 3\n"
	  "under emulation, else as many as fill about a minute, 6 to 20" },
	{ .name = "output", .key = 'o', .arg = "DIR/",
	  .help = "where the two results files and the paste\n"
	  "block go (default results/)" },
	{ .name = "fail-above", .key = OPT_FAIL_ABOVE, .arg = "PCT",
	  .help = "exit 1 if a changed point is\n"
	  "slower by more than PCT%" },
	{ .name = "threshold", .key = OPT_THRESHOLD, .arg = "PCT",
	  .help = "a change must clear +-PCT% (default 1)" },
	{ .name = "report", .key = OPT_REPORT, .arg = "PATH",
	  .help = "csumreport, for the verdict (default: beside\n"
	  "csumbench, in ../host/, or on PATH)" },
	{ .name = "command", .key = OPT_COMMAND, .arg = "TEXT",
	  .help = "the command the paste block quotes\n"
	  "(default: this one)" },
	{ .name = "no-verdict", .key = OPT_NO_VERDICT,
	  .help = "write the two files and stop (exit 0):\n"
	  "they are judged elsewhere, as make ab does for a board" },
	{ .name = "force-verdict", .key = OPT_FORCE_VERDICT,
	  .help = "judge emulated or modelled figures\n"
	  "(make ab MODEL_VERDICT=1)" },
	{ .name = "quiet", .key = 'q', .help = "no progress line" },
	{ .name = NULL }
};

static const struct args_cmd ab_cmd = {
	"ab", "[OPTION]... OLD NEW",
	"Times OLD and NEW, each a kernel of this build (K or K@DISTANCE; a\n"
	"prefetching K alone is its no-prefetch point) or path/lib.so:symbol,\n"
	"in P processes per side, alternating OLD NEW NEW OLD..., each gated\n"
	"against its op's reference first.  Writes OLD's and NEW's results\n"
	"(one repeat per process) and has csumreport compare judge them with\n"
	"the process as the unit: a summary line per point that changed, the\n"
	"table, and a block for the commit message (also written as .txt\n"
	"beside the results).\n\n"
	"Exit status: 0, no point changed slower than --fail-above (or none\n"
	"given); 1, one is; 3, inconclusive (too few processes, emulated,\n"
	"no csumreport to judge); 2, bad usage or input, a side that\n"
	"disagrees with its reference, or a process that failed.  With\n"
	"--no-verdict: 0 once both files are written.\n",
	ab_opts
};

/* One side: what the user named, and how a process is told it. */
struct ab_side {
	const char *spec;	/* as given: K, K@D */
	char kernel[256];	/* K */
	char prefetch[32];	/* D, or "none" */
	char compare[300];	/* compare's --before/after-kernel */
	const char *tag;	/* "old", "new" */
};

struct ab_proc {
	int side;		/* 0 OLD, 1 NEW */
	int index;		/* 1.. within its side */
	char csv[PATH_MAX], samples[PATH_MAX], log[PATH_MAX];
	int forked;		/* exec of itself failed: a forked copy ran */
	int exec_errno;
	double seconds;
	double canary;		/* its # canary: median ratio; 0: none */
	int canary_high;	/* above every other process's by far */
};

struct ab {
	struct ab_side side[2];
	const char *config;
	char **sets;
	int nsets;
	char tmp[1100];		/* the processes' own files */
	struct ab_proc *procs;
	int nprocs, per_side;
	int quiet, progress;
	char id[128];
	double canary_median;	/* all processes' canaries' median */
};

/* "K@D": the kernel, its distance ("none" when not given). */
static int parse_side(struct ab_side *s, const char *spec, const char *tag)
{
	const char *at = strrchr(spec, '@');
	size_t n = at ? (size_t)(at - spec) : strlen(spec);

	s->spec = spec;
	s->tag = tag;
	if (!n || n >= sizeof(s->kernel) || (at && (!at[1] ||
	    strlen(at + 1) >= sizeof(s->prefetch)))) {
		fprintf(stderr, "csumbench ab: %s '%s': expected a kernel, "
			"KERNEL@DISTANCE or path/lib.so:symbol\n",
			!strcmp(tag, "old") ? "OLD" : "NEW", spec);
		return -1;
	}
	memcpy(s->kernel, spec, n);
	s->kernel[n] = '\0';
	snprintf(s->prefetch, sizeof(s->prefetch), "%s", at ? at + 1 : "none");
	return 0;
}

/* Both sides must be kernels this build has, of one op. */
static int check_sides(struct ab *ab)
{
	const struct kernel *k[2];
	char err[2048];
	int i;

	for (i = 0; i < 2; i++) {
		struct ab_side *s = &ab->side[i];
		if (!(k[i] = kernel_find(s->kernel, err, sizeof(err)))) {
			fprintf(stderr, "csumbench ab: %s: %s\n", i ? "NEW" : "OLD", err);
			return -1;
		}
		if (strcmp(s->prefetch, "none") && !k[i]->prefetch) {
			fprintf(stderr, "csumbench ab: %s '%s': %s does not prefetch; "
				"give it without @%s\n", i ? "NEW" : "OLD", s->spec,
				s->kernel, s->prefetch);
			return -1;
		}
		snprintf(s->compare, sizeof(s->compare), "%s%s%s", s->kernel,
			 k[i]->prefetch ? "@" : "", k[i]->prefetch ? s->prefetch : "");
	}
	if (k[0]->op != k[1]->op) {
		fprintf(stderr, "csumbench ab: OLD %s is a %s kernel and NEW %s a %s "
			"kernel; expected two kernels of one op\n", ab->side[0].kernel,
			k[0]->op->name, ab->side[1].kernel, k[1]->op->name);
		return -1;
	}
	if (!strcmp(ab->side[0].compare, ab->side[1].compare))
		fprintf(stderr, "csumbench ab: OLD and NEW are both %s: an A/A "
			"comparison (each in processes of its own)\n",
			ab->side[0].compare);
	return 0;
}

/* A side that is a Linux file (make ab: its functions are old:NAME or
   new:NAME) is gated in every function of it csumbench has an op for,
   not only the one timed: "kernels=old:a,old:b" into buf. */
static void side_functions(const struct ab_side *s, char *buf, size_t n)
{
	size_t i, k, pl;
	const char *colon = strchr(s->kernel, ':');

	if (!colon || strncmp(s->kernel, s->tag, (size_t)(colon - s->kernel)) ||
	    strlen(s->tag) != (size_t)(colon - s->kernel))
		return;
	pl = (size_t)(colon - s->kernel) + 1;
	k = (size_t)snprintf(buf, n, "kernels=");
	for (i = 0; i < kernel_count && k < n; i++)
		if (!strncmp(kernel_table[i].name, s->kernel, pl))
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k > 8 ? "," : "",
					      kernel_table[i].name);
}

/* One word of a process's arguments, a copy: cmd_run's getopt may
   permute the array, and the words stay writable as argv's are. */
static void word(char **v, int *n, const char *w)
{
	v[(*n)++] = xstrdup(w, "a process's argument");
}

/* The arguments of a process of side s: run, its file, one kernel.
   Freed by argv_free. */
static char **proc_argv(const struct ab *ab, const struct ab_side *s,
			const char *csv, int check)
{
	char **v = xcalloc((size_t)ab->nsets * 2 + 16, sizeof(*v), "a process's "
			   "arguments");
	char kset[4096], pset[64];
	int n = 0, i;

	snprintf(kset, sizeof(kset), "kernels=%s", s->kernel);
	if (check)
		side_functions(s, kset, sizeof(kset));
	snprintf(pset, sizeof(pset), "prefetch=%s", s->prefetch);
	word(v, &n, "csumbench");
	word(v, &n, "run");
	word(v, &n, "-q");
	if (ab->config) {
		word(v, &n, "-c");
		word(v, &n, ab->config);
	}
	for (i = 0; i < ab->nsets; i++) {
		word(v, &n, "--set");
		word(v, &n, ab->sets[i]);
	}
	word(v, &n, "--set");
	word(v, &n, kset);
	word(v, &n, "--set");
	word(v, &n, pset);
	word(v, &n, "--set");
	word(v, &n, "repeat=1");
	if (check)
		word(v, &n, "--check");
	else {
		word(v, &n, "--set");
		word(v, &n, "format=csv");
		word(v, &n, "-o");
		word(v, &n, csv);
	}
	v[n] = NULL;
	return v;
}

static void argv_free(char **v)
{
	size_t i;

	for (i = 0; v[i]; i++)
		free(v[i]);
	free(v);
}

/* What a forked process's exec_errno is when it ran under the core model
   (model/model.h): not an errno. */
#define AB_EXEC_MODEL (-1)

/* Runs argv as a fresh process of this binary, its output into log.
   Where this binary cannot be exec'd (qemu-user without binfmt_misc
   runs a ppc binary only when told to), a forked copy runs it instead:
   *forked says so.  The exit status, or 128 + a signal. */
static int run_proc(char **argv, const char *log, int *forked, int *exec_errno)
{
	int pfd[2], st, e = 0;
	pid_t pid;
	ssize_t n;

	*forked = 0;
	if (pipe(pfd))
		return -1;
	fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
	fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	if ((pid = fork()) < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_EXCL, 0600);
		int argc = 0;

		close(pfd[0]);
		if (fd < 0)
			_exit(127);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
		/* (under the core model a fresh exec would run without its
		   plugin: forked, the plugin's state and all) */
		if (!model_attached())
			execv("/proc/self/exe", argv);
		e = model_attached() ? AB_EXEC_MODEL : errno;
		if (write(pfd[1], &e, sizeof(e)) != (ssize_t)sizeof(e))
			_exit(127);
		close(pfd[1]);
		while (argv[argc])
			argc++;
		st = cmd_run(argc - 1, argv + 1);
		fflush(NULL);
		_exit(st);
	}
	close(pfd[1]);
	while ((n = read(pfd[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(pfd[0]);
	if (n == (ssize_t)sizeof(e)) {
		*forked = 1;
		*exec_errno = e;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* A process's log on stderr, each line indented, after a failure. */
static void show_log(const char *log)
{
	FILE *f = fopen(log, "r");
	char line[1024];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		fprintf(stderr, "  | %s%s", line, strchr(line, '\n') ? "" : "\n");
	fclose(f);
}

/* Each side gated alone at every size and alignment of the config,
   before anything is timed: 0, or 2 after naming what disagreed. */
static int gate_sides(struct ab *ab)
{
	int i, rc, forked, e;

	for (i = 0; i < 2; i++) {
		char log[PATH_MAX + 16];
		char **v = proc_argv(ab, &ab->side[i], NULL, 1);

		snprintf(log, sizeof(log), "%s/check-%s.log", ab->tmp, ab->side[i].tag);
		rc = run_proc(v, log, &forked, &e);
		argv_free(v);
		if (rc) {
			fprintf(stderr, "csumbench ab: %s (%s) is refused: %s; nothing "
				"timed\n", i ? "NEW" : "OLD", ab->side[i].spec, rc == 1 ?
				"it disagrees with its op's reference" :
				"its check could not run");
			show_log(log);
			return 2;
		}
	}
	return 0;
}

/* ABBA: OLD NEW NEW OLD OLD NEW NEW OLD ... */
static int side_of(int i)
{
	return ((i + 1) >> 1) & 1;
}

static void progress(const struct ab *ab, int done, int total, double t0)
{
	double el = platform_seconds() - t0;

	if (!ab->progress)
		return;
	if (done < total)
		fprintf(stderr, "\rab: process %d of %d (%s)%s%.0f s left   ",
			done + 1, total, ab->side[side_of(done)].tag, done ?
			", about " : "", done ? el / done * (total - done) : 0.0);
	else
		fprintf(stderr, "\rab: %d processes in %.0f s%20s\n", total, el, "");
}

/* The processes; P decided after the first two where not given. */
static int run_procs(struct ab *ab, int given, int emulated)
{
	int i, total, n[2] = { 0, 0 };
	double t0 = platform_seconds();

	total = given ? 2 * given : emulated ? 6 : 4;
	ab->procs = xcalloc(2 * 200, sizeof(*ab->procs), "the processes");
	for (i = 0; i < total; i++) {
		struct ab_proc *p = &ab->procs[i];
		double t = platform_seconds();
		char **v;
		int rc;

		p->side = side_of(i);
		p->index = ++n[p->side];
		snprintf(p->csv, sizeof(p->csv), "%s/p%d.csv", ab->tmp, i + 1);
		snprintf(p->samples, sizeof(p->samples), "%s/p%d-samples.csv", ab->tmp, i + 1);
		snprintf(p->log, sizeof(p->log), "%s/p%d.log", ab->tmp, i + 1);
		progress(ab, i, total, t0);
		v = proc_argv(ab, &ab->side[p->side], p->csv, 0);
		rc = run_proc(v, p->log, &p->forked, &p->exec_errno);
		argv_free(v);
		p->seconds = platform_seconds() - t;
		if (rc) {
			if (ab->progress)
				fprintf(stderr, "\n");
			fprintf(stderr, "csumbench ab: process %d (%s, %s) failed "
				"(exit %d); its output:\n", i + 1, ab->side[p->side].tag,
				ab->side[p->side].spec, rc);
			show_log(p->log);
			return 2;
		}
		/* a minute in all, 6 to 20 a side, in whole ABBA blocks */
		if (!given && !emulated && i == 1) {
			double per = (ab->procs[0].seconds + p->seconds) / 2;
			int want = (int)ceil(60.0 / (2 * per));
			want = want < 6 ? 6 : want > 20 ? 20 : want;
			total = 2 * (want + (want & 1));
		}
	}
	progress(ab, total, total, t0);
	ab->nprocs = total;
	ab->per_side = total / 2;
	return 0;
}

/* A whole file into memory, NUL-terminated; NULL after a message. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		fprintf(stderr, "csumbench ab: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	do {
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 131072;
			buf = xrealloc(buf, cap, "a process's results");
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

/* The value of "# key: " in a file's lines, up to its end of line, into
   out ("" when absent). */
static void meta_value(const char *text, const char *key, char *out, size_t n)
{
	size_t kl = strlen(key);
	const char *l;

	out[0] = '\0';
	for (l = text; l && *l == '#'; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		if (!strncmp(l, "# ", 2) && !strncmp(l + 2, key, kl) &&
		    !strncmp(l + 2 + kl, ": ", 2)) {
			const char *v = l + 4 + kl, *e = strchr(v, '\n');
			size_t m = e ? (size_t)(e - v) : strlen(v);
			if (m >= n)
				m = n - 1;
			memcpy(out, v, m);
			out[m] = '\0';
			return;
		}
}

/* Field number of name in a CSV header line, or -1. */
static int header_field(const char *line, const char *name)
{
	size_t nl = strlen(name);
	int i = 0;
	const char *p = line;

	for (;;) {
		if (!strncmp(p, name, nl) && (p[nl] == ',' || p[nl] == '\n' ||
					      p[nl] == '\r' || !p[nl]))
			return i;
		while (*p && *p != ',' && *p != '\n')
			p++;
		if (*p != ',')
			return -1;
		p++;
		i++;
	}
}

/* A data line with field idx replaced by value; fields may be quoted
   ("a,b", "" for a quote) as csumbench writes names with commas. */
static void put_row(FILE *f, const char *line, size_t len, int idx, int value)
{
	size_t i = 0;
	int field = 0, quoted = 0;
	size_t start = 0;

	for (i = 0; i <= len; i++) {
		int end = i == len || (!quoted && line[i] == ',');
		if (i < len && line[i] == '"')
			quoted = !quoted;
		if (!end)
			continue;
		if (field == idx)
			fprintf(f, "%d", value);
		else
			fwrite(line + start, 1, i - start, f);
		if (i < len)
			fputc(',', f);
		field++;
		start = i + 1;
	}
	fputc('\n', f);
}

/* What one side's file is made of: its processes' texts (results or
   samples), NULL for the other side's. */
struct merge {
	const struct ab *ab;
	int side;
	char **text;
};

struct merge_pair {
	struct merge csv, samples;
};

static const char *next_line(const char *l)
{
	const char *e = strchr(l, '\n');

	return e ? e + 1 : l + strlen(l);
}

/* The "# key: value" lines of the first process, less those that are
   each process's own (said per process below). */
static void put_first_meta(FILE *f, const char *text)
{
	static const char *const own[] = { "# run_id: ", "# repeat: ",
					   "# warning: ", "# seed: " };
	const char *l;
	size_t i;

	for (l = text; *l == '#'; l = next_line(l)) {
		for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
			if (!strncmp(l, own[i], strlen(own[i])))
				break;
		if (i == sizeof(own) / sizeof(own[0]))
			fwrite(l, 1, (size_t)(next_line(l) - l), f);
	}
}

static void put_processes(FILE *f, const struct merge *m)
{
	const struct ab *ab = m->ab;
	const struct ab_side *s = &ab->side[m->side];
	int i, forked = 0, e = 0;

	for (i = 0; i < ab->nprocs; i++)
		if (ab->procs[i].side == m->side && ab->procs[i].forked) {
			forked = 1;
			e = ab->procs[i].exec_errno;
		}
	fprintf(f, "# run_id: %s-%s\n", ab->id, s->tag);
	fprintf(f, "# ab: %s %s against %s %s; this file's repeats are its "
		"processes\n", s->tag, s->spec, ab->side[!m->side].tag,
		ab->side[!m->side].spec);
	fprintf(f, "# ab_kernel: %s (this side as csumreport compare's "
		"--before-kernel or --after-kernel names it)\n", s->compare);
	fprintf(f, "# processes: %d (csumbench ab: each repeat a process of its "
		"own, %s; OLD and NEW alternating ABBA, %d in all)\n",
		ab->per_side, forked ? "forked: this binary could not exec itself "
		"here, so code placement and ASLR were the parent's, buffers, "
		"pools and seed its own" : "exec'd afresh: code placement, ASLR, "
		"buffers, pools and seed its own", ab->nprocs);
	if (forked)
		fprintf(f, "# process_exec: %s (the processes ran forked)\n",
			e == AB_EXEC_MODEL ? "under the core model, whose plugin "
			"a fresh exec would not carry" : strerror(e));
	for (i = 0; i < ab->nprocs; i++) {
		const struct ab_proc *p = &ab->procs[i];
		char id[160], seed[64];

		if (p->side != m->side)
			continue;
		meta_value(m->text[i], "run_id", id, sizeof(id));
		meta_value(m->text[i], "seed", seed, sizeof(seed));
		fprintf(f, "# process: %d: run_id %s, seed %s, %d of %d, %.1f s, "
			"canary %.3f\n", p->index, id, seed, i + 1, ab->nprocs,
			p->seconds, p->canary);
	}
}

/* Every process's warnings, each with its number. */
static void put_warnings(FILE *f, const struct merge *m)
{
	const struct ab *ab = m->ab;
	const char *l;
	int i;

	for (i = 0; i < ab->nprocs; i++) {
		const struct ab_proc *p = &ab->procs[i];
		if (p->side != m->side)
			continue;
		if (p->canary_high)
			fprintf(f, "# warning: process %d: canary: its throughput canary "
				"read %.3f for the whole run against %.3f, the median of "
				"all %d processes: another tenant took this core's issue "
				"slots from its start, slowing throughput-bound code while "
				"the add chain read the clock right; its figures are in "
				"this side's; this voids a verdict\n", p->index, p->canary,
				ab->canary_median, ab->nprocs);
		for (l = m->text[i]; *l == '#'; l = next_line(l))
			if (!strncmp(l, "# warning: ", 11))
				fprintf(f, "# warning: process %d: %.*s", ab->procs[i].index,
					(int)(next_line(l) - l - 11), l + 11);
	}
}

/* The header once, then each process's rows as its repeat. */
static void put_rows(FILE *f, const struct merge *m)
{
	const struct ab *ab = m->ab;
	int i, rep = -1, hdr = 0;
	const char *l, *e;

	for (i = 0; i < ab->nprocs; i++) {
		if (ab->procs[i].side != m->side)
			continue;
		for (l = m->text[i]; *l == '#'; l = next_line(l))
			;
		if (!hdr) {
			rep = header_field(l, "repeat");
			fwrite(l, 1, (size_t)(next_line(l) - l), f);
			hdr = 1;
		}
		for (l = next_line(l); *l; l = next_line(l)) {
			e = next_line(l);
			if (e - l > 1)
				put_row(f, l, (size_t)(e - l) - (e[-1] == '\n'), rep,
					ab->procs[i].index);
		}
	}
}

static void write_merged(FILE *f, const struct merge *m)
{
	int i;

	for (i = 0; i < m->ab->nprocs; i++)
		if (m->ab->procs[i].side == m->side)
			break;
	put_first_meta(f, m->text[i]);
	put_processes(f, m);
	put_warnings(f, m);
	put_rows(f, m);
}

static void write_csv(FILE *f, const void *ctx)
{
	write_merged(f, &((const struct merge_pair *)ctx)->csv);
}

static void write_samples(FILE *f, const void *ctx)
{
	write_merged(f, &((const struct merge_pair *)ctx)->samples);
}

/* Every process's file of the side, read; the columns one binary and
   config give alike: 0, or -1 after a message. */
static int read_side(const struct ab *ab, int side, char **text, int samples)
{
	const char *h0 = NULL, *l;
	int i;

	for (i = 0; i < ab->nprocs; i++) {
		if (ab->procs[i].side != side)
			continue;
		if (!(text[i] = slurp(samples ? ab->procs[i].samples : ab->procs[i].csv)))
			return -1;
		for (l = text[i]; *l == '#'; l = next_line(l))
			;
		if (!*l || header_field(l, "repeat") < 0) {
			fprintf(stderr, "csumbench ab: process %d's results have no "
				"rows\n", i + 1);
			return -1;
		}
		if (!h0)
			h0 = l;
		else if (next_line(h0) - h0 != next_line(l) - l ||
			 strncmp(h0, l, (size_t)(next_line(l) - l))) {
			fprintf(stderr, "csumbench ab: process %d's columns differ from "
				"its side's first\n", i + 1);
			return -1;
		}
	}
	return 0;
}

/* A process whose throughput canary read high for its whole run (a
   tenant on the core from its start: within the process nothing looked
   slow) stands out against the others: above the median of all the
   processes by more than four robust deviations and 20% (the tenant of
   the published case slowed throughput-bound code 84%). */
static void canary_across(struct ab *ab)
{
	double *v = xcalloc((size_t)ab->nprocs + 1, sizeof(*v), "the canary"),
	       *dev = xcalloc((size_t)ab->nprocs + 1, sizeof(*dev), "the canary");
	char val[64];
	size_t i, n = 0;
	double med, mad;

	for (i = 0; i < (size_t)ab->nprocs; i++) {
		char *text = slurp(ab->procs[i].csv);
		if (!text)
			continue;
		meta_value(text, "canary", val, sizeof(val));
		ab->procs[i].canary = atof(val);
		if (ab->procs[i].canary > 0)
			v[n++] = ab->procs[i].canary;
		free(text);
	}
	if (n >= 4) {
		med = stats_median(v, n);
		for (i = 0; i < n; i++)
			dev[i] = fabs(v[i] - med);
		mad = stats_median(dev, n);
		for (i = 0; i < (size_t)ab->nprocs; i++)
			ab->procs[i].canary_high = ab->procs[i].canary >
				med * (1 + fmax(0.20, 4 * 1.4826 * mad / med));
		ab->canary_median = med;
	}
	free(v);
	free(dev);
}

/* The sides' files into out, named ab-old-..., ab-new-...: 0, or 2
   after a message. */
static int write_sides(struct ab *ab, const char *out, char paths[2][PATH_MAX])
{
	static const struct output_writers w = { write_csv, NULL, write_samples };
	int s, i, rc = 0;

	for (s = 0; s < 2 && !rc; s++) {
		char **csv = xcalloc((size_t)ab->nprocs, sizeof(char *), "the results");
		char **smp = xcalloc((size_t)ab->nprocs, sizeof(char *), "the results");
		struct merge_pair mp = { { ab, s, csv }, { ab, s, smp } };
		struct output o = { 0 };
		char stem[16];

		snprintf(stem, sizeof(stem), "ab-%s", ab->side[s].tag);
		if (read_side(ab, s, csv, 0) || read_side(ab, s, smp, 1) ||
		    output_prepare(&o, out, stem, false, FORMAT_CSV, NULL) ||
		    output_commit(&o, &w, &mp, false))
			rc = 2;
		else
			snprintf(paths[s], PATH_MAX, "%s", o.path);
		output_free(&o);
		for (i = 0; i < ab->nprocs; i++) {
			free(csv[i]);
			free(smp[i]);
		}
		free(csv);
		free(smp);
	}
	return rc;
}

/* The verdict: csumreport compare of the two files, its status ours. */
static int judge(const struct ab *ab, const char *report, char paths[2][PATH_MAX],
		 const char *paste, const char *fail_above, const char *threshold,
		 const char *command, bool force)
{
	const char *v[24];
	int n = 0, st;
	pid_t pid;

	v[n++] = report;
	v[n++] = "compare";
	v[n++] = "--before-kernel";
	v[n++] = ab->side[0].compare;
	v[n++] = "--after-kernel";
	v[n++] = ab->side[1].compare;
	v[n++] = "--paste";
	v[n++] = paste;
	v[n++] = "--command";
	v[n++] = command;
	if (fail_above) {
		v[n++] = "--fail-above";
		v[n++] = fail_above;
	}
	if (threshold) {
		v[n++] = "--threshold";
		v[n++] = threshold;
	}
	if (force)
		v[n++] = "--force-verdict";
	v[n++] = "--";
	v[n++] = paths[0];
	v[n++] = paths[1];
	v[n] = NULL;
	fflush(NULL);
	if ((pid = fork()) < 0) {
		perror("csumbench ab: fork");
		return 2;
	}
	if (!pid) {
		execv(report, (char **)v);
		fprintf(stderr, "csumbench ab: %s: %s\n", report, strerror(errno));
		_exit(2);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 2;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

/* The command as given, for the paste block. */
static char *command_line(int argc, char **argv)
{
	size_t len = 16, k = 0;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) * 4 + 3;
	s = xmalloc(len, "the command line");
	k = (size_t)snprintf(s, len, "csumbench");
	for (i = 0; i < argc; i++) {
		const char *c;
		int plain = *argv[i] != '\0';
		for (c = argv[i]; *c; c++)
			plain &= !!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
					  "QRSTUVWXYZ0123456789-_./@=:,+", *c);
		s[k++] = ' ';
		if (plain) {
			k += (size_t)snprintf(s + k, len - k, "%s", argv[i]);
			continue;
		}
		s[k++] = '\'';
		for (c = argv[i]; *c; c++)
			if (*c == '\'')
				k += (size_t)snprintf(s + k, len - k, "'\\''");
			else
				s[k++] = *c;
		s[k++] = '\'';
		s[k] = '\0';
	}
	return s;
}

static void remove_tmp(const struct ab *ab)
{
	char p[PATH_MAX + 32];
	int i;

	for (i = 0; i < ab->nprocs; i++) {
		unlink(ab->procs[i].csv);
		unlink(ab->procs[i].samples);
		unlink(ab->procs[i].log);
	}
	snprintf(p, sizeof(p), "%s/check-old.log", ab->tmp);
	unlink(p);
	snprintf(p, sizeof(p), "%s/check-new.log", ab->tmp);
	unlink(p);
	rmdir(ab->tmp);
}

/* "-o DIR/": DIR, made if it is not there. */
static int out_dir(const char *out, char *dir, size_t n)
{
	size_t len = strlen(out);

	if (!len || len >= n) {
		fprintf(stderr, "csumbench ab: -o '%s': expected a folder, DIR/\n", out);
		return 2;
	}
	snprintf(dir, n, "%s", out);
	while (len > 1 && dir[len - 1] == '/')
		dir[--len] = '\0';
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "csumbench ab: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	return 0;
}

/* What the command line gives beyond the sides' settings. */
struct ab_args {
	const char *out, *report, *fail_above, *threshold, *command;
	const char *spec[2];
	bool no_verdict;	/* --no-verdict: the files only */
	bool force_verdict;	/* --force-verdict: compare's */
	int given;		/* --processes, or 0 */
};

/* The command line into ab and o: -1 to go on, else the exit status
   (0 after --help, 2 after a message). */
static int ab_parse(struct ab *ab, struct ab_args *o, int argc, char **argv)
{
	struct args a;
	const char *v;
	char *end;
	int key, rc = -1;

	args_begin(&a, &ab_cmd, argc, argv);
	while (rc < 0 && (key = args_next(&a, &v)) != ARGS_END) {
		double x;
		long p;

		switch (key) {
		case ARGS_HELP:
			rc = 0;
			break;
		case 'c':
			ab->config = v;
			break;
		case 's':
			ab->sets[ab->nsets++] = (char *)v;
			break;
		case 'p':
			p = strtol(v, &end, 10);
			if (!*v || *end || p < 2 || p > 200)
				rc = args_bad_usage(&ab_cmd, "--processes '%s': expected 2 "
						    "to 200 processes a side", v);
			o->given = (int)p;
			break;
		case 'o':
			o->out = v;
			break;
		case OPT_FAIL_ABOVE:
		case OPT_THRESHOLD:
			/* checked here, not a minute later by csumreport */
			x = strtod(v, &end);
			if (!*v || *end || !(x >= 0) ||
			    !(x <= (key == OPT_THRESHOLD ? 100 : 1e6)))
				rc = args_bad_usage(&ab_cmd, "--%s '%s': expected a "
						    "percentage, %s", key == OPT_THRESHOLD ?
						    "threshold" : "fail-above", v,
						    key == OPT_THRESHOLD ? "0 to 100" :
						    "0 or more (such as 1 or 2.5)");
			*(key == OPT_THRESHOLD ? &o->threshold : &o->fail_above) = v;
			break;
		case OPT_REPORT:
			o->report = v;
			break;
		case OPT_COMMAND:
			o->command = v;
			break;
		case OPT_NO_VERDICT:
			o->no_verdict = true;
			break;
		case OPT_FORCE_VERDICT:
			o->force_verdict = true;
			break;
		case 'q':
			ab->quiet = 1;
			break;
		case ARGS_ARG:
			if (o->spec[1])
				rc = args_bad_usage(&ab_cmd, "unexpected '%s' (two sides: "
						    "OLD NEW)", v);
			else
				o->spec[!!o->spec[0]] = v;
			break;
		default:
			rc = 2;
		}
	}
	args_end(&a);
	if (rc < 0 && !o->spec[1])
		rc = args_bad_usage(&ab_cmd, "expected two sides, OLD NEW (a kernel, "
				    "KERNEL@DISTANCE or path/lib.so:symbol)");
	return rc;
}

/* The results written: csumreport's verdict and its status, or where
   there is none, how to get one (3). */
static int ab_verdict(const struct ab *ab, const struct ab_args *o,
		      char paths[2][PATH_MAX], bool have_report, const char *rep,
		      int argc, char **argv)
{
	char paste[PATH_MAX + 8], *end, *cmdline;
	int rc;

	printf("wrote %s\n  and %s\n", paths[0], paths[1]);
	/* the paste block beside them: ab-HOST-DATE.txt */
	snprintf(paste, sizeof(paste), "%s", paths[1]);
	if ((end = strstr(paste, "ab-new")))
		memmove(end + 2, end + 6, strlen(end + 6) + 1);
	if (strlen(paste) > 4 && !strcmp(paste + strlen(paste) - 4, ".csv"))
		strcpy(paste + strlen(paste) - 4, ".txt");
	if (o->no_verdict || !have_report) {
		fprintf(stderr, "csumbench ab: no verdict here: %s; judge the files "
			"where there is one:\n  csumreport compare --before-kernel %s "
			"--after-kernel %s %s %s\n%s", o->no_verdict ? "--no-verdict" :
			"no csumreport beside csumbench or on PATH", ab->side[0].compare,
			ab->side[1].compare, paths[0], paths[1], o->no_verdict ? "" :
			"ab: exit 3, inconclusive: not judged here\n");
		return o->no_verdict ? 0 : 3;
	}
	cmdline = o->command ? NULL : command_line(argc, argv);
	rc = judge(ab, rep, paths, paste, o->fail_above, o->threshold,
		   o->command ? o->command : cmdline, o->force_verdict);
	free(cmdline);
	return rc;
}

int cmd_ab(int argc, char **argv)
{
	struct ab ab = { 0 };
	struct ab_args o = { .out = "results/" };
	char dir[1024], rep[PATH_MAX], paths[2][PATH_MAX];
	int rc, emulated;
	bool have_report;
	struct config c;
	time_t t = time(NULL);
	struct tm tm;

	ab.sets = xcalloc((size_t)argc + 1, sizeof(*ab.sets), "the command line");
	if ((rc = ab_parse(&ab, &o, argc, argv)) >= 0)
		goto out;
	rc = 2;
	if (parse_side(&ab.side[0], o.spec[0], "old") ||
	    parse_side(&ab.side[1], o.spec[1], "new"))
		goto out;
	/* the settings each process will take, checked once here */
	if (setup_config(&c, ab.config, (const char *const *)ab.sets,
			 ab.nsets, false))
		goto out;
	emulated = setup_emulated(&c, true);
	config_free(&c);
	if (check_sides(&ab) || out_dir(o.out, dir, sizeof(dir)))
		goto out;
	/* space = kernel: the device is one process's at a time, and each
	   process of a side opens it */
	kspace_close();
	have_report = !o.no_verdict && report_find(o.report, rep, sizeof(rep));
	if (!have_report && o.report && !o.no_verdict) {
		fprintf(stderr, "csumbench ab: --report %s: not an executable\n", o.report);
		goto out;
	}
	snprintf(ab.tmp, sizeof(ab.tmp), "%s/.csumbench-ab-XXXXXX", dir);
	if (!mkdtemp(ab.tmp)) {
		fprintf(stderr, "csumbench ab: a folder in %s: %s\n", dir, strerror(errno));
		goto out;
	}
	localtime_r(&t, &tm);
	snprintf(ab.id, sizeof(ab.id), "ab-%s-%04d%02d%02d-%02d%02d%02d-%ld",
		 platform_host(), tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
		 tm.tm_hour, tm.tm_min, tm.tm_sec, (long)getpid());
	ab.progress = !ab.quiet && isatty(2);
	if (!(rc = gate_sides(&ab)) && !(rc = run_procs(&ab, o.given, emulated)))
		canary_across(&ab);
	if (!rc)
		rc = write_sides(&ab, o.out, paths);
	remove_tmp(&ab);
	if (!rc)
		rc = ab_verdict(&ab, &o, paths, have_report, rep, argc, argv);
out:
	free(ab.procs);
	free(ab.sets);
	return rc;
}
