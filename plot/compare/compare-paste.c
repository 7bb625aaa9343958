/* compare's first lines and last block: a line per point that changed,
   in hyperfine's words ("NEW is 1.91 ± 0.03x faster than OLD at ..."),
   the run's warnings, and a block of at most 72 columns to paste into a
   commit message, which says how the figures were made and what
   qualifies them. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "read/ops.h"
#include "read/sizes.h"
#include "text/warnings.h"
#include "text/wrap.h"

/* "1500 B warm", "1500 B +2 cold", "mix warm pf 128". */
static void where(const struct pair *q, int show_pf, char *buf, size_t n)
{
	int pf = show_pf && strcmp(q->a->prefetch, "none");
	size_t k;

	size_label(q->a->size, buf, n);
	k = strlen(buf);
	if (q->a->align)
		k += (size_t)snprintf(buf + k, n - k, " +%u", q->a->align);
	k += (size_t)snprintf(buf + k, n - k, " %s%s%s", q->a->cache,
			      pf ? " pf " : "", pf ? q->a->prefetch : "");
	if (k < n && strcmp(q->a->code_offset, "none"))
		snprintf(buf + k, n - k, " code +%s", q->a->code_offset);
}

/* The after side as a multiple of the before side's speed, and the
   half-width of its interval (the wider side); 0 when none. */
static double speed_ratio(const struct pair *q, double *pm, int *faster)
{
	double r = 1 / (1 + q->change / 100), lo, hi;

	*faster = q->change < 0;
	*pm = 0;
	if (!*faster)
		r = 1 + q->change / 100;
	if (isnan(q->lo))
		return r;
	lo = *faster ? 1 / (1 + q->hi / 100) : 1 + q->lo / 100;
	hi = *faster ? 1 / (1 + q->lo / 100) : 1 + q->hi / 100;
	*pm = fmax(r - lo, hi - r);
	return r;
}

/* The sides as a sentence names them: the kernels (or alignments) an
   option selected, else "before" and "after" (each point's kernel said
   with it). */
static void side_names(const struct compare_ctx *cx, const char **b, const char **a)
{
	*b = cx->before ? cx->before : "before";
	*a = cx->after ? cx->after : "after";
}

/* The unit of replication, said once: "10 processes each". */
static void replicates(const struct compare_ctx *cx, char *buf, size_t n)
{
	if (cx->one_run)
		snprintf(buf, n, "one run: both sides within one process");
	else if (cx->pb == cx->pa)
		snprintf(buf, n, "%u %s each", cx->pb, cx->per_process ?
			 (cx->pb == 1 ? "process" : "processes") :
			 (cx->pb == 1 ? "repeat in one process" : "repeats in one process"));
	else
		snprintf(buf, n, "%u and %u %s", cx->pb, cx->pa, cx->per_process ?
			 "processes" : "repeats, each side in one process");
}

/* How the headline's ± reads: "the Holm-adjusted interval". */
static const char *pm_what(const struct rule *rule)
{
	return rule->family == FAMILY_HOLM ? "the Holm-adjusted interval" :
	       rule->family == FAMILY_BH ? "the Benjamini-Hochberg-adjusted "
	       "interval" : "the 95% interval";
}

void compare_headline(const struct pair *pairs, size_t n,
		      const struct compare_ctx *cx, const struct rule *rule)
{
	const char *bn, *an;
	char w[96], rep[96], others[256];
	size_t i, nsig = 0;

	side_names(cx, &bn, &an);
	replicates(cx, rep, sizeof(rep));
	if (cx->inconclusive) {
		print_wrapped("  ", "Inconclusive: %s", cx->inconclusive);
		return;
	}
	for (i = 0; i < n; i++) {
		const struct pair *q = &pairs[i];
		double pm, r;
		int faster;

		if (!q->sig)
			continue;
		nsig++;
		r = speed_ratio(q, &pm, &faster);
		where(q, cx->show_pf, w, sizeof(w));
		print_wrapped("  ", "%s%s%s is %.2f \xc2\xb1 %.2fx %s than %s at %s%s%s",
			      cx->after ? "" : q->a->kernel, cx->after ? "" : ": ",
			      an, r, pm, faster ? "faster" : "slower", bn, w,
			      rule->emulated ? ", " : "", rule->emulated ? rule->emu_word : "");
	}
	compare_unchanged(pairs, n, rule, others, sizeof(others));
	if (!nsig)
		print_wrapped("  ", "No point called faster or slower (beyond "
			      "\xc2\xb1%.4g%%): %s; %s", rule->threshold, others, rep);
	else if (nsig < n)
		print_wrapped("  ", "(%s; \xc2\xb1 %s; the others: %s)", rep,
			      pm_what(rule), others);
	else
		print_wrapped("  ", "(%s; \xc2\xb1 %s)", rep, pm_what(rule));
}

