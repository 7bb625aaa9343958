/* csumbench calibrate [-c CONFIG] [--set key=value]... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "flush.h"
#include "setup.h"

int cmd_calibrate(int argc, char **argv)
{
	const char *path = NULL;
	char **sets = calloc((size_t)argc, sizeof(*sets));
	int nsets = 0, i, rc;
	struct config c;
	struct calibration cal;
	const char *line_src;
	size_t line;
	const struct flusher *fl = flush_select(NULL);

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: csumbench calibrate [-c CONFIG] [--set key=value]...\n\n"
			       "Shows the timer a run would use (timer =), what it counts,\n"
			       "its resolution and read overhead, its tick rate, and the core\n"
			       "cycles per tick with how they were found: the timer counts\n"
			       "cycles, the config sets cycles_per_tick, or a chain of\n"
			       "dependent 1-cycle adds is timed.\n");
			free(sets);
			return 0;
		} else if (!strcmp(argv[i], "-c") && i + 1 < argc) {
			path = argv[++i];
		} else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
			sets[nsets++] = argv[++i];
		} else {
			fprintf(stderr, "csumbench calibrate: unknown option '%s'\n", argv[i]);
			free(sets);
			return 2;
		}
	}
	rc = setup_config(&c, path, sets, nsets);
	free(sets);
	if (rc)
		return rc;
	setup_emulated(&c, false);
	rc = setup_timer(&c, &cal, false);
	if (rc) {
		config_free(&c);
		return rc;
	}
	line = cache_line_size(&line_src);
	printf("timer:            %s: %s\n", cal.timer->name, cal.timer->what);
	printf("resolution:       %.0f ticks (the step it advances by)\n",
	       cal.resolution);
	printf("overhead:         %.1f ticks (median of 1001 back-to-back reads; "
	       "subtracted)\n", cal.overhead);
	printf("tick rate:        %.2f MHz (%s)\n", cal.tick_hz / 1e6, cal.hz_source);
	printf("cycles per tick:  %.4f (%s)\n", cal.cycles_per_tick, cal.cpt_source);
	printf("core clock:       %.0f MHz (tick rate x cycles per tick)\n",
	       cal.tick_hz * cal.cycles_per_tick / 1e6);
	printf("cache line:       %zu bytes (%s)\n", line, line_src);
	printf("cold flush:       %s (%s)\n", fl->name, fl->what);
	config_free(&c);
	return 0;
}
