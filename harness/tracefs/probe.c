/* kprobe events and hist triggers (Documentation/trace/kprobetrace.rst,
   histogram.rst).  kprobe_events is only ever appended to: opened with
   O_TRUNC it would remove every probe on the system, not just ours. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "tracefs/probe.h"

/* Distinct lengths the table holds (a power of two, at most 2^17): a
   length beyond them is counted in Dropped. */
#define HIST_SPEC "hist:keys=len:vals=hitcount:sort=len:size=16384"
#define GROUP_PREFIX "csumbench_"

bool kallsyms_has(const char *symbol)
{
	char line[512], type, name[256];
	bool found = false;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %c %255s", &type, name) == 2 &&
			(type == 'T' || type == 't') && !strcmp(name, symbol);
	fclose(f);
	return found;
}

static char *event_file(const struct probe *p, const char *file)
{
	return xasprintf("a tracefs path", "events/%s/%s", p->event, file);
}

int probe_make(const struct tracefs *t, struct probe *p, const char *group,
	       const char *name, char *err, size_t n)
{
	char *cmd;
	int rc;

	p->event = xasprintf("an event name", "%s/%s", group, name);
	cmd = xasprintf("a kprobe", "p:%s %s len=%s:u32\n", p->event, p->symbol,
			p->reg);
	rc = tracefs_write(t, "kprobe_events", cmd, true, err, n);
	free(cmd);
	if (rc == 0)
		p->made = true;
	return rc;
}

/* The hist trigger written to the event's trigger file: prefix "!"
   removes it; suffix ":pause" stops its counting and ":cont" goes on
   (hooked with ":pause", it is made paused). */
static int trigger(const struct tracefs *t, const struct probe *p,
		   const char *prefix, const char *suffix, char *err, size_t n)
{
	char *file = event_file(p, "trigger");
	char *cmd = xasprintf("a trigger", "%s" HIST_SPEC "%s\n", prefix, suffix);
	int rc = tracefs_write(t, file, cmd, true, err, n);

	free(cmd);
	free(file);
	return rc;
}

int probe_hook(const struct tracefs *t, struct probe *p, char *err, size_t n)
{
	char *hist = event_file(p, "hist");
	bool has = tracefs_has(t, hist);

	free(hist);
	if (!has) {
		snprintf(err, n, "the kernel has no hist triggers (no "
			 "events/%s/hist): it needs CONFIG_HIST_TRIGGERS", p->event);
		return -1;
	}
	if (trigger(t, p, "", ":pause", err, n))
		return -1;
	p->hooked = true;
	return 0;
}

int probe_start(const struct tracefs *t, struct probe *p, char *err, size_t n)
{
	return trigger(t, p, "", ":cont", err, n);
}

int probe_pause(const struct tracefs *t, struct probe *p, char *err, size_t n)
{
	return trigger(t, p, "", ":pause", err, n);
}

int len_count_cmp(const void *a, const void *b)
{
	const struct len_count *x = a, *y = b;

	return x->len < y->len ? -1 : x->len > y->len;
}

/* The table: "{ len: N } hitcount: M" lines, then "Totals:" with
   "Hits: N" and "Dropped: N". */
int probe_collect(const struct tracefs *t, struct probe *p, char *err, size_t n)
{
	char *file = event_file(p, "hist"), *text, *line, *save;
	unsigned long long len, calls, v;
	bool totals = false;
	size_t cap = 0;

	text = tracefs_read(t, file);
	if (!text) {
		snprintf(err, n, "%s/%s: %s", t->dir, file, strerror(errno));
		free(file);
		return -1;
	}
	p->nlens = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		while (isspace((unsigned char)*line))
			line++;
		if (sscanf(line, "{ len: %llu } hitcount: %llu", &len, &calls) == 2) {
			if (p->nlens == cap) {
				cap = cap ? cap * 2 : 256;
				p->lens = xreallocarray(p->lens, cap, sizeof(*p->lens),
							"a length table");
			}
			p->lens[p->nlens].len = (uint32_t)len;
			p->lens[p->nlens++].calls = calls;
		} else if (!strncmp(line, "Totals:", 7)) {
			totals = true;
		} else if (sscanf(line, "Hits: %llu", &v) == 1) {
			p->hits = v;
		} else if (sscanf(line, "Dropped: %llu", &v) == 1) {
			p->dropped = v;
		}
	}
	free(text);
	if (!totals) {
		snprintf(err, n, "%s/%s: no \"Totals:\" in it (not a hist trigger's "
			 "table)", t->dir, file);
		free(file);
		return -1;
	}
	free(file);
	qsort(p->lens, p->nlens, sizeof(*p->lens), len_count_cmp);
	return 0;
}

