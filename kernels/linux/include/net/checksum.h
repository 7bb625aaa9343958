/* The checksum interface as lib/checksum.c and the arch files see it
   (make ab): the arch's asm/checksum.h, then the generic fold and the
   functions a file may define. */
#ifndef CSB_NET_CHECKSUM_H
#define CSB_NET_CHECKSUM_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/checksum.h>

#ifndef HAVE_ARCH_CSUM_FOLD
/* The 32-bit sum folded to 16 bits and inverted. */
static inline __sum16 csum_fold(__wsum sum)
{
	u32 s = (sum & 0xffff) + (sum >> 16);

	s = (s & 0xffff) + (s >> 16);
	return (__sum16)~s;
}
#endif

__wsum csum_partial(const void *buff, int len, __wsum sum);
__sum16 ip_compute_csum(const void *buff, int len);
__wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, u32 len, u8 proto,
			  __wsum sum);
#ifndef ip_fast_csum
__sum16 ip_fast_csum(const void *iph, unsigned int ihl);
#endif
#ifdef do_csum
unsigned int do_csum(const unsigned char *buff, int len);
#endif

#endif
