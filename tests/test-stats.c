/* Statistics on values worked out by hand. */
#include <math.h>

#include "check.h"
#include "lib/stats.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

int main(void)
{
	const double odd[] = { 5, 1, 4, 2, 3 };
	const double even[] = { 10, 2, 8, 4 };
	const double one[] = { 7 };
	/* 1..9 and an outlier: quartiles 3.25 and 7.75 (type 7), IQR 4.5,
	   fences -3.5 and 14.5: only 100 is outside. */
	const double tail[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 100 };
	struct summary s = stats_summarise(odd, 5);

	CHECK(NEAR(s.min, 1) && NEAR(s.max, 5), "min/max %g/%g", s.min, s.max);
	CHECK(NEAR(s.median, 3), "median of odd count: %g, expected 3", s.median);
	CHECK(NEAR(s.mean, 3), "mean %g, expected 3", s.mean);
	/* sum of squares 10 over n-1 = 4: sqrt(2.5) */
	CHECK(NEAR(s.stddev, sqrt(2.5)), "stddev %g, expected sqrt(2.5)", s.stddev);
	CHECK(NEAR(s.iqr, 2) && s.outliers == 0, "1..5: IQR %g (expected 2), "
	      "%u outliers (expected 0)", s.iqr, s.outliers);
	CHECK(odd[0] == 5 && odd[4] == 3, "summarise must not reorder its input");
	CHECK(NEAR(stats_median(even, 4), 6), "median of even count: %g, expected 6",
	      stats_median(even, 4));
	CHECK(NEAR(stats_quantile(even, 4, 0.25), 3.5) &&
	      NEAR(stats_quantile(even, 4, 1), 10),
	      "quantiles of 2 4 8 10: %g at 0.25 (expected 3.5), %g at 1",
	      stats_quantile(even, 4, 0.25), stats_quantile(even, 4, 1));
	s = stats_summarise(tail, 10);
	CHECK(NEAR(s.iqr, 4.5) && s.outliers == 1, "1..9 and 100: IQR %g "
	      "(expected 4.5), %u outliers (expected 1)", s.iqr, s.outliers);
	CHECK(NEAR(s.mean, 14.5) && NEAR(s.max, 100), "the outlier stays in the "
	      "mean (%g) and the max", s.mean);
	s = stats_summarise(one, 1);
	CHECK(NEAR(s.median, 7) && NEAR(s.stddev, 0) && NEAR(s.iqr, 0),
	      "single sample: median %g stddev %g", s.median, s.stddev);
	s = stats_summarise(one, 0);
	CHECK(NEAR(s.median, 0) && NEAR(s.max, 0), "no samples gives zeros");
	return check_done("stats");
}
