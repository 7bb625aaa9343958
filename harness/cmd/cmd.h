/* The subcommands; each returns the process exit status
   (0 ok, 1 a failure while running, 2 bad usage or input). */
#ifndef CSUMBENCH_CMD_H
#define CSUMBENCH_CMD_H

int cmd_list(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_sum(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_events(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_code(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_ab(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_model(int argc, char **argv);

#endif
