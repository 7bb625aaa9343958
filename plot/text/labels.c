/* Labels for kernel names that may be paths: "/very/long/dir/lib.so:csum_a"
   and "/very/long/dir/lib.so:csum_b" differ only at the end, so a table
   that cuts them to fit shows the same text twice.  In turn, until the
   longest fits: drop the prefix common to all up to a '/' or ':' (said
   once in a caption); keep an end that starts after a '/', ':', '-' or
   '@' with "..." in front, if the ends still differ; else number the
   names that do not fit.  A legend gives each name not shown whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "text/labels.h"
#include "text/wrap.h"

static int cmp_name(const void *x, const void *y)
{
	const struct label *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

static int cmp_text(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static int cmp_pos(const void *x, const void *y)
{
	const struct label *a = *(struct label *const *)x;
	const struct label *b = *(struct label *const *)y;

	return (a->pos > b->pos) - (a->pos < b->pos);
}

/* Whether the texts are all different. */
static int distinct(const struct labels *l)
{
	char **t = xcalloc(l->n, sizeof(*t), "the labels");
	size_t i;
	int ok = 1;

	for (i = 0; i < l->n; i++)
		t[i] = l->v[i].text;
	qsort(t, l->n, sizeof(*t), cmp_text);
	for (i = 1; i < l->n && ok; i++)
		ok = strcmp(t[i - 1], t[i]) != 0;
	free(t);
	return ok;
}

/* The common prefix of every name, up to and including its last '/' or
   ':', and shorter than each name. */
static size_t common_prefix(const struct labels *l)
{
	const char *a = l->v[0].name, *b = l->v[l->n - 1].name;
	size_t lcp = 0, shortest = (size_t)-1, i;

	/* Sorted: what the first and last share, all share. */
	while (a[lcp] && a[lcp] == b[lcp])
		lcp++;
	for (i = 0; i < l->n; i++)
		if (strlen(l->v[i].name) < shortest)
			shortest = strlen(l->v[i].name);
	if (!shortest)
		return 0;
	if (lcp >= shortest)
		lcp = shortest - 1;
	while (lcp > 0 && a[lcp - 1] != '/' && a[lcp - 1] != ':')
		lcp--;
	return lcp;
}

/* An end cut mid-word ("...refetch") would name nothing. */
const char *labels_end(const char *s, size_t width)
{
	size_t len = strlen(s), j;

	for (j = 1; j < len; j++)
		if (strchr("/:-@", s[j - 1]) && len - j + 3 <= width)
			return s + j;
	return NULL;
}

/* Numbers, in the caller's order, for the names not shown whole (all of
   them if all): a legend under the caption gives them in full. */
static void number_labels(struct labels *l, size_t width)
{
	struct label **byp = xcalloc(l->n, sizeof(*byp), "the labels");
	char num[32];
	size_t i, k = 0;

	for (i = 0; i < l->n; i++)
		byp[i] = &l->v[i];
	qsort(byp, l->n, sizeof(*byp), cmp_pos);
	for (i = 0; i < l->n; i++) {
		if (strlen(byp[i]->name + l->cut) <= width)
			continue;
		snprintf(num, sizeof(num), "#%zu", ++k);
		free(byp[i]->text);
		byp[i]->text = xstrdup(num, "a label");
		byp[i]->legend = 1;
	}
	free(byp);
	l->legend |= k > 0;
}

void labels_make(struct labels *l, const char *const *names, size_t n,
		 size_t width, const char *what)
{
	size_t i, m = 0, longest = 0;
	int unnamed = 0;

	memset(l, 0, sizeof(*l));
	l->what = what;
	l->v = xcalloc(n, sizeof(*l->v), "the labels");
	for (i = 0; i < n; i++) {
		l->v[i].name = names[i];
		l->v[i].pos = i;
	}
	qsort(l->v, n, sizeof(*l->v), cmp_name);
	for (i = 0; i < n; i++)
		if (!m || strcmp(l->v[m - 1].name, l->v[i].name))
			l->v[m++] = l->v[i];
	l->n = m;
	for (i = 0; i < m; i++)
		if (strlen(l->v[i].name) > longest)
			longest = strlen(l->v[i].name);
	if (width < 4)
		width = 4;
	if (m && longest > width) {
		l->cut = common_prefix(l);
		l->prefix = l->cut ? l->v[0].name : NULL;
	}
	for (i = 0; i < m; i++) {
		const char *s = l->v[i].name + l->cut, *end;
		size_t len = strlen(s);

		if (len <= width) {
			l->v[i].text = xstrdup(s, "a label");
			continue;
		}
		end = labels_end(s, width);
		if (!end) {
			l->v[i].text = xstrdup("", "a label");
			unnamed = 1;
			continue;
		}
		l->v[i].text = xmalloc(strlen(end) + 4, "the labels");
		snprintf(l->v[i].text, strlen(end) + 4, "...%s", end);
		l->v[i].legend = l->legend = 1;
	}
	/* Ends alike, or one with no end that fits: numbers instead. */
	if (unnamed || !distinct(l))
		number_labels(l, width);
}

const char *labels_get(const struct labels *l, const char *name)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(l->v[mid].name, name);
		if (!c)
			return l->v[mid].text;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return name;
}

const char *labels_whole(const struct labels *l, const char *name)
{
	return l->cut && !strncmp(name, l->prefix, l->cut) ? name + l->cut : name;
}

size_t labels_width(const struct labels *l)
{
	size_t i, w = 0;

	for (i = 0; i < l->n; i++)
		if (strlen(l->v[i].text) > w)
			w = strlen(l->v[i].text);
	return w;
}

void labels_caption(const struct labels *l)
{
	size_t i;

	if (l->cut)
		print_wrapped("  ", "prefix of every %s: %.*s", l->what,
			      (int)l->cut, l->prefix);
	if (l->legend) {
		struct label **byp = xcalloc(l->n, sizeof(*byp), "the labels");

		for (i = 0; i < l->n; i++)
			byp[i] = &l->v[i];
		qsort(byp, l->n, sizeof(*byp), cmp_pos);
		for (i = 0; i < l->n; i++)
			if (byp[i]->legend)
				print_wrapped("     ", "%s = %s%s", byp[i]->text,
					      l->cut ? "..." : "",
					      byp[i]->name + l->cut);
		free(byp);
	}
}

void labels_free(struct labels *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].text);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
