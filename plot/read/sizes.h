/* Byte counts as the tables name them (sizes.c). */
#ifndef CSUMREPORT_SIZES_H
#define CSUMREPORT_SIZES_H

#include <stddef.h>

/* "64 B", "1500 B", "4 KiB", "1 MiB". */
const char *size_label(unsigned size, char *buf, size_t n);

#endif
