/* compare's output: a table and a summary per op, in the op's unit, and
   the bars' CSV for plot/figure/compare.gp. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "lib/xalloc.h"
#include "read/ops.h"
#include "read/sizes.h"
#include "stat/stattest.h"
#include "text/frame.h"
#include "text/labels.h"
#include "text/wrap.h"

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

/* A side's figure (the pair's before or after) in its op's unit. */
static double cost(const struct pair *q, int after, int per_call)
{
	double cpb = after ? q->after : q->before;

	return per_call ? cpb * q->a->size : cpb;
}

/* "[-0.3,+0.4]": an interval in %, "unresolved" (below the timer's
   resolution) or "n/a"; pct adds the % sign to an interval (a
   sentence's "95% CI [-0.3,+0.4]%", never "n/a%"). */
static const char *istr_unit(const struct pair *q, char *buf, size_t n,
			     const char *pct)
{
	if (q->out == OUT_UNRESOLVED)
		snprintf(buf, n, "unresolved");
	else if (isnan(q->lo))
		snprintf(buf, n, "n/a");
	else
		snprintf(buf, n, "[%+.1f,%+.1f]%s", q->lo == 0 ? 0.0 : q->lo,
			 q->hi == 0 ? 0.0 : q->hi, pct);
	return buf;
}

static const char *istr(const struct pair *q, char *buf, size_t n)
{
	return istr_unit(q, buf, n, "");
}

static void label(const struct row *w, char *lab, size_t n)
{
	size_label(w->size, lab, n);
	if (w->align)
		snprintf(lab + strlen(lab), n - strlen(lab), " +%u", w->align);
}

static size_t max_len(size_t w, const char *s)
{
	return strlen(s) > w ? strlen(s) : w;
}

/* The column widths of the table, all but the kernel's from what is in
   them, so that the kernel's can take what is left of TABLE_WIDTH. */
struct widths {
	size_t kernel, size, cache, pf, code, before, after, change, ci, p;
	int sep;	/* spaces between columns: 2, or 1 where 2 do not fit */
	const char *ci_head;	/* "95% CI", or "adj. CI" adjusted as p is */
};

/* Whether every pair's after side has the same prefetch (code: code
   offset): such a column is said once above the table, not per row. */
static int constant(const struct pair *pairs, size_t n, int code)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(code ? pairs[i].a->code_offset : pairs[i].a->prefetch,
			   code ? pairs[0].a->code_offset : pairs[0].a->prefetch))
			return 0;
	return 1;
}

static void measure(const struct pair *pairs, size_t n, int per_call,
		    struct widths *w)
{
	const char *fmt = per_call ? "%.2f" : "%.3f";
	char buf[64];
	size_t i;

	*w = (struct widths){ 6, 4, 5, 2, 4, 6, 6, 6, 8, 5, 1, "95% CI" };
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, buf, sizeof(buf));
		w->size = max_len(w->size, buf);
		w->cache = max_len(w->cache, q->a->cache);
		w->pf = max_len(w->pf, q->a->prefetch);
		w->code = max_len(w->code, q->a->code_offset);
		snprintf(buf, sizeof(buf), fmt, cost(q, 0, per_call));
		w->before = max_len(w->before, buf);
		snprintf(buf, sizeof(buf), fmt, cost(q, 1, per_call));
		w->after = max_len(w->after, buf);
		snprintf(buf, sizeof(buf), "%+.1f%%", q->change);
		w->change = max_len(w->change, buf);
		w->ci = max_len(w->ci, istr(q, buf, sizeof(buf)));
		w->p = max_len(w->p, pstr(q->padj, buf, sizeof(buf)));
	}
	if (n && constant(pairs, n, 0))
		w->pf = 0;
	if (n && constant(pairs, n, 1))
		w->code = 0;
}

/* A cell: left-aligned text, or right-aligned; a column of width 0 is
   left out (said above the table). */
static void cell(char *line, size_t len, size_t width, int right,
		 const char *text, const char *sep)
{
	size_t at = strlen(line);

	if (!width || at >= len)
		return;
	snprintf(line + at, len - at, "%s%*s", at ? sep : "",
		 right ? (int)width : -(int)width, text);
}

