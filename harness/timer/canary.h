/* The throughput canary: four independent chains of adds, beside the
   add chain's one.  The chain is latency-bound: a co-tenant on the same
   core (an SMT sibling, a vCPU sharing it) that takes issue slots or ALUs
   without preempting this thread leaves it at one add a cycle, so the
   chain still reads the clock right while every throughput-bound kernel
   runs slower.  The canary needs four ALUs a cycle: that tenant slows
   it.  Its cost against the chain's is fixed for a core (1 on one with
   four ALUs or more), so a window that reads it higher than at the run's
   start by more than their noise saw another tenant (one there from the
   start is seen across processes: csumbench ab). */
#ifndef CSUMBENCH_CANARY_H
#define CSUMBENCH_CANARY_H

#include <stdbool.h>
#include <stddef.h>

#include "timer/calibrate.h"

/* A round the canary reads slow is taken again this many times at most. */
#define CANARY_RETAKES 2

/* Runs blocks * CHAIN_BLOCK adds on each of four independent chains. */
void canary_adds(unsigned long blocks);

/* The least of three canary windows, each as long as a chain window
   (c->chain_blocks): its ticks over those of the chain window just taken
   (chain_cycles_per_tick: that window's adds per tick,
   calibrate_chain_window's); 0 when either did
   not time.  The canary's cost in chain windows: 1 where four adds issue
   a cycle. */
double canary_window(const struct calibration *c,
		     double chain_cycles_per_tick);

/* The canary's run: its windows' ratios, the best of them (the core's
   own cost, uncontended), and the rounds it found slow. */
struct canary {
	double *q;		/* each window's ratio, in the order taken */
	size_t nq;
	double best;		/* the start-up windows' median ratio */
	double limit;		/* a round whose ratio exceeds it is slow */
	unsigned retaken;	/* rounds taken again */
	unsigned kept;		/* rounds still slow after their retakes */
	unsigned rounds;	/* rounds judged */
	double worst;		/* the largest slowdown kept, over best */
	double standin;		/* tests: the canary's work multiplied in
				   the rounds from..to (CSUMBENCH_TEST_CANARY) */
	unsigned standin_from, standin_to;
};

/* Start-up: 11 windows, each between two chain windows: their median
   and the limit (above it by four robust deviations, at least 10%). */
void canary_start(struct canary *k, const struct calibration *c);
/* A round's canary window, between chain windows of its own (each the
   best of three): true when slow. */
bool canary_slow(struct canary *k, const struct calibration *c, unsigned round);

#endif
