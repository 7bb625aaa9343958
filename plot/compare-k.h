/* compare: where the two sides timed a point with different calls per
   cold region (compare-k.c). */
#ifndef CSUMREPORT_COMPARE_K_H
#define CSUMREPORT_COMPARE_K_H

#include <stddef.h>

#include "compare.h"

/* A line naming the points whose K (the CSVs' iters, in the states
   that time K calls on K buffers) differs before and after; nothing
   where none does. */
void compare_note_k(const struct pair *pairs, size_t n);

#endif
