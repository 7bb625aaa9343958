/* Kernel names as tables and comparisons show them: whole when they fit,
   else without the prefix every name shares (said once in a caption), and
   never cut so that two names look alike. */
#ifndef CSUMREPORT_LABELS_H
#define CSUMREPORT_LABELS_H

#include <stddef.h>

struct label {
	const char *name;
	char *text;
	size_t pos;		/* first place in the caller's list */
};

struct labels {
	struct label *v;	/* by name, for lookups */
	size_t n;
	const char *what;	/* "kernel": what the names are, for captions */
	const char *prefix;	/* a name whose first cut bytes all share */
	size_t cut;
	int numbered;		/* #1, #2, ...: the names are in a legend */
};

/* Labels of at most width columns (where a number can do) for names[0..n)
   (repeats allowed). */
void labels_make(struct labels *l, const char *const *names, size_t n,
		 size_t width, const char *what);
/* The label of a name given to labels_make (the name itself otherwise). */
const char *labels_get(const struct labels *l, const char *name);
size_t labels_width(const struct labels *l);
/* The caption lines a shortened list needs: the shared prefix, the
   legend of numbered ones; nothing when the names are whole. */
void labels_caption(const struct labels *l);
void labels_free(struct labels *l);

#endif
