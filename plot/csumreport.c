/* csumreport: host-side tables, comparisons and figure layout from
   csumbench results CSVs.  Needs only a C compiler; gnuplot draws. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

/* Output that did not reach its file (a full disk, a closed pipe) must
   not pass for a table: make and scripts look at the exit status. */
static int flush_stdout(const char *cmd, int rc)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	fprintf(stderr, "csumreport %s: writing standard output: %s\n", cmd,
		errno ? strerror(errno) : "write error");
	return rc ? rc : 1;
}

int main(int argc, char **argv)
{
	int help = argc >= 2 && !strcmp(argv[1], "--help");

	if (argc >= 2 && !strcmp(argv[1], "table"))
		return flush_stdout(argv[1], cmd_table(argc - 1, argv + 1));
	if (argc >= 2 && !strcmp(argv[1], "compare"))
		return flush_stdout(argv[1], cmd_compare(argc - 1, argv + 1));
	if (argc >= 2 && !strcmp(argv[1], "recommend"))
		return flush_stdout(argv[1], cmd_recommend(argc - 1, argv + 1));
	if (argc >= 2 && !strcmp(argv[1], "gpvars"))
		return flush_stdout(argv[1], cmd_gpvars(argc - 1, argv + 1));
	fprintf(help ? stdout : stderr,
		"usage: csumreport table|compare|recommend|gpvars ...  (COMMAND --help)\n"
		"  table      commit-message table: distances x sizes or cache states\n"
		"  compare    before/after, with a significance test per point\n"
		"  recommend  the prefetch distance to use, tested, against a model\n"
		"  gpvars     check a results CSV, print the layout for plot/*.gp\n");
	return help ? flush_stdout("--help", 0) : 2;
}
