/* csumbench events [PATTERN]: which events open on this machine now.
 * Each is tried with perf_event_open on this thread, user space only,
 * as a run would count it; the generic names first, then (with
 * libpfm4) every event of the PMUs libpfm4 finds here. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "events/events.h"
#include "lib/args.h"

struct listing {
	const char *pattern;
	size_t shown, open;
	bool seen[3];	/* other refusals, no PMU, not allowed */
};

/* A glob when it has one, else a substring, ignoring case. */
static bool wanted(const struct listing *l, const char *name)
{
	const char *p = l->pattern;
	size_t n, i;

	if (!p)
		return true;
	if (strpbrk(p, "*?["))
		return fnmatch(p, name, FNM_CASEFOLD) == 0;
	n = strlen(p);
	for (i = 0; name[i]; i++)
		if (!strncasecmp(name + i, p, n))
			return true;
	return false;
}

/* Short enough for 72 columns; the footer says more. */
static const char *short_why(int e)
{
	switch (e) {
	case ENOENT:
		return "no: ENOENT, not counted here";
	case EOPNOTSUPP:
		return "no: EOPNOTSUPP, not counted here";
	case EACCES:
	case EPERM:
		return "no: not allowed (paranoid)";
	case ENOSYS:
		return "no: ENOSYS, no perf_event_open";
	case EINVAL:
		return "no: EINVAL, encoding refused";
	case ENODEV:
		return "no: ENODEV, no such PMU";
	default:
		return strerror(e);
	}
}

/* One event's line: a name too long for its column goes on a line of
   its own, so that every line fits 72 columns. */
static void row(const char *name, const char *kind, const char *state)
{
	if (strlen(name) > 28)
		printf("  %s\n  %-28s", name, "");
	else
		printf("  %-28s", name);
	printf(" %-8s %.32s\n", kind, state);
}

static void show(struct listing *l, const char *name, const char *kind,
		 const struct perf_event_attr *attr)
{
	int e = events_try(attr);

	l->shown++;
	if (!e)
		l->open++;
	l->seen[e == ENOENT || e == EOPNOTSUPP ? 1 : e == EACCES || e == EPERM ? 2 : 0] |= e != 0;
	row(name, kind, e ? short_why(e) : "opens");
}

static void pfm_one(const char *pmu, const char *name, const char *desc,
		    void *ctx)
{
	struct listing *l = ctx;
	struct perf_event_attr a;
	char full[2 * EVENT_NAME_MAX], err[256];

	(void)desc;
	(void)pmu;
	snprintf(full, sizeof(full), "%s::%s", pmu, name);
	if (!wanted(l, full))
		return;
	memset(&a, 0, sizeof(a));
	if (events_pfm_encode(full, &a, sizeof(a), err, sizeof(err)) != 0) {
		/* "event 'X': libpfm4: why": the why, e.g. a unit mask needed */
		const char *why = strstr(err, "libpfm4: ");
		char state[64];

		l->shown++;
		snprintf(state, sizeof(state), "no: %s",
			 why ? why + 9 : "libpfm4 cannot encode it alone");
		row(full, "libpfm4", state);
		return;
	}
	show(l, full, "libpfm4", &a);
}

static void ignore(const char *pmu, const char *name, const char *desc,
		   void *ctx)
{
	(void)pmu;
	(void)name;
	(void)desc;
	(void)ctx;
}

/* "libpfm4 names (PMUs found here: a, b, ...):", wrapped at 72 columns
   between PMU names (a machine can have several long ones). */
static void pmu_heading(const char *pmus)
{
	const char *p = pmus;
	int col = printf("libpfm4 names (PMUs found here:");

	while (*p) {
		size_t n = strcspn(p, " ");
		int last = !p[n] || !p[n + strspn(p + n, " ")];

		if (col + 1 + (int)n + (last ? 2 : 0) > 72) {
			printf("\n");
			col = 0;
		}
		col += printf(" %.*s", (int)n, p);
		p += n;
		p += strspn(p, " ");
	}
	printf("):\n");
}

static const struct args_opt ev_opts[] = {
	{ .name = NULL }
};

static const struct args_cmd ev_cmd = {
	"events", "[PATTERN]",
	"Tries every event this build can name, on this thread in user\n"
	"space, and says which open here now.  PATTERN: a substring or\n"
	"a glob (*, ?), either ignoring case.  Name them in a config as\n"
	"events = a, b, ...\n",
	ev_opts
};

int cmd_events(int argc, char **argv)
{
	struct args args;
	const char *v;
	int c;
	struct listing l = { NULL, 0, 0, { false, false, false } };
	const struct generic_event *g;
	struct perf_event_attr a;
	const char *pmus;
	size_t n, i;

	args_begin(&args, &ev_cmd, argc, argv);
	while ((c = args_next(&args, &v)) != ARGS_END) {
		if (c == ARGS_ARG && !l.pattern) {
			l.pattern = v;
			continue;
		}
		if (c == ARGS_ARG)
			args_bad_usage(&ev_cmd, "one PATTERN at most, not '%s'", v);
		args_end(&args);
		return c == ARGS_HELP ? 0 : 2;
	}
	args_end(&args);
	pmus = events_pfm_each(ignore, NULL);
	printf("Events that open here now (perf_event_open, this thread, user)\n");
	printf("generic names (linux/perf_event.h, spelt as perf list does):\n");
	g = events_generic_table(&n);
	for (i = 0; i < n; i++) {
		if (!wanted(&l, g[i].name))
			continue;
		events_generic(g[i].name, &a);
		show(&l, g[i].name, g[i].kind, &a);
	}
	if (!events_pfm_version())
		printf("libpfm4: not in this build (make LIBPFM=1 with Debian's "
		       "libpfm4-dev)\n");
	else if (!pmus[0])
		printf("libpfm4: finds no PMU on this machine\n");
	else {
		pmu_heading(pmus);
		events_pfm_each(pfm_one, &l);
	}
	printf("%zu of %zu listed open%s.\n", l.open, l.shown,
	       l.pattern ? " (those matching the pattern)" : "");
	if (l.seen[1])
		printf("ENOENT: no PMU driver counts it here: hardware events in "
		       "most VMs,\nand on cores whose PMU Linux does not drive.\n");
	if (l.seen[2])
		printf("Not allowed: see /proc/sys/kernel/perf_event_paranoid.\n");
	return 0;
}
