/* Each call's duration, from the function-graph tracer: ftrace's entry
   and return hooks on the functions, whose records are read from
   trace_pipe while the trace runs.  Only functions ftrace can hook
   (compiled with an mcount/fentry call: C, not assembly) are timed.
   The durations are the tracer's clock (ns) and include its own
   entry and return work. */
#ifndef CSUMBENCH_TRACEFS_GRAPH_H
#define CSUMBENCH_TRACEFS_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracefs/tracefs.h"

#define GRAPH_FNS 4

struct graph_fn {
	const char *symbol;
	uint32_t *ns;		/* each call's duration read, in order */
	size_t n, cap;
};

struct graph {
	bool on;		/* the tracer is ours: graph_stop restores */
	char *old_filter;	/* set_ftrace_filter as it was */
	char old_tail, old_duration, old_tracing_on;
	int fd;			/* trace_pipe */
	char line[1024];	/* a line read in part */
	size_t have;
	struct graph_fn fn[GRAPH_FNS];
	size_t nfn;
	uint64_t kept_out;	/* durations beyond what is kept */
};

/* Sets the tracer on those of symbols ftrace can hook, not recording
   yet.  0 set; 1 not (why, in err, names the missing kernel option, the
   busy tracer or the functions it cannot hook); -1 an error (in err). */
int graph_start(const struct tracefs *t, struct graph *g, const char *const *symbols,
		size_t n, char *err, size_t errlen);
/* Starts recording.  0, or -1 with why in err. */
int graph_go(const struct tracefs *t, char *err, size_t errlen);
/* Reads what trace_pipe has, waiting at most ms for it. */
void graph_read(struct graph *g, int ms);
/* Stops recording, reads the rest, and puts the tracer, its filter and
   options back as they were. */
void graph_stop(const struct tracefs *t, struct graph *g);
void graph_free(struct graph *g);

#endif
