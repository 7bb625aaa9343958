/* csumbench's stand-in for the kernel's types, for a checksum file of a
   Linux tree built in user space (make ab).  Written for csumbench: the
   compiler's own type macros, no libc header (glibc's would define both
   __LITTLE_ENDIAN and __BIG_ENDIAN, which the kernel never does). */
#ifndef CSB_LINUX_TYPES_H
#define CSB_LINUX_TYPES_H

#ifndef __ASSEMBLY__
typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT32_TYPE__ s32;
typedef __INT64_TYPE__ s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef u16 __be16;
typedef u32 __be32;
typedef u32 __wsum;		/* csum_partial's unfolded 32-bit sum */
typedef u16 __sum16;		/* a folded, inverted checksum */
typedef __SIZE_TYPE__ size_t;
typedef _Bool bool;

struct in6_addr {
	u8 s6_addr[16];
};
#endif

#include <asm/byteorder.h>

#endif
