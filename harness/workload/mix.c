/* Size mixes (mix.h): text "size weight" files, read and written, and
   the parts of a capture reader that do not need libpcap. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rand.h"
#include "lib/xalloc.h"
#include "op/op.h"
#include "tracefs/probe.h"
#include "workload/mix.h"

#define MIX_LINE_MAX 256
/* What counts over MIX_SEQ_MAX are scaled to: room for the lengths kept
   at weight 1 that rounding alone would drop. */
#define MIX_SEQ_AIM 900000.0

static bool is_capture(const char *path)
{
	static const unsigned char magic[][4] = {
		{ 0xa1, 0xb2, 0xc3, 0xd4 }, { 0xd4, 0xc3, 0xb2, 0xa1 },	/* pcap */
		{ 0xa1, 0xb2, 0x3c, 0x4d }, { 0x4d, 0x3c, 0xb2, 0xa1 },	/* ns */
		{ 0x0a, 0x0d, 0x0d, 0x0a },				/* pcapng */
	};
	unsigned char b[4];
	size_t i, n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return false;
	n = fread(b, 1, 4, f);
	fclose(f);
	for (i = 0; n == 4 && i < sizeof(magic) / sizeof(magic[0]); i++)
		if (!memcmp(b, magic[i], 4))
			return true;
	return false;
}


static int parse_count(const char *tok, uint64_t lo, uint64_t hi,
		       uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!isdigit((unsigned char)*tok))
		return -1;
	errno = 0;
	v = strtoull(tok, &end, 10);
	if (*end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* A line of a text mix as text: the byte-order mark taken off the
   first, and refused when it holds a NUL or control byte or is longer
   than MIX_LINE_MAX.  0, or -1 with why in err. */
static int text_line_check(const struct mix *m, FILE *f, char *line,
			   size_t size, size_t lineno, char *err, size_t errlen)
{
	size_t len = strlen(line), i;

	/* A UTF-8 byte-order mark (some Windows editors start a file
	   with one) is no part of the first size, as in configs. */
	if (lineno == 1 && !memcmp(line, "\xef\xbb\xbf", 3)) {
		memmove(line, line + 3, len - 2);
		len -= 3;
	}
	/* fgets stops at a NUL too: what it read is then shorter
	   than the line, and not ended by a newline */
	if (len + 1 < size && line[len - 1 + !len] != '\n' && !feof(f)) {
		snprintf(err, errlen, "%s:%zu: binary data (byte 0x00), "
			 "expected text lines of 'size weight' or a "
			 "pcap/pcapng capture", m->path, lineno);
		return -1;
	}
	if (!strchr(line, '\n') && !feof(f)) {
		snprintf(err, errlen, "%s:%zu: line longer than %d characters",
			 m->path, lineno, MIX_LINE_MAX);
		return -1;
	}
	for (i = 0; line[i]; i++)
		if ((unsigned char)line[i] < 0x20 && !isspace((unsigned char)line[i])) {
			snprintf(err, errlen, "%s:%zu: binary data (byte 0x%02x), "
				 "expected text lines of 'size weight' or a "
				 "pcap/pcapng capture", m->path, lineno,
				 (unsigned char)line[i]);
			return -1;
		}
	return 0;
}

/* A line's "size weight" pair into *s and *w: 1 for a blank or comment
   line, 0, or -1 with why in err. */
static int text_line_parse(const struct mix *m, char *line, size_t lineno,
			   uint64_t *s, uint64_t *w, char *err, size_t errlen)
{
	char *hash = strchr(line, '#'), *a, *b, *extra, *save = NULL;

	if (hash)
		*hash = '\0';
	a = strtok_r(line, " \t\r\n", &save);
	if (!a)
		return 1;
	b = strtok_r(NULL, " \t\r\n", &save);
	extra = strtok_r(NULL, " \t\r\n", &save);
	if (!b || extra) {
		snprintf(err, errlen, "%s:%zu: expected 'size weight' (two "
			 "whole numbers), got %s", m->path, lineno,
			 b ? "more than two fields" : "one field");
		return -1;
	}
	if (parse_count(a, 1, SIZE_MAX_BYTES, s)) {
		snprintf(err, errlen, "%s:%zu: size '%s', expected a whole "
			 "number of bytes from 1 to %u", m->path, lineno, a,
			 SIZE_MAX_BYTES);
		return -1;
	}
	if (parse_count(b, 1, MIX_SEQ_MAX, w)) {
		snprintf(err, errlen, "%s:%zu: weight '%s', expected a whole "
			 "number from 1 to %u", m->path, lineno, b, MIX_SEQ_MAX);
		return -1;
	}
	return 0;
}

/* The sequence: each of the N sizes WEIGHT times, TOTAL in all,
   shuffled once with a fixed seed (every kernel and run sees the
   same). */
static void text_expand(struct mix *m, const uint32_t *size,
			const uint64_t *weight, size_t n, uint64_t total)
{
	uint64_t rng = UINT64_C(0x6d6978), w;
	size_t i, k;

	m->n = (size_t)total;
	m->len = xcalloc(m->n, sizeof(*m->len), "a mix's sequence");
	for (i = 0, k = 0; i < n; i++)
		for (w = 0; w < weight[i]; w++)
			m->len[k++] = size[i];
	for (i = m->n; i > 1; i--) {
		size_t j = (size_t)(rand_next(&rng) % i);
		uint32_t t = m->len[i - 1];
		m->len[i - 1] = m->len[j];
		m->len[j] = t;
	}
}

static int read_text(struct mix *m, FILE *f, char *err, size_t errlen)
{
	char line[MIX_LINE_MAX + 2];
	uint32_t *size = NULL;
	uint64_t *weight = NULL, total = 0, s, w;
	size_t n = 0, lineno = 0;
	int rc = -1, r;

	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (text_line_check(m, f, line, sizeof(line), lineno, err, errlen))
			goto out;
		r = text_line_parse(m, line, lineno, &s, &w, err, errlen);
		if (r < 0)
			goto out;
		if (r > 0)
			continue;
		total += w;
		if (total > MIX_SEQ_MAX) {
			snprintf(err, errlen, "%s:%zu: the weights add up to more than "
				 "%u packets, expected fewer (scale them down)",
				 m->path, lineno, MIX_SEQ_MAX);
			goto out;
		}
		size = xreallocarray(size, n + 1, sizeof(*size), "a mix's sizes");
		weight = xreallocarray(weight, n + 1, sizeof(*weight), "a mix's sizes");
		size[n] = (uint32_t)s;
		weight[n++] = w;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: cannot read: %s", m->path, strerror(errno));
		goto out;
	}
	if (!n) {
		snprintf(err, errlen, "%s: no 'size weight' lines, expected at least "
			 "one (e.g. '1500 1')", m->path);
		goto out;
	}
	text_expand(m, size, weight, n, total);
	rc = 0;
out:
	free(size);
	free(weight);
	return rc;
}

