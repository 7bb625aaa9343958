/* csumreport compare: per point in both runs, median cycles/byte before
   and after, the change, and a Mann-Whitney U test over the per-sample
   values, so a gain that is noise is not claimed; then one line per point
   in the words a commit message uses. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mannwhitney.h"
#include "report.h"

struct pair {
	const struct row *a, *b;
	double p, change;
	int sig;
};

struct side {
	const char *path;
	char kernel[128];	/* "" when matching by name */
	char prefetch[16];	/* "" unless kernel@dist */
	struct results r;
};

/* "name" or "name@dist" / "name@none". */
static void parse_spec(struct side *s, const char *spec)
{
	const char *at;

	if (!*spec)
		return;
	at = strrchr(spec, '@');
	if (at) {
		snprintf(s->kernel, sizeof(s->kernel), "%.*s", (int)(at - spec), spec);
		snprintf(s->prefetch, sizeof(s->prefetch), "%s", at + 1);
	} else {
		snprintf(s->kernel, sizeof(s->kernel), "%s", spec);
	}
}

static int matches(const struct side *s, const struct row *w)
{
	return (!s->kernel[0] || !strcmp(s->kernel, w->kernel)) &&
	       (!s->prefetch[0] || !strcmp(s->prefetch, w->prefetch));
}

static const char *pstr(double p, char *buf, size_t n)
{
	if (p < 0)
		snprintf(buf, n, "n/a");
	else if (p < 0.001)
		snprintf(buf, n, "<0.001");
	else
		snprintf(buf, n, "%.3f", p);
	return buf;
}

static int usage(FILE *f)
{
	fprintf(f, "usage: csumreport compare BEFORE.csv AFTER.csv "
		"[--before-kernel K[@D]]\n"
		"                         [--after-kernel K[@D]] [--alpha A] "
		"[--csv OUT.csv]\n\n"
		"Matches points by kernel, size, alignment, cache state and prefetch;\n"
		"with --before-kernel/--after-kernel, compares those two kernels (at\n"
		"distance D, or none) by size, alignment and cache state.  Reads the\n"
		"-samples.csv beside each file for the test (default alpha 0.05).\n");
	return f == stdout ? 0 : 2;
}

