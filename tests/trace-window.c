/* On a virtual board (tests/trace.sh): csumbench trace counts its own
 * interval and nothing else.  Each trace runs under ptrace, stopped
 * after each write it makes, so that traffic of a known number of rounds
 * (boards/traffic.c --commands) can be sent at three points of its life,
 * with the trace held still:
 *   before: its first hist trigger is in tracefs, its interval not begun
 *           (it has not said "tracing");
 *   during: it has said "csumbench trace: tracing";
 *   after:  its interval is over (each of its triggers paused).
 * A second trace is run through all three while the first is counting,
 * and a trace is killed between setting the function filter and
 * switching the tracer (where it times durations), then one more run.
 * The mixes go to OUTDIR and tests/trace.sh checks each against the
 * rounds this program says (in OUTDIR/window.rounds) each counted:
 *   window ROUNDS      one trace, "before", "during", "after" sent
 *   second ROUNDS      the second of two traces
 *   first ROUNDS       the first, counting all the second's traffic
 * One line per check here, "ok NAME" or "FAIL NAME: why", then
 * "trace-window: all ok" or "trace-window: N failed".
 *   trace-window CSUMBENCH TRAFFIC OUTDIR */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define TRACEFS "/sys/kernel/tracing"

static int failed;

static void check(int ok, const char *name, const char *why)
{
	if (ok)
		printf("ok %s\n", name);
	else {
		printf("FAIL %s: %s\n", name, why);
		failed++;
	}
	fflush(stdout);
}

/* The file's text (static buffer), "" if it cannot be read. */
static const char *slurp(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	buf[0] = '\0';
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* The traffic, driven through its stdin and stdout. */
static FILE *to_traffic, *from_traffic;
static pid_t traffic_pid;

static void start_traffic(const char *bin)
{
	int in[2], out[2];
	char line[128];
	pid_t pid;

	if (pipe(in) || pipe(out)) {
		perror("trace-window: pipe");
		exit(1);
	}
	pid = fork();
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execl(bin, bin, "--after", "2", "--commands", (char *)NULL);
		_exit(127);
	}
	traffic_pid = pid;
	close(in[0]);
	close(out[1]);
	to_traffic = fdopen(in[1], "w");
	from_traffic = fdopen(out[0], "r");
	if (!fgets(line, sizeof(line), from_traffic) || strcmp(line, "ready\n")) {
		printf("FAIL the traffic started: it said '%s'\n", line);
		exit(1);
	}
}

/* Its end: the device gone before the next program makes it again. */
static void stop_traffic(void)
{
	char line[128];

	fclose(to_traffic);
	while (fgets(line, sizeof(line), from_traffic))
		;
	fclose(from_traffic);
	waitpid(traffic_pid, NULL, 0);
}

/* n rounds, every packet back before it returns. */
static void rounds(int n, const char *when)
{
	char line[128] = "", want[32], name[128];

	fprintf(to_traffic, "%d\n", n);
	fflush(to_traffic);
	snprintf(want, sizeof(want), "sent %d\n", n);
	if (!fgets(line, sizeof(line), from_traffic))
		snprintf(line, sizeof(line), "nothing (it ended)");
	snprintf(name, sizeof(name), "%s: %d rounds sent, every packet back", when, n);
	check(!strcmp(line, want), name, line);
}

/* The trace, its messages into err, stopped under ptrace before it
   runs. */
static pid_t start_trace(const char *bin, const char *out, const char *err)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (!freopen(err, "w", stderr))
			_exit(127);
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		execl(bin, bin, "trace", "--seconds", "1", "-o", out, (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(PTRACE_O_TRACESYSGOOD |
	       PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC));
	return pid;
}

/* Where a trace stands, as tracefs and its stderr show it. */
struct trace {
	pid_t pid;
	const char *err;
};

