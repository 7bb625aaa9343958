/* Counted events: names, the group, and each region's counts (events.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "events/events.h"
#include "lib/stats.h"
#include "timer/timer.h"

/* The one event group of the process: region.h's inline reads, inside
   timed regions, test events_fd rather than take a parameter. */
int events_fd = -1;
static int member_fd[EVENTS_MAX];
static size_t nopen;
/* read(2) of the group: nr, time_enabled, time_running, value[nr] */
#define GROUP_WORDS (3 + EVENTS_MAX)
static uint64_t before[GROUP_WORDS], after[GROUP_WORDS];
#define SUGGEST_MAX 5		/* close names offered for an unknown one */

void events_column(const char *name, char *out, size_t outlen)
{
	size_t n = 0;
	bool gap = false;

	n = (size_t)snprintf(out, outlen, "ev_");
	for (; *name && n + 2 < outlen; name++) {
		unsigned char ch = (unsigned char)tolower((unsigned char)*name);
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
			if (gap && n > 3)
				out[n++] = '_';
			out[n++] = (char)ch;
			gap = false;
		} else {
			gap = true;
		}
	}
	out[n] = '\0';
}

int events_encode(const char *name, struct perf_event_attr *attr,
		  const char **source, char *err, size_t errlen)
{
	char near[SUGGEST_MAX * (EVENT_NAME_MAX + 2)];
	int rc;

	memset(attr, 0, sizeof(*attr));
	if (events_generic(name, attr) == 0) {
		*source = "generic";
		return 0;
	}
	rc = events_pfm_encode(name, attr, sizeof(*attr), err, errlen);
	if (rc == 0 && (attr->sample_period || attr->freq)) {
		/* period=, freq=: a sampling event; a timed region wants counts */
		snprintf(err, errlen, "event '%s' asks for sampling (a period or "
			 "frequency); events here are counted, expected the name "
			 "without it", name);
		return -1;
	}
	if (rc == 0) {
		*source = "libpfm4";
		return 0;
	}
	if (rc < 0)
		return -1;
	events_suggest(name, near, sizeof(near));
	snprintf(err, errlen, "unknown event '%s'%s%s%s; expected a perf list "
		 "name (cycles, task-clock, L1-dcache-load-misses, ...)%s: "
		 "csumbench events lists them", name,
		 near[0] ? " (close names: " : "", near, near[0] ? ")" : "",
		 events_pfm_version() ? " or a libpfm4 name" :
		 " (this build has no libpfm4)");
	return -1;
}

/* Whether two events' columns (ev_X, ev_X_per_byte) meet. */
static bool column_clash(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return !strcmp(a, b) ||
	       (la == lb + 9 && !strncmp(a, b, lb) && !strcmp(a + lb, "_per_byte")) ||
	       (lb == la + 9 && !strncmp(b, a, la) && !strcmp(b + la, "_per_byte"));
}

int events_parse(struct events *e, const char *list, char *err, size_t errlen)
{
	const char *p = list;
	size_t i;

	memset(e, 0, sizeof(*e));
	if (!strcmp(list, "none"))
		return 0;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		struct event *ev;
		char name[EVENT_NAME_MAX];

		while (len && isspace((unsigned char)*p))
			p++, len--;
		while (len && isspace((unsigned char)p[len - 1]))
			len--;
		if (!len) {
			snprintf(err, errlen, "an empty event name in '%s'; "
				 "expected names separated by commas", list);
			return -1;
		}
		if (len >= EVENT_NAME_MAX) {
			snprintf(err, errlen, "event name '%.*s...' is longer than "
				 "%d characters", 32, p, EVENT_NAME_MAX - 1);
			return -1;
		}
		if (e->n == EVENTS_MAX) {
			snprintf(err, errlen, "more than %d events; one group counts "
				 "them together and PMUs have few counters", EVENTS_MAX);
			return -1;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (!strcmp(name, "none")) {
			snprintf(err, errlen, "'none' with other events; expected "
				 "none alone or event names");
			return -1;
		}
		ev = &e->ev[e->n];
		snprintf(ev->name, sizeof(ev->name), "%s", name);
		events_column(name, ev->column, sizeof(ev->column));
		if (!strcmp(ev->column, "ev_running")) {
			snprintf(err, errlen, "event '%s' makes the column "
				 "ev_running, which the run writes itself", name);
			return -1;
		}
		for (i = 0; i < e->n; i++)
			if (column_clash(e->ev[i].column, ev->column)) {
				snprintf(err, errlen, "events '%s' and '%s' make the "
					 "same column (%s, or its _per_byte); expected "
					 "each once", e->ev[i].name, name, ev->column);
				return -1;
			}
		if (events_encode(name, &ev->attr, &ev->source, err, errlen))
			return -1;
		e->n++;
		p = end ? end + 1 : p + strlen(p);
		if (end && !*p) {
			snprintf(err, errlen, "a trailing comma in '%s'", list);
			return -1;
		}
	}
	return 0;
}

