/* One of __LITTLE_ENDIAN and __BIG_ENDIAN, as the kernel defines it
   (make ab; included by each arch's asm/byteorder.h). */
#ifndef CSB_ASM_GENERIC_BYTEORDER_H
#define CSB_ASM_GENERIC_BYTEORDER_H

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define __LITTLE_ENDIAN 1234
#else
#define __BIG_ENDIAN 4321
#endif

#endif