/* The heading; with sides selected, "before" and "after" over what
   each side is called (slabs: their labels), the kernel column gone. */
static void print_heading(const struct widths *w, const char *const *slabs)
{
	const char *s = w->sep > 1 ? "  " : " ";
	char line[512];
	size_t k;

	line[0] = '\0';
	if (slabs) {
		/* cell() starts no line with a separator: a blank first. */
		k = w->size + w->cache + w->pf + w->code +
		    strlen(s) * (size_t)(1 + (w->cache > 0) + (w->pf > 0) +
					 (w->code > 0));
		snprintf(line, sizeof(line), "%*s", (int)(k - strlen(s)), "");
		cell(line, sizeof(line), w->before, 1, "before", s);
		cell(line, sizeof(line), w->after, 1, "after", s);
		printf("%s\n", line);
		line[0] = '\0';
	}
	cell(line, sizeof(line), w->kernel, 0, "kernel", s);
	cell(line, sizeof(line), w->size, 0, "size", s);
	cell(line, sizeof(line), w->cache, 0, "cache", s);
	cell(line, sizeof(line), w->pf, 0, "pf", s);
	cell(line, sizeof(line), w->code, 0, "code", s);
	cell(line, sizeof(line), w->before, 1, slabs ? slabs[0] : "before", s);
	cell(line, sizeof(line), w->after, 1, slabs ? slabs[1] : "after", s);
	cell(line, sizeof(line), w->change, 1, "change", s);
	cell(line, sizeof(line), w->ci, 1, w->ci_head, s);
	cell(line, sizeof(line), w->p, 1, "p", s);
	printf("%s\n", line);
}

static void print_pairs(const struct pair *pairs, size_t n, int per_call,
			const struct labels *lab, const struct widths *w,
			const char *const *slabs)
{
	char sz[64], ch[64], pb[16], ib[64], bf[32], af[32], line[512];
	int dp = per_call ? 2 : 3;
	size_t i;
	const char *s = w->sep > 1 ? "  " : " ";

	print_heading(w, slabs);
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		label(q->a, sz, sizeof(sz));
		snprintf(ch, sizeof(ch), "%+.1f%%", q->change == 0 ? 0.0 : q->change);
		snprintf(bf, sizeof(bf), "%.*f", dp, cost(q, 0, per_call));
		snprintf(af, sizeof(af), "%.*f", dp, cost(q, 1, per_call));
		line[0] = '\0';
		cell(line, sizeof(line), w->kernel, 0, labels_get(lab, q->a->kernel), s);
		cell(line, sizeof(line), w->size, 0, sz, s);
		cell(line, sizeof(line), w->cache, 0, q->a->cache, s);
		cell(line, sizeof(line), w->pf, 0, q->a->prefetch, s);
		cell(line, sizeof(line), w->code, 0, q->a->code_offset, s);
		cell(line, sizeof(line), w->before, 1, bf, s);
		cell(line, sizeof(line), w->after, 1, af, s);
		cell(line, sizeof(line), w->change, 1, ch, s);
		cell(line, sizeof(line), w->ci, 1, istr(q, ib, sizeof(ib)), s);
		cell(line, sizeof(line), w->p, 1, pstr(q->padj, pb, sizeof(pb)), s);
		printf("%s%s\n", line, q->sig ? " *" : "");
	}
}

/* The bars' CSV for plot/figure/compare.gp: a label for what differs
   between bars, then the figures. */
