/* The running kernel's checksum routines csumbench trace probes, and the
   register each takes its length in: the port's ABI, as a kprobe event
   fetches it (harness/arch/<arch>/kprobe.c). */
#ifndef CSUMBENCH_TRACEFS_TARGETS_H
#define CSUMBENCH_TRACEFS_TARGETS_H

struct trace_target {
	const char *family;	/* "csum" or "copy" */
	int alt;		/* a family's alternatives, in order: the
				   first whose functions all take a probe is
				   used (a kernel built with
				   CONFIG_FUNCTION_TRACER but not
				   CONFIG_KPROBE_EVENTS_ON_NOTRACE refuses
				   kprobe events on assembly; their C
				   callers are the next alternative) */
	const char *symbol;	/* the out-of-line function, as kallsyms
				   names it */
	const char *len_reg;	/* its length argument: "%r4", "%si" */
};

/* A family's entries together, alternatives in order; ends with a NULL
   family. */
extern const struct trace_target trace_targets[];

#endif
