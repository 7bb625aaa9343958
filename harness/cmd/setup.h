/* What run and calibrate share: config, pinning, timer and calibration. */
#ifndef CSUMBENCH_SETUP_H
#define CSUMBENCH_SETUP_H

#include <stdbool.h>

#include "config/config.h"
#include "timer/calibrate.h"

/* Defaults, then the file (if any), then each "key=value" in sets; a
   dry run keeps none of a capture's packets (c->mix_lengths_only).
   0, or 2 after an error message. */
int setup_config(struct config *c, const char *path,
		 const char *const *sets, int nsets, bool dry);
/* Pins (cpu =), picks the timer and calibrates it. 0 or 2. */
int setup_timer(const struct config *c, struct calibration *cal, bool quiet);
/* True when the run is emulated; says so on stderr once unless quiet. */
bool setup_emulated(const struct config *c, bool quiet);
/* Whether the plan's buffers can fit in what this process may allocate
   (sweep_memory_floor against xalloc_room): 0, or -1 after a message at
   the sizes' FILE:LINE, before anything is allocated. */
struct sweep;
int setup_memory(const struct sweep *b);

#endif
