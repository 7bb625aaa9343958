/* Config values: numbers with K/M/G suffixes (powers of 1024), lists
   separated by commas or spaces, ranges "A..B/STEP" (add) and
   "A..B*FACTOR" (multiply), word lists (range.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/range.h"
#include "lib/xalloc.h"

static int list_push(struct list *l, int64_t x, char *err, size_t errlen)
{
	if (l->n == LIST_MAX) {
		snprintf(err, errlen, "more than %d values in one list", LIST_MAX);
		return -1;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v), "a config list");
	}
	l->v[l->n++] = x;
	return 0;
}

int range_num(const char *s, int64_t *out, char *err, size_t errlen)
{
	const char *p = s;
	uint64_t v = 0, mul = 1;
	int base = 10, digits = 0;

	if (*p == '-' && isdigit((unsigned char)p[1])) {
		snprintf(err, errlen, "negative number '%s'", s);
		return -1;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (; *p; p++, digits++) {
		int d;
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (v > NUM_MAX) {
			snprintf(err, errlen, "number '%s' is too large", s);
			return -1;
		}
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (digits && *p && !p[1]) {
		switch (*p) {
		case 'k': case 'K': mul = 1u << 10; p++; break;
		case 'm': case 'M': mul = 1u << 20; p++; break;
		case 'g': case 'G': mul = 1u << 30; p++; break;
		}
	}
	if (!digits || *p) {
		snprintf(err, errlen, "malformed number '%s', expected digits with "
			 "an optional K, M or G suffix", s);
		return -1;
	}
	if (v > NUM_MAX / mul) {
		snprintf(err, errlen, "number '%s' is too large", s);
		return -1;
	}
	*out = (int64_t)(v * mul);
	return 0;
}

/* One list item: a number, or a range expanded into l. */
static int parse_item(const char *tok, struct list *l, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *dots, *step;
	int64_t a, b, s;
	int mul;

	dots = strstr(tok, "..");
	if (!dots) {
		if (range_num(tok, &a, err, errlen))
			return -1;
		return list_push(l, a, err, errlen);
	}
	snprintf(buf, sizeof(buf), "%s", tok);
	dots = buf + (dots - tok);
	*dots = '\0';
	step = strpbrk(dots + 2, "/*");
	if (!step) {
		snprintf(err, errlen, "range '%s' has no step, expected A..B/STEP "
			 "or A..B*FACTOR", tok);
		return -1;
	}
	mul = *step == '*';
	*step = '\0';
	if (range_num(buf, &a, err, errlen) || range_num(dots + 2, &b, err, errlen) ||
	    range_num(step + 1, &s, err, errlen))
		return -1;
	if (a > b) {
		snprintf(err, errlen, "range '%s' runs backwards, expected A <= B", tok);
		return -1;
	}
	if (!mul && s == 0) {
		snprintf(err, errlen, "range '%s' has step 0, expected a step >= 1", tok);
		return -1;
	}
	if (mul && (s < 2 || a == 0)) {
		snprintf(err, errlen, "range '%s' never grows, expected A >= 1 and "
			 "a factor >= 2", tok);
		return -1;
	}
	for (;;) {
		if (list_push(l, a, err, errlen))
			return -1;
		if (mul ? a > b / s : a > b - s)
			break;	/* the next value would pass B */
		a = mul ? a * s : a + s;
	}
	return 0;
}

int range_list(const char *value, struct list *l,
	       int (*word)(const char *, struct list *),
	       char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *p = buf, *tok;

	snprintf(buf, sizeof(buf), "%s", value);
	for (;;) {
		size_t n;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		n = strcspn(p, ", \t");
		tok = p;
		p += n;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == ',') {
			p++;
			while (isspace((unsigned char)*p))
				p++;
			if (*p == ',' || !*p) {
				snprintf(err, errlen, "empty item in list '%s'", value);
				return -1;
			}
		}
		tok[n] = '\0';
		if (n == 0) {
			snprintf(err, errlen, "empty item in list '%s'", value);
			return -1;
		}
		if (word && word(tok, l))
			continue;
		if (parse_item(tok, l, err, errlen))
			return -1;
	}
	return 0;
}

int range_gap(const char *value, char *err, size_t errlen)
{
	const char *p = value;
	int item = 0;	/* a word since the last comma */

	for (; *p; p++) {
		if (*p == ',') {
			if (!item)
				break;
			item = 0;
		} else if (!isspace((unsigned char)*p)) {
			item = 1;
		}
	}
	if (*p || !item) {
		snprintf(err, errlen, "empty item in list '%s'", value);
		return -1;
	}
	return 0;
}

