/* Mann-Whitney U test: do two sets of samples come from one distribution? */
#ifndef CSUMREPORT_MANNWHITNEY_H
#define CSUMREPORT_MANNWHITNEY_H

#include <stddef.h>

/* Two-sided p-value, normal approximation with tie and continuity
   corrections (good from about 5 samples a side); 1 when every value is
   the same; -1 when a side has fewer than 2 samples. */
double mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

#endif
