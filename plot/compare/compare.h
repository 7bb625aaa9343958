/* What the files of csumreport compare share: a pair of points, the rule
   that judges it, and who defines what. */
#ifndef CSUMREPORT_COMPARE_H
#define CSUMREPORT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "read/results.h"
#include "stat/stattest.h"

/* csumreport compare (compare.c): the exit status, 0, 1 (--fail-above),
   2 for bad input or 3 for inconclusive. */
int cmd_compare(int argc, char **argv);

/* What a point's verdict is, in the words its summary line uses. */
enum outcome {
	OUT_NONE,	/* no verdict for the comparison: figures only */
	OUT_UNRESOLVED,	/* a side's calls below the timer's resolution */
	OUT_UNTESTED,	/* no test at this point */
	OUT_FASTER, OUT_SLOWER,	/* changed (sig) */
	OUT_WITHIN,	/* the interval inside +-threshold */
	OUT_UNSURE	/* inconclusive: neither */
};

struct pair {
	const struct row *a, *b;
	double p, padj;		/* the test's, and adjusted for the family */
	/* The figures printed, cycles/byte: medians, or with Welch's t on
	   repeats their per-repeat medians' means (the figures it tests) */
	double before, after;
	double change;		/* the estimate, % of before's figure */
	double lo, hi;		/* its interval, %; NAN: none */
	double level;		/* the interval's confidence: 0.95 unadjusted,
				   more where adjusted as p is */
	double steps_b, steps_a;	/* per-call timing: each side's median
				   call beyond the empty call's, timer steps;
				   INFINITY: not per-call */
	double placement;	/* spread in %, or -1 */
	enum outcome out;
	int sig;		/* changed, by the rule below */
};

/* How a verdict is reached: alpha for the adjusted p, the threshold (%)
   the interval must clear, the family rule; verdict 0 on emulated data;
   the test the sides allow, and whether its repeats are processes. */
struct rule {
	double alpha, threshold;
	enum family family;
	int verdict, forced;
	enum test test;
	int per_process;
	int emulated;		/* a side is: every figure says so */
	const char *model;	/* a side is a core model's estimate: what
				   it says (# model:); NULL: none is */
	const char *emu_word;	/* "EMULATED", or "MODEL" for a model's */
};

/* How a table tells the sides apart: what each is called when a
   --before-/--after- option selects it (NULL: nothing selected, both
   sides are the row's kernel), and whether the pf column is the after
   side's distance alone (the sides' distances may differ) or both's. */
struct sides {
	char *before, *after;
	int pf_after;
};

/* compare-judge.c: the estimate of each pair at confidence conf, and
   the verdicts: p adjusted as a family, each interval at the level the
   adjustment tests it at, the outcome of each point. */
void compare_estimate(struct pair *q, enum test test, double conf);
void compare_judge(struct pair *pairs, size_t n, const struct rule *rule);
/* "4 within +-1%, 1 inconclusive": the points of pairs that did not
   change, by outcome, into buf ("" when none). */
void compare_unchanged(const struct pair *pairs, size_t n,
		       const struct rule *rule, char *buf, size_t len);
/* What the before and after figures are, for a heading: "median", or
   "mean of per-process medians". */
const char *compare_figure(const struct rule *rule);
/* The interval's level as a heading gives it: "97.5%". */
const char *compare_level(double level, char *buf, size_t n);
/* How op reads: as the before file's "# op:" line describes it, else
   the after file's, else as ops.c has it for older files. */
const struct op_info *compare_op(const struct results *b,
				 const struct results *a, const char *op);

/* compare-k.c: a line naming the points whose K (the CSVs' iters, in
   the states that time K calls on K buffers) differs before and after;
   nothing where none does. */
void compare_note_k(const struct pair *pairs, size_t n);

/* compare-print.c: the tables, the summaries and the bars' CSV. */
int compare_write_bars(const char *csv, const struct pair *pairs, size_t n,
		       const struct results *b, const struct results *a,
		       int named, const struct rule *rule);
void compare_print_op(const struct pair *pairs, size_t n, int per_call,
		      const struct sides *sd, const struct rule *rule);

/* What a comparison is beyond its pairs, for its headline and paste
   block (compare-paste.c). */
struct compare_ctx {
	const struct results *b, *a;
	const char *before, *after;	/* the sides' names; NULL: the files' */
	const char *command;		/* --command: quoted in the block */
	const char *inconclusive;	/* why there is no verdict; NULL */
	unsigned pb, pa;		/* processes (or repeats) a side */
	int per_process;		/* the unit is the process */
	int one_run;			/* both sides from one run */
	int show_pf;			/* points name their distance */
};

/* compare-paste.c: a line per point that changed, or why none could
   be; the runs' warnings; the block for a commit message, printed and
   written to path (never replacing a file; NULL: printed only), 0 or
   -1 after a message. */
void compare_headline(const struct pair *pairs, size_t n,
		      const struct compare_ctx *cx, const struct rule *rule);
void compare_print_warnings(FILE *f, const struct compare_ctx *cx);
int compare_paste(const char *path, const struct pair *pairs, size_t n,
		  const struct compare_ctx *cx, const struct rule *rule);

/* compare-build.c: whether one build made both runs, said when not. */
void compare_print_builds(const struct results *b, const struct results *a);

#endif