void compare_print_warnings(FILE *f, const struct compare_ctx *cx)
{
	const char *bn, *an;
	char bw[512], aw[512];

	side_names(cx, &bn, &an);
	if (cx->b == cx->a) {
		print_warnings(f, cx->b, "the run");
		return;
	}
	snprintf(bw, sizeof(bw), "OLD, %s", bn);
	snprintf(aw, sizeof(aw), "NEW, %s", an);
	print_warnings(f, cx->b, bw);
	print_warnings(f, cx->a, aw);
}

static int several_kernels(const struct pair *pairs, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(pairs[i].a->kernel, pairs[0].a->kernel))
			return 1;
	return 0;
}

/* One point's line of the block: 72 columns at most; "emu" marks an
   emulated run's figures. */
static void paste_row(FILE *f, const struct pair *q, int per_call,
		      const struct compare_ctx *cx, const struct rule *rule)
{
	char w[160], ci[48];
	double b = per_call ? q->before * q->a->size : q->before;
	double a = per_call ? q->after * q->a->size : q->after;

	where(q, cx->show_pf, w, sizeof(w));
	/* A point too long for its column has a line of its own: cut, two
	   could read alike. */
	if (strlen(w) > 20) {
		fprintf(f, "%s\n", w);
		w[0] = '\0';
	}
	if (q->out == OUT_UNRESOLVED)
		snprintf(ci, sizeof(ci), "unresolved");
	else if (isnan(q->lo))
		snprintf(ci, sizeof(ci), "n/a");
	else
		snprintf(ci, sizeof(ci), "[%+.1f,%+.1f]", q->lo == 0 ? 0.0 : q->lo,
			 q->hi == 0 ? 0.0 : q->hi);
	fprintf(f, "%-20s %8.*f %8.*f %+7.1f%% %14s%s%s\n", w, b < 10 ? 3 : 1, b,
		a < 10 ? 3 : 1, a, q->change == 0 ? 0.0 : q->change, ci,
		q->sig ? " *" : rule->emulated ? "  " : "",
		rule->emulated ? (rule->model ? " model" : " emu") : "");
}

/* Under the block's table: what the interval is. */
static void paste_ci(FILE *f, const struct pair *pairs, size_t n,
		     const struct rule *rule)
{
	double lo = 1, hi = 0;
	char a[16], b[16];
	size_t i;

	for (i = 0; i < n; i++)
		if (pairs[i].p >= 0) {
			lo = fmin(lo, pairs[i].level);
			hi = fmax(hi, pairs[i].level);
		}
	if (!rule->verdict || rule->family == FAMILY_NONE || lo > hi) {
		fprint_wrapped(f, "  ", "95%% CI: each point's own, unadjusted");
		return;
	}
	compare_level(lo, a, sizeof(a));
	compare_level(hi, b, sizeof(b));
	fprint_wrapped(f, "  ", "adj. CI: adjusted as p is (%s%s%s%s%s)",
		       rule->family == FAMILY_BH ? "Benjamini-Hochberg, " :
		       "Holm, each point at its step's level, ", a, lo < hi ?
		       " to " : "", lo < hi ? b : "", rule->family == FAMILY_BH ?
		       " each" : "");
}

static void paste_verdict(FILE *f, const struct pair *pairs, size_t n,
			  const struct compare_ctx *cx, const struct rule *rule)
{
	size_t i, faster = 0, slower = 0;
	char rep[96], others[256];

	if (cx->inconclusive) {
		fprint_wrapped(f, "  ", "verdict: inconclusive: %s", cx->inconclusive);
		return;
	}
	for (i = 0; i < n; i++) {
		faster += pairs[i].sig && pairs[i].change < 0;
		slower += pairs[i].sig && pairs[i].change > 0;
	}
	replicates(cx, rep, sizeof(rep));
	compare_unchanged(pairs, n, rule, others, sizeof(others));
	fprint_wrapped(f, "  ", "verdict: %sNEW faster at %zu and slower at %zu of "
		       "%zu points%s%s (* changed: %s-adjusted p < %.2g and the %s "
		       "beyond \xc2\xb1%.4g%%); %s, %s", rule->emulated ? rule->model ?
		       "MODEL, FORCED: " : "EMULATED, FORCED: " : "", faster, slower, n, others[0] ? "; the "
		       "others: " : "", others, rule->family == FAMILY_BH ?
		       "Benjamini-Hochberg" : "Holm", rule->alpha,
		       rule->family == FAMILY_NONE ? "95% CI" : "adj. CI",
		       rule->threshold, rep, cx->per_process ?
		       "OLD and NEW alternating, Welch's t" :
		       "JUDGED WITHIN ONE PROCESS (--within-process)");
}

