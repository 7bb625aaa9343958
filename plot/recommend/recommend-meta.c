/* recommend's reading of the run's metadata for the model: the cache
   line, the miss latency and the # prefetch_loop: lines. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/results.h"
#include "recommend/recommend.h"

void rec_meta_free(struct model_meta *mm)
{
	size_t i;

	for (i = 0; i < mm->nloops; i++)
		free(mm->loops[i].kernel);
	free(mm->loops);
	mm->loops = NULL;
	mm->nloops = 0;
}

/* "# prefetch_loop: KERNEL BYTES": the kernel is all before the last
   space (a path may hold spaces), the bytes a whole number from 1 and
   the end of the line.  0, or -1 after a message at the line. */
static int read_pf_loop(const char *path, size_t line, const char *v,
			struct model_meta *mm)
{
	const char *sp = strrchr(v, ' ');
	unsigned long x = 0;
	char *end = NULL;
	size_t i, kl;

	if (sp && sp > v && sp[1] >= '0' && sp[1] <= '9') {
		errno = 0;
		x = strtoul(sp + 1, &end, 10);
	}
	if (!end || *end || errno || x == 0 || x > 1u << 30) {
		fprintf(stderr, "%s:%zu: prefetch_loop '%s', expected 'KERNEL "
			"BYTES' (the bytes one iteration of the loop that "
			"prefetches covers: a whole number from 1)\n", path, line,
			v);
		return -1;
	}
	kl = (size_t)(sp - v);
	for (i = 0; i < mm->nloops; i++) {
		struct pf_loop *l = &mm->loops[i];

		if (strlen(l->kernel) != kl || strncmp(l->kernel, v, kl))
			continue;
		if (l->bytes == x)
			return 0;
		fprintf(stderr, "%s:%zu: prefetch_loop of %s: %lu bytes, but "
			"%u at line %zu\n", path, line, l->kernel, x, l->bytes,
			l->line);
		return -1;
	}
	mm->loops = xrealloc(mm->loops, (mm->nloops + 1) * sizeof(*mm->loops),
			     "the recommendation");
	mm->loops[mm->nloops].kernel = xcalloc(kl + 1, 1, "the recommendation");
	memcpy(mm->loops[mm->nloops].kernel, v, kl);
	mm->loops[mm->nloops].bytes = (unsigned)x;
	mm->loops[mm->nloops].line = line;
	mm->nloops++;
	return 0;
}

/* "# cache_line: BYTES" (older files: words after): 0, or -1 after a message at the line. */
static int read_line_bytes(const char *path, const struct meta_line *m,
			   struct model_meta *mm)
{
	const char *v = m->value;
	unsigned long x;
	char *end;

	errno = 0;
	x = strtoul(v, &end, 10);
	if (*v < '0' || *v > '9' || errno || x == 0 || x > 1u << 20 ||
	    (*end && *end != ' ')) {
		fprintf(stderr, "%s:%zu: cache_line '%s', expected bytes "
			"(a whole number from 1)\n", path, m->line, v);
		return -1;
	}
	mm->line = (unsigned)x;
	return 0;
}

/* "# miss_latency: CYCLES", or "CYCLES cycles ..." in files written
   before it was a number alone: 0, or -1 after a message. */
static int read_miss(const char *path, const struct meta_line *m,
		     struct model_meta *mm)
{
	const char *v = m->value;
	char *end;

	errno = 0;
	mm->miss = strtod(v, &end);
	/* "nan": not measured; as if the line were not there. */
	if (!isfinite(mm->miss))
		mm->miss = NAN;
	if (end == v || errno || (*end && (strncmp(end, " cycles", 7) ||
	    (end[7] && end[7] != ' ')))) {
		fprintf(stderr, "%s:%zu: miss_latency '%s', expected cycles "
			"('<number>', or '<number> cycles ...' as older files "
			"have it)\n", path, m->line, v);
		return -1;
	}
	return 0;
}

/* The model's inputs among the metadata the reader kept.  A malformed
   value is an error at its line, as a malformed field is. */
int rec_read_meta(const struct results *r, struct model_meta *mm)
{
	size_t i;
	int bad = 0;

	mm->line = 0;
	mm->miss = NAN;
	mm->loops = NULL;
	mm->nloops = 0;
	for (i = 0; i < r->nmeta && !bad; i++) {
		const struct meta_line *m = &r->meta[i];

		if (!strcmp(m->key, "cache_line"))
			bad = read_line_bytes(r->path, m, mm) < 0;
		else if (!strcmp(m->key, "miss_latency"))
			bad = read_miss(r->path, m, mm) < 0;
		else if (!strcmp(m->key, "prefetch_loop"))
			bad = read_pf_loop(r->path, m->line, m->value, mm) < 0;
	}
	return bad ? -1 : 0;
}

/* The run's # prefetch_loop: bytes for the kernel; 0: none. */
unsigned rec_loop_bytes(const struct model_meta *mm, const char *kernel)
{
	size_t i;

	for (i = 0; i < mm->nloops; i++)
		if (!strcmp(mm->loops[i].kernel, kernel))
			return mm->loops[i].bytes;
	return 0;
}
