/* A run's warnings in one line, named by their first words, for the
   commands whose output is pasted (make table, make compare): that
   there are warnings, and where to read them whole, csumbench show. */
#include <stdio.h>
#include <string.h>

#include "read/results.h"
#include "text/warnings.h"
#include "text/warnline.h"
#include "text/wrap.h"

#define LABEL_MAX 28
#define LABELS_MAX 16
#define LABEL_WORDS 4

struct side {
	size_t count, nlabels;
	char label[LABELS_MAX][LABEL_MAX];
};

/* A warning's first words, up to its first ':', ';', ',' or '(' ("(s)"
   is a word's), the process it came from left out. */
static void label_of(const char *w, char *out)
{
	size_t k = 0, words = 1, cut = 0;

	warning_process(w, &w);
	for (; *w && k < LABEL_MAX - 1; w++) {
		if (strchr(":;,", *w) || (*w == '(' && strncmp(w, "(s)", 3)))
			break;
		if (*w == ' ') {
			cut = k;
			if (++words > LABEL_WORDS)
				break;
		}
		out[k++] = *w;
	}
	if (*w && k == LABEL_MAX - 1 && cut)
		k = cut;
	while (k && (out[k - 1] == ' ' || out[k - 1] == '.'))
		k--;
	out[k] = '\0';
	if (!k)
		snprintf(out, LABEL_MAX, "warning");
	else if (!strncmp(out, "emulated", 8))
		snprintf(out, LABEL_MAX, "EMULATED");
	else if (!strncmp(out, "MODEL", 5))
		snprintf(out, LABEL_MAX, "MODEL");
}

static int has_label(const struct side *s, const char *l)
{
	size_t i;

	for (i = 0; i < s->nlabels; i++)
		if (!strcmp(s->label[i], l))
			return 1;
	return 0;
}

/* A label not yet there; first: at the front, moved there if it is. */
static void add_label(struct side *s, const char *l, int first)
{
	size_t i;

	for (i = 0; i < s->nlabels && strcmp(s->label[i], l); i++)
		;
	if (i == s->nlabels && s->nlabels == LABELS_MAX)
		i--;
	else if (i == s->nlabels)
		s->nlabels++;
	if (!first) {
		snprintf(s->label[i], LABEL_MAX, "%s", l);
		return;
	}
	memmove(s->label[1], s->label[0], i * LABEL_MAX);
	snprintf(s->label[0], LABEL_MAX, "%s", l);
}

/* The labels, an emulated run's first, then a partial one's: the keys
   say so whether or not a warning line does. */
static void side_of(const struct results *r, struct side *s)
{
	char l[LABEL_MAX];
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < r->nwarnings; i++) {
		label_of(r->warnings[i], l);
		if (!has_label(s, l))
			add_label(s, l, 0);
	}
	s->count = r->nwarnings;
	if (r->partial) {
		s->count += !has_label(s, "PARTIAL");
		add_label(s, "PARTIAL", 1);
	}
	/* (a model's estimates are emulated too: its warning says MODEL) */
	if (r->model[0] && !has_label(s, "MODEL")) {
		s->count++;
		add_label(s, "MODEL", 1);
	} else if (!r->model[0] && (!strcmp(r->emulated, "yes") || has_label(s, "EMULATED"))) {
		s->count += !has_label(s, "EMULATED");
		add_label(s, "EMULATED", 1);
	}
}

size_t warnings_count(const struct results *r)
{
	struct side s;

	side_of(r, &s);
	return s.count;
}

/* "none", or "N (A; B; ...)" with at most k labels named. */
static size_t side_text(char *b, size_t n, const struct side *s, size_t k)
{
	size_t i, len;

	if (!s->count)
		return (size_t)snprintf(b, n, "none");
	len = (size_t)snprintf(b, n, "%zu", s->count);
	for (i = 0; i < s->nlabels && i < k && len < n; i++)
		len += (size_t)snprintf(b + len, n - len, "%s%s", i ? "; " : " (",
					s->label[i]);
	if (k && s->nlabels > k && len < n)
		len += (size_t)snprintf(b + len, n - len, "; ...");
	if (k && s->nlabels && len < n)
		len += (size_t)snprintf(b + len, n - len, ")");
	return len;
}

static size_t line_text(char *b, size_t n, const struct side *s, size_t ns,
			size_t k, const char *path)
{
	static const char *const who[] = { "before ", "after " };
	size_t i, len = (size_t)snprintf(b, n, "warnings: "), any = 0;

	for (i = 0; i < ns; i++)
		any += s[i].count;
	if (ns > 1 && !any)
		len += (size_t)snprintf(b + len, n - len, "none, before or after");
	for (i = 0; i < ns && (any || ns == 1) && len < n; i++) {
		if (ns > 1)
			len += (size_t)snprintf(b + len, n - len, "%s%s", i ? "; " : "",
						who[i]);
		if (len < n)
			len += side_text(b + len, n - len, &s[i], k);
	}
	if (len < n)
		len += (size_t)snprintf(b + len, n - len, " -- csumbench show %s", path);
	return len;
}

void print_warnings_line(FILE *f, const struct results *const *r,
			 const char *const *path, size_t n)
{
	struct side s[2];
	char b[1024];
	size_t i, k, most = 0;
	const char *p;
	int pass;

	n = n > 2 ? 2 : n;
	for (i = 0; i < n; i++) {
		side_of(r[i], &s[i]);
		most = s[i].nlabels > most ? s[i].nlabels : most;
	}
	/* Every label and the path; fewer labels; the path as FILE; no
	   labels; a line cut at the width, the last resort. */
	for (pass = 0; pass < 2; pass++) {
		size_t least = pass || !most ? 0 : 1;

		p = pass || n > 1 ? "FILE" : path[0];
		for (k = most;; k--) {
			if (line_text(b, sizeof(b), s, n, k, p) <= TABLE_WIDTH) {
				fprintf(f, "%s\n", b);
				return;
			}
			if (k == least)
				break;
		}
	}
	fprintf(f, "%.*s\n", TABLE_WIDTH, b);
}
