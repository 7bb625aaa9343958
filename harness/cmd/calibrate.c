/* csumbench calibrate [-c CONFIG] [--set key=value]... */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/check.h"
#include "cache/flush.h"
#include "cmd/cmd.h"
#include "cmd/setup.h"
#include "lib/args.h"
#include "lib/platform.h"
#include "lib/xalloc.h"
#include "timer/chain.h"

static const struct args_opt cal_opts[] = {
	{ .name = "config", .key = 'c', .arg = "CONFIG",
	  .help = "the settings file whose timer and cycles_per_tick\n"
	  "are shown" },
	{ .name = "set", .key = 's', .arg = "KEY=VALUE",
	  .help = "override one setting (repeatable)" },
	{ .name = NULL }
};

static const struct args_cmd cal_cmd = {
	"calibrate", "[-c CONFIG] [--set key=value]...",
	"Shows the timer a run would use (timer =), what it counts,\n"
	"its resolution and read overhead, its tick rate, the core\n"
	"cycles per tick with how they were found (the timer counts\n"
	"cycles, the config sets cycles_per_tick, or a chain of\n"
	"dependent 1-cycle adds is timed), the chain's own reading\n"
	"beside a preset, and whether the cold flush reaches memory.\n",
	cal_opts
};

/* The core clock the calibration gives, and the one /proc/cpuinfo
   states beside the chain's; under emulation each is marked the
   emulator's pace. */
static void print_clock(const struct calibration *cal, bool emulated)
{
	double stated;

	printf("core clock:       %.0f MHz (tick rate x cycles per tick)%s\n",
	       cal->tick_hz * cal->cycles_per_tick / 1e6, emulated ? "; emulated: "
	       "the pace the emulator runs at, not a clock of the board" : "");
	if (platform_cpuinfo_clock(&stated)) {
		/* The chain's clock where it ran: a preset's only restates
		   the preset. */
		double hz = cal->tick_hz * (cal->chain_cycles_per_tick > 0 ? cal->chain_cycles_per_tick :
					    cal->cycles_per_tick);
		char msg[400];

		printf("                  %.0f MHz by the %s%s; /proc/cpuinfo states "
		       "%.0f MHz\n", hz / 1e6, cal->chain_cycles_per_tick > 0 ? "add chain" :
		       "cycles per tick", emulated ? " (emulated)" : "", stated / 1e6);
		if (calibrate_clock_disagrees(hz, stated, msg, sizeof(msg)))
			printf("                  WARNING: %s%s\n", msg, emulated ?
			       " (emulated: the calibrated clock is the pace the "
			       "emulator runs at)" : "");
	}
}

/* The timer and what calibration found of it: resolution, overhead,
   rate, sample length, cycles per tick and the add chain's reading. */
static void print_timer(const struct calibration *c, bool emulated)
{
	printf("timer:            %s: %s\n", c->timer->name, c->timer->what);
	if (c->timer->how)
		printf("                  %s\n", c->timer->how());
	printf("resolution:       %.0f ticks (the smallest step it advances by)\n",
	       c->resolution);
	printf("overhead:         %.1f ticks (mean of %d back-to-back reads, %u "
	       "interrupted ones left out; subtracted)\n", c->overhead,
	       OVERHEAD_READS, c->overhead_dropped);
	printf("tick rate:        %.2f MHz (%s)\n", c->tick_hz / 1e6, c->hz_source);
	printf("sample length:    %.0f ticks (a warm sample, and a chain window)\n",
	       c->sample_ticks);
	printf("cycles per tick:  %.4f (%s)\n", c->cycles_per_tick,
	       c->cycles_per_tick_source);
	if (c->chain_cycles_per_tick > 0) {
		double off = (c->chain_cycles_per_tick / c->cycles_per_tick
			      - 1) * 100;

		printf("add chain:        %.4f cycles per tick (median of %d windows "
		       "of %lu adds)", c->chain_cycles_per_tick, CHAIN_WINDOWS,
		       c->chain_blocks * CHAIN_BLOCK);
		if (emulated)
			printf("; emulated: it measures nothing\n");
		else if (!c->cycles_per_tick_given)
			printf("\n");
		else
			printf("; %s by %+.1f%%\n", fabs(off) > 5 ? "WARNING: "
			       "disagrees with the cycles per tick used" : "agrees",
			       off);
	}
}

int cmd_calibrate(int argc, char **argv)
{
	struct args a;
	const char *v;
	const char *path = NULL;
	const char **sets = xcalloc((size_t)argc, sizeof(*sets), "the command line");
	int nsets = 0, i, rc;
	struct config c;
	struct calibration cal;
	struct flush_check fc;
	const char *line_src, *llc_src;
	size_t line, llc;
	bool emulated;
	const struct flusher *fl = flush_select(NULL);

	args_begin(&a, &cal_cmd, argc, argv);
	while ((i = args_next(&a, &v)) != ARGS_END) {
		if (i == 'c') {
			path = v;
		} else if (i == 's') {
			sets[nsets++] = v;
		} else {
			if (i == ARGS_ARG)
				args_bad_usage(&cal_cmd, "unexpected '%s'", v);
			args_end(&a);
			free(sets);
			return i == ARGS_HELP ? 0 : 2;
		}
	}
	args_end(&a);
	rc = setup_config(&c, path, sets, nsets, false);
	free(sets);
	if (rc)
		return rc;
	emulated = setup_emulated(&c, false);
	rc = setup_timer(&c, &cal, false);
	if (rc) {
		config_free(&c);
		return rc;
	}
	line = cache_line_size(&line_src);
	llc = cache_largest(&llc_src);
	if (emulated)
		printf("EMULATED: every figure below is the emulator's, not a "
		       "board's\n");
	print_timer(&cal, emulated);
	print_clock(&cal, emulated);
	printf("cache line:       %zu bytes (%s)\n", line, line_src);
	printf("largest cache:    %zu KiB (%s)\n", llc >> 10, llc_src);
	printf("cold flush:       %s (%s)\n", fl->name, fl->what);
	flush_check(&fc, &cal, fl, line, emulated);
	printf("flush check:      %s\n", fc.verdict);
	config_free(&c);
	return 0;
}
