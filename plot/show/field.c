/* The lines csumreport show is made of: a title per section, then a
   key a line, its value wrapped at the tables' width beneath itself. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/results.h"
#include "show/show.h"
#include "text/wrap.h"

/* Where values start: two spaces, the longest key, one space. */
#define KEY_WIDTH 13
#define VALUE_INDENT "                "

const char *show_meta(const struct results *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->nmeta; i++)
		if (!strcmp(r->meta[i].key, key))
			return r->meta[i].value;
	return NULL;
}

void show_title(const char *title)
{
	static int titles;

	printf("%s%s\n", titles++ ? "\n" : "", title);
}

void show_field(const char *key, const char *value)
{
	size_t n = value ? strlen(value) : 0;

	/* (a value's trailing blanks would be the line's) */
	while (n && (value[n - 1] == ' ' || value[n - 1] == '\t'))
		n--;
	if (!n)
		print_wrapped(VALUE_INDENT, "  %-*s not recorded", KEY_WIDTH, key);
	else
		print_wrapped(VALUE_INDENT, "  %-*s %.*s", KEY_WIDTH, key, (int)n,
			      value);
}

void show_fieldf(const char *key, const char *fmt, ...)
{
	va_list ap;
	char *buf;

	va_start(ap, fmt);
	buf = xvasprintf("a line of csumreport show", fmt, ap);
	va_end(ap);
	show_field(key, buf);
	free(buf);
}

void show_key(const struct results *r, const char *label, const char *key)
{
	show_field(label, show_meta(r, key));
}

int show_is_number(const char *v)
{
	char *end;

	if (!v || !*v)
		return 0;
	strtod(v, &end);
	return end != v && *end == '\0';
}
