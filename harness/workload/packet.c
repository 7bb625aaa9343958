/* A captured packet's IP and transport headers, and the check of the
   checksum it carries: what the capture readers and the gate share. */
#include <stdint.h>

#include <string.h>

#include "workload/mix.h"
#include "workload/pseudo-header.h"

static uint32_t be16(const unsigned char *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

int mix_parse_ip(struct mix_packet *p, const unsigned char *ip, uint32_t caplen)
{
	uint32_t l3len, l4off, hl;

	memset(p, 0, sizeof(*p));
	if (caplen < 1)
		return -1;
	if (ip[0] >> 4 == 4) {
		if (caplen < 20 || (ip[0] & 15) < 5)
			return -1;
		l4off = (uint32_t)(ip[0] & 15) * 4;
		l3len = be16(ip + 2);
		/* fragments: the payload is not whole here */
		if (be16(ip + 6) & 0x3fff)
			return -1;
		p->family = 4;
		p->proto = ip[9];
	} else if (ip[0] >> 4 == 6) {
		if (caplen < 40)
			return -1;
		l4off = 40;
		l3len = 40 + be16(ip + 4);	/* no extension headers taken */
		p->family = 6;
		p->proto = ip[6];
	} else {
		return -1;
	}
	/* Truncated (a snap length) or padded (Ethernet's minimum): the
	   IP length says where the packet ends; it must all be there. */
	if (l3len > caplen || l3len < l4off)
		return -1;
	if (p->proto == 6) {
		if (l3len < l4off + 20 || (hl = (uint32_t)(ip[l4off + 12] >> 4) * 4) < 20 ||
		    l3len < l4off + hl)
			return -1;
		p->csum = (uint16_t)be16(ip + l4off + 16);
	} else if (p->proto == 17) {
		hl = 8;
		if (l3len < l4off + 8 || be16(ip + l4off + 4) != l3len - l4off)
			return -1;
		p->csum = (uint16_t)be16(ip + l4off + 6);
	} else {
		return -1;
	}
	p->l3len = l3len;
	p->l4off = l4off;
	p->payoff = l4off + hl;
	return 0;
}

uint16_t mix_transport_check(const struct mix_packet *p, uint32_t seg)
{
	uint32_t len = p->l3len - p->l4off;

	if (p->family == 4)
		return csum_tcpudp_magic(p->l3 + 12, p->l3 + 16, len, p->proto, seg);
	return csum_ipv6_magic(p->l3 + 8, p->l3 + 24, len, p->proto, seg);
}