/* Edit distance, ignoring case; enough for names of 128 characters. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d[EVENT_NAME_MAX + 1];

	if (la > EVENT_NAME_MAX || lb > EVENT_NAME_MAX)
		return SIZE_MAX;
	for (j = 0; j <= lb; j++)
		d[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = d[0], up;
		d[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) !=
				      tolower((unsigned char)b[j - 1]);
			up = d[j];
			d[j] = diag + cost;
			if (up + 1 < d[j])
				d[j] = up + 1;
			if (d[j - 1] + 1 < d[j])
				d[j] = d[j - 1] + 1;
			diag = up;
		}
	}
	return d[lb];
}

struct suggest {
	char want[EVENT_NAME_MAX];	/* without modifiers */
	char name[SUGGEST_MAX][EVENT_NAME_MAX];
	size_t dist[SUGGEST_MAX], n;
};

static void consider(struct suggest *s, const char *name)
{
	size_t d = distance(s->want, name), lw = strlen(s->want), i, j;
	const char *bare = strstr(name, "::");

	/* the name without its PMU: INSTRUCTIONS for perf::INSTRUCTIONS */
	if (bare && !strstr(s->want, "::")) {
		size_t d2 = distance(s->want, bare + 2);
		if (d2 < d)
			d = d2;
	}
	if (d > (lw < 9 ? 2 : lw / 4))
		return;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return;
	for (i = 0; i < s->n && s->dist[i] <= d; i++)
		;
	if (i == SUGGEST_MAX)
		return;
	if (s->n < SUGGEST_MAX)
		s->n++;
	for (j = s->n - 1; j > i; j--) {
		memcpy(s->name[j], s->name[j - 1], EVENT_NAME_MAX);
		s->dist[j] = s->dist[j - 1];
	}
	snprintf(s->name[i], EVENT_NAME_MAX, "%s", name);
	s->dist[i] = d;
}

static void consider_pfm(const char *pmu, const char *name, const char *desc,
			 void *ctx)
{
	char full[EVENT_NAME_MAX * 2];

	(void)desc;
	snprintf(full, sizeof(full), "%s::%s", pmu, name);
	consider(ctx, full);
}

void events_suggest(const char *name, char *out, size_t outlen)
{
	struct suggest s;
	const struct generic_event *g;
	size_t n, i, len = 0;
	char *colon;

	memset(&s, 0, sizeof(s));
	snprintf(s.want, sizeof(s.want), "%s", name);
	/* modifiers (:u, :k=1, ...) after the name, not part of it */
	colon = strchr(s.want, ':');
	while (colon && colon[1] == ':')
		colon = strchr(colon + 2, ':');
	if (colon)
		*colon = '\0';
	g = events_generic_table(&n);
	for (i = 0; i < n; i++)
		consider(&s, g[i].name);
	events_pfm_each(consider_pfm, &s);
	out[0] = '\0';
	for (i = 0; i < s.n && len < outlen; i++)
		len += (size_t)snprintf(out + len, outlen - len, "%s%s",
					i ? ", " : "", s.name[i]);
}

static long open_event(struct perf_event_attr *attr, int group)
{
	attr->size = sizeof(*attr);
	return syscall(SYS_perf_event_open, attr, 0, -1, group, 0);
}

int events_try(const struct perf_event_attr *attr)
{
	struct perf_event_attr a = *attr;
	long fd;

	a.disabled = 1;
	fd = open_event(&a, -1);
	if (fd < 0)
		return errno ? errno : EINVAL;
	close((int)fd);
	return 0;
}

