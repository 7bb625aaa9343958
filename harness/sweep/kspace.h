/* space = kernel in a run: the module's buffers for the plan, and each
   sample of a module kernel taken by the module (kspace/device.c). */
#ifndef CSUMBENCH_MEASURE_KSPACE_H
#define CSUMBENCH_MEASURE_KSPACE_H

struct sweep;
struct point;

/* The module's buffers for b's plan, and its empty region's ticks
   (b->kspace_overhead): 0, or -1 after a message. */
int kspace_begin(struct sweep *b);
/* One sample of a module kernel's point: ticks per call, the empty
   region subtracted; a refusal fails its kernel (sweep_fail_kernel). */
double kspace_sample(struct sweep *b, struct point *p);

#endif
