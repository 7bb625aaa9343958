/* Text no wider than TABLE_WIDTH columns, as a commit message wants it:
   lines are broken at spaces where they can be (never between a number
   and its unit) and inside a word (a long path) only where they must, after a '/' or ':' if it can; what follows
   a break is indented. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "text/wrap.h"

/* A space between a number and its unit ("64 B", "16 KiB"), where no
   line should break. */
static int binds(const char *s, size_t k, size_t len)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB" };
	size_t i, n;

	if (k == 0 || !isdigit((unsigned char)s[k - 1]))
		return 0;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		n = strlen(units[i]);
		if (k + 1 + n <= len && !strncmp(s + k + 1, units[i], n) &&
		    (k + 1 + n == len || !isalnum((unsigned char)s[k + 1 + n])))
			return 1;
	}
	return 0;
}

static void wrap_line(FILE *f, const char *s, size_t len, const char *indent)
{
	size_t width = TABLE_WIDTH, ind = strlen(indent);
	int first = 1;

	if (ind > TABLE_WIDTH / 2)
		ind = TABLE_WIDTH / 2;
	for (;;) {
		size_t k;

		if (!first) {
			width = TABLE_WIDTH - ind;
			fprintf(f, "%.*s", (int)ind, indent);
		}
		first = 0;
		if (len <= width) {
			fprintf(f, "%.*s\n", (int)len, s);
			return;
		}
		for (k = width; k > 0 && (s[k] != ' ' || binds(s, k, len)); k--)
			;
		/* A word longer than any line (a path) fills this one. */
		if (k > 0) {
			size_t e = width;
			while (e < len && s[e] != ' ')
				e++;
			/* the word after the space: e - k - 1 bytes
			   (none when the space is at width itself) */
			if (e - k > TABLE_WIDTH - ind + 1)
				k = 0;
		}
		/* In a path, after a '/' or ':' if there is one late enough. */
		if (k == 0) {
			for (k = width; k > width / 2 && s[k - 1] != '/' &&
			     s[k - 1] != ':'; k--)
				;
			if (k <= width / 2)
				k = width;
		}
		fprintf(f, "%.*s\n", (int)k, s);
		for (s += k, len -= k; len && *s == ' '; s++, len--)
			;
		if (!len)
			return;
	}
}

static void vwrapped(FILE *f, const char *indent, const char *fmt, va_list ap)
{
	va_list aq;
	char *buf, *p, *nl;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	buf = xmalloc((size_t)n + 1, "wrapped text");
	vsnprintf(buf, (size_t)n + 1, fmt, ap);
	for (p = buf; (nl = strchr(p, '\n')); p = nl + 1)
		wrap_line(f, p, (size_t)(nl - p), indent);
	if (*p)
		wrap_line(f, p, strlen(p), indent);
	free(buf);
}

void print_wrapped(const char *indent, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwrapped(stdout, indent, fmt, ap);
	va_end(ap);
}

void fprint_wrapped(FILE *f, const char *indent, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwrapped(f, indent, fmt, ap);
	va_end(ap);
}
