/* The function-graph tracer (Documentation/trace/ftrace.rst), confined
   to the probed functions by set_ftrace_filter.  A call with nothing
   traced inside it is one line, "DURATION us | name();"; one that an
   interrupt's traced calls nest in ends in "DURATION us | } /- name -/"
   (funcgraph-tail).  Recording (tracing_on) is off until graph_go, so
   that the durations are the interval's; changing current_tracer
   clears the ring buffer, so recording stops first and the rest is
   read before. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/xalloc.h"
#include "tracefs/graph.h"

/* Durations kept per function: 64 MiB of them at most. */
#define KEEP_MAX (16u << 20)

static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = text; p && (p = strstr(p, word)); p += n)
		if ((p == text || strchr(" \t\n", p[-1])) && strchr(" \t\n[", p[n]))
			return true;
	return false;
}

/* An option file's value, '0' or '1' (or 0 when it is not there). */
static char option(const struct tracefs *t, const char *name)
{
	char *file = xasprintf("a tracefs path", "options/%s", name);
	char *v = tracefs_read(t, file), c = v ? v[0] : 0;

	free(v);
	free(file);
	return c == '0' || c == '1' ? c : 0;
}

static int set_option(const struct tracefs *t, const char *name, char v,
		      char *err, size_t n)
{
	char *file = xasprintf("a tracefs path", "options/%s", name);
	char text[3] = { v, '\n', 0 };
	int rc = tracefs_write(t, file, text, false, err, n);

	free(file);
	return rc;
}

int graph_start(const struct tracefs *t, struct graph *g, const char *const *symbols,
		size_t n, char *err, size_t errlen)
{
	char *tracers, *current, *funcs, *cmd;
	size_t i, skipped = 0;
	char skip[256] = "";

	memset(g, 0, sizeof(*g));
	g->fd = -1;
	tracers = tracefs_read(t, "available_tracers");
	if (!tracers || !has_word(tracers, "function_graph")) {
		free(tracers);
		snprintf(err, errlen, "no function-graph tracer (the kernel needs "
			 "CONFIG_FUNCTION_GRAPH_TRACER)");
		return 1;
	}
	free(tracers);
	current = tracefs_read(t, "current_tracer");
	if (!current || strncmp(current, "nop", 3)) {
		snprintf(err, errlen, "the tracer is in use (current_tracer: %.*s), "
			 "and is left alone", current ? (int)strcspn(current, "\n") : 1,
			 current ? current : "?");
		free(current);
		return 1;
	}
	free(current);
	funcs = tracefs_read(t, "available_filter_functions");
	for (i = 0; i < n && g->nfn < GRAPH_FNS; i++) {
		if (funcs && has_word(funcs, symbols[i]))
			g->fn[g->nfn++].symbol = symbols[i];
		else {
			skipped++;
			snprintf(skip + strlen(skip), sizeof(skip) - strlen(skip),
				 "%s%s", *skip ? ", " : "", symbols[i]);
		}
	}
	free(funcs);
	if (!g->nfn) {
		snprintf(err, errlen, "ftrace cannot hook %s (not in "
			 "available_filter_functions: assembly, without the "
			 "compiler's mcount/fentry call)", skip);
		return 1;
	}
	if (skipped)
		fprintf(stderr, "csumbench trace: no durations for %s: ftrace cannot "
			"hook it (assembly, without the compiler's mcount/fentry "
			"call)\n", skip);

	g->old_filter = tracefs_read(t, "set_ftrace_filter");
	g->old_tail = option(t, "funcgraph-tail");
	g->old_duration = option(t, "funcgraph-duration");
	g->old_tracing_on = 0;
	current = tracefs_read(t, "tracing_on");
	if (current)
		g->old_tracing_on = current[0];
	free(current);
	g->on = true;	/* from here graph_stop puts things back */
	if (tracefs_write(t, "set_ftrace_filter", "", false, err, errlen))
		return -1;
	for (i = 0; i < g->nfn; i++) {
		cmd = xasprintf("a filter", "%s\n", g->fn[i].symbol);
		if (tracefs_write(t, "set_ftrace_filter", cmd, true, err, errlen)) {
			free(cmd);
			return -1;
		}
		free(cmd);
	}
	if ((g->old_tail && set_option(t, "funcgraph-tail", '1', err, errlen)) ||
	    (g->old_duration && set_option(t, "funcgraph-duration", '1', err, errlen)) ||
	    tracefs_write(t, "tracing_on", "0\n", false, err, errlen) ||
	    tracefs_write(t, "current_tracer", "function_graph\n", false, err, errlen))
		return -1;
	cmd = tracefs_path(t, "trace_pipe");
	g->fd = open(cmd, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (g->fd < 0) {
		snprintf(err, errlen, "%s: %s", cmd, strerror(errno));
		free(cmd);
		return -1;
	}
	free(cmd);
	return 0;
}

int graph_go(const struct tracefs *t, char *err, size_t errlen)
{
	return tracefs_write(t, "tracing_on", "1\n", false, err, errlen);
}

static void keep(struct graph *g, const char *name, size_t len, double us)
{
	struct graph_fn *f = NULL;
	size_t i;

	for (i = 0; i < g->nfn && !f; i++)
		if (strlen(g->fn[i].symbol) == len && !strncmp(g->fn[i].symbol, name, len))
			f = &g->fn[i];
	if (!f || us < 0)
		return;
	if (f->n == KEEP_MAX) {
		g->kept_out++;
		return;
	}
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 4096;
		f->ns = xreallocarray(f->ns, f->cap, sizeof(*f->ns), "the durations");
	}
	f->ns[f->n++] = us * 1000.0 + 0.5 > 4e9 ? 4000000000u : (uint32_t)(us * 1000.0 + 0.5);
}

