/* csumreport's figure commands; each returns the exit status (0, or 2
   for bad input). */
#ifndef CSUMREPORT_FIGURE_H
#define CSUMREPORT_FIGURE_H

/* The figures, through plot.sh beside the program (plotcmd.c). */
int cmd_plot(int argc, char **argv);
/* A results CSV checked, and the layout the figure scripts (.gp) read
   (gpvars.c). */
int cmd_gpvars(int argc, char **argv);

#endif
