/* The L1 data cache line of the build's CPU preset (make ab passes
   CSB_L1_CACHE_SHIFT: 4 for 8xx's 16-byte lines, else 5), as a board's
   kernel is configured for its core. */
#ifndef CSB_PPC32_ASM_CACHE_H
#define CSB_PPC32_ASM_CACHE_H

#ifndef CSB_L1_CACHE_SHIFT
#define CSB_L1_CACHE_SHIFT 5
#endif
#define L1_CACHE_SHIFT CSB_L1_CACHE_SHIFT
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)

#endif
