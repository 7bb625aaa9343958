/* A wait for every earlier instruction to complete, so that the next one
   starts on an empty pipeline: put between the calls of a K-call cold
   region, it keeps an out-of-order core from overlapping one call's
   misses with the next's, and each call costs what it would alone. */
#ifndef CSUMBENCH_FENCE_H
#define CSUMBENCH_FENCE_H

/* One tiny file per arch: arch/<arch>/fence.c. */
void fence_wait(void);

#endif
