/* A chain of dependent 1-cycle adds: the yardstick for core cycles. */
#ifndef CSUMBENCH_CHAIN_H
#define CSUMBENCH_CHAIN_H

#include <stdint.h>

/* Adds executed per block; each depends on the one before. */
#define CHAIN_BLOCK 100
#define CHAIN_STR_(x) #x
#define CHAIN_STR(x) CHAIN_STR_(x)

/* Runs blocks * CHAIN_BLOCK dependent register adds (blocks >= 1); one per
   core cycle on every supported core.  Linked only where an arch file
   provides it (arch/<arch>/chain.c); NULL elsewhere. */
void chain_adds(unsigned long blocks) __attribute__((weak));

#endif