int compare_write_bars(const char *csv, const struct pair *pairs, size_t n,
		       const struct results *b, const struct results *a,
		       int named, const struct rule *rule)
{
	size_t len = strlen(csv) + 8, i;
	char *tmp = xmalloc(len, "the comparison"), lab[64], figure[64];
	FILE *out;

	snprintf(figure, sizeof(figure), "%s", compare_figure(rule));
	snprintf(tmp, len, "%s.tmp", csv);
	out = fopen(tmp, "w");
	if (!out) {
		perror(tmp);
		free(tmp);
		return -1;
	}
	/* before and after in the op's unit, as the tables show them;
	   figure says what they are (spaces would need quotes) */
	for (i = 0; figure[i]; i++)
		if (figure[i] == ' ')
			figure[i] = '_';
	fprintf(out, "label,kernel,size,align,cache,prefetch,before,after,"
		"change_pct,p,significant,op,ci_low_pct,ci_high_pct,p_adjusted,"
		"ci_level,figure,emulated\n");
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		int per_call = compare_op(b, a, q->a->op)->per_call;
		label(q->a, lab, sizeof(lab));
		fprintf(out, "%s%s%s %s%s%s,%s,%u,%u,%s,%s,%.4f,%.4f,%.2f,%.6f,%s,"
			"%s,%.2f,%.2f,%.6f,%.4f,%s,%s\n",
			named ? "" : q->a->kernel, named ? "" : " ", lab,
			q->a->cache, strcmp(q->a->prefetch, "none") ? " @" : "",
			strcmp(q->a->prefetch, "none") ? q->a->prefetch : "",
			q->a->kernel, q->a->size, q->a->align, q->a->cache,
			q->a->prefetch, cost(q, 0, per_call), cost(q, 1, per_call),
			q->change, q->p, q->sig ? "yes" : "no", q->a->op, q->lo,
			q->hi, q->padj, q->level, figure, rule->emulated ? "yes" : "no");
	}
	if (ferror(out) | fclose(out) || rename(tmp, csv) != 0) {
		perror(csv);
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* A side's median call in timer steps beyond the empty call's. */
static const char *steps_str(double steps, char *buf, size_t n)
{
	if (isinf(steps))
		snprintf(buf, n, "many (not per-call)");
	else
		snprintf(buf, n, "%.1f", steps);
	return buf;
}

/* Why a point is below the timer's resolution, after "at WHERE: ". */
static void unresolved_why(const struct pair *q, char *buf, size_t n)
{
	char sb[32], sa[32];

	if (q->steps_b < 1 || q->steps_a < 1)
		snprintf(buf, n, "a call takes under one timer step beyond the "
			 "empty call's (before %s, after %s steps)",
			 steps_str(q->steps_b, sb, sizeof(sb)),
			 steps_str(q->steps_a, sa, sizeof(sa)));
	else
		snprintf(buf, n, "each side's figures fall on one timer step "
			 "(timing = per-call), so an interval would be the "
			 "timer's, of no width");
}

/* One point's sentence: who ("c64: " or ""), where ("1500 B, warm"),
   in the words of its outcome, its interval at its level, its p. */
static void print_point(const struct pair *q, const char *who,
			const char *where, int per_call, const struct rule *rule)
{
	char ib[64], pb[16], lv[16], ci[96], why[160];
	double ch = q->change == 0 ? 0.0 : q->change, t = rule->threshold;
	const char *emu = !rule->emulated ? "" : rule->model ? ", MODEL" : ", EMULATED";

	istr_unit(q, ib, sizeof(ib), "%");
	if (q->padj < 0.001)
		snprintf(pb, sizeof(pb), "< 0.001");
	else
		snprintf(pb, sizeof(pb), "= %.3f", q->padj);
	snprintf(ci, sizeof(ci), "%s CI %s", compare_level(q->level, lv,
							   sizeof(lv)), ib);
	switch (q->out) {
	case OUT_NONE:
		print_wrapped("  ", "%s%+.1f%% at %s%s (%s%s)", who, ch, where, emu,
			      isnan(q->lo) ? "95% CI n/a" : ci, isnan(q->lo) ?
			      "" : ", unadjusted");
		break;
	case OUT_UNRESOLVED:
		unresolved_why(q, why, sizeof(why));
		print_wrapped("  ", "%sbelow the timer's resolution at %s%s: %s; no "
			      "interval, no verdict", who, where, emu, why);
		break;
	case OUT_UNTESTED:
		print_wrapped("  ", "%snot tested at %s%s (%+.1f%%)", who, where,
			      emu, ch);
		break;
	case OUT_FASTER:
	case OUT_SLOWER:
		print_wrapped("  ", "%s%s, %.*f%% %s time per %s at %s%s (%s, p %s)",
			      who, ch < 0 ? "faster" : "slower", fabs(ch) < 9.5 ?
			      1 : 0, fabs(ch), ch < 0 ? "less" : "more", per_call ?
			      "call" : "byte", where, emu, ci, pb);
		if (q->placement >= 0 && fabs(q->change) < q->placement)
			printf("  but code placement alone moves it %.0f%%\n",
			       q->placement);
		break;
	case OUT_WITHIN:
		print_wrapped("  ", "%sno change beyond \xc2\xb1%.4g%% at %s%s (%+.1f%%, "
			      "%s, p %s)", who, t, where, emu, ch, ci, pb);
		break;
	case OUT_UNSURE:
		if (isnan(q->lo))
			print_wrapped("  ", "%sinconclusive at %s%s: %+.1f%%, no "
				      "interval (p %s)", who, where, emu, ch, pb);
		else if (q->lo > t || q->hi < -t)
			print_wrapped("  ", "%sinconclusive at %s%s: %+.1f%%, its %s "
				      "beyond \xc2\xb1%.4g%% but p %s, not under %.2g",
				      who, where, emu, ch, ci, t, pb, rule->alpha);
		else
			print_wrapped("  ", "%sinconclusive at %s%s: %+.1f%%, its %s "
				      "holds changes both within and beyond "
				      "\xc2\xb1%.4g%% (p %s)", who, where, emu, ch, ci,
				      t, pb);
		break;
	}
}

/* One sentence per point; without --*-kernel, led by the kernel. */
static void print_summary(const struct pair *pairs, size_t n, int per_call,
			  const struct labels *lab, int named, int pf_shown,
			  const struct rule *rule)
{
	char sz[64];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		const char *k = labels_whole(lab, q->a->kernel), *pf = q->a->prefetch;
		const char *off = q->a->code_offset;
		int placed = strcmp(off, "none") != 0;
		size_t len = strlen(k) + strlen(pf) + strlen(q->a->cache) +
			     strlen(off) + 32;
		char *who = xmalloc(len, "the comparison");
		char *where = xmalloc(len, "the comparison");

		if (named && pf_shown)
			snprintf(who, len, "pf %s: ", pf);
		else if (named)
			who[0] = '\0';
		else
			snprintf(who, len, "%s%s%s: ", k, strcmp(pf, "none") ? "@" : "",
				 strcmp(pf, "none") ? pf : "");
		size_label(q->a->size, sz, sizeof(sz));
		snprintf(where, len, "%s, %s%s%s", sz, q->a->cache,
			 placed ? ", code +" : "", placed ? off : "");
		print_point(q, who, where, per_call, rule);
		free(who);
		free(where);
	}
}

