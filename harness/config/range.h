/* The value grammar of config keys: numbers with K/M/G, lists with
   commas or spaces, ranges A..B/STEP and A..B*FACTOR, word lists.
   For the key setters (keys.c); err always says what was expected. */
#ifndef CSUMBENCH_CONFIG_RANGE_H
#define CSUMBENCH_CONFIG_RANGE_H

#include <stddef.h>
#include <stdint.h>

/* The longest line a config holds, and so the longest value. */
#define CONFIG_LINE_MAX 1024
/* "none" in a list of numbers (prefetch distances, code offsets). */
#define PREFETCH_NONE (-1)
#define LIST_MAX 100000
/* Larger than any setting takes, small enough that ranges cannot overflow. */
#define NUM_MAX (UINT64_C(1) << 40)

struct list {
	int64_t *v;
	size_t n, cap;
};

/* A whole number with an optional K/M/G suffix; negative numbers are
   reported as such so the message can say so. */
int range_num(const char *s, int64_t *out, char *err, size_t errlen);

/* A list of words (kernels, cache states): reports an empty item, as in
   "warm,,cold" or "c64,", which strtok would pass over silently. */
int range_gap(const char *value, char *err, size_t errlen);

/* Splits value on commas and white space.  Words (none, all, warm...) are
   handed to word(), which returns 1 if it took the word, 0 if not. */
int range_list(const char *value, struct list *l,
	       int (*word)(const char *, struct list *),
	       char *err, size_t errlen);

/* The word function for lists that take "none" (PREFETCH_NONE). */
int range_none(const char *w, struct list *l);

/* Every item from lo to hi, else what and expect word the message. */
int range_bounded(struct list *l, int64_t lo, int64_t hi, const char *what,
		  const char *expect, char *err, size_t errlen);

/* A value listed twice (64, 64; or ranges that overlap) is one point,
   measured once: duplicates would be timed twice and pooled into one
   row by tools that read the results.  First occurrences keep their
   order; sorting makes this n log n for lists of 100000. */
void range_unique(struct list *l);

/* The list into a new uint32_t array (*dst freed first). */
int range_u32(uint32_t **dst, size_t *n, struct list *l);

/* A list of "none" (-1) and numbers from 0 to max, for prefetch
   distances and code offsets; what and range word the messages. */
int range_none_or_numbers(const char *v, const char *what, int64_t max,
			  const char *range, int32_t **dst, size_t *n,
			  char *err, size_t errlen);

/* v, a whole number from lo to hi, into *n; else -1 with fmt and the
   arguments after it (the key's own words, v among them) in err. */
int range_whole(const char *v, int64_t lo, int64_t hi, int64_t *n,
		char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* A count from 1 to max, for samples and repeat. */
int range_count(const char *v, const char *what, int64_t max, unsigned *out,
		char *err, size_t errlen);

/* "auto" (0), or a number in [lo, hi]: 0, or -1 if it is neither. */
int range_auto_or_real(const char *v, double lo, double hi, double *out);

/* A list of words from names[n], each kept once in order of appearance. */
int range_words(const char *v, const char *const *names, size_t nnames,
		const char *what, int *out, size_t *nout, char *err,
		size_t errlen);

#endif
