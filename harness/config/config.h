/* Run settings: built-in defaults, a config file, --set overrides. */
#ifndef CSUMBENCH_CONFIG_H
#define CSUMBENCH_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "config/range.h"
#include "events/events.h"
#include "lib/platform.h"
#include "registry/table.h"
#include "workload/load.h"
#include "workload/rxring.h"

#define ALIGN_MAX 4095
#define PREFETCH_MAX 65536
#define SAMPLES_MAX 1000000
#define REPEAT_MAX 1000
#define POINTS_MAX 1000000
/* layouts = R: code copies and buffer slots each sample draws from
   (sweep/layout.h); 1 keeps everything in one place. */
#define LAYOUTS_MAX 64
#define LAYOUTS_DEFAULT 8
/* cold_calls = K: calls per cold region, at most this many (K_MAX). */
#define COLD_CALLS_MAX 256

/* Cache states (docs/methodology.md, "Cache states").  CACHE_COLD is the DMA case
   (fresh buffers the core has not read); CACHE_RING is cold-ring;
   CACHE_RX ("ring") the rx ring walk (rxring.h); CACHE_COLDREAD
   ("cold-read") buffers read, then flushed; CACHE_SWITCH
   ("after-switch") buffers read, then L1 and L2 thrashed on the same CPU
   as another task's time slice would. */
enum cache_state { CACHE_WARM, CACHE_COLD, CACHE_RING, CACHE_RX,
		   CACHE_COLDREAD, CACHE_SWITCH, CACHE_NSTATES };
extern const char *const cache_state_name[CACHE_NSTATES];

/* sizes = mix:FILE: the one size, standing for the mix's packets. */
#define SIZE_MIX 0u
#define RING_MAX 65536
#define RX_BATCH_MAX 4096
#define RX_AHEAD_MAX 8		/* rx_prefetch_ahead values in one run */
#define RX_WORK_MAX 100000

/* timing: a batch of calls per timed region, or each call timed alone
   (per-call: the harness's loop around single calls, as mftbl() around
   the kernel's csum_partial() was). */
enum timing { TIMING_BATCH, TIMING_PER_CALL };
/* space: where the timed regions run: here, or in the kernel through
   csumbench.ko (kspace/, docs/kernel-space.md). */
enum space { SPACE_USER, SPACE_KERNEL };
#define LOAD_CPUS_LIST_MAX 256

struct mix;

/* How samples are taken: a round visits every point once, in a fresh
   random order; sequential takes all of a point's samples in a row. */
enum order { ORDER_ROUNDS, ORDER_SEQUENTIAL };

/* Where a setting came from, for errors found after parsing. */
struct origin {
	const char *file;	/* config path, or "--set" */
	int line;		/* 0 for --set and defaults */
};

/* Where the keys checked after parsing were set: the line an error
   found later names (config_error). */
struct config_origins {
	struct origin cpu, timer, code_offset, kernels, sizes, ops, cache;
	struct origin load_cpus, rx_ahead, ring, events, roofline, format;
	struct origin space, timing, load;
};