/* The sides' labels for the heading, within width (both columns):
   whole when they fit, else cut as the kernels' labels are (the
   "selected:" line above has them whole).  nb, na: the widths the
   columns' figures take, which a label never makes narrower. */
static void side_labels(const struct sides *sd, size_t width, size_t nb,
			size_t na, struct labels *sl, const char *out[2])
{
	const char *names[2];
	size_t lb, la, need_b, need_a, room;

	names[0] = sd->before ? sd->before : "before";
	names[1] = sd->after ? sd->after : "after";
	lb = strlen(names[0]);
	la = strlen(names[1]);
	need_b = lb > nb ? lb : nb;
	need_a = la > na ? la : na;
	/* the shorter side whole where it leaves the other half or more */
	room = need_b + need_a <= width ? (lb > la ? lb : la) :
	       need_b <= width / 2 ? width - need_b :
	       need_a <= width / 2 ? width - need_a : width / 2;
	labels_make(sl, names, 2, room > 6 ? room : 6, "side");
	out[0] = labels_get(sl, names[0]);
	out[1] = labels_get(sl, names[1]);
}

/* Whether the intervals are adjusted as p is (with a verdict). */
static int adjusted(const struct rule *rule)
{
	return rule->verdict && rule->family != FAMILY_NONE;
}

/* What the columns are, under the table: the figures, the change, the
   interval (its levels, adjusted or not) and p. */
