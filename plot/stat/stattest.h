/* The significance tests behind csumreport compare. */
#ifndef CSUMREPORT_STATTEST_H
#define CSUMREPORT_STATTEST_H

#include <stddef.h>

/* The test a change is judged by: the rounds paired (one run per side,
   samples of the same rounds), Welch's t on repeats, or none (too few). */
enum test { TEST_PAIRED, TEST_REPEATS, TEST_NONE };

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

/* A change and its interval, in the unit of the values. */
struct estimate {
	double est, lo, hi;
};

/* The Hodges-Lehmann estimate of paired differences d (the median of
   their Walsh averages) and its distribution-free interval at conf (0.95)
   from the signed-rank statistic (Hollander and Wolfe, ch. 3).  -1 and
   NANs under 2 differences. */
int hodges_lehmann(const double *d, size_t n, double conf, struct estimate *e);
/* Of two rows of one run timed in rounds: a - b per round. */
int rounds_paired_interval(const struct row *a, const struct row *b,
			   double conf, struct estimate *e);
/* The difference of means a - b and Welch's t interval at conf; -1 and
   NANs when a side has fewer than 2 values. */
int welch_interval(const double *a, size_t na, const double *b, size_t nb,
		   double conf, struct estimate *e);

/* Control of a family of tests: Holm's step-down (the family-wise error
   rate) or Benjamini-Hochberg's step-up (the false discovery rate). */
enum family { FAMILY_HOLM, FAMILY_BH, FAMILY_NONE };
/* p adjusted by rule into adj; a p below 0 (no test) stays as it is and
   is not counted in the family. */
void family_adjust(enum family rule, const double *p, size_t n, double *adj);
const char *family_name(enum family rule);
/* The confidence of each test's interval, adjusted as its p is (adj, by
   rule) so that the interval leaves out 0 where adj is under alpha:
   Holm, the k-th smallest p's at its step's level, 1 - alpha/(m-k+1),
   and every p the step-down did not reject at the level of the first
   such step; Benjamini-Hochberg, all at 1 - R alpha/m (R rejected, at
   least 1: Benjamini and Yekutieli's intervals); none, and a p below 0,
   at 1 - alpha. */
void family_levels(enum family rule, const double *p, const double *adj,
		   size_t n, double alpha, double *conf);

#endif
