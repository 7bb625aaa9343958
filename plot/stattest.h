/* The significance tests behind csumreport compare. */
#ifndef CSUMREPORT_STATTEST_H
#define CSUMREPORT_STATTEST_H

#include <stddef.h>

/* Wilcoxon signed-rank test on paired differences d (zeros dropped, tied
   magnitudes given mid-ranks): two-sided p from the normal approximation
   with tie and continuity corrections, sound from about 10 pairs.  1 when
   every difference is 0; -1 when fewer than 2 pairs. */
double wilcoxon_signed_rank_p(const double *d, size_t n);

/* Welch's t-test on two sets of values (unequal variances, Welch-
   Satterthwaite degrees of freedom): two-sided p.  -1 when a side has
   fewer than 2 values. */
double welch_t_p(const double *a, size_t na, const double *b, size_t nb);

/* Two-sided p of Student's t with df degrees of freedom: P(|T| >= t). */
double student_t_p(double t, double df);

/* Two rows of one run timed in rounds (their -samples.csv read): the
   Wilcoxon p of their per-round differences a - b; -1 under 2 pairs. */
struct row;
double rounds_paired_p(const struct row *a, const struct row *b);

#endif
