/* A sweep: the points of a config, the gate, and the timed measurement. */
#ifndef CSUMBENCH_SWEEP_H
#define CSUMBENCH_SWEEP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "cache/check.h"
#include "cache/flush.h"
#include "cache/ring.h"
#include "call/place.h"
#include "config/config.h"
#include "lib/stats.h"
#include "registry/table.h"
#include "sweep/contention.h"
#include "timer/calibrate.h"
#include "timer/canary.h"
#include "workload/rxring.h"

struct layset;		/* layout.h */

/* A point is (kernel, size, align, cache, prefetch, code offset, load,
   rx_prefetch): what the plan times, set before the first sample. */
struct point_spec {
	const struct kernel *kernel;	/* as the config names it */
	const struct kernel *runs;	/* what is called: kernel or its nopf,
					   or a copy of it at code_offset */
	uint32_t size, align;	/* size: SIZE_MIX for a mix's point */
	enum cache_state cache;
	enum load_state load;
	enum rx_prefetch rx_prefetch;	/* cache = ring: its header prefetch */
	unsigned rxahead;	/* and for next, the descriptors ahead */
	unsigned rxslot;	/* its index in config_rx_policy's list */
	int32_t prefetch;		/* PREFETCH_NONE or bytes */
	int32_t code_offset;		/* CODE_OFFSET_NONE or bytes */
	unsigned code_mod64;		/* the called entry's address mod 64 */
	int loop_mod64;			/* its hot loop's, or -1: unknown */
	uint64_t iters;			/* calls per timed region: a warm batch,
					   or K cold calls on K buffers */
	size_t floor;			/* the empty point of its size, align
					   and cache (itself for an empty one) */
	size_t roof, nroof;		/* its roofline's points: nroof of
					   b->plan.roof_at from roof - 1; 0: none */
	size_t lay;			/* 1 + its code's set of layout copies
					   in b->arena.laysets; 0: none */
};

/* A point's samples, the memory they are taken in, and their figures
   after the run. */
struct point_data {
	double bytes;		/* per call: size, or the mix's mean */
	struct rxring rx;	/* cache = ring: its descriptors */
	size_t mixpos;		/* a mix in warm: the next packet */
	uint64_t walked;	/* a walk's payload bytes in its timed
				   regions: a mix's bytes per call */
	struct ring *ring;		/* cold-ring: the ring it draws from */
	double *ticks;			/* [repeat][samples]: ticks per call,
					   timer overhead subtracted */
	unsigned *taken;		/* [repeat]: samples taken so far */
	bool dead;			/* its kernel hung: no more samples */
	struct summary *st;		/* [repeat], after the run */
	double *cycles_per_tick;	/* [repeat]: cycles per tick used */
	/* events (events.h), when the run counts some: */
	double *ev;			/* [repeat][samples][nev]: per call,
					   scaled, overhead subtracted; NAN
					   where the group did not run */
	double *ev_run;			/* [repeat][samples]: the fraction of
					   the region the group ran */
	double *ev_median;		/* [repeat][nev], after the run */
	double *ev_running;		/* [repeat]: mean of ev_run over the
					   samples that ran; 0: none did */
	/* [repeat][samples]: the code copy and buffer slot of each sample */
	unsigned char *sample_layout, *sample_slot;
	struct call_hist *hist;		/* timing = per-call: [repeat], every
					   call's ticks; else NULL */
	struct call_stats *cs;		/* [repeat], after the run, per-call */
	double *steps;			/* [repeat]: the median timed region in
					   timer steps, after the run */
	unsigned *preempted;		/* [repeat]: samples preempted (and
					   taken again) */
	unsigned *below;		/* [repeat]: samples (per-call: calls)
					   below 0, their region shorter than
					   the overhead subtracted: no time
					   (after the run) */
};

struct point {
	struct point_spec spec;
	struct point_data data;
};

/* Called at each visit of sweep_run (tests watch the order): visit
   with the point's index, npts for the add chain, npts + 1 for the chain
   under the busy load; undo when a round is taken again, its last n
   visits undone.  visit NULL: nobody watches. */
struct sweep_watch {
	void (*visit)(void *ctx, size_t i);
	void (*undo)(void *ctx, size_t n);
	void *ctx;
};

