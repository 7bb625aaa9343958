/* lib/checksum.c alone (make ab OLD=lib/checksum.c): the generic
   functions, as an arch without its own do_csum or ip_fast_csum
   builds them. */
#ifndef CSB_GENERIC_ASM_CHECKSUM_H
#define CSB_GENERIC_ASM_CHECKSUM_H
#endif