int probe_remove(const struct tracefs *t, struct probe *p)
{
	char err[1024], *cmd;
	int rc = 0;

	if (p->hooked) {
		if (trigger(t, p, "!", "", err, sizeof(err)) == 0)
			p->hooked = false;
		else {
			fprintf(stderr, "csumbench trace: %s\n", err);
			rc = -1;
		}
	}
	if (p->made && !p->hooked) {
		cmd = xasprintf("a kprobe", "-:%s\n", p->event);
		if (tracefs_write(t, "kprobe_events", cmd, true, err, sizeof(err)) == 0)
			p->made = false;
		else {
			fprintf(stderr, "csumbench trace: %s\n", err);
			rc = -1;
		}
		free(cmd);
	}
	if (p->made)
		fprintf(stderr, "csumbench trace: the kprobe event %s is still there; "
			"remove it with: echo '-:%s' >> %s/kprobe_events\n", p->event,
			p->event, t->dir);
	return rc;
}

void probe_free(struct probe *p)
{
	free(p->event);
	free(p->lens);
	p->event = NULL;
	p->lens = NULL;
	p->nlens = 0;
}

/* Each trigger on the event removed ("!" and its spec, less the
   " [active]" the file shows), then the event. */
static int sweep_event(const struct tracefs *t, const char *event)
{
	char err[1024], *file, *text, *line, *save, *cmd;
	int rc = 0;

	file = xasprintf("a tracefs path", "events/%s/trigger", event);
	text = tracefs_read(t, file);
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#' || !*line)
			continue;
		line[strcspn(line, " ")] = '\0';
		cmd = xasprintf("a trigger", "!%s\n", line);
		if (tracefs_write(t, file, cmd, true, err, sizeof(err))) {
			fprintf(stderr, "csumbench trace: %s\n", err);
			rc = -1;
		}
		free(cmd);
	}
	free(text);
	free(file);
	cmd = xasprintf("a kprobe", "-:%s\n", event);
	if (tracefs_write(t, "kprobe_events", cmd, true, err, sizeof(err))) {
		fprintf(stderr, "csumbench trace: %s\n", err);
		rc = -1;
	}
	free(cmd);
	return rc;
}

/* The PID in "p:csumbench_PID/NAME SYMBOL ARGS", its event (cut out of
   line) in *event; 0 for a line of someone else's. */
static long csumbench_pid(char *line, char **event)
{
	char *ev = strchr(line, ':');
	long pid;

	if (!ev || strncmp(++ev, GROUP_PREFIX, strlen(GROUP_PREFIX)))
		return 0;
	ev[strcspn(ev, " ")] = '\0';
	pid = strtol(ev + strlen(GROUP_PREFIX), NULL, 10);
	*event = ev;
	return pid > 0 ? pid : 0;
}

long probe_live_trace(const struct tracefs *t, long self)
{
	char *text = tracefs_read(t, "kprobe_events"), *line, *save, *event;
	long pid, found = 0;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		pid = csumbench_pid(line, &event);
		if (pid && pid != self && (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
			found = pid;
	}
	free(text);
	return found;
}

int probe_sweep_stale(const struct tracefs *t)
{
	char *text = tracefs_read(t, "kprobe_events"), *line, *save, *event;
	int removed = 0;
	long pid;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		pid = csumbench_pid(line, &event);
		if (!pid || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (sweep_event(t, event) == 0) {
			fprintf(stderr, "csumbench trace: removed %s, left by a run "
				"that ended without cleaning up (pid %ld)\n", event, pid);
			removed++;
		}
	}
	free(text);
	return removed;
}