/* What a run times: its points, and how many samples of each. */
struct plan {
	struct point *pts;
	size_t npts, nempty;		/* nempty: the floors, last of pts */
	unsigned samples, repeats;	/* rounds per repeat; repeats */
	uint64_t seed;			/* of the rounds' random order */
	char run_id[128];		/* host, time, pid: tells runs apart */
	unsigned layouts;		/* layout.h: code copies and buffer
					   slots per sample */
	size_t pfspan;			/* the run's largest prefetch distance:
					   flushed and kept free past buffers */
	size_t align_max;		/* the run's largest alignment */
	size_t *roof_at;		/* the roofline's points by place */
	bool busy;			/* some point is load = busy */
	size_t nev;			/* events counted (cfg->events.n) */
};

/* The memory the samples are taken in: buffers, slots, pools, rings. */
struct arena {
	unsigned char *buf;		/* warm buffers: page-aligned, written */
	unsigned char *dbuf;		/* and destinations (ops with one) */
	size_t bufsize;			/* nslots slots of slot_bytes */
	/* Layouts (layout.h): R copies of each point's code; buffer slots
	   (warm and cold) a page or more apart, as many as memory allows up
	   to R; the slot of the sample being taken. */
	unsigned nslots, slot;
	size_t slot_bytes;
	uint64_t lay_rng;
	struct layset *laysets;
	size_t nlaysets;
	unsigned char *pool;		/* cold, cold-read, after-switch: slots
					   of whole pages, K of them drawn at
					   random for each sample */
	size_t poolsize, poolhuge;	/* bytes; of them on huge pages */
	uint64_t pool_rng;
	unsigned char *thrash;		/* after-switch: written to push a
					   sample's buffers out of L1 and L2 */
	size_t thrashsize;
	struct call_hist *hist_out;	/* per-call: where sweep_sample counts
					   the sample's calls, or NULL */
	double *scratch;		/* per-call: one sample's calls, then
					   the gaps between them */
	struct ring *rings;		/* cold-ring: one per point; rx pools: one
					   per size and alignment */
	size_t ring_cache;		/* they touch twice this: the largest
					   cache, or less where the address
					   space could not hold them */
	uint64_t *ring_keys;		/* their keys, ascending */
	size_t nrings;
	struct rxring rxwarm;		/* a mix in warm: rx_batch buffers */
	struct ring rxwarm_mem;
};

/* The machine as the run found it: the timer, the caches, the clock. */
struct machine {
	bool emulated;			/* timings are not real */
	const char *model;		/* the core model's estimates (timer
					   model): what it says of them; else NULL */
	struct calibration cal;
	double kspace_overhead;		/* space = kernel: the module's empty
					   region in ticks (kspace_begin) */
	const struct flusher *flush;	/* for cold points */
	size_t line;
	const char *line_source;
	struct flush_check fcheck;
	struct contention cont;		/* what else ran on the measured CPU */
	char cpu_why[256];		/* how cpu = auto chose, or "" */
	double ev_overhead[EVENTS_MAX];	/* an empty region's counts */
	/* The add chain, a pseudo-point of every round: cycles per tick of
	   each window, in the order taken, and the block (the repeat, or in
	   sequential order the point) it belongs to. */
	double *chain;
	size_t *chain_block;
	size_t nchain;
	/* The same, timed with the busy load running: busy rows' cycles
	   per tick. */
	double *busy_chain;
	size_t *busy_chain_block;
	size_t nbusy_chain;
	/* The throughput canary (timer/canary.h): a window beside each
	   round's chain window; a round it reads slow is taken again. */
	struct canary canary;
	double miss_cycles;		/* miss.h: one line's cold cost, or NAN */
	const struct kernel *miss_kernel;	/* the kernel it was timed with */
	double cycles_per_tick_run;	/* median of the chain over the run */
	/* Its four quarters' medians. */
	double cycles_per_tick_quarter[4];
	double clock_hz;		/* tick_hz x the run's cycles per tick */
	double clock_stated_hz;		/* /proc/cpuinfo's clock, or 0 */
};

/* What the run has to say besides its figures. */
struct run_log {
	char **warnings;		/* for stderr and "# warning:" lines */
	size_t nwarnings;
	char **failed;			/* gate failures and kernels stopped
					   while timed, one line each */
	size_t nfailed;
	const char *partial;		/* why the run stopped early, or NULL */
};

/* A sweep: one run of the harness over its points, the one name of the
   folder, this header, the struct and its functions (sweep_*). */
