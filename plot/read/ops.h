/* How csumreport words the ops csumbench times (ops.c): as the files'
   "# op:" lines describe them, else a fallback for older files. */
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

/* The op's description: the first file's "# op:" line that named it,
   else the fallback of files written before those lines. */
const struct op_info *op_info(const char *op);
/* A "# op:" line's value, "NAME|cost=byte|size=...|axis=...|word=...|
   about=..." (docs/results-format.md); 0, or -1 if malformed.  A name
   described already keeps its first description. */
int op_describe(const char *v);

#endif
