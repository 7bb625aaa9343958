/* csumreport table (table.c): a results CSV as 72-column tables. */
#ifndef CSUMREPORT_TABLE_H
#define CSUMREPORT_TABLE_H

/* The exit status: 0, or 2 for bad input. */
int cmd_table(int argc, char **argv);

#endif
