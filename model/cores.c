/* The cores' parameters.  Each figure's source is in docs/model.md's
 * table for the core; "assumed" there marks the memory figures no core
 * manual gives (they depend on the board), chosen from the board's bus
 * and memory before any model result was seen. */
#include <stddef.h>
#include <string.h>

#include "model/cores.h"

/* e300c2 and e300c3: GCC's one e300c2c3.md; the MPC83xx RM's e300 core
   overview: 16 KiB 4-way, 32-byte lines, PLRU, the data cache blocked
   until a fill completes; G2 core RM 4.3.4: one touch-load (dcbt)
   buffer.  (e300c3's second integer unit does not change an in-order
   two-issue model of these loops.) */
#define E300 \
	.width = 2, .lsu_per_cycle = 1, \
	.lat_int = 1, .lat_load = 2, .lat_mul = 2, .lat_div = 20, \
	.lat_spr = 1, .lat_cmp = 1, .lat_ca = 1, \
	.taken_branch = 1, .mispredict = 3, \
	.dcache_bytes = 16384, .ways = 4, .line = 32, \
	.replace = REPLACE_LRU, .blocking = true, .fills = 1, \
	.dcbt_waits = false, \
	.miss_latency = 40, .line_transfer = 10, \
	.cycles_per_tick = 10, .clock = "333 MHz core, 133 MHz bus"

/* 440 and 464: GCC 12 schedules -mcpu=440 and 464 with 440.md (two
   issue, load 3, integer 1, compare 2, mtctr 4, branch 1); PPC440x5
   core UM 4.3: 32 KiB 64-way, 32-byte lines, round-robin, three line
   fills and four load misses outstanding.  The memory is the board's. */
#define PPC44X \
	.width = 2, .lsu_per_cycle = 1, \
	.lat_int = 1, .lat_load = 3, .lat_mul = 3, .lat_div = 34, \
	.lat_spr = 4, .lat_cmp = 2, .lat_ca = 1, \
	.taken_branch = 1, .mispredict = 5, \
	.dcache_bytes = 32768, .ways = 64, .line = 32, \
	.replace = REPLACE_ROUND_ROBIN, .blocking = false, .fills = 3, \
	.dcbt_waits = true, .line_transfer = 8, .cycles_per_tick = 1

static const struct core cores[] = {
	{
		/* MPC885 (MPC8xx core).  GCC's mpc.md: load 2, integer 1,
		   compare 3 to the branch, mtctr 4.  MPC885 RM ch. 8
		   (MPC860 UM 8.6): 16-byte lines, 2-way LRU, 4-word burst
		   critical word first, hits under a miss (one fill). */
		.preset = "8xx", .name = "MPC8xx (MPC885)",
		.width = 1, .lsu_per_cycle = 1,
		.lat_int = 1, .lat_load = 2, .lat_mul = 2, .lat_div = 6,
		.lat_spr = 4, .lat_cmp = 3, .lat_ca = 1,
		.taken_branch = 2, .mispredict = 3,
		.dcache_bytes = 8192, .ways = 2, .line = 16,
		.replace = REPLACE_LRU, .blocking = false, .fills = 1,
		.dcbt_waits = true,
		.miss_latency = 18, .line_transfer = 8,
		.cycles_per_tick = 16, .clock = "133 MHz core, 66 MHz bus",
	},
	{ .preset = "e300c2", .name = "e300c2 (MPC8323)", E300 },
	{ .preset = "e300c3", .name = "e300c3 (MPC83xx)", E300 },
	{
		.preset = "464", .name = "PPC464 (APM82181)", PPC44X,
		.miss_latency = 80, .clock = "800 MHz core, 200 MHz PLB",
	},
	{
		.preset = "440", .name = "PPC440", PPC44X,
		.miss_latency = 70, .clock = "667 MHz core, 166 MHz PLB",
	},
	{
		/* e500v2 (MPC85xx).  GCC's 8540.md: two issue, load 3,
		   integer 1, mtctr 1.  e500 core RM 11.1: 32 KiB 8-way,
		   32-byte lines, PLRU; a 9-entry load miss queue and five
		   line fill buffers (e500v2). */
		.preset = "e500", .name = "e500v2 (MPC85xx)",
		.width = 2, .lsu_per_cycle = 1,
		.lat_int = 1, .lat_load = 3, .lat_mul = 4, .lat_div = 14,
		.lat_spr = 1, .lat_cmp = 1, .lat_ca = 1,
		.taken_branch = 1, .mispredict = 5,
		.dcache_bytes = 32768, .ways = 8, .line = 32,
		.replace = REPLACE_LRU, .blocking = false, .fills = 5,
		.dcbt_waits = true,
		.miss_latency = 100, .line_transfer = 8,
		.cycles_per_tick = 8, .clock = "1066 MHz core, 533 MHz CCB",
	},
};

const struct core *core_find(const char *preset)
{
	size_t i;

	for (i = 0; i < sizeof(cores) / sizeof(cores[0]); i++)
		if (!strcmp(cores[i].preset, preset))
			return &cores[i];
	return NULL;
}

const char *core_presets(void)
{
	return "8xx, e300c2, e300c3, 464, 440, e500";
}