int range_none(const char *w, struct list *l)
{
	char err[8];

	if (strcmp(w, "none") != 0)
		return 0;
	list_push(l, PREFETCH_NONE, err, sizeof(err));
	return 1;
}

int range_bounded(struct list *l, int64_t lo, int64_t hi, const char *what,
		  const char *expect, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i] != PREFETCH_NONE && (l->v[i] < lo || l->v[i] > hi)) {
			snprintf(err, errlen, "%s %lld out of range, expected %s",
				 what, (long long)l->v[i], expect);
			return -1;
		}
	return 0;
}

static int cmp_item(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;

	/* by value, then by position: the first of equal values leads */
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

void range_unique(struct list *l)
{
	int64_t (*v)[2] = xcalloc(l->n, sizeof(*v), "a config list");
	bool *dup = xcalloc(l->n + 1, sizeof(*dup), "a config list");
	size_t i, n;

	for (i = 0; i < l->n; i++) {
		v[i][0] = l->v[i];
		v[i][1] = (int64_t)i;
	}
	qsort(v, l->n, sizeof(*v), cmp_item);
	for (i = 1; i < l->n; i++)
		if (v[i][0] == v[i - 1][0])
			dup[v[i][1]] = true;
	for (i = 0, n = 0; i < l->n; i++)
		if (!dup[i])
			l->v[n++] = l->v[i];
	l->n = n;
	free(v);
	free(dup);
}

int range_u32(uint32_t **dst, size_t *n, struct list *l)
{
	size_t i;

	range_unique(l);

	free(*dst);
	*dst = xcalloc(l->n, sizeof(**dst), "a config list");
	for (i = 0; i < l->n; i++)
		(*dst)[i] = (uint32_t)l->v[i];
	*n = l->n;
	return 0;
}

int range_none_or_numbers(const char *v, const char *what, int64_t max,
			  const char *range, int32_t **dst, size_t *n,
			  char *err, size_t errlen)
{
	struct list l = { 0 };
	size_t i;
	int r = range_list(v, &l, range_none, err, errlen);

	if (r && strstr(err, "negative"))
		snprintf(err, errlen, "negative %s in '%s', expected %s", what, v,
			 range);
	r = r || range_bounded(&l, 0, max, what, range, err, errlen);
	if (!r) {
		range_unique(&l);
		free(*dst);
		*dst = xcalloc(l.n, sizeof(**dst), "a config list");
		for (i = 0; i < l.n; i++)
			(*dst)[i] = (int32_t)l.v[i];
		*n = l.n;
	}
	free(l.v);
	return r ? -1 : 0;
}

int range_whole(const char *v, int64_t lo, int64_t hi, int64_t *n,
		char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!range_num(v, n, err, errlen) && *n >= lo && *n <= hi)
		return 0;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

int range_count(const char *v, const char *what, int64_t max, unsigned *out,
		char *err, size_t errlen)
{
	int64_t n;

	if (range_num(v, &n, err, errlen)) {
		if (strstr(err, "negative"))
			snprintf(err, errlen, "negative %s '%s', expected 1 to %lld",
				 what, v, (long long)max);
		return -1;
	}
	if (n < 1 || n > max) {
		snprintf(err, errlen, "%s %lld out of range, expected 1 to %lld",
			 what, (long long)n, (long long)max);
		return -1;
	}
	*out = (unsigned)n;
	return 0;
}

int range_auto_or_real(const char *v, double lo, double hi, double *out)
{
	char *end;
	double x;

	if (strcmp(v, "auto") == 0) {
		*out = 0;
		return 0;
	}
	errno = 0;
	x = strtod(v, &end);
	if (end == v || *end || errno || !(x >= lo && x <= hi))
		return -1;
	*out = x;
	return 0;
}

int range_words(const char *v, const char *const *names, size_t nnames,
		const char *what, int *out, size_t *nout, char *err,
		size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i, m;
	bool seen[8] = { false };

	if (range_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		for (i = 0; i < nnames && strcmp(tok, names[i]); i++)
			;
		if (i == nnames) {
			m = (size_t)snprintf(err, errlen, "unknown %s '%s', expected",
					     what, tok);
			for (i = 0; i < nnames && m < errlen; i++)
				m += (size_t)snprintf(err + m, errlen - m, "%s %s",
						      i ? (i + 1 == nnames ? " and/or" : ",") : "",
						      names[i]);
			return -1;
		}
		if (!seen[i]) {
			seen[i] = true;
			out[n++] = (int)i;
		}
	}
	*nout = n;
	return 0;
}
