/* What csumreport knows of the ops csumbench times and of its timers
   (ops.c). */
#ifndef CSUMREPORT_OPS_H
#define CSUMREPORT_OPS_H

/* How an op's results read.  Unknown ops get a generic one (name NULL). */
struct op_info {
	const char *name;
	const char *about;	/* what it is and what its sizes count */
	const char *size_axis;	/* a figure's x axis */
	const char *size_title;	/* "... by <this>" */
	const char *size_word;	/* "1500 B <this>": buffers, copied, ... */
	int per_call;		/* a call, not a byte, is the unit of cost */
};

const struct op_info *op_info(const char *op);
/* Whether a timer (as "# timer:" names it) is a fixed-rate timebase or
   TSC, not a cycle or nanosecond counter. */
int timer_is_timebase(const char *timer);

#endif