int cmd_compare(int argc, char **argv)
{
	struct side b = { 0 }, a = { 0 };
	const char *csv = NULL;
	double alpha = 0.05;
	size_t i, j, n = 0, nsig = 0;
	struct pair *pairs;
	FILE *out = NULL;
	char tmp[4200], pb[16], lab[32];
	int named;

	for (i = 1; i < (size_t)argc; i++) {
		const char *o = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL;
		if (!strcmp(o, "--help") || !strcmp(o, "-h"))
			return usage(stdout);
		if (o[0] != '-') {
			if (!b.path)
				b.path = o;
			else if (!a.path)
				a.path = o;
			else
				return usage(stderr);
			continue;
		}
		if (!v)
			return usage(stderr);
		i++;
		if (!strcmp(o, "--before-kernel"))
			parse_spec(&b, v);
		else if (!strcmp(o, "--after-kernel"))
			parse_spec(&a, v);
		else if (!strcmp(o, "--csv"))
			csv = v;
		else if (!strcmp(o, "--alpha") && (alpha = atof(v)) > 0 && alpha < 1)
			;
		else {
			fprintf(stderr, "csumreport compare: bad option '%s %s'\n", o, v);
			return usage(stderr);
		}
	}
	if (!b.path || !a.path)
		return usage(stderr);
	if (!!b.kernel[0] != !!a.kernel[0]) {
		fprintf(stderr, "csumreport compare: give both --before-kernel and "
			"--after-kernel, or neither\n");
		return 2;
	}
	named = b.kernel[0] != 0;
	if (results_read(&b.r, b.path, 1))
		return 2;
	if (results_read(&a.r, a.path, 1)) {
		results_free(&b.r);
		return 2;
	}
	if (csv) {
		snprintf(tmp, sizeof(tmp), "%s.tmp", csv);
		out = fopen(tmp, "w");
		if (!out) {
			perror(tmp);
			results_free(&a.r);
			results_free(&b.r);
			return 1;
		}
		fprintf(out, "label,kernel,size,align,cache,prefetch,before,after,"
			"change_pct,p,significant\n");
	}

	printf("Cycles/byte, median; Mann-Whitney U test on the samples, "
	       "alpha %.2f\n", alpha);
	printf("before: %s\n        %s, %u samples%s\n", b.path, b.r.cpu,
	       b.r.samples, strcmp(b.r.emulated, "yes") ? "" : ", EMULATED");
	printf("after:  %s\n        %s, %u samples%s\n", a.path, a.r.cpu,
	       a.r.samples, strcmp(a.r.emulated, "yes") ? "" : ", EMULATED");
	if (named)
		printf("kernels: %s%s%s (before) vs %s%s%s (after)\n", b.kernel,
		       b.prefetch[0] ? "@" : "", b.prefetch, a.kernel,
		       a.prefetch[0] ? "@" : "", a.prefetch);
	if (!strcmp(b.r.emulated, "yes") || !strcmp(a.r.emulated, "yes"))
		printf("EMULATED RUN: these timings are not real; do not quote them.\n");
	if (named)
		printf("\n%-10s %-5s %-8s %7s %7s %7s %7s\n", "size", "cache",
		       "prefetch", "before", "after", "change", "p");
	else
		printf("\n%-16s %-10s %-5s %-8s %7s %7s %7s %7s\n", "kernel", "size",
		       "cache", "prefetch", "before", "after", "change", "p");

	pairs = calloc(a.r.nrows, sizeof(*pairs));
	if (!pairs)
		abort();
	for (i = 0; i < a.r.nrows; i++) {
		const struct row *wa = &a.r.rows[i];
		if (!matches(&a, wa))
			continue;
		for (j = 0; j < b.r.nrows; j++) {
			const struct row *x = &b.r.rows[j];
			if (matches(&b, x) && x->size == wa->size && x->align == wa->align &&
			    !strcmp(x->cache, wa->cache) && x->cycles_per_byte > 0 &&
			    (named || (!strcmp(x->kernel, wa->kernel) &&
				       !strcmp(x->prefetch, wa->prefetch))))
				break;
		}
		if (j == b.r.nrows)
			continue;
		pairs[n].a = wa;
		pairs[n].b = &b.r.rows[j];
		pairs[n].p = mann_whitney_p(pairs[n].b->cpb, pairs[n].b->ncpb,
					    wa->cpb, wa->ncpb);
		pairs[n].change = (wa->cycles_per_byte /
				   pairs[n].b->cycles_per_byte - 1) * 100;
		pairs[n].sig = pairs[n].p >= 0 && pairs[n].p < alpha;
		nsig += (size_t)pairs[n].sig;
		n++;
	}
	if (!n) {
		fprintf(stderr, "csumreport compare: %s and %s have no point in "
			"common\n", b.path, a.path);
		if (out) {
			fclose(out);
			remove(tmp);
		}
		free(pairs);
		results_free(&a.r);
		results_free(&b.r);
		return 2;
	}
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		size_label(q->a->size, lab, sizeof(lab));
		if (q->a->align)
			snprintf(lab + strlen(lab), sizeof(lab) - strlen(lab), " +%u",
				 q->a->align);
		if (named)
			printf("%-10s ", lab);
		else
			printf("%-16.16s %-10s ", q->a->kernel, lab);
		printf("%-5s %-8s %7.3f %7.3f %+6.1f%% %7s%s\n", q->a->cache,
		       q->a->prefetch, q->b->cycles_per_byte, q->a->cycles_per_byte,
		       q->change, pstr(q->p, pb, sizeof(pb)), q->sig ? " *" : "");
		/* The figure's bar label: what differs between bars. */
		if (out)
			fprintf(out, "%s%s%s %s%s%s,%s,%u,%u,%s,%s,%.4f,%.4f,%.2f,%.6f,%s\n",
				named ? "" : q->a->kernel, named ? "" : " ", lab,
				q->a->cache, strcmp(q->a->prefetch, "none") ? " @" : "",
				strcmp(q->a->prefetch, "none") ? q->a->prefetch : "",
				q->a->kernel, q->a->size, q->a->align, q->a->cache,
				q->a->prefetch, q->b->cycles_per_byte,
				q->a->cycles_per_byte, q->change, q->p,
				q->sig ? "yes" : "no");
	}
	printf("* significant at alpha %.2f\n\nSummary:\n", alpha);
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		size_label(q->a->size, lab, sizeof(lab));
		if (!named)
			printf("%s%s%s: ", q->a->kernel,
			       strcmp(q->a->prefetch, "none") ? "@" : "",
			       strcmp(q->a->prefetch, "none") ? q->a->prefetch : "");
		if (q->sig && fabs(q->change) < 0.5)
			printf("same median at %s, %s, though the samples differ "
			       "(p %s)\n", lab, q->a->cache, q->p < 0.001 ? "< 0.001" :
			       (snprintf(pb, sizeof(pb), "= %.3f", q->p), pb));
		else if (q->sig)
			printf("%.0f%% %s time per byte at %s, %s (p %s)\n",
			       fabs(q->change), q->change < 0 ? "less" : "more", lab,
			       q->a->cache, q->p < 0.001 ? "< 0.001" :
			       (snprintf(pb, sizeof(pb), "= %.3f", q->p), pb));
		else
			printf("no significant change at %s, %s (%+.1f%%, p = %s)\n",
			       lab, q->a->cache, q->change, pstr(q->p, pb, sizeof(pb)));
	}
	printf("%zu of %zu points changed significantly\n", nsig, n);
	free(pairs);
	results_free(&a.r);
	results_free(&b.r);
	if (out) {
		if (fclose(out) != 0 || rename(tmp, csv) != 0) {
			perror(csv);
			return 1;
		}
	}
	return 0;
}