/* Its hist triggers: how many, and how many active. */
static void triggers(const struct trace *t, int *hist, int *active)
{
	char dir[128], path[512];
	struct dirent *e;
	const char *text;
	DIR *d;

	*hist = *active = 0;
	snprintf(dir, sizeof(dir), TRACEFS "/events/csumbench_%ld", (long)t->pid);
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/trigger", dir, e->d_name);
		text = slurp(path);
		if (strstr(text, "hist:")) {
			(*hist)++;
			*active += strstr(text, "[active]") != NULL;
		}
	}
	if (d)
		closedir(d);
}

static bool hooked(const struct trace *t)
{
	int hist, active;

	triggers(t, &hist, &active);
	return hist > 0;
}

static bool tracing(const struct trace *t)
{
	return strstr(slurp(t->err), "csumbench trace: tracing") != NULL;
}

static bool over(const struct trace *t)
{
	int hist, active;

	triggers(t, &hist, &active);
	return hist > 0 && active == 0;
}

/* The function filter set and the tracer not yet switched to it. */
static bool filter_only(const struct trace *t)
{
	const char *f = slurp(TRACEFS "/set_ftrace_filter");

	(void)t;
	return f[0] && f[0] != '#' && !strcmp(slurp(TRACEFS "/current_tracer"), "nop\n");
}

static bool is_write(long nr)
{
	return nr == SYS_write || nr == SYS_writev || nr == SYS_pwrite64;
}

/* Runs the trace until, after one of its writes, at(t) holds: 0, the
   trace stopped there; -1, it ended first (reaped). */
static int run_until(const struct trace *t, bool (*at)(const struct trace *))
{
	struct __ptrace_syscall_info info;
	int status, sig = 0;
	long nr = -1;

	for (;;) {
		if (ptrace(PTRACE_SYSCALL, t->pid, NULL, (void *)(long)sig) < 0 ||
		    waitpid(t->pid, &status, 0) < 0 || !WIFSTOPPED(status))
			return -1;
		sig = 0;
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			if (status >> 16 == 0)
				sig = WSTOPSIG(status);	/* its own signal, passed on */
			continue;
		}
		if (ptrace(PTRACE_GET_SYSCALL_INFO, t->pid, (void *)sizeof(info), &info) <= 0)
			continue;
		if (info.op == PTRACE_SYSCALL_INFO_ENTRY)
			nr = (long)info.entry.nr;
		else if (info.op == PTRACE_SYSCALL_INFO_EXIT && is_write(nr) && at(t))
			return 0;
	}
}