struct sweep {
	const struct config *cfg;
	struct plan plan;
	struct arena arena;
	struct machine machine;
	struct run_log log;
	bool piloting;			/* finding K: regions timed whole */
	bool no_samples;		/* results to stdout, no samples file */
	struct sweep_watch watch;	/* tests: the order of visits */
};

/* Expands the config into points (with the empty kernel's floor points
   and placed copies for code_offset).  0, or -1 with why a kernel cannot
   be placed in err. */
int sweep_plan(struct sweep *b, char *err, size_t errlen);
/* Verifies every kernel at every distance and placement it will run at,
   and at every size and alignment of the run; drops the points of any
   that disagree or hang.  Returns the number of failures. */
size_t sweep_gate(struct sweep *b);
/* Allocates the warm buffer, finds each point's calls per timed region
   and allocates the cold buffers and rings.  0, or -1 with why in err. */
int sweep_prepare(struct sweep *b, char *err, size_t errlen);
/* Takes every sample, in rounds or sequentially, with progress on
   stderr for long runs. */
void sweep_run(struct sweep *b, bool progress);
/* Summaries, cycles per tick per point, the miss latency (miss.h), and
   the warnings they call for. */
void sweep_finish(struct sweep *b);
/* The run's cycles per tick (# cycles_per_tick:): a preset's, else the
   add chain's median over the run, else the start-up calibration's. */
double sweep_cycles_per_tick(const struct sweep *b);
/* A warning of the run's (# warning: msg), however it was found. */
void sweep_warn_text(struct sweep *b, const char *msg);
void sweep_free(struct sweep *b);

/* The warm buffer and destination of the sample being taken: the
   layout's slot. */
static inline unsigned char *sweep_buf(const struct sweep *b)
{
	return b->arena.buf + (size_t)b->arena.slot * b->arena.slot_bytes;
}

static inline unsigned char *sweep_dbuf(const struct sweep *b)
{
	return b->arena.dbuf + (size_t)b->arena.slot * b->arena.slot_bytes;
}

/* A point's rx_prefetch as the CSV names it: none, current, next, or
   next:N when the run has several rx_prefetch_ahead values. */
const char *point_rx_name(const struct sweep *b, const struct point *p,
			  char *buf, size_t len);
/* The prefetch distance a point's kernel is called with (0 for none). */
int sweep_dist(const struct point *p);
/* Bytes from one pooled buffer to the next (whole pages, room for the
   prefetches, a destination in the second half). */
size_t point_slot_bytes(const struct sweep *b, const struct point *p);
/* The states whose buffers come from the cold pool. */
bool sweep_pooled(enum cache_state cache);
/* Points timed by walking descriptors: the rx ring, and any mix. */
bool point_walks(const struct point *p);
/* The largest payload one call of p covers. */
uint32_t point_max_size(const struct sweep *b, const struct point *p);
/* Frees what a point holds (not the point). */
void point_free(struct point *p);
/* A cold, cold-read or after-switch point's K buffers, drawn at random
   from the pool, into bufs (and dsts), made ready as the state says
   (sample.c): what precedes its timed op->list. */
void sweep_cold_ready(struct sweep *b, struct point *p, unsigned char **bufs,
		      unsigned char **dsts);
/* One timed region of point p: ticks per call, overhead subtracted (with
   timing = per-call, the median of the sample's single calls). */
double sweep_sample(struct sweep *b, struct point *p);
/* The watchdog's limit for one timed region of p, and for finding its
   calls per region. */
double sweep_sample_limit(const struct sweep *b, const struct point *p);
/* Stops timing p's kernel after it hung: its points are dropped at the
   end and the reason is listed with the failures; or, when it could not
   be stopped safely, writes what was measured as partial and exits. */
void sweep_stopped(struct sweep *b, struct point *p, const char *where);
/* The warm buffer (sweep_prepare calls it; tests may call it alone). */
int sweep_alloc_buf(struct sweep *b, char *err, size_t errlen);
/* The memory a run of this plan takes whatever its cache states: the
   data buffer (and destination, for an op that writes) and the gate's
   copies of them between guard pages.  Rings and cold pools come on
   top.  For refusing sizes that cannot fit before anything runs. */