struct mix *mix_load(const char *path, bool keep, char *err, size_t errlen)
{
	struct mix *m = xcalloc(1, sizeof(*m), "a mix");
	double sum = 0;
	size_t i;
	int rc;

	m->path = xstrdup(path, "a mix");
	if (is_capture(path)) {
		m->capture = true;
		rc = mix_read_capture(m, keep, err, errlen);
	} else {
		FILE *f = fopen(path, "r");
		if (!f) {
			snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
			mix_free(m);
			return NULL;
		}
		rc = read_text(m, f, err, errlen);
		fclose(f);
	}
	if (rc) {
		mix_free(m);
		return NULL;
	}
	m->min = UINT32_MAX;
	for (i = 0; i < m->n; i++) {
		sum += m->len[i];
		if (m->len[i] < m->min)
			m->min = m->len[i];
		if (m->len[i] > m->max)
			m->max = m->len[i];
	}
	m->mean = sum / (double)m->n;
	if (!m->capture)
		return m;
	/* The checksums the packets carry (counted as they were read): a
	   capture taken with offload on has them unfilled, which is not an
	   error unless no packet's is right. */
	if (!m->csum_good && m->csum_bad) {
		snprintf(err, errlen, "%s: none of its %zu TCP/UDP packets carries a "
			 "right checksum (captured with checksum offload on?), "
			 "expected some to, so that the replay also checks the "
			 "kernels", path, m->n);
		mix_free(m);
		return NULL;
	}
	return m;
}

void mix_free(struct mix *m)
{
	size_t i;

	if (!m)
		return;
	if (m->pkt)
		for (i = 0; i < m->n; i++)
			free(m->pkt[i].l3);
	free(m->pkt);
	free(m->len);
	free(m->path);
	free(m->cut);
	free(m);
}

double mix_weight_scale(uint64_t total)
{
	return total > MIX_SEQ_MAX ? total / MIX_SEQ_AIM : 1;
}

static uint64_t scaled_weight(uint64_t count, double scale)
{
	double w = scale > 1 ? floor(count / scale + 0.5) : (double)count;

	return w < 1 ? 1 : (uint64_t)w;
}

void mix_write_sizes(FILE *f, const struct len_count *lens, size_t n,
		     double scale)
{
	size_t i;

	if (scale > 1)
		fprintf(f, "# weights: calls / %.3f, rounded, at least 1 (a mix holds "
			"at most %u)\n", scale, MIX_SEQ_MAX);
	else
		fprintf(f, "# weights: calls\n");
	fprintf(f, "# size weight\n");
	for (i = 0; i < n; i++)
		if (lens[i].len && lens[i].len <= SIZE_MAX_BYTES)
			fprintf(f, "%u %llu\n", lens[i].len,
				(unsigned long long)scaled_weight(lens[i].calls, scale));
}
