/* The size figure's lines.  A kernel that does not prefetch is one line.
   One that prefetches is drawn at the distance asked for (KERNEL=K@D),
   or at each of its distances (KERNEL=K): never at a distance the
   figure picks, since the best of several noisy ones favours it.  With
   no KERNEL=, every kernel at each of its distances where those lines
   are FIGLINES_MAX at most (a colour each); else the prefetching
   kernels are left out of the size figure and named there (their
   distance figures show them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure/figlines.h"
#include "lib/xalloc.h"
#include "read/query.h"
#include "text/frame.h"

#define WHAT "the figures' lines"
#define FIGLINES_MAX 16

size_t figlines_find(const struct figlines *l, size_t k, const char *pf)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].k == k && !strcmp(l->v[i].pf, pf))
			return i + 1;
	return 0;
}

static void add_line(struct figlines *l, size_t k, const char *name,
		     const char *pf, int prefetches)
{
	struct figline *f;

	if (figlines_find(l, k, pf))
		return;
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v), WHAT);
	f = &l->v[l->n++];
	f->k = k;
	f->pf = pf;
	if (!prefetches)
		snprintf(f->label, sizeof(f->label), "%.150s", name);
	else if (!strcmp(pf, "none"))
		snprintf(f->label, sizeof(f->label), "%.140s @none", name);
	else
		snprintf(f->label, sizeof(f->label), "%.140s @%.12s B", name, pf);
}

static void add_name(const char ***v, size_t *n, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*v)[i], name))
			return;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v), WHAT);
	(*v)[(*n)++] = name;
}

/* A kernel of r (k from 1) at dist (NULL: at each of its distances). */
static void add_kernel(struct figlines *l, const struct results *r,
		       size_t k, const char *name, const char *dist)
{
	const char **pf;
	size_t n = results_prefetches(r, name, &pf), i;
	int prefetches = kernel_prefetches(r, name);

	for (i = 0; i < n; i++)
		if (!dist || !strcmp(pf[i], dist))
			add_line(l, k, name, pf[i], prefetches);
	if (prefetches)
		add_name(&l->pfk, &l->npfk, name);
	free(pf);
}

/* The message for a KERNEL= entry that names nothing drawn: the file's
   kernels, or the kernel's distances. */
static int bad_entry(const struct results *all, const char *path,
		     const char *name, const char *dist)
{
	const char **v;
	size_t n, i;

	if (dist) {
		fprintf(stderr, "csumreport: %s: kernel '%s' has no prefetch "
			"distance '%s' (KERNEL=%s@%s); its distances:", path,
			name, dist, name, dist);
		n = results_prefetches(all, name, &v);
	} else {
		fprintf(stderr, "csumreport: %s has no kernel '%s' (KERNEL=); "
			"its kernels:", path, name);
		n = results_kernels(all, 0, &v);
	}
	for (i = 0; i < n; i++)
		fprintf(stderr, " %s", v[i]);
	fprintf(stderr, "\n");
	free(v);
	return 2;
}

/* One KERNEL= entry: name, or name@D (the last @, unless the whole entry
   is a kernel's name).  0, or 2 after a message. */
static int pick_entry(const struct results *all, const struct results *r,
		      const char *path, char *entry,
		      const char *const *kernels, size_t nk, struct figlines *l)
{
	char *at = strrchr(entry, '@');
	const char *dist = NULL, *op = r->nrows ? r->rows[0].op : "", **pf;
	const char *kop = results_kernel_op(all, entry);
	size_t i, n;

	if (!kop && at) {
		*at = '\0';
		dist = at + 1;
		kop = results_kernel_op(all, entry);
	}
	if (!kop) {
		if (at)
			*at = '@';
		return bad_entry(all, path, entry, NULL);
	}
	if (dist) {
		n = results_prefetches(all, entry, &pf);
		for (i = 0; i < n && strcmp(pf[i], dist); i++)
			;
		free(pf);
		if (i == n)
			return bad_entry(all, path, entry, dist);
	}
	/* (another op's kernel: drawn in that op's figures) */
	if (strcmp(kop, op))
		return 0;
	for (i = 0; i < nk && strcmp(kernels[i], entry); i++)
		;
	if (i == nk) {
		fprintf(stderr, "csumreport: %s: '%s' is the harness's own "
			"(KERNEL=), not a kernel drawn\n", path, entry);
		return 2;
	}
	add_kernel(l, r, i + 1, kernels[i], dist);
	return 0;
}

