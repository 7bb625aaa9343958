/* Reading CSV lines whole, whatever their length, and telling text from
   binary data: a NUL byte would otherwise end a line early and make the
   rest of it look like something else. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/csv.h"

int csv_open(struct csv *c, const char *path)
{
	memset(c, 0, sizeof(*c));
	c->path = path;
	c->f = fopen(path, "r");
	return c->f ? 0 : -1;
}

int csv_next(struct csv *c)
{
	ssize_t n;
	size_t i;

	errno = 0;
	n = getline(&c->buf, &c->cap, c->f);
	if (n < 0) {
		if (ferror(c->f)) {
			fprintf(stderr, "%s:%zu: cannot read: %s\n", c->path,
				c->line + 1, strerror(errno ? errno : EIO));
			return -1;
		}
		return 0;
	}
	c->line++;
	c->len = (size_t)n;
	/* Some editors on Windows start a UTF-8 file with one. */
	if (c->line == 1 && c->len >= 3 && !memcmp(c->buf, "\xef\xbb\xbf", 3)) {
		c->len -= 3;
		memmove(c->buf, c->buf + 3, c->len + 1);
	}
	while (c->len && (c->buf[c->len - 1] == '\n' || c->buf[c->len - 1] == '\r'))
		c->len--;
	c->buf[c->len] = '\0';
	for (i = 0; i < c->len; i++) {
		unsigned char ch = (unsigned char)c->buf[i];
		if (ch >= 0x20 || ch == '\t')
			continue;
		if (ch)
			fprintf(stderr, "%s:%zu:%zu: binary data (byte 0x%02x); "
				"expected a text CSV\n", c->path, c->line, i + 1, ch);
		else
			fprintf(stderr, "%s:%zu:%zu: binary data (a NUL byte); "
				"expected a text CSV\n", c->path, c->line, i + 1);
		return -1;
	}
	return 1;
}

size_t csv_split(struct csv *c)
{
	char *p = c->buf;

	c->nfld = 0;
	for (;;) {
		if (c->nfld == c->fcap) {
			c->fcap = c->fcap ? 2 * c->fcap : 32;
			c->fld = xreallocarray(c->fld, c->fcap, sizeof(*c->fld), "a CSV line's fields");
		}
		c->fld[c->nfld++] = p;
		p = strchr(p, ',');
		if (!p)
			return c->nfld;
		*p++ = '\0';
	}
}

int csv_col(char *const *h, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(h[i], name))
			return (int)i;
	return -1;
}

void csv_close(struct csv *c)
{
	if (c->f)
		fclose(c->f);
	free(c->buf);
	free(c->fld);
	memset(c, 0, sizeof(*c));
}

/* A finite number of sensible size; whole and >= 0 where whole is set. */
int csv_num(const char *s, double *v, int whole)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(*v) || fabs(*v) > 1e15)
		return 0;
	return !whole || (*v >= 0 && *v <= 4294967295.0 && *v == floor(*v));
}
