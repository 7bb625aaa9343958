/* The panels of the workload figures, written for load.gp and rx.gp
   beside this file (workfig.c). */
#ifndef CSUMREPORT_WORKFIG_H
#define CSUMREPORT_WORKFIG_H

#include <stddef.h>

#include "read/results.h"

/* The panels of the workload figures (workfig.c): PREFIX-1.csv...,
   each a row per kernel, its first column k the kernel's index (from 1)
   in results_kernels(r, 1, ...); their titles; for the rx figure, the
   policies the run has (none when fewer than two: no figure).  0, or -1
   after a message. */
#define PANELS_MAX 12
#define POLICIES_MAX 10	/* none, current, next or next:N (up to 8) */
struct panels {
	size_t n;
	char title[PANELS_MAX][64];
	const char *policy[POLICIES_MAX];
	char policy_name[POLICIES_MAX][24];
	size_t npolicies;
};
int write_load_panels(const struct results *r, const char *prefix,
		      struct panels *p);
int write_rx_panels(const struct results *r, const char *prefix,
		    struct panels *p);

#endif
