/* Minimal checks for the C test programs: every CHECK counts, a failure
   prints where and why, and check_done() prints "suite: N passed, M failed". */
#ifndef CSUMBENCH_CHECK_H
#define CSUMBENCH_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                     \
	do {                                                                 \
		if (cond) {                                                  \
			check_passed++;                                      \
		} else {                                                     \
			check_failed++;                                      \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);          \
			printf(__VA_ARGS__);                                 \
			printf("\n");                                        \
		}                                                            \
	} while (0)

static inline int check_done(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
