/* What csumreport knows of the ops csumbench times and of its timers:
   how an op's sizes read (bytes summed, bytes copied, header bytes), in
   which unit its cost reads best, and whether a timer's ticks are those
   of a fixed-rate timebase.  An op it does not know is shown as csum is,
   in per-byte figures, under its own name. */
#include <string.h>

#include "read/ops.h"

static const struct op_info known[] = {
	{ "csum", "csum_partial; sizes are bytes summed",
	  "buffer size (bytes)", "buffer size", "buffers", 0 },
	{ "csum_copy", "copy and checksum; sizes are bytes copied",
	  "bytes copied", "bytes copied", "copied", 0 },
	{ "ip_fast_csum", "IPv4 header checksum; sizes are header bytes",
	  "IPv4 header bytes", "IPv4 header length", "headers", 1 },
	{ "load", "the roofline, loads and no checksum; sizes are bytes loaded",
	  "buffer size (bytes)", "buffer size", "buffers", 0 },
};

static const struct op_info unknown = {
	NULL, "not an op csumreport knows; sizes as its CSV has them",
	"size (bytes)", "size", "buffers", 0,
};

const struct op_info *op_info(const char *op)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(known[i].name, op))
			return &known[i];
	return &unknown;
}

int timer_is_timebase(const char *timer)
{
	/* tsc, the Power timebase, the Arm generic timer: fixed-rate
	   counters.  perf counts core cycles and clock nanoseconds. */
	return !strcmp(timer, "tsc") || !strcmp(timer, "mftb") ||
	       !strcmp(timer, "timebase") || !strcmp(timer, "cntvct");
}
