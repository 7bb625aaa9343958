/* How csumreport words the ops csumbench times (ops.c): as a file's
   "# op:" lines describe them, else a fallback for older files. */
#ifndef CSUMREPORT_OPS_H
#define CSUMREPORT_OPS_H

#include <stddef.h>

/* How an op's results read.  Unknown ops get a generic one (name NULL). */
struct op_info {
	const char *name;
	const char *about;	/* what it is and what its sizes count */
	const char *size_axis;	/* a figure's x axis */
	const char *size_title;	/* "... by <this>" */
	const char *size_word;	/* "1500 B <this>": buffers, copied, ... */
	int per_call;		/* a call, not a byte, is the unit of cost */
};

/* The ops one file's "# op:" lines describe, in the file's order, the
   first description of a name kept (struct results' ops, which
   results_free frees with ops_described_free); all zero is none. */
struct described_op;
struct ops_described {
	struct described_op **v;
	size_t n;
};

/* The op's description: d's (NULL: no file's), else the fallback of
   files written before "# op:" lines, else a generic one. */
const struct op_info *op_info(const struct ops_described *d, const char *op);
/* d's description of op alone; NULL if d has none. */
const struct op_info *op_described(const struct ops_described *d,
				   const char *op);
/* A "# op:" line's value, "NAME|cost=byte|size=...|axis=...|word=...|
   about=..." (docs/results-format.md), into d; 0, or -1 if malformed.
   A name d describes already keeps its first description. */
int op_describe(struct ops_described *d, const char *v);
void ops_described_free(struct ops_described *d);

#endif
