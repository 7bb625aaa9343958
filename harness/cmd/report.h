/* Finding csumreport from csumbench (report.c). */
#ifndef CSUMBENCH_REPORT_FIND_H
#define CSUMBENCH_REPORT_FIND_H

#include <stdbool.h>
#include <stddef.h>

/* csumreport: given (an option's path, NULL for none), else beside this
   binary, in ../host/ (the build tree's), or on PATH; into out, false
   when there is none that can be run.  n is PATH_MAX or more. */
bool report_find(const char *given, char *out, size_t n);

#endif
