/* SHA-256 (FIPS 180-4), for naming the bytes of a kernel function the
   results say were timed (# kernel_function:). */
#ifndef CSUMBENCH_SHA256_H
#define CSUMBENCH_SHA256_H

#include <stddef.h>

/* hex: 64 hex digits and a NUL. */
void sha256_hex(const void *data, size_t n, char hex[65]);

#endif
