/* The TCP/UDP pseudo-header sums Linux folds a transport checksum with
 * (csum_tcpudp_magic, csum_ipv6_magic), in plain C: RFC 768, RFC 793 and
 * RFC 8200 section 8.1.  Addresses are in network byte order, as they lie
 * in the packet; sum is the unfolded 32-bit sum of the segment (a csum
 * kernel's result), in the same byte order the kernels sum in. */
#ifndef CSUMBENCH_PSEUDO_HEADER_H
#define CSUMBENCH_PSEUDO_HEADER_H

#include <stdint.h>

/* The folded, inverted sum of the IPv4 pseudo-header and sum: 0 when a
   received segment's checksum is right. */
uint16_t csum_tcpudp_magic(const unsigned char saddr[4],
			   const unsigned char daddr[4], uint32_t len,
			   uint8_t proto, uint32_t sum);
/* The same over the IPv6 pseudo-header. */
uint16_t csum_ipv6_magic(const unsigned char saddr[16],
			 const unsigned char daddr[16], uint32_t len,
			 uint8_t proto, uint32_t sum);

#endif
