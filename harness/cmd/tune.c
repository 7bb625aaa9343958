/* csumbench tune and tune --reset, in the manner of pyperf's "system
   tune" and "system reset": what csumbench check warns about set for
   timing where this user may (tune-plan.c), a line for each setting
   saying what it was and is now, or why it was left; the values before
   kept in a state file (tune-state.c) that --reset writes back.  The
   state is saved before anything is written, and a second tune keeps
   the first one's values before, never its own. */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/tune.h"
#include "lib/args.h"
#include "lib/platform.h"
#include "lib/xalloc.h"

#define NCPU 1024

/* A knob's line; 1 if it was left. */
static int print_knob(const struct tune_knob *k, struct tune_state *s)
{
	const struct tune_saved *e = tune_state_find(s, k->path);

	switch (k->status) {
	case TUNE_NOTE:
		if (k->path[0])
			tune_line("note", k->what, k->label, "%s: %s", k->was, k->why);
		else
			tune_line("note", k->what, NULL, "%s", k->why);
		return 0;
	case TUNE_OK:
		if (!k->path[0])
			tune_line("ok", k->what, NULL, "%s", k->why);
		else if (e)
			tune_line("ok", k->what, k->label, "%s (tune set it; before, %s)",
				  k->was, e->was);
		else
			tune_line("ok", k->what, k->label, "%s", k->was);
		return 0;
	case TUNE_SET:
		tune_line("set", k->what, k->label, "%s -> %s", k->was, k->want);
		return 0;
	case TUNE_LEFT:
	default:
		tune_line("left", k->what, k->label, "%s: %s", k->was, k->why);
		return 1;
	}
}

/* Each SET knob written; one that fails is LEFT, and forgotten unless
   an earlier tune kept it. */
static void apply(struct tune_plan *p, struct tune_state *s,
		  const bool *kept)
{
	struct tune_saved *e;
	size_t i;
	int err;

	for (i = 0; i < p->n; i++) {
		struct tune_knob *k = &p->k[i];

		if (k->status != TUNE_SET)
			continue;
		err = tune_write(k->path, k->want);
		e = tune_state_find(s, k->path);
		if (!err) {
			snprintf(e->set, sizeof(e->set), "%s", k->want);
			continue;
		}
		k->status = TUNE_LEFT;
		snprintf(k->why, sizeof(k->why), "%s", strerror(err));
		if (!kept[i])
			tune_state_drop(s, k->path);
	}
}

static int tune(const int *cpus, int n, int cpu, const char *file)
{
	struct tune_state s;
	struct tune_plan p;
	bool *kept;
	size_t i, to_set = 0;
	int rc, left = 0;

	if ((rc = tune_state_load(&s, file)))
		return rc;
	tune_plan_make(&p, cpus, n, cpu);
	kept = xcalloc(p.n + 1, sizeof(*kept), "csumbench tune's plan");
	for (i = 0; i < p.n; i++)
		if (p.k[i].status == TUNE_SET) {
			to_set++;
			kept[i] = tune_state_find(&s, p.k[i].path) != NULL;
			if (!kept[i])
				tune_state_add(&s, p.k[i].path, p.k[i].was, p.k[i].want);
		}
	/* the values before are kept before any is changed (and what was
	   changed is said, even when the state could not be saved after) */
	if (to_set && tune_state_save(&s, file))
		rc = -1;
	else if (to_set) {
		apply(&p, &s, kept);
		rc = tune_state_save(&s, file);
	}
	if (rc >= 0) {
		printf("csumbench tune: what csumbench check warns about, set for "
		       "timing\n");
		for (i = 0; i < p.n; i++)
			left += print_knob(&p.k[i], &s);
		tune_line("note", "others", NULL, "smt, load, steal, isolation: see "
			  "csumbench check");
		if (s.n)
			printf("the values before are kept in %s;\ncsumbench tune "
			       "--reset puts them back\n", file);
		else
			printf("nothing was changed, nothing kept\n");
	}
	free(kept);
	free(p.k);
	tune_state_free(&s);
	return rc ? 1 : left ? 1 : 0;
}

enum { OPT_CPU = 256, OPT_RESET };

static const struct args_opt tune_opts[] = {
	{ .name = "cpu", .key = OPT_CPU, .arg = "N",
	  .help = "the CPU to be timed: every IRQ is moved off it" },
	{ .name = "reset", .key = OPT_RESET,
	  .help = "put back the values tune changed, and forget them" },
	{ .name = NULL }
};

static const struct args_cmd tune_cmd = {
	"tune", "[--cpu N] | --reset",
	"Sets what csumbench check warns about, where this user may: each\n"
	"CPU's governor to performance, boost off, perf_event_paranoid down\n"
	"to 2, and with --cpu N every IRQ off CPU N.  The values before are\n"
	"kept in /run/csumbench/tune.state (another user's in\n"
	"/run/user/UID/csumbench/); --reset puts them back.  Exit 1 when a\n"
	"setting was left, 2 for a bad state file, 0 otherwise.\n",
	tune_opts
};

/* --cpu's value, one of cpus: the CPU, or -1 after a message. */
static int cpu_of(const char *v, const int *cpus, int n)
{
	char *end;
	long c = strtol(v, &end, 10);
	int i;

	for (i = 0; *v && !*end && i < n; i++)
		if (cpus[i] == c)
			return (int)c;
	fprintf(stderr, "csumbench tune: --cpu '%s', expected a CPU this process "
		"may use (%d to %d)\n", v, cpus[0], cpus[n - 1]);
	return -1;
}

int cmd_tune(int argc, char **argv)
{
	int cpus[NCPU], n = 0, cpu = -1, reset = 0, key;
	char file[4096];
	const char *v;
	cpu_set_t set;
	struct args a;

	if (sched_getaffinity(0, sizeof(set), &set) != 0) {
		perror("csumbench tune: sched_getaffinity");
		return 1;
	}
	for (key = 0; key < NCPU && key < CPU_SETSIZE; key++)
		if (CPU_ISSET(key, &set))
			cpus[n++] = key;
	args_begin(&a, &tune_cmd, argc, argv);
	while ((key = args_next(&a, &v)) != ARGS_END) {
		if (key == OPT_RESET)
			reset = 1;
		else if (key != OPT_CPU || (cpu = cpu_of(v, cpus, n)) < 0) {
			if (key == ARGS_ARG)
				args_bad_usage(&tune_cmd, "unexpected '%s'", v);
			args_end(&a);
			return key == ARGS_HELP ? 0 : 2;
		}
	}
	args_end(&a);
	if (reset && cpu >= 0)
		return args_bad_usage(&tune_cmd, "--reset puts back what tune "
				      "changed: it takes no --cpu");
	tune_state_path(file, sizeof(file));
	return reset ? tune_reset(file) : tune(cpus, n, cpu, file);
}
