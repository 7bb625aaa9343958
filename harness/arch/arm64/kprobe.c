/* arm64: csum_partial(buff, len, sum) is lib/checksum.c's, C, out of
   line; the copy (include/net/checksum.h) is inline, nothing to probe.
   Arguments go in x0, x1, x2 (AAPCS64). */
#include <stddef.h>

#include "tracefs/targets.h"

const struct trace_target trace_targets[] = {
	{ "csum", 0, "csum_partial", "%x1" },
	{ NULL, 0, NULL, NULL }
};
