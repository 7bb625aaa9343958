/* Config files: "key = value" lines and "#" comments, read a line at a
   time, and --set overrides; the keys are keys.c's, their values'
   grammar range.c's. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "config/keys.h"
#include "lib/xalloc.h"

static void report(const struct origin *o, const char *arg, const char *msg)
{
	if (o->line > 0)
		fprintf(stderr, "%s:%d: %s\n", o->file, o->line, msg);
	else
		fprintf(stderr, "csumbench: --set %s: %s\n", arg ? arg : "", msg);
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Whether a --set of sets[] gives key ("key=value", spaces allowed). */
static bool replaced(const char *key, const char *const *sets, int nsets)
{
	int i;

	for (i = 0; i < nsets; i++) {
		const char *s = sets[i], *eq = strchr(s, '=');
		size_t n;

		while (isspace((unsigned char)*s))
			s++;
		if (!eq || eq < s)
			continue;
		n = (size_t)(eq - s);
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (n == strlen(key) && !strncmp(s, key, n))
			return true;
	}
	return false;
}

/* Applies one "key = value" text; seen[] catches duplicates in a file.
   A key sets[] gives is left to its --set: the line's value is not
   read. */
static int apply(struct config *c, char *text, const struct origin *o,
		 const char *arg, int *seen, const char *const *sets, int nsets)
{
	char err[1024], msg[1200];
	char *eq = strchr(text, '='), *key, *value;
	size_t i;
	int rc;

	if (!eq) {
		snprintf(msg, sizeof(msg), "no '=' in '%s', expected key = value",
			 trim(text));
		report(o, arg, msg);
		return -1;
	}
	*eq = '\0';
	key = trim(text);
	value = trim(eq + 1);
	for (i = 0; i < config_nkeys; i++)
		if (strcmp(config_keys[i].name, key) == 0)
			break;
	if (i == config_nkeys) {
		size_t n = (size_t)snprintf(msg, sizeof(msg),
					    "unknown key '%s', expected one of:", key);
		for (i = 0; i < config_nkeys && n < sizeof(msg); i++)
			n += (size_t)snprintf(msg + n, sizeof(msg) - n, " %s",
					      config_keys[i].name);
		report(o, arg, msg);
		return -1;
	}
	if (seen && seen[i]) {
		snprintf(msg, sizeof(msg), "key '%s' given twice (first at line "
			 "%d), expected each key once", key, seen[i]);
		report(o, arg, msg);
		return -1;
	}
	if (replaced(key, sets, nsets)) {
		if (seen)
			seen[i] = o->line;
		return 0;
	}
	if (!*value) {
		snprintf(msg, sizeof(msg), "empty value for '%s'", key);
		report(o, arg, msg);
		return -1;
	}
	c->applying = o;
	rc = config_keys[i].set(c, value, err, sizeof(err));
	c->applying = NULL;
	if (rc) {
		snprintf(msg, sizeof(msg), "%s: %s", key, err);
		report(o, arg, msg);
		return -1;
	}
	if (seen)
		seen[i] = o->line;
	if (config_keys[i].origin)
		*(struct origin *)((char *)c + config_keys[i].origin) = *o;
	return 0;
}

/* Each key's default through its own setter: the table's default is
   what a run without the key gets. */
void config_defaults(struct config *c)
{
	static const struct origin builtin = { "defaults", 0 };
	char err[256];
	size_t i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < config_nkeys; i++) {
		/* (a default its key refuses is a program error: test-config) */
		if (config_keys[i].def &&
		    config_keys[i].set(c, config_keys[i].def, err, sizeof(err)))
			fprintf(stderr, "csumbench: program error: default %s = %s: "
				"%s\n", config_keys[i].name, config_keys[i].def, err);
		if (config_keys[i].origin)
			*(struct origin *)((char *)c + config_keys[i].origin) =
				builtin;
	}
}

/* One line into buf (CONFIG_LINE_MAX bytes and a NUL), read a byte at a
   time so that a file with no end of line (/dev/zero, a binary) is
   stopped at the limit, not read whole.  Returns its length, -1 at the
   end of the file, -2 if longer than the limit, -3 on a read error; *nul
   is the column of a NUL byte, or 0. */
static long read_line(FILE *f, char *buf, long *nul)
{
	long n = 0;
	int ch;

	*nul = 0;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (n == CONFIG_LINE_MAX)
			return -2;
		if (!ch && !*nul)
			*nul = n + 1;
		buf[n++] = (char)ch;
	}
	buf[n] = '\0';
	if (ferror(f))
		return -3;
	return ch == EOF && !n ? -1 : n;
}

int config_load(struct config *c, const char *path)
{
	return config_load_except(c, path, NULL, 0);
}

int config_load_except(struct config *c, const char *path,
		       const char *const *sets, int nsets)
{
	int seen[CONFIG_KEYS_MAX] = { 0 };
	struct origin o = { path, 0 };
	char line[CONFIG_LINE_MAX + 1], msg[160];
	long len, nul;
	FILE *f;
	int rc = 0;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open config: %s\n", path, strerror(errno));
		return -1;
	}
	c->path = path;
	while ((len = read_line(f, line, &nul)) >= 0 || len == -2) {
		char *hash, *text = line;
		long i;

		o.line++;
		if (len == -2 && nul) {
			snprintf(msg, sizeof(msg), "binary data (byte 0x00 at column "
				 "%ld), expected text lines of key = value", nul);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		if (len == -2) {
			snprintf(msg, sizeof(msg), "line longer than %d characters",
				 CONFIG_LINE_MAX);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		while (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		/* A byte-order mark, as some Windows editors write: not part
		   of the first key. */
		if (o.line == 1 && len >= 3 && !memcmp(line, "\xef\xbb\xbf", 3)) {
			text += 3;
			len -= 3;
			nul = nul > 3 ? nul - 3 : nul;
		}
		for (i = 0; i < len; i++) {
			unsigned char ch = (unsigned char)text[i];
			if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
				break;
		}
		if (nul && nul <= i)
			i = nul - 1;
		if (i < len) {
			snprintf(msg, sizeof(msg), "binary data (byte 0x%02x at column "
				 "%ld), expected text lines of key = value",
				 (unsigned char)text[i], i + 1);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		hash = strchr(text, '#');
		if (hash)
			*hash = '\0';
		text = trim(text);
		if (!*text)
			continue;
		if (apply(c, text, &o, NULL, seen, sets, nsets)) {
			rc = -1;
			break;
		}
	}
	if (!rc && len == -3) {
		fprintf(stderr, "%s: cannot read config: %s\n", path, strerror(errno));
		rc = -1;
	}
	fclose(f);
	return rc;
}

int config_set(struct config *c, const char *kv)
{
	static const struct origin cmdline = { "--set", 0 };
	char buf[CONFIG_LINE_MAX + 1];

	if (strlen(kv) > CONFIG_LINE_MAX) {
		report(&cmdline, "...", "value longer than 1024 characters");
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", kv);
	return apply(c, buf, &cmdline, kv, NULL, NULL, 0);
}

void config_error(const struct origin *o, const char *key, const char *err)
{
	if (o->line > 0)
		fprintf(stderr, "%s:%d: %s: %s\n", o->file, o->line, key, err);
	else
		fprintf(stderr, "csumbench: %s (%s): %s\n", key, o->file, err);
}