struct config {
	const char *path;	/* the config file, or NULL for defaults */
	/* While a key's setter runs: where its value was given (a file a
	   value names is found beside that config); NULL otherwise. */
	const struct origin *applying;
	const struct kernel **kernels;
	unsigned char *kernel_from_all;	/* [nkernels]: came from "all" */
	size_t nkernels;
	const struct op *ops[OP_MAX];	/* "ops": a filter; none given: all */
	size_t nops;
	uint32_t *sizes;
	size_t nsizes;
	uint32_t *aligns;
	size_t naligns;
	enum cache_state caches[CACHE_NSTATES];
	size_t ncaches;
	int32_t *prefetch;	/* PREFETCH_NONE or bytes */
	size_t nprefetch;
	int32_t *code_offset;	/* CODE_OFFSET_NONE (-1) or bytes */
	size_t ncode_offset;
	unsigned samples;	/* per point and repeat: the rounds */
	unsigned repeat;	/* times the whole sweep is run */
	enum order order;
	uint64_t seed;		/* 0: pick one at run time */
	unsigned layouts;	/* layouts = R: copies per sample to draw from */
	unsigned cold_calls;	/* K of every cold region; 0: found per run */
	char timer[32];
	double cycles_per_tick;	/* 0: calibrate */
	int cpu;		/* a CPU, CPU_NONE or CPU_AUTO */
	int emulated;		/* -1: detect, 0 no, 1 yes */
	char runner[64];	/* how make bench ran it ("vboard:sam460ex"),
				   for the metadata; "" when not said */
	double kernel_timeout;	/* seconds, the floor of every kernel
				   call's limit; 0: auto (2 s) */
	struct mix *mix;	/* sizes = mix:FILE (sizes is then SIZE_MIX) */
	bool mix_lengths_only;	/* a dry run: a capture mix:FILE names is
				   read through for its sizes, none of its
				   packets kept */
	enum load_state loads[LOAD_NSTATES];
	size_t nloads;
	int *load_cpus;		/* none: auto */
	size_t nload_cpus;
	unsigned load_kind;	/* LOAD_STREAM | LOAD_SCHED */
	unsigned ring;		/* rx ring descriptors */
	unsigned rx_batch;	/* descriptors per sample (a NAPI budget) */
	enum rx_prefetch rx_prefetch[RX_PREFETCH_NPOLICIES];
	size_t nrx_prefetch;
	unsigned rx_ahead[RX_AHEAD_MAX];	/* rx_prefetch = next: descriptors
					   ahead, one point per value */
	size_t nrx_ahead;
	unsigned rx_work;	/* dependent adds of driver work per packet
				   between a header's prefetch and its read */
	enum timing timing;
	enum space space;
	struct events events;	/* counted beside the timer (events.h) */
	unsigned formats;	/* FORMAT_CSV | FORMAT_JSON: the results files */
	int roofline_mode;	/* ROOFLINE_AUTO, _NONE or _KERNEL */
	const struct kernel *roofline_named;	/* roofline = KERNEL */
	const struct kernel *roofline;	/* after config_resolve: the load
					   kernel every row is held to (it is
					   in kernels), or NULL */
	struct config_origins origin;
};

enum { FORMAT_CSV = 1, FORMAT_JSON = 2 };

enum { ROOFLINE_AUTO, ROOFLINE_NONE, ROOFLINE_KERNEL };

/* Points per kernel, size and alignment at a cache state: one per
   rx_prefetch policy for the rx walk (next once per rx_prefetch_ahead
   value), else one. */
size_t config_rx_policies(const struct config *c, enum cache_state cache);
/* The xi-th of them: its policy and, for next, its descriptors ahead
   (0 for the others). */
void config_rx_policy(const struct config *c, size_t xi,
		      enum rx_prefetch *policy, unsigned *ahead);
/* The bytes one call of a size of c covers: the size, or the mix's mean. */
double config_bytes(const struct config *c, uint32_t size);

/* Built-in defaults: every kernel, 1500 B, warm, idle, no prefetch. */
void config_defaults(struct config *c);
/* Reads a file over c.  0, or -1 after printing FILE:LINE: message. */
int config_load(struct config *c, const char *path);
/* The same, leaving the lines of keys that the nsets "key=value" texts
   of sets[] give (--set) to them, unread: a --set replaces a line whole,
   mistakes and all. */
int config_load_except(struct config *c, const char *path,
		       const char *const *sets, int nsets);
/* One "key=value" from the command line.  0, or -1 after a message. */
int config_set(struct config *c, const char *kv);
void config_free(struct config *c);
/* After every file and --set: keeps the kernels of the ops selected
   ("all" alone means csum's) and checks the sizes suit their ops.  0, or
   -1 after "FILE:LINE: key: why". */
int config_resolve(struct config *c);
/* A setting found wrong after parsing: "FILE:LINE: key: err", or naming
   --set or the defaults. */
void config_error(const struct origin *o, const char *key, const char *err);
/* space = kernel: the kernels become csumbench.ko's and what the module
   does not do is refused (space.c).  0, or -1 after "FILE:LINE: key:
   why". */
int config_resolve_space(struct config *c);
/* Whether k's points are timed at every code_offset (copies of it placed
   there) or only where it was linked: the roofline and kernels without a
   symbol stay in place. */
bool config_placed(const struct config *c, const struct kernel *k);
/* How many points the settings expand to. */
uint64_t config_points(const struct config *c);

#endif
