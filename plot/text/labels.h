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
	int legend;		/* shortened: the name whole in the legend */
};

struct labels {
	struct label *v;	/* by name, for lookups */
	size_t n;
	const char *what;	/* "kernel": what the names are, for captions */
	const char *prefix;	/* a name whose first cut bytes all share */
	size_t cut;
	int legend;		/* some are shortened: their names in a legend */
};

/* Labels of at most width columns (where a number can do) for names[0..n)
   (repeats allowed). */
void labels_make(struct labels *l, const char *const *names, size_t n,
		 size_t width, const char *what);
/* The label of a name given to labels_make (the name itself otherwise). */
const char *labels_get(const struct labels *l, const char *name);
/* The name whole but for the prefix the caption says: for free text,
   which wraps rather than cuts. */
const char *labels_whole(const struct labels *l, const char *name);
size_t labels_width(const struct labels *l);
/* The longest end of s starting just after a '/', ':', '-' or '@' that
   fits width with "..." before it; NULL if none does. */
const char *labels_end(const char *s, size_t width);
/* The caption lines a shortened list needs: the shared prefix, the
   legend of the labels that are not whole; nothing when all are. */
void labels_caption(const struct labels *l);
void labels_free(struct labels *l);

#endif
