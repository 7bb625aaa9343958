/* Run settings: built-in defaults, a config file, --set overrides. */
#ifndef CSUMBENCH_CONFIG_H
#define CSUMBENCH_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

#define PREFETCH_NONE (-1)
#define SIZE_MAX_BYTES (1u << 30)
#define ALIGN_MAX 4095
#define PREFETCH_MAX 65536
#define SAMPLES_MAX 1000000
#define REPEAT_MAX 1000
#define CONFIG_LINE_MAX 1024
#define POINTS_MAX 1000000
#define CPU_NONE (-1)		/* do not pin */
#define CPU_AUTO (-2)		/* pin to the first CPU this process may use */

/* Cache states (README, "Cache states"); busy comes later. */
enum cache_state { CACHE_WARM, CACHE_COLD, CACHE_RING, CACHE_NSTATES };
extern const char *const cache_state_name[CACHE_NSTATES];

/* How samples are taken: a round visits every point once, in a fresh
   random order; sequential takes all of a point's samples in a row. */
enum order { ORDER_ROUNDS, ORDER_SEQUENTIAL };

/* Where a setting came from, for errors found after parsing. */
struct origin {
	const char *file;	/* config path, or "--set" */
	int line;		/* 0 for --set and defaults */
};

struct config {
	const char *path;	/* the config file, or NULL for defaults */
	const struct kernel **kernels;
	unsigned char *kernel_from_all;	/* [nkernels]: came from "all" */
	size_t nkernels;
	const struct op *ops[OP_MAX];	/* "ops": a filter; none given: all */
	size_t nops;
	uint32_t *sizes;
	size_t nsizes;
	uint32_t *aligns;
	size_t naligns;
	int caches[CACHE_NSTATES];
	size_t ncaches;
	int32_t *prefetch;	/* PREFETCH_NONE or bytes */
	size_t nprefetch;
	int32_t *code_offset;	/* CODE_OFFSET_NONE (-1) or bytes */
	size_t ncode_offset;
	unsigned samples;	/* per point and repeat: the rounds */
	unsigned repeat;	/* times the whole sweep is run */
	int order;
	uint64_t seed;		/* 0: pick one at run time */
	char timer[32];
	double cycles_per_tick;	/* 0: calibrate */
	int cpu;		/* a CPU, CPU_NONE or CPU_AUTO */
	int emulated;		/* -1: detect, 0 no, 1 yes */
	double kernel_timeout;	/* seconds, the floor of every kernel
				   call's limit; 0: auto (2 s) */
	struct origin cpu_origin, timer_origin, code_offset_origin;
	struct origin kernels_origin, sizes_origin, ops_origin;
};

/* Built-in defaults: every kernel, 1500 B, warm, no prefetch. */
void config_defaults(struct config *c);
/* Reads a file over c.  0, or -1 after printing FILE:LINE: message. */
int config_load(struct config *c, const char *path);
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
/* How many points the settings expand to. */
uint64_t config_points(const struct config *c);

#endif