static void print_legend(const struct pair *pairs, size_t n,
			 const struct rule *rule)
{
	double lo = 1, hi = 0;
	char a[16], b[16], range[48];
	size_t i, coarse = 0;

	for (i = 0; i < n; i++) {
		coarse += pairs[i].out == OUT_UNRESOLVED;
		if (pairs[i].p < 0)
			continue;
		lo = fmin(lo, pairs[i].level);
		hi = fmax(hi, pairs[i].level);
	}
	if (lo > hi)
		lo = hi = 1 - rule->alpha;
	compare_level(lo, a, sizeof(a));
	compare_level(hi, b, sizeof(b));
	if (lo == hi)
		snprintf(range, sizeof(range), "%s here", a);
	else
		snprintf(range, sizeof(range), "%s to %s here", a, b);
	if (rule->test == TEST_PAIRED)
		print_wrapped("", "before, after: each side's median; change: the "
			      "Hodges-Lehmann estimate of the per-round "
			      "differences, %% of before's median (the rounds "
			      "paired, so not after / before)");
	else if (rule->test == TEST_REPEATS)
		print_wrapped("", "before, after: each side's %s; change: after / "
			      "before - 1", compare_figure(rule));
	else
		print_wrapped("", "before, after: each side's median; change: "
			      "after / before - 1");
	if (!adjusted(rule))
		print_wrapped("", "95%% CI: each point's own 95%% interval, "
			      "unadjusted for the table's %zu points (no test)", n);
	else if (rule->family == FAMILY_HOLM)
		print_wrapped("", "adj. CI: the change's interval, adjusted as p "
			      "is (Holm): each point's at the level of its Holm "
			      "step, %s, so it leaves out 0 where p < %.2f; "
			      "p: adjusted for the table's points (Holm)", range,
			      rule->alpha);
	else
		print_wrapped("", "adj. CI: the change's interval, adjusted as p "
			      "is (Benjamini-Hochberg): Benjamini and Yekutieli's, "
			      "%s; p: adjusted for the table's points "
			      "(Benjamini-Hochberg)", range);
	if (coarse)
		print_wrapped("", "unresolved: %zu point(s) below the timer's "
			      "resolution, no interval or verdict (said below)",
			      coarse);
}

/* The columns' widths and the row labels: kernels get what the other
   columns leave of the width; with the sides selected, the sides' names
   head the before and after columns instead (SL, SLABS), and the kernel
   column goes. */
static void lay_out_columns(const struct pair *pairs, size_t n, int per_call,
			    const struct sides *sd, const char **names,
			    struct widths *w, struct labels *lab,
			    struct labels *sl, const char *slabs[2])
{
	size_t rest, cols, star = 0, i;

	measure(pairs, n, per_call, w);
	/* " *" ends a changed point's line: room for it only if one is */
	for (i = 0; i < n; i++)
		star = pairs[i].sig ? 2 : star;
	memset(sl, 0, sizeof(*sl));
	if (sd->before || sd->after) {
		/* a line: the columns, a separator between each two (cols
		   of them), and the star */
		cols = 6 + (w->pf > 0) + (w->code > 0);
		rest = w->size + w->cache + w->pf + w->code + w->change + w->ci +
		       w->p + star;
		side_labels(sd, rest + cols + 12 < TABLE_WIDTH ?
			    TABLE_WIDTH - rest - cols : 12, w->before, w->after,
			    sl, slabs);
		w->before = max_len(w->before, slabs[0]);
		w->after = max_len(w->after, slabs[1]);
		w->kernel = 0;
		w->sep = w->before + w->after + rest + 2 * cols <= TABLE_WIDTH ? 2 : 1;
		labels_make(lab, names, n, TABLE_WIDTH, "kernel");
		labels_caption(sl);
	} else {
		cols = 8 + (w->pf > 0) + (w->code > 0);	/* separators after kernel's */
		rest = w->size + w->cache + w->pf + w->code + w->before + w->after +
		       w->change + w->ci + w->p + cols + star;
		labels_make(lab, names, n, rest + 6 < TABLE_WIDTH ?
			    TABLE_WIDTH - rest : 6, "kernel");
		if (labels_width(lab) > w->kernel)
			w->kernel = labels_width(lab);
		w->sep = w->kernel + rest + cols <= TABLE_WIDTH ? 2 : 1;
		labels_caption(lab);
	}
}

