/* The csum kernel copy-split calls after its memcpy: the build's best
   csum_partial.  On ppc32 that is mainline's loop (pipelined); elsewhere
   the fastest generic one, c64. */
#ifndef CSUM_BEST_H
#define CSUM_BEST_H

#if defined(__powerpc__) && !defined(__powerpc64__)
#define CSUM_BEST csum_ppc32_pipelined
#define CSUM_BEST_NAME "pipelined"
#else
#define CSUM_BEST csum_c64
#define CSUM_BEST_NAME "c64"
#endif

#endif