const char *events_why(int e)
{
	switch (e) {
	case ENOENT:
	case EOPNOTSUPP:
		return "nothing counts it here (no PMU for it, as in most VMs)";
	case EACCES:
	case EPERM:
		return "not allowed (see /proc/sys/kernel/perf_event_paranoid)";
	case ENOSYS:
		return "no perf_event_open (an emulator, or a kernel without "
		       "perf events)";
	case EINVAL:
		return "the kernel refuses this encoding";
	case ENODEV:
		return "no such PMU here";
	default:
		return strerror(e);
	}
}

void events_close(void)
{
	size_t i;

	for (i = 0; i < nopen; i++)
		close(member_fd[i]);
	nopen = 0;
	events_fd = -1;
}

int events_open(const struct events *e, char *err, size_t errlen)
{
	size_t i;

	events_close();
	for (i = 0; i < e->n; i++) {
		struct perf_event_attr a = e->ev[i].attr;
		long fd;

		a.disabled = i == 0;	/* members follow the leader */
		a.read_format = PERF_FORMAT_GROUP |
				PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		a.inherit = 0;		/* not the load's workers */
		fd = open_event(&a, i ? member_fd[0] : -1);
		if (fd < 0) {
			int en = errno;
			snprintf(err, errlen, "%s: perf_event_open: %s: %s; "
				 "csumbench events lists what opens here",
				 e->ev[i].name, strerror(en), events_why(en));
			events_close();
			return -1;
		}
		member_fd[nopen++] = (int)fd;
	}
	if (nopen)
		events_fd = member_fd[0];
	return 0;
}

static void read_group(uint64_t *into)
{
	ssize_t want = (ssize_t)((3 + nopen) * sizeof(uint64_t));

	if (read(events_fd, into, sizeof(before)) != want)
		memset(into, 0, sizeof(before));
}

/* The leader alone: members, left enabled, count while it does.  (With
   PERF_IOC_FLAG_GROUP, the kernel here (6.18) left members off after the first
   disable: measured here, page faults stopped counting.) */
void events_enable(void)
{
	read_group(before);
	ioctl(events_fd, PERF_EVENT_IOC_ENABLE, 0);
}

void events_disable(void)
{
	ioctl(events_fd, PERF_EVENT_IOC_DISABLE, 0);
	read_group(after);
}

bool events_delta(const uint64_t *b, const uint64_t *a, size_t n,
		  struct events_count *c)
{
	uint64_t enabled = a[1] - b[1], running = a[2] - b[2];
	size_t i;

	for (i = 0; i < EVENTS_MAX; i++)
		c->value[i] = NAN;
	if (a[0] != n || b[0] != n || !running) {
		c->running = 0;
		return false;
	}
	/* Multiplexed: the group counted for running of enabled ns; the
	   counts are scaled up to the whole region, as perf stat does. */
	c->running = enabled > running ? (double)running / (double)enabled : 1;
	for (i = 0; i < n; i++)
		c->value[i] = (double)(a[3 + i] - b[3 + i]) / c->running;
	return true;
}

bool events_last(struct events_count *c)
{
	return events_delta(before, after, nopen, c);
}

#define OVERHEAD_TRIES 101

/* region.h's region_start and region_stop around nothing, written out
   here: region.h is built on events.h, and events.c including it made a
   circle. */
static void empty_region(const struct timer *t)
{
	uint64_t t0, t1;

	if (events_fd >= 0)
		events_enable();
	t0 = t->read();
	t1 = t->read();
	if (events_fd >= 0)
		events_disable();
	(void)t0;
	(void)t1;
}

int events_overhead(const struct timer *t, double *oh)
{
	double v[EVENTS_MAX][OVERHEAD_TRIES];
	struct events_count c;
	size_t i, n = 0, k;

	for (k = 0; k < OVERHEAD_TRIES; k++) {
		empty_region(t);
		if (!events_last(&c))
			continue;
		for (i = 0; i < nopen; i++)
			v[i][n] = c.value[i];
		n++;
	}
	if (!n)
		return -1;
	for (i = 0; i < nopen; i++)
		oh[i] = stats_median(v[i], n);
	return 0;
}
