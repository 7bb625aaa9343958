/* Byte counts as csumbench's config takes them and the tables name them
   (sizes.c). */
#ifndef CSUMREPORT_SIZES_H
#define CSUMREPORT_SIZES_H

#include <stddef.h>

/* "64 B", "1500 B", "4 KiB", "1 MiB". */
const char *size_label(unsigned size, char *buf, size_t n);
/* "1500", "1500B", "64K", "4 KiB", "1M", "1G": 0 and the bytes in *out;
   -1 malformed, -2 over 4 GiB - 1. */
int parse_size(const char *s, unsigned *out);

#endif
