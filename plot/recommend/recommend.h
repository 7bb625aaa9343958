/* What the files of csumreport recommend share: the model's inputs, a
   point and its verdict, a band of sizes, and who defines what. */
#ifndef CSUMREPORT_RECOMMEND_H
#define CSUMREPORT_RECOMMEND_H

#include <stddef.h>

#include "read/results.h"
#include "stat/stattest.h"

/* csumreport recommend (recommend.c): which prefetch distance to use;
   the exit status. */
int cmd_recommend(int argc, char **argv);

#define ALPHA 0.05
/* compare's threshold (its default): a distance is recommended only
   where it beats none by more than this, in % */
#define THRESHOLD 1.0

/* "# prefetch_loop: KERNEL BYTES": what one iteration of the loop that
   issues a kernel's prefetch covers. */
struct pf_loop {
	char *kernel;
	unsigned bytes;
	size_t line;		/* in the CSV */
};

/* What the metadata says of the model's inputs. */
struct model_meta {
	unsigned line;		/* cache line bytes; 0: no "# cache_line:" */
	double miss;		/* "# miss_latency:" cycles; NAN: none */
	struct pf_loop *loops;
	size_t nloops;
};

/* One kernel's selection and the model's kernel-wide input. */
struct kernel_ctx {
	const struct results *r;
	const struct model_meta *mm;
	const char *kernel, *off;
	unsigned align;
	enum test test;
	int with_samples;
	int force;		/* --force-verdict: judge emulated data too */
	double miss;		/* cycles; NAN: no usable latency */
	char miss_why[160];	/* where it came from, or why there is none */
	/* The model's rate: cycles per line of the kernel's fastest cold
	   point at its largest cold size; rate_cache NULL: no cold rows,
	   the warm loop per size instead. */
	double rate;
	unsigned rate_size;
	const char *rate_cache, *rate_pf;
	unsigned loop_bytes;	/* # prefetch_loop: of the kernel; 0: none */
};

/* V_SMALL: the best is faster than none, by no more than THRESHOLD;
   V_NEVER: shorter than one iteration of the prefetching loop. */
enum verdict { V_HELPS, V_NO_HELP, V_UNTESTED, V_NO_NONE, V_NEVER, V_SMALL };

/* A size and cache state: its distances ascending, each against none. */
struct point {
	unsigned size;
	const char *cache;
	const struct row *none;
	const struct row **d;
	unsigned *dist;
	double *med, *chg, *pnone;	/* chg: % against none; pnone: its p */
	unsigned char *noise;		/* not told apart from the best */
	size_t nd, best;
	double none_med;
	enum verdict v;
	int model_ok, flag, capped;
	double lines, model_dist;	/* the model's, before the cap */
	unsigned use_lines;		/* after it: 0, a buffer of one line */
	unsigned nearest, loop_size;
	double miss, loop;		/* cycles, and cycles per line */
	char model_why[160];
};

/* A band: consecutive sizes lo..hi of one cache state (caches[ci],
   from position pos of its sizes) with one verdict; where a distance
   helps, the distance pfs[f] and the point quoted, pts[at] at its
   distance index atj: the band's largest gain. */
struct band {
	size_t ci, pos, f, at, atj;
	unsigned lo, hi;
	enum verdict v;
	double gain;
};

/* recommend-meta.c: the run's metadata for the model. */
int rec_read_meta(const struct results *r, struct model_meta *mm);
void rec_meta_free(struct model_meta *mm);
unsigned rec_loop_bytes(const struct model_meta *mm, const char *kernel);

/* recommend-model.c: the points, the tests and the model. */
int rec_is_distance(const char *s, unsigned *out);
int rec_prefetching(const struct results *r, const char *kernel);
void rec_find_miss(struct kernel_ctx *k);
void rec_find_rate(struct kernel_ctx *k, const char *const *pfs, size_t npf);
int rec_analyse(const struct kernel_ctx *k, struct point *pt,
		const char *const *pfs, size_t npf);
void rec_point_free(struct point *pt);

/* recommend-bands.c: the bands of sizes. */
size_t rec_dist_index(const struct point *pt, const char *pf);
void rec_cache_bands(const struct point *pts, const size_t *idx, size_t m,
		     size_t ci, const char *const *pfs, size_t npf,
		     struct band *b, size_t *nb);
int rec_band_cmp(const void *pa, const void *pb);

#endif
