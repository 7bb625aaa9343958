/* The miss latency of a run (miss.h): the flush check's chase, dependent
 * loads through lines on separate pages in a shuffled order, each line
 * flushed (or evicted) first: the time one line takes to come from
 * memory with nothing else in flight.  It replaced a timed one-line call
 * on K pages in a fixed scrambled order inside 128 KiB, which read about
 * 30% low here (352-403 cycles against the chase's ~570, and 589-595 for
 * random lines over 1 GiB) and moved +-20% from run to run. */
#include <math.h>

#include "sweep/miss.h"
#include "sweep/sweep.h"

/* In the run's cycles per tick (the rows'), not the start-up
   calibration's: the clock may have moved between them (1.158 at start
   against 1.629 over one run, which put the prefetch model 29% off). */
void miss_measure(struct sweep *b)
{
	b->machine.miss_cycles = NAN;
	if (!(b->machine.fcheck.chase > 0))
		return;
	b->machine.miss_cycles = b->machine.fcheck.chase * sweep_cycles_per_tick(b);
}
