/* The reference sum: the oracle of every op's gate. */
#ifndef CSUMBENCH_REF_H
#define CSUMBENCH_REF_H

#include <stdint.h>

/* Linux's csum_partial, byte by byte: kernels/generic/csum-ref.c. */
uint32_t verify_ref(const void *buf, int len, uint32_t sum);

#endif
