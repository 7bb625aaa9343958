/* A sweep: the points of a config, the gate, and the timed measurement. */
#ifndef CSUMBENCH_SWEEP_H
#define CSUMBENCH_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "calibrate.h"
#include "config.h"
#include "flush.h"
#include "kernel.h"
#include "stats.h"

/* A point is (kernel, size, align, cache, prefetch). */
struct point {
	const struct kernel *kernel;	/* as the config names it */
	const struct kernel *runs;	/* what is called: kernel, or its nopf */
	uint32_t size, align;
	int cache;
	int32_t prefetch;		/* PREFETCH_NONE or bytes */
	unsigned samples;
	uint64_t iters;			/* calls per sample */
	double *ticks;			/* per call, overhead subtracted */
	struct summary st;
};

struct bench {
	const struct config *cfg;
	bool emulated;			/* timings are not real */
	struct calibration cal;
	double cpt_end;			/* cycles per tick re-measured at the end */
	const struct flusher *flush;
	size_t line;
	const char *line_source;
	struct point *pts;
	size_t npts;
	unsigned char *buf;		/* page-aligned, touched */
	size_t bufsize;
	char **failed;			/* gate failures, one line each */
	size_t nfailed;
};

/* Expands the config into points and allocates the data buffer. */
void sweep_plan(struct bench *b);
/* Verifies every kernel at every distance it will run at; drops the
   points of any that disagree.  Returns the number of failures. */
size_t sweep_gate(struct bench *b);
/* Measures one point into p->ticks and p->st. */
void sweep_measure(const struct bench *b, struct point *p);
/* Measures every point, with progress on stderr for long runs. */
void sweep_run(struct bench *b, bool progress);
void sweep_free(struct bench *b);

/* Points whose median spans fewer than this many timer steps are coarse:
   a cold point is one call, and a slow timer cannot resolve it. */
#define COARSE_STEPS 10
size_t sweep_coarse(const struct bench *b);

/* Per-byte figures of a point, from the median. */
double point_cycles_per_byte(const struct bench *b, const struct point *p);

#endif