static void paste_block(FILE *f, const struct pair *pairs, size_t n,
			const struct compare_ctx *cx, const struct rule *rule)
{
	const struct results *b = cx->b, *a = cx->a;
	const char *bn, *an, *op = n ? pairs[0].a->op : "";
	int per_call = n && compare_op(b, a, op)->per_call;
	int by_kernel;
	size_t i;

	side_names(cx, &bn, &an);
	if (rule->model)
		fprint_wrapped(f, "  ", "%s; model marks each such figure", rule->model);
	else if (rule->emulated)
		fprint_wrapped(f, "  ", "EMULATED: not real timings (QEMU: the "
			       "host's clock; dcbt a no-op); emu marks each such "
			       "figure");
	fprint_wrapped(f, "  ", "%s: %s (OLD) against %s (NEW), cycles per %s, "
		       "%s%s%s", op, bn, an, per_call ? "call" : "byte",
		       compare_figure(rule), rule->emulated ? ", " : "",
		       rule->emulated ? rule->emu_word : "");
	fprintf(f, "%-20s %8s %8s %8s %14s\n", "point", "OLD", "NEW", "change",
		rule->verdict && rule->family != FAMILY_NONE ? "adj. CI" : "95% CI");
	/* Sides not named: each kernel's points under its name. */
	by_kernel = !cx->after && several_kernels(pairs, n);
	for (i = 0; i < n; i++) {
		if (by_kernel &&
		    (!i || strcmp(pairs[i].a->kernel, pairs[i - 1].a->kernel)))
			fprint_wrapped(f, "  ", "%s:", pairs[i].a->kernel);
		paste_row(f, &pairs[i], per_call, cx, rule);
	}
	paste_ci(f, pairs, n, rule);
	paste_verdict(f, pairs, n, cx, rule);
	fprint_wrapped(f, "  ", "machine: %s%s", a->cpu, strcmp(a->cpu, b->cpu) ?
		       " (OLD's: another CPU)" : "");
	if (*a->core_clock)
		fprint_wrapped(f, "  ", "core clock: %s", a->core_clock);
	if (*a->timer_line)
		fprint_wrapped(f, "  ", "timer: %s", a->timer_line);
	if (*a->compiler)
		fprint_wrapped(f, "  ", "compiler: %s, %s", a->compiler, a->cflags);
	if (*a->kernel_release)
		fprint_wrapped(f, "  ", "kernel: %s", a->kernel_release);
	if (*a->version)
		fprint_wrapped(f, "  ", "csumbench: %s", a->version);
	if (strcmp(a->build, b->build))
		fprint_wrapped(f, "  ", "WARNING: OLD and NEW were timed by "
			       "different builds (their # build: lines differ)");
	if (cx->command)
		fprint_wrapped(f, "  ", "command: %s", cx->command);
	compare_print_warnings(f, cx);
}

int compare_paste(const char *path, const struct pair *pairs, size_t n,
		  const struct compare_ctx *cx, const struct rule *rule)
{
	FILE *f;
	int fd;

	printf("\n--- paste (72 columns) ---\n");
	paste_block(stdout, pairs, n, cx, rule);
	printf("---\n");
	if (!path)
		return 0;
	/* a name nobody else made first, and never an earlier result */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666)) < 0 ||
	    !(f = fdopen(fd, "w"))) {
		fprintf(stderr, "csumreport compare: --paste %s: %s\n", path,
			strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	paste_block(f, pairs, n, cx, rule);
	if (fclose(f)) {
		fprintf(stderr, "csumreport compare: --paste %s: %s\n", path,
			strerror(errno));
		unlink(path);
		return -1;
	}
	printf("wrote %s\n", path);
	return 0;
}
