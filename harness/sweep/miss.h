/* The miss latency of a run: what one cache line from memory costs, for
   the prefetch-distance model of csumreport recommend (Little's law: the
   lines in flight are the latency over the cold loop's time per line). */
#ifndef CSUMBENCH_MISS_H
#define CSUMBENCH_MISS_H

struct sweep;

/* When the flush check ran its chase (any cache state but warm): its
   time per line, in cycles at the run's sweep_cycles_per_tick, into
   b->miss_cycles (else NAN).  sweep_finish calls it. */
void miss_measure(struct sweep *b);

#endif