/* The lines of every kernel at each of its distances. */
static size_t every_line(const struct results *r, const char *const *kernels,
			 size_t nk)
{
	const char **pf;
	size_t n = 0, i;

	for (i = 0; i < nk; i++) {
		n += results_prefetches(r, kernels[i], &pf);
		free(pf);
	}
	return n;
}

int figlines_pick(const struct results *all, const struct results *r,
		  const char *path, const char *want,
		  const char *const *kernels, size_t nk, struct figlines *out)
{
	char *list, *save = NULL, *e;
	size_t i;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!want) {
		int all_fit = every_line(r, kernels, nk) <= FIGLINES_MAX;

		for (i = 0; i < nk; i++)
			if (!all_fit && kernel_prefetches(r, kernels[i])) {
				add_name(&out->left_out, &out->nleft, kernels[i]);
				add_name(&out->pfk, &out->npfk, kernels[i]);
			} else {
				add_kernel(out, r, i + 1, kernels[i], NULL);
			}
		return 0;
	}
	list = xstrdup(want, WHAT);
	for (e = strtok_r(list, ",", &save); e && !rc; e = strtok_r(NULL, ",", &save)) {
		e += strspn(e, " \t");
		for (i = strlen(e); i && (e[i - 1] == ' ' || e[i - 1] == '\t'); i--)
			e[i - 1] = '\0';
		if (*e)
			rc = pick_entry(all, r, path, e, kernels, nk, out);
	}
	free(list);
	return rc;
}

void figlines_free(struct figlines *l)
{
	free(l->v);
	free(l->left_out);
	free(l->pfk);
	memset(l, 0, sizeof(*l));
}

double pfaxis_x(const struct pfaxis *ax, const char *pf)
{
	return strcmp(pf, "none") ? strtod(pf, NULL) : ax->none_x;
}

void pfaxis_of(const struct results *r, const char *kernel,
	       struct pfaxis *ax)
{
	const char **pf;
	size_t n = results_prefetches(r, kernel, &pf), i, at = 0;
	double lo = 0, hi = 0, pad;
	int any = 0;

	memset(ax, 0, sizeof(*ax));
	for (i = 0; i < n; i++) {
		double d = strtod(pf[i], NULL);
		if (!strcmp(pf[i], "none")) {
			ax->has_none = 1;
			continue;
		}
		lo = !any || d < lo ? d : lo;
		hi = !any || d > hi ? d : hi;
		any = 1;
	}
	/* (none is no distance: never where one could be) */
	ax->none_x = !any || lo > 0 ? 0 : lo - 0.15 * (hi > lo ? hi - lo : 64);
	if (ax->has_none)
		lo = any ? (ax->none_x < lo ? ax->none_x : lo) : ax->none_x;
	hi = any ? hi : ax->none_x;
	pad = hi > lo ? 0.06 * (hi - lo) : 32;
	ax->lo = lo - pad;
	ax->hi = hi + pad;
	/* (a tic whole or not at all: a cut number would be another) */
	for (i = 0; i < n; i++) {
		char w[40];
		size_t len = (size_t)snprintf(w, sizeof(w), "%s%.6g", at ? " " : "",
					      pfaxis_x(ax, pf[i]));
		if (at + len >= sizeof(ax->tics))
			break;
		memcpy(ax->tics + at, w, len + 1);
		at += len;
	}
	free(pf);
}
