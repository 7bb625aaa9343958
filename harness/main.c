/* csumbench: verify and time Internet-checksum kernels in core cycles. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "buildinfo.h"
#include "cmd/cmd.h"
#include "call/kernel.h"
#include "lib/platform.h"
#include "model/model.h"
#include "registry/table.h"

static const struct {
	const char *name;
	int (*fn)(int, char **);
	const char *what;
} cmds[] = {
	{ "list", cmd_list, "list the kernels of this build" },
	{ "run", cmd_run, "verify and time kernels over a config's sweep" },
	{ "ab", cmd_ab, "is NEW faster than OLD: each side in processes of its own" },
	{ "show", cmd_show, "a results file's machine, timer, build and warnings" },
	{ "sum", cmd_sum, "checksum files with a kernel, like sha256sum" },
	{ "calibrate", cmd_calibrate, "show the timer, its overhead and cycles per tick" },
	{ "events", cmd_events, "list the counted events that open on this machine" },
	{ "check", cmd_check, "list what makes timings move here, with fixes" },
	{ "tune", cmd_tune, "set what check warns about; tune --reset puts it back" },
	{ "code", cmd_code, "the bytes of a kernel function csumbench.ko times" },
	{ "trace", cmd_trace, "count the lengths the running kernel checksums" },
	{ "model", cmd_model, "one call under the ppc32 core model, explained" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: csumbench COMMAND [options]   (COMMAND --help for more)\n\n");
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-10s %s\n", cmds[i].name, cmds[i].what);
}

/* Output that could not be written is an error: sum > /dev/full must
   not exit 0. */
static int finish(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "csumbench: cannot write standard output: %s\n",
			errno ? strerror(errno) : "write error");
		return rc ? rc : 1;
	}
	return rc;
}

/* The kernels of the table, for the ppc32 core model's plugin to time
   when one is there (docs/model.md); on a board a few stores. */
static void note_kernels_for_model(void)
{
	size_t i;

	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].fn && !kernel_table[i].pseudo)
			model_note_code((const void *)kernel_table[i].fn, 0);
}

int main(int argc, char **argv)
{
	size_t i;

	note_kernels_for_model();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return finish(0);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("csumbench %s (%s, %s)\n", CSUMBENCH_GIT, platform_arch,
		       CSUMBENCH_CC);
		return finish(0);
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return finish(cmds[i].fn(argc - 1, argv + 1));
	fprintf(stderr, "csumbench: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
