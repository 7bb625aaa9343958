/* Reading a capture's TCP/UDP packets with libpcap (pcap and pcapng).
   Builds without libpcap take mix-nopcap.c instead. */
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mix.h"

const char mix_capture_support[] = "pcap and pcapng captures (libpcap)";

/* Where the IP header starts in a frame of link type dlt, or -1 when the
   frame carries no IP (ARP, other ethertypes) or the type is unknown. */
static long ip_offset(int dlt, const unsigned char *f, uint32_t caplen)
{
	uint32_t off, type;

	switch (dlt) {
	case DLT_EN10MB:
		off = 12;
		for (;;) {	/* 802.1Q and 802.1ad tags */
			if (caplen < off + 2)
				return -1;
			type = (uint32_t)f[off] << 8 | f[off + 1];
			if (type != 0x8100 && type != 0x88a8)
				break;
			off += 4;
		}
		return type == 0x0800 || type == 0x86dd ? (long)off + 2 : -1;
	case DLT_LINUX_SLL:
		if (caplen < 16)
			return -1;
		type = (uint32_t)f[14] << 8 | f[15];
		return type == 0x0800 || type == 0x86dd ? 16 : -1;
	case DLT_NULL:
	case DLT_LOOP:
		return caplen >= 4 ? 4 : -1;
	case DLT_RAW:
#ifdef DLT_IPV4
	case DLT_IPV4:
	case DLT_IPV6:
#endif
		return 0;
	default:
		return -1;
	}
}

static bool dlt_known(int dlt)
{
	unsigned char none[1] = { 0 };

	return dlt == DLT_EN10MB || ip_offset(dlt, none, 0) == 0 ||
	       dlt == DLT_LINUX_SLL || dlt == DLT_NULL || dlt == DLT_LOOP;
}

int mix_read_capture(struct mix *m, char *err, size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE] = "";
	struct pcap_pkthdr *h;
	const unsigned char *f;
	size_t cap = 0;
	int dlt, r;
	pcap_t *pc = pcap_open_offline(m->path, perr);

	if (!pc) {
		snprintf(err, errlen, "%s: not a capture libpcap can read: %s",
			 m->path, perr);
		return -1;
	}
	dlt = pcap_datalink(pc);
	if (!dlt_known(dlt)) {
		snprintf(err, errlen, "%s: link type %s, expected Ethernet, Linux "
			 "cooked, loopback or raw IP", m->path,
			 pcap_datalink_val_to_name(dlt) ? pcap_datalink_val_to_name(dlt) :
			 "unknown");
		pcap_close(pc);
		return -1;
	}
	while ((r = pcap_next_ex(pc, &h, &f)) == 1) {
		struct mix_packet p;
		long off = ip_offset(dlt, f, h->caplen);

		m->frames++;
		if (off < 0 || mix_parse_ip(&p, f + off, h->caplen - (uint32_t)off) ||
		    p.payoff == p.l3len)
			continue;	/* not TCP/UDP, incomplete, or no payload */
		if (m->n == cap) {
			cap = cap ? 2 * cap : 256;
			m->pkt = realloc(m->pkt, cap * sizeof(*m->pkt));
			m->len = realloc(m->len, cap * sizeof(*m->len));
			if (!m->pkt || !m->len)
				abort();
		}
		p.l3 = malloc(p.l3len);
		if (!p.l3)
			abort();
		memcpy(p.l3, f + off, p.l3len);
		p.frame = m->frames;
		m->pkt[m->n] = p;
		m->len[m->n++] = p.l3len - p.payoff;
	}
	/* A capture stopped hard ends in a frame cut short: the frames
	   before it are whole and are replayed, and the results say so. */
	if (r == PCAP_ERROR && m->n) {
		char why[512];
		snprintf(why, sizeof(why), "frame %zu: %s", m->frames + 1,
			 pcap_geterr(pc));
		m->cut = strdup(why);
		fprintf(stderr, "csumbench: WARNING: %s: %s; the %zu frames before "
			"it are replayed\n", m->path, why, m->frames);
	} else if (r == PCAP_ERROR) {
		snprintf(err, errlen, "%s: frame %zu: %s", m->path, m->frames + 1,
			 pcap_geterr(pc));
		pcap_close(pc);
		return -1;
	}
	pcap_close(pc);
	if (!m->n) {
		snprintf(err, errlen, "%s: no TCP or UDP payloads in its %zu "
			 "frame(s), expected at least one whole IPv4/IPv6 packet "
			 "with data", m->path, m->frames);
		return -1;
	}
	return 0;
}
