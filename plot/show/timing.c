/* csumreport show's timer and clock: what the ticks are, how finely
   and at what cost they were read, and how they became core cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/results.h"
#include "show/show.h"

/* The value with its unit after it where it is a number alone; as the
   file has it otherwise (older files carry words after the number). */
static void with_unit(const struct results *r, const char *label,
		      const char *key, const char *unit)
{
	const char *v = show_meta(r, key);

	if (show_is_number(v))
		show_fieldf(label, "%s %s", v, unit);
	else
		show_field(label, v);
}

static const char *counts_said(const char *word)
{
	if (!strcmp(word, "cycles"))
		return "cycles: each tick is a core cycle";
	if (!strcmp(word, "timebase"))
		return "timebase: a fixed-rate counter, not core cycles; "
		       "cycles per tick (below) converts";
	if (!strcmp(word, "other"))
		return "other: a clock (nanoseconds), not core cycles; cycles "
		       "per tick (below) converts";
	return word;
}

/* The resolution, and what it is in nanoseconds at the tick rate. */
static void resolution(const struct results *r)
{
	const char *v = show_meta(r, "timer_resolution_ticks");

	if (show_is_number(v) && r->tick_hz > 0)
		show_fieldf("resolution", "%s tick%s (%.3g ns at the tick rate)",
			    v, strcmp(v, "1") ? "s" : "", atof(v) / r->tick_hz * 1e9);
	else
		with_unit(r, "resolution", "timer_resolution_ticks", "ticks");
}

static void overhead(const struct results *r)
{
	const char *v = show_meta(r, "timer_overhead_ticks");
	const char *reads = show_meta(r, "timer_overhead_reads");
	const char *dropped = show_meta(r, "timer_overhead_dropped");

	if (show_is_number(v) && reads)
		show_fieldf("overhead", "%s ticks, the mean of %s back-to-back "
			    "reads (%s interrupted left out), subtracted from "
			    "every region", v, reads, dropped ? dropped : "none said");
	else
		with_unit(r, "overhead", "timer_overhead_ticks", "ticks");
	if (show_meta(r, "kernel_overhead_ticks"))
		with_unit(r, "in the module", "kernel_overhead_ticks",
			  "ticks, subtracted in csumbench.ko");
}

void show_timer(const struct results *r)
{
	const char *hz = show_meta(r, "tick_hz");
	const char *src = show_meta(r, "tick_hz_source");

	show_title("timer");
	show_key(r, "counter", "timer");
	show_field("counts", r->timer_counts[0] ? counts_said(r->timer_counts) :
		   NULL);
	resolution(r);
	overhead(r);
	if (show_is_number(hz))
		show_fieldf("tick rate", "%s Hz%s%s%s", hz, src ? " (" : "",
			    src ? src : "", src ? ")" : "");
	else
		show_field("tick rate", hz);
	show_key(r, "space", "space");
	show_key(r, "timing", "timing");
}

void show_clock(const struct results *r)
{
	const char *chain = show_meta(r, "add_chain_cycles_per_tick");
	const char *windows = show_meta(r, "add_chain_windows");

	show_title("clock");
	show_key(r, "cycles/tick", "cycles_per_tick");
	show_key(r, "its source", "cycles_per_tick_source");
	if (show_is_number(chain) && windows)
		show_fieldf("add chain", "%s cycles per tick, the median of %s "
			    "windows", chain, windows);
	else
		show_field("add chain", chain);
	if (show_meta(r, "add_chain_quarters"))
		show_key(r, "by quarter", "add_chain_quarters");
	if (show_meta(r, "add_chain_busy_cycles_per_tick"))
		show_key(r, "chain, busy", "add_chain_busy_cycles_per_tick");
	show_key(r, "core clock", "core_clock");
}