/* A distance or code offset every point has is said once, above the
   table; with the sides selected apart in distance, in their names
   instead. */
static void print_every_point(const struct pair *pairs, const struct widths *w,
			      int named, const struct sides *sd)
{
	int pf_said = !w->pf && !(named && sd->pf_after);

	if (pf_said || !w->code)
		print_wrapped("", "every point: %s%s%s%s%s",
			      pf_said ? "pf (prefetch) " : "",
			      pf_said ? pairs[0].a->prefetch : "",
			      pf_said && !w->code ? ", " : "",
			      !w->code ? "code (code_offset) " : "",
			      !w->code ? pairs[0].a->code_offset : "");
}

/* What the pf, code and '*' columns mean, under the table. */
static void print_column_notes(const struct widths *w, int named,
			       const struct sides *sd, const struct rule *rule)
{
	if (w->pf)
		print_wrapped("", "pf: %sprefetch distance, bytes ahead of the "
			      "loads; none = no prefetch", named && sd->pf_after ?
			      "the after side's " : "");
	if (w->code)
		print_wrapped("", "code: code_offset, where the kernel's code "
			      "ran: a copy that many bytes past a 64-byte "
			      "boundary; none = in place, where the linker put it");
	if (rule->verdict)
		print_wrapped("", "* changed (faster or slower): p < %.2f and the "
			      "whole %s beyond +-%.4g%%", rule->alpha, w->ci_head,
			      rule->threshold);
}

/* Points whose timed regions were too few timer steps to see 1%. */
static void print_coarse_regions(const struct pair *pairs, size_t n)
{
	size_t coarse = 0, i;
	double least = INFINITY;

	for (i = 0; i < n; i++) {
		double st = fmin(pairs[i].a->region_steps,
				 pairs[i].b->region_steps);
		if (st < REGION_STEPS_MIN) {
			coarse++;
			least = fmin(least, st);
		}
	}
	if (coarse)
		print_wrapped("", "warning: %zu point(s) timed regions of "
			      "fewer than %d timer steps (as few as %.0f; the "
			      "CSVs' region_steps): their medians move in steps "
			      "of more than 1%%, and a change smaller than a step "
			      "cannot be seen", coarse, REGION_STEPS_MIN, least);
}

/* One op's table and summary. */
void compare_print_op(const struct pair *pairs, size_t n, int per_call,
		      const struct sides *sd, const struct rule *rule)
{
	const char **names = xcalloc(n, sizeof(*names), "the comparison");
	size_t i, nsig = 0;
	char others[256];
	int named = sd->before || sd->after;
	const char *slabs[2] = { NULL, NULL };
	struct labels lab, sl;
	struct widths w;

	for (i = 0; i < n; i++) {
		names[i] = pairs[i].a->kernel;
		nsig += (size_t)pairs[i].sig;
	}
	lay_out_columns(pairs, n, per_call, sd, names, &w, &lab, &sl, slabs);
	w.ci_head = adjusted(rule) ? "adj. CI" : "95% CI";
	print_every_point(pairs, &w, named, sd);
	print_pairs(pairs, n, per_call, &lab, &w, named ? slabs : NULL);
	print_legend(pairs, n, rule);
	print_column_notes(&w, named, sd, rule);
	print_coarse_regions(pairs, n);
	printf("\nSummary:\n");
	print_summary(pairs, n, per_call, &lab, named, w.pf > 0, rule);
	compare_unchanged(pairs, n, rule, others, sizeof(others));
	if (rule->verdict)
		print_wrapped("", "%zu of %zu points changed (%s-adjusted p < %.2f "
			      "and the adjusted interval outside \xc2\xb1%.4g%%)%s%s",
			      nsig, n, family_name(rule->family), rule->alpha,
			      rule->threshold, others[0] ? "; the others: " : "",
			      others);
	else
		print_wrapped("", "no verdict (%zu points): inconclusive, as said "
			      "above", n);
	labels_free(&lab);
	labels_free(&sl);
	free(names);
}
