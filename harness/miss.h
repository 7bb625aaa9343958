/* The miss latency of a run: what one cache line from memory costs a
   kernel, for the prefetch-distance model of csumreport recommend
   (Mowry: prefetch ceil(latency / loop time per line) lines ahead). */
#ifndef CSUMBENCH_MISS_H
#define CSUMBENCH_MISS_H

struct bench;

/* When the run has cold points and a prefetching kernel: the cold cost
   of a one-line call of its variant without prefetch, less the warm
   cost, in cycles, into b->miss_cycles (else NAN).  Untimed setup and
   flushes stay outside the timed regions, as in every cold point. */
void miss_measure(struct bench *b);

#endif
