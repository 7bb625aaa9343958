/* Statistics on values worked out by hand. */
#include <math.h>

#include "check.h"
#include "stats.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

int main(void)
{
	const double odd[] = { 5, 1, 4, 2, 3 };
	const double even[] = { 10, 2, 8, 4 };
	const double one[] = { 7 };
	struct summary s = stats_summarise(odd, 5);

	CHECK(NEAR(s.min, 1) && NEAR(s.max, 5), "min/max %g/%g", s.min, s.max);
	CHECK(NEAR(s.median, 3), "median of odd count: %g, expected 3", s.median);
	CHECK(NEAR(s.mean, 3), "mean %g, expected 3", s.mean);
	/* sum of squares 10 over n-1 = 4: sqrt(2.5) */
	CHECK(NEAR(s.stddev, sqrt(2.5)), "stddev %g, expected sqrt(2.5)", s.stddev);
	CHECK(odd[0] == 5 && odd[4] == 3, "summarise must not reorder its input");
	CHECK(NEAR(stats_median(even, 4), 6), "median of even count: %g, expected 6",
	      stats_median(even, 4));
	s = stats_summarise(one, 1);
	CHECK(NEAR(s.median, 7) && NEAR(s.stddev, 0), "single sample: median %g "
	      "stddev %g", s.median, s.stddev);
	s = stats_summarise(one, 0);
	CHECK(NEAR(s.median, 0) && NEAR(s.max, 0), "no samples gives zeros");
	return check_done("stats");
}
