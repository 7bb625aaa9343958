/* How csumreport words an op's results: as the file's "# op:" lines
   describe it (csumbench writes one per op it times), else, for files
   written before those lines, the fallback below, a copy of what
   csumbench's ops said then.  An op neither names is shown as csum is,
   in per-byte figures, under its own name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/ops.h"

/* Files before "# op:": the ops csumbench had then. */
static const struct op_info fallback[] = {
	{ "csum", "csum_partial; sizes are bytes summed",
	  "buffer size (bytes)", "buffer size", "buffers", 0 },
	{ "csum_copy", "copy and checksum; sizes are bytes copied",
	  "bytes copied", "bytes copied", "copied", 0 },
	{ "ip_fast_csum", "IPv4 header checksum; sizes are header bytes",
	  "IPv4 header bytes", "IPv4 header length", "headers", 1 },
	{ "load", "the roofline, loads and no checksum; sizes are bytes loaded",
	  "buffer size (bytes)", "buffer size", "buffers", 0 },
};

static const struct op_info unknown = {
	NULL, "not an op csumreport knows; sizes as its CSV has them",
	"size (bytes)", "size", "buffers", 0,
};

/* The ops the files read so far describe, the first description of a
   name kept: csumreport's one process reads a file or two, and every
   command asks by name. */
static struct op_info **described;
static size_t ndescribed;

const struct op_info *op_info(const char *op)
{
	size_t i;

	for (i = 0; i < ndescribed; i++)
		if (!strcmp(described[i]->name, op))
			return described[i];
	for (i = 0; i < sizeof(fallback) / sizeof(fallback[0]); i++)
		if (!strcmp(fallback[i].name, op))
			return &fallback[i];
	return &unknown;
}

/* "KEY=VALUE" of a field, into *dst; 1 if it was that key. */
static int field(const char *f, size_t n, const char *key, char **dst)
{
	size_t k = strlen(key);

	if (n <= k || strncmp(f, key, k) || f[k] != '=')
		return 0;
	free(*dst);
	*dst = xstrndup(f + k + 1, n - k - 1, "an op's description");
	return 1;
}

static void op_words_free(char **w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(w[i]);
}

int op_describe(const char *v)
{
	/* name, cost, size, axis, word, about */
	char *w[6] = { NULL };
	const char *f = v;
	size_t n = strcspn(v, "|");
	struct op_info *o;
	size_t i;

	w[0] = xstrndup(v, n, "an op's description");
	while (f[n] == '|') {
		f += n + 1;
		n = strcspn(f, "|");
		(void)(field(f, n, "cost", &w[1]) || field(f, n, "size", &w[2]) ||
		       field(f, n, "axis", &w[3]) || field(f, n, "word", &w[4]) ||
		       field(f, n, "about", &w[5]));
	}
	if (!w[0][0] || !w[1] || !w[2] || !w[3] || !w[4] || !w[5] ||
	    (strcmp(w[1], "byte") && strcmp(w[1], "call"))) {
		op_words_free(w, 6);
		return -1;
	}
	for (i = 0; i < ndescribed; i++)
		if (!strcmp(described[i]->name, w[0])) {
			op_words_free(w, 6);	/* described already */
			return 0;
		}
	described = xrealloc(described, (ndescribed + 1) * sizeof(*described),
			     "an op's description");
	o = described[ndescribed++] = xcalloc(1, sizeof(*o), "an op's description");
	o->name = w[0];
	o->about = w[5];
	o->size_axis = w[3];
	o->size_title = w[2];
	o->size_word = w[4];
	o->per_call = !strcmp(w[1], "call");
	free(w[1]);
	return 0;
}