/* " 0)   0.927 us    |  csum_partial();" or "... |  } /-* csum_partial *-/" */
static void parse(struct graph *g, char *line)
{
	char *bar = strchr(line, '|'), *us, *num, *name, *end;
	double d;

	if (!bar)
		return;
	*bar = '\0';
	us = strstr(line, " us");
	if (!us)
		return;
	num = us;
	while (num > line && (num[-1] == '.' || (num[-1] >= '0' && num[-1] <= '9')))
		num--;
	d = strtod(num, &end);
	if (end == num)
		return;
	name = bar + 1;
	name += strspn(name, " ");
	if (!strncmp(name, "} /* ", 5)) {
		name += 5;
		keep(g, name, strcspn(name, " "), d);
	} else if ((end = strstr(name, "();")) != NULL) {
		keep(g, name, (size_t)(end - name), d);
	}
}

void graph_read(struct graph *g, int ms)
{
	struct pollfd pfd = { .fd = g->fd, .events = POLLIN };
	char buf[16384];
	ssize_t r;
	size_t i;

	if (g->fd < 0)
		return;
	if (ms > 0 && poll(&pfd, 1, ms) <= 0)
		return;
	while ((r = read(g->fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < (size_t)r; i++) {
			if (buf[i] != '\n') {
				if (g->have < sizeof(g->line) - 1)
					g->line[g->have++] = buf[i];
				continue;
			}
			g->line[g->have] = '\0';
			parse(g, g->line);
			g->have = 0;
		}
		if (ms > 0)
			break;	/* back to the caller's clock */
	}
}

void graph_stop(const struct tracefs *t, struct graph *g)
{
	char err[1024], *line, *save;
	char on[3] = { g->old_tracing_on ? g->old_tracing_on : '1', '\n', 0 };
	int bad = 0;

	if (!g->on)
		return;
	g->on = false;
	bad |= tracefs_write(t, "tracing_on", "0\n", false, err, sizeof(err));
	graph_read(g, 0);
	if (g->fd >= 0)
		close(g->fd);
	g->fd = -1;
	if (tracefs_write(t, "current_tracer", "nop\n", false, err, sizeof(err))) {
		fprintf(stderr, "csumbench trace: %s\n", err);
		bad = 1;
	}
	/* "#### all functions enabled ####" reads back as no filter */
	bad |= tracefs_write(t, "set_ftrace_filter", "", false, err, sizeof(err));
	for (line = g->old_filter && g->old_filter[0] != '#' ?
		    strtok_r(g->old_filter, "\n", &save) : NULL;
	     line; line = strtok_r(NULL, "\n", &save)) {
		char *cmd;

		line[strcspn(line, " ")] = '\0';	/* "func [module]" reads back so */
		cmd = xasprintf("a filter", "%s\n", line);
		bad |= tracefs_write(t, "set_ftrace_filter", cmd, true, err, sizeof(err));
		free(cmd);
	}
	if (g->old_tail)
		bad |= set_option(t, "funcgraph-tail", g->old_tail, err, sizeof(err));
	if (g->old_duration)
		bad |= set_option(t, "funcgraph-duration", g->old_duration, err, sizeof(err));
	bad |= tracefs_write(t, "tracing_on", on, false, err, sizeof(err));
	if (bad)
		fprintf(stderr, "csumbench trace: could not put the tracer's settings "
			"back as they were: %s\n", err);
}

void graph_free(struct graph *g)
{
	size_t i;

	for (i = 0; i < g->nfn; i++)
		free(g->fn[i].ns);
	free(g->old_filter);
	g->old_filter = NULL;
	g->nfn = 0;
}
