/* csumbench show FILE: csumreport show's, run from where csumbench is.
   The reading and the words are csumreport's (plot/show/), the host
   tool's that reads every results CSV; csumbench only finds it, as ab
   does for its verdict, so the two never tell a file differently. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/report.h"
#include "lib/xalloc.h"

int cmd_show(int argc, char **argv)
{
	char report[PATH_MAX + 64];
	char **v;
	int i;

	if (!report_find(NULL, report, sizeof(report))) {
		fprintf(stderr, "csumbench show: no csumreport beside csumbench, in "
			"../host/ or on PATH (make build/host/csumreport builds "
			"it; csumreport show FILE is the same where it is)\n");
		return 2;
	}
	v = xcalloc((size_t)argc + 2, sizeof(*v), "csumreport show's arguments");
	v[0] = report;
	v[1] = (char *)"show";
	for (i = 1; i < argc; i++)
		v[i + 1] = argv[i];
	fflush(NULL);
	execv(report, v);
	fprintf(stderr, "csumbench show: %s: %s\n", report, strerror(errno));
	free(v);
	return 2;
}
