/* On a virtual board (tests/trace.sh): csumbench trace stopped by
 * SIGINT, by SIGTERM, and killed outright (SIGKILL) and then run again.
 * Each time it checks that what the trace set up in tracefs is gone
 * (its kprobe events, the function-graph tracer and its filter), and,
 * stopped by a signal it can catch, that the mix was written with the
 * interval it traced.  One line per check, "ok NAME" or "FAIL NAME:
 * why", then "trace-signals: all ok" or "trace-signals: N failed".
 * tracefs is mounted here first, so that the trace finds it mounted
 * (and leaves it so) and what it leaves can be read after it.
 *   trace-signals CSUMBENCH TRAFFIC OUTDIR */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <time.h>
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

/* The trace, its messages into err. */
static pid_t start(const char *bin, const char *out, const char *seconds,
		   const char *err)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (!freopen(err, "w", stderr))
			_exit(127);
		execl(bin, bin, "trace", "--seconds", seconds, "-o", out, (char *)NULL);
		_exit(127);
	}
	return pid;
}

/* Waits (at most 60 s) until the trace says it is tracing: all it sets
   up is then in place. */
static int armed(const char *err)
{
	int i;

	for (i = 0; i < 600; i++) {
		if (strstr(slurp(err), "csumbench trace: tracing csumbench_"))
			return 1;
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	}
	return 0;
}

/* A second of the board's traffic, for the trace to count. */
static const char *traffic;
static void some_traffic(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		execl(traffic, traffic, "--after", "0", "--seconds", "1", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
}

static void clean(const char *when)
{
	char name[128];

	snprintf(name, sizeof(name), "%s: no csumbench kprobe events left", when);
	check(!strstr(slurp(TRACEFS "/kprobe_events"), "csumbench_"), name,
	      slurp(TRACEFS "/kprobe_events"));
	snprintf(name, sizeof(name), "%s: current_tracer back to nop", when);
	check(!strcmp(slurp(TRACEFS "/current_tracer"), "nop\n"), name,
	      slurp(TRACEFS "/current_tracer"));
	snprintf(name, sizeof(name), "%s: set_ftrace_filter back to all functions", when);
	check(slurp(TRACEFS "/set_ftrace_filter")[0] == '#' ||
	      !slurp(TRACEFS "/set_ftrace_filter")[0], name,
	      slurp(TRACEFS "/set_ftrace_filter"));
	snprintf(name, sizeof(name), "%s: tracing_on back to 1", when);
	check(!strcmp(slurp(TRACEFS "/tracing_on"), "1\n"), name,
	      slurp(TRACEFS "/tracing_on"));
}

static void stopped_by(const char *bin, const char *dir, int sig, const char *said)
{
	char out[256], err[256], name[128];
	int status = -1;
	pid_t pid;

	snprintf(out, sizeof(out), "%s/stopped-%d.mix", dir, sig);
	snprintf(err, sizeof(err), "%s/stopped-%d.err", dir, sig);
	pid = start(bin, out, "600", err);
	snprintf(name, sizeof(name), "signal %d: the trace set up", sig);
	check(armed(err), name, "it did not say it was tracing within 60 s");
	some_traffic();
	kill(pid, sig);
	waitpid(pid, &status, 0);
	snprintf(name, sizeof(name), "signal %d: exit 0 (it keeps what it traced)", sig);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0, name, "another status");
	snprintf(name, sizeof(name), "signal %d: the mix says it was stopped early", sig);
	check(strstr(slurp(out), said) != NULL, name, slurp(out));
	snprintf(name, sizeof(name), "signal %d", sig);
	clean(name);
	unlink(out);	/* not for the host: its interval is the signal's */
	unlink(err);
}

int main(int argc, char **argv)
{
	char out[256], err[256], kerr[256];
	int status = -1, graph;
	pid_t pid;

	if (argc != 4) {
		fprintf(stderr, "usage: trace-signals CSUMBENCH TRAFFIC OUTDIR\n");
		return 2;
	}
	traffic = argv[2];
	argv[2] = argv[3];
	if (mount("nodev", TRACEFS, "tracefs", 0, NULL) != 0 && errno != EBUSY)
		printf("trace-signals: mount tracefs: %s\n", strerror(errno));
	stopped_by(argv[1], argv[2], SIGINT, "stopped early by Interrupt");
	stopped_by(argv[1], argv[2], SIGTERM, "stopped early by Terminated");

	/* SIGKILL: nothing runs; the next trace removes what is left */
	snprintf(out, sizeof(out), "%s/killed.mix", argv[2]);
	snprintf(kerr, sizeof(kerr), "%s/killed.err", argv[2]);
	pid = start(argv[1], out, "600", kerr);
	check(armed(kerr), "SIGKILL: the trace set up", "it did not say it was tracing within 60 s");
	/* (a trace that took no durations left no tracer to put back) */
	graph = !strstr(slurp(kerr), "no durations");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	check(strstr(slurp(TRACEFS "/kprobe_events"), "csumbench_") != NULL,
	      "SIGKILL: its kprobe events are left (nothing ran)", "none left");
	check(access(out, F_OK) != 0, "SIGKILL: no mix, no temporary file", out);
	snprintf(out, sizeof(out), "%s/after-kill.mix", argv[2]);
	snprintf(err, sizeof(err), "%s/after-kill.err", argv[2]);
	pid = fork();
	if (pid == 0) {
		if (!freopen(err, "w", stderr))
			_exit(127);
		execl(argv[1], argv[1], "trace", "--seconds", "1", "-o", out, (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	check(strstr(slurp(err), "left by a run that ended without cleaning up") != NULL,
	      "the next trace removes what the killed one left, and says so", slurp(err));
	check(!graph || strstr(slurp(err), "function-graph tracer (now nop)") != NULL,
	      "... and its function-graph tracer, where it had one", slurp(err));
	clean("after the killed run");
	unlink(out);
	unlink(err);
	unlink(kerr);
	if (failed)
		printf("trace-signals: %d failed\n", failed);
	else
		printf("trace-signals: all ok\n");
	return failed != 0;
}
