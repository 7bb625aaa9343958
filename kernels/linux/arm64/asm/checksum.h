/* The arm64 checksum header as arch/arm64/lib/csum.c and lib/checksum.c
   see it (make ab): do_csum is the arch's, so lib/checksum.c's
   csum_partial sums through it, as in an arm64 kernel; its ip_fast_csum
   is an inline of the header's, not a function of either file. */
#ifndef CSB_ARM64_ASM_CHECKSUM_H
#define CSB_ARM64_ASM_CHECKSUM_H

#define do_csum do_csum
#define ip_fast_csum ip_fast_csum

#endif
