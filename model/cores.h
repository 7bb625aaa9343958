/* The cores the model describes: one entry per CPU preset, every figure
 * the core's (docs/model.md gives each its source), none fitted to a
 * measurement. */
#ifndef CSUMBENCH_MODEL_CORES_H
#define CSUMBENCH_MODEL_CORES_H

#include <stdbool.h>

enum replace { REPLACE_LRU, REPLACE_ROUND_ROBIN };

struct core {
	const char *preset;	/* as make's CPU= */
	const char *name;	/* the core, for outputs */
	/* pipeline */
	unsigned width;		/* instructions issued per cycle */
	unsigned lsu_per_cycle;	/* loads, stores and cache ops per cycle */
	unsigned lat_int, lat_load, lat_mul, lat_div, lat_spr, lat_cmp;
	unsigned lat_ca;	/* carry: adde to the next adde */
	unsigned taken_branch;	/* cycles a correctly predicted taken branch takes */
	unsigned mispredict;	/* cycles a mispredicted branch takes */
	/* L1 data cache */
	unsigned dcache_bytes, ways, line;
	enum replace replace;
	bool blocking;		/* a load miss stops the core until its data */
	unsigned fills;		/* line fills outstanding at once */
	bool dcbt_waits;	/* dcbt with every fill busy waits for one (else dropped) */
	/* memory behind the cache, in core cycles */
	unsigned miss_latency;	/* request to the missed word */
	unsigned line_transfer;	/* the bus busy per line (fill or castout) */
	unsigned cycles_per_tick;	/* timebase */
	const char *clock;	/* the clock the figures assume, for outputs */
};

/* The core of a preset, or NULL. */
const struct core *core_find(const char *preset);
/* "8xx, e300c2, ...": the presets, for messages. */
const char *core_presets(void);

#endif
