/* csumreport: host-side tables, comparisons and figure layout from
   csumbench results CSVs.  Needs only a C compiler; gnuplot draws. */
#include <stdio.h>
#include <string.h>

#include "report.h"

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "table"))
		return cmd_table(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "gpvars"))
		return cmd_gpvars(argc - 1, argv + 1);
	fprintf(argc >= 2 && !strcmp(argv[1], "--help") ? stdout : stderr,
		"usage: csumreport table|compare|gpvars ...  (COMMAND --help)\n"
		"  table    commit-message table: distances x sizes or cache states\n"
		"  compare  before/after with a Mann-Whitney U test per point\n"
		"  gpvars   check a results CSV, print the layout for plot/*.gp\n");
	return argc >= 2 && !strcmp(argv[1], "--help") ? 0 : 2;
}
