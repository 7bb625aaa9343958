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

/* A "# op:" line's description: the words it owns (name, about, axis,
   title, word), which info's point to. */
struct described_op {
	struct op_info info;
	char *w[5];
};

const struct op_info *op_described(const struct ops_described *d,
				   const char *op)
{
	size_t i;

	for (i = 0; d && i < d->n; i++)
		if (!strcmp(d->v[i]->info.name, op))
			return &d->v[i]->info;
	return NULL;
}

const struct op_info *op_info(const struct ops_described *d, const char *op)
{
	const struct op_info *o = op_described(d, op);
	size_t i;

	if (o)
		return o;
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

int op_describe(struct ops_described *d, const char *v)
{
	/* name, about, axis, title, word, cost */
	char *w[6] = { NULL };
	const char *f = v;
	size_t n = strcspn(v, "|");
	struct described_op *o;

	w[0] = xstrndup(v, n, "an op's description");
	while (f[n] == '|') {
		f += n + 1;
		n = strcspn(f, "|");
		(void)(field(f, n, "cost", &w[5]) || field(f, n, "size", &w[3]) ||
		       field(f, n, "axis", &w[2]) || field(f, n, "word", &w[4]) ||
		       field(f, n, "about", &w[1]));
	}
	if (!w[0][0] || !w[1] || !w[2] || !w[3] || !w[4] || !w[5] ||
	    (strcmp(w[5], "byte") && strcmp(w[5], "call"))) {
		op_words_free(w, 6);
		return -1;
	}
	if (op_described(d, w[0])) {
		op_words_free(w, 6);	/* described already */
		return 0;
	}
	d->v = xrealloc(d->v, (d->n + 1) * sizeof(*d->v), "an op's description");
	o = d->v[d->n++] = xcalloc(1, sizeof(*o), "an op's description");
	memcpy(o->w, w, sizeof(o->w));
	o->info.name = w[0];
	o->info.about = w[1];
	o->info.size_axis = w[2];
	o->info.size_title = w[3];
	o->info.size_word = w[4];
	o->info.per_call = !strcmp(w[5], "call");
	free(w[5]);
	return 0;
}

void ops_described_free(struct ops_described *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		op_words_free(d->v[i]->w, 5);
		free(d->v[i]);
	}
	free(d->v);
	d->v = NULL;
	d->n = 0;
}
