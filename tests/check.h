/* Minimal checks for the C test programs, their results as TAP (what
   kselftest prints): "ok N - where" or "not ok N - where" with why on a
   "# " line, the plan "1..N" and "suite: N passed, M failed" (the line
   tests/run.sh adds up) from check_done().  A passing check's message is
   not formatted: its arguments may only make sense when it fails. */
#ifndef CSUMBENCH_CHECK_H
#define CSUMBENCH_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

static inline void check_count(int passed, const char *func, const char *file,
			       int line)
{
	if (check_passed + check_failed == 0)
		printf("TAP version 13\n");
	if (passed)
		check_passed++;
	else
		check_failed++;
	printf("%sok %d - %s (%s:%d)\n", passed ? "" : "not ",
	       check_passed + check_failed, func, file, line);
}

#define CHECK(cond, ...)                                                     \
	do {                                                                 \
		if (cond) {                                                  \
			check_count(1, __func__, __FILE__, __LINE__);        \
		} else {                                                     \
			check_count(0, __func__, __FILE__, __LINE__);        \
			printf("# ");                                        \
			printf(__VA_ARGS__);                                 \
			printf("\n");                                        \
		}                                                            \
	} while (0)

static inline int check_done(const char *suite)
{
	if (check_passed + check_failed == 0)
		printf("TAP version 13\n");
	printf("1..%d\n", check_passed + check_failed);
	printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