size_t sweep_memory_floor(const struct sweep *b);
void sweep_drop_dead(struct sweep *b);
/* Lists why with the failures and takes no more samples of k's points;
   they leave the results at the end. */
void sweep_fail_kernel(struct sweep *b, const struct kernel *k,
		       const char *why);
/* The points left to time that are neither floors nor the roofline. */
size_t sweep_checksums(const struct sweep *b);
/* Whether any sample was taken: there is something to write. */
bool sweep_measured(const struct sweep *b);

/* Points whose timed region spans fewer than this many timer steps are
   coarse (a median moves in steps of 1/REGION_STEPS of it or more), and
   K-call regions are made at least this long where K_MAX allows. */
#define REGION_STEPS 100
#define K_MAX COLD_CALLS_MAX
/* timing = per-call: a warm sample times calls one by one for this long
   (several of a scheduler's time slices under a load), up to
   PERCALL_MAX calls. */
#define PERCALL_SECONDS 0.01
#define PERCALL_MAX (1u << 20)

/* Every call of a point and repeat, by ticks: one bin per tick below
   HIST_LINEAR, then bins 1% wide. */
#define HIST_LINEAR 4096
#define HIST_BINS (HIST_LINEAR + 2 + 2200)
/* The bins, n and max are of the calls the scheduler did not switch
   out (their percentiles show what the calls cost, cache damage
   included); the preempted calls count in sum, min and max_all. */
struct call_hist {
	uint64_t bin[HIST_BINS];
	uint64_t n;
	double sum, min, max;
	uint64_t preempted;	/* calls that held a switch-out */
	double max_all;		/* the longest call, preempted or not */
	uint64_t below_step;	/* calls below one timer step, of all */
};
void call_hist_add(struct call_hist *h, double ticks);
/* The q-quantile (by the nearest rank above) in ticks: a bin's lower
   edge, within 1% above HIST_LINEAR. */
double call_hist_quantile(const struct call_hist *h, double q);
/* Of `switched` switch-outs the scheduler made during a per-call sample,
   how many landed in a call: the `switched` longest of the calls w[n]
   and the untimed gaps between them gap[ngap] (both sorted ascending)
   are taken as the switch-outs. */
size_t calls_switched(const double *w, size_t n, const double *gap,
		      size_t ngap, size_t switched);
size_t sweep_coarse(const struct sweep *b);

/* A point's calls, timed one by one (timing = per-call), per repeat. */
struct call_stats {
	double min, max, mean;		/* of every call */
	double p99, p999, max_running;	/* of the calls not preempted */
	size_t n, below_step, preempted;
};

/* timing = per-call: a call's figure in whole timer steps of res ticks;
   NAN below one step, a call the timer does not resolve. */
static inline double call_steps(double v, double res)
{
	return !(v >= res) ? NAN : round(v / res) * res;
}

/* A figure below 0 is no time: a region shorter than the overhead
   subtracted (the point's below counts them).  NAN for it, v else;
   reporters print no NAN. */
static inline double point_time(double v)
{
	return v < 0 ? NAN : v;
}

/* The figures of repeat r of a point; NAN where its median is below 0
   (or its floor's, for floor_ticks and the net figure). */
double point_cycles_per_byte(const struct sweep *b, const struct point *p,
			     unsigned r);
double point_floor_ticks(const struct sweep *b, const struct point *p,
			 unsigned r);
double point_cycles_per_byte_net(const struct sweep *b, const struct point *p,
				 unsigned r);
/* Links each point to the roofline's point at its size, alignment, cache
   state, load and rx policy (sweep_finish, after the last points are
   dropped); O(points log points). */
void sweep_link_roofline(struct sweep *b);
/* The roofline's point p is held to: of its load at every distance of
   the run, the one with the fewest cycles per byte over all repeats; NULL:
   none in the run, p is no op the roofline applies to, p is a floor, or
   not linked yet. */
const struct point *point_roofline(const struct sweep *b, const struct point *p);
/* p's bytes per cycle over that point's in repeat r (the same rounds),
   or NAN where there is none. */
double point_roofline_fraction(const struct sweep *b, const struct point *p,
			       unsigned r);
/* The same over all repeats (medians of theirs). */
double point_roofline_fraction_all(const struct sweep *b, const struct point *p);
/* Cycles per byte over all repeats: the median of theirs. */
double point_cycles_per_byte_all(const struct sweep *b, const struct point *p);

#endif