/* Lets it go and waits for its end: its exit status, or -1. */
static int finish(const struct trace *t)
{
	int status;

	ptrace(PTRACE_DETACH, t->pid, NULL, NULL);
	if (waitpid(t->pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void reached(const struct trace *t, bool (*at)(const struct trace *),
		    const char *name)
{
	char what[128];

	snprintf(what, sizeof(what), "%s: reached", name);
	check(run_until(t, at) == 0, what, slurp(t->err));
}

/* One trace: before, during and after traffic; the rounds it counted. */
static int one_window(const char *bin, const char *dir)
{
	char out[256], err[256];
	struct trace t = { 0, err };

	snprintf(out, sizeof(out), "%s/window.mix", dir);
	snprintf(err, sizeof(err), "%s/window.err", dir);
	t.pid = start_trace(bin, out, err);
	reached(&t, hooked, "window: a hist trigger made, the interval not begun");
	check(!tracing(&t), "window: it has not said it is tracing", slurp(err));
	rounds(3, "window: before");
	reached(&t, tracing, "window: it says it is tracing");
	rounds(5, "window: during");
	reached(&t, over, "window: every trigger paused");
	rounds(7, "window: after");
	check(finish(&t) == 0, "window: the trace exits 0", slurp(err));
	return 5;
}

/* A second trace, all of it inside the first's interval. */
static void two_traces(const char *bin, const char *dir, int *first, int *second)
{
	char out1[256], err1[256], out2[256], err2[256];
	struct trace a = { 0, err1 }, b = { 0, err2 };

	snprintf(out1, sizeof(out1), "%s/first.mix", dir);
	snprintf(err1, sizeof(err1), "%s/first.err", dir);
	snprintf(out2, sizeof(out2), "%s/second.mix", dir);
	snprintf(err2, sizeof(err2), "%s/second.err", dir);
	a.pid = start_trace(bin, out1, err1);
	reached(&a, tracing, "first: it says it is tracing");
	rounds(2, "first: during");
	b.pid = start_trace(bin, out2, err2);
	reached(&b, hooked, "second: a hist trigger made, the interval not begun");
	rounds(3, "second: before");
	reached(&b, tracing, "second: it says it is tracing");
	rounds(4, "second: during");
	reached(&b, over, "second: every trigger paused");
	rounds(5, "second: after");
	check(finish(&b) == 0, "second: the trace exits 0", slurp(err2));
	reached(&a, over, "first: every trigger paused");
	rounds(6, "first: after");
	check(finish(&a) == 0, "first: the trace exits 0", slurp(err1));
	*first = 2 + 3 + 4 + 5;
	*second = 4;
}

/* Killed with only the function filter set: the next trace must not
   take that filter for someone else's and put it back. */
static void killed_at_filter(const char *bin, const char *dir)
{
	char out[256], err[256];
	struct trace t = { 0, err };
	int status;

	snprintf(out, sizeof(out), "%s/filter.mix", dir);
	snprintf(err, sizeof(err), "%s/filter.err", dir);
	t.pid = start_trace(bin, out, err);
	if (run_until(&t, filter_only) != 0) {
		printf("ok filter: no function filter set here (%s), nothing to leave\n",
		       strstr(slurp(err), "no durations") ? "no durations" : "?");
		unlink(out);
		unlink(err);
		return;
	}
	kill(t.pid, SIGKILL);
	waitpid(t.pid, &status, 0);
	check(strcmp(slurp(TRACEFS "/current_tracer"), "nop\n") == 0 &&
	      slurp(TRACEFS "/set_ftrace_filter")[0] != '#',
	      "filter: killed with the filter set and the tracer nop",
	      slurp(TRACEFS "/set_ftrace_filter"));
	unlink(out);
	t.pid = start_trace(bin, out, err);
	reached(&t, tracing, "filter: the next trace says it is tracing");
	rounds(1, "filter: during the next");
	check(finish(&t) == 0, "filter: the next trace exits 0", slurp(err));
	check(strstr(slurp(err), "set_ftrace_filter") != NULL,
	      "filter: ... says it cleared the filter left", slurp(err));
	check(slurp(TRACEFS "/set_ftrace_filter")[0] == '#' ||
	      !slurp(TRACEFS "/set_ftrace_filter")[0],
	      "filter: ... and leaves it at all functions", slurp(TRACEFS "/set_ftrace_filter"));
	unlink(out);
	unlink(err);
}

int main(int argc, char **argv)
{
	char path[256];
	int window, first, second;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: trace-window CSUMBENCH TRAFFIC OUTDIR\n");
		return 2;
	}
	if (mount("nodev", TRACEFS, "tracefs", 0, NULL) != 0 && errno != EBUSY)
		printf("trace-window: mount tracefs: %s\n", strerror(errno));
	start_traffic(argv[2]);
	window = one_window(argv[1], argv[3]);
	two_traces(argv[1], argv[3], &first, &second);
	killed_at_filter(argv[1], argv[3]);
	stop_traffic();
	snprintf(path, sizeof(path), "%s/window.rounds", argv[3]);
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "window %d\nsecond %d\nfirst %d\n", window, second, first);
		fclose(f);
	}
	if (failed)
		printf("trace-window: %d failed\n", failed);
	else
		printf("trace-window: all ok\n");
	return failed != 0;
}
