/* load_unaligned_zeropad, for arch/x86/lib/csum-partial_64.c's tail
   (make ab).  The kernel loads the 8 bytes at addr whatever follows,
   and an exception fixup zeros what lies in a next page it cannot read.
   User space has no fixup, so a load that would cross into the next
   page takes the bytes the caller sums (its len & 7, read from the
   caller's len: the file's one call has it in scope) one by one and
   zeros the rest; within a page it is the kernel's one load.  One
   compare more than the kernel's on each tail. */
#ifndef CSB_X86_WORD_AT_A_TIME_H
#define CSB_X86_WORD_AT_A_TIME_H

#include <linux/types.h>

#define CSB_PAGE 4096UL

static inline unsigned long csb_load_tail(const void *addr, int len)
{
	unsigned long a = (unsigned long)addr, v = 0;
	unsigned int i;

	if (__builtin_expect((a & (CSB_PAGE - 1)) <= CSB_PAGE - 8, 1)) {
		__builtin_memcpy(&v, addr, 8);
		return v;
	}
	for (i = 0; i < ((unsigned int)len & 7); i++)
		v |= (unsigned long)((const unsigned char *)addr)[i] << (8 * i);
	return v;
}

#define load_unaligned_zeropad(addr) csb_load_tail((addr), len)

#endif
