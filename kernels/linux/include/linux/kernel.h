/* What checksum files take from <linux/kernel.h> (make ab). */
#ifndef CSB_LINUX_KERNEL_H
#define CSB_LINUX_KERNEL_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/types.h>

static inline u32 ror32(u32 w, unsigned int s)
{
	return (w >> (s & 31)) | (w << ((-s) & 31));
}

/* (mainline's arch/x86/lib/csum-partial_64.c folds with ror64 since 2023) */
static inline u64 ror64(u64 w, unsigned int s)
{
	return (w >> (s & 63)) | (w << ((-s) & 63));
}

static inline u32 swab32(u32 x)
{
	return __builtin_bswap32(x);
}

#ifdef __LITTLE_ENDIAN
#define htonl(x) __builtin_bswap32(x)
#define htons(x) __builtin_bswap16(x)
#else
#define htonl(x) ((u32)(x))
#define htons(x) ((u16)(x))
#endif

#endif
