/* csumreport's commands; each returns the exit status (0, 1, or 2 for
   bad input).  And how they read their command lines (csumreport.c). */
#ifndef CSUMREPORT_REPORT_H
#define CSUMREPORT_REPORT_H

#include <stdio.h>

#include "lib/args.h"

int cmd_table(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_gpvars(int argc, char **argv);
/* The figures, through plot/plot.sh beside the program (plotcmd.c). */
int cmd_plot(int argc, char **argv);
/* Which prefetch distance to use (recommend.c). */
int cmd_recommend(int argc, char **argv);

#endif
