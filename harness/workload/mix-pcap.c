/* Reading a capture's TCP/UDP packets with libpcap (pcap and pcapng).
   Builds without libpcap take mix-nopcap.c instead. */
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/xalloc.h"
#include "op/verify.h"
#include "workload/mix.h"

const char mix_capture_support[] = "pcap and pcapng captures (libpcap)";

/* Where the IP header starts in a frame of link type dlt, or -1 when the
   frame carries no IP (ARP, other ethertypes) or the type is unknown. */
static long ip_offset(int dlt, const unsigned char *f, uint32_t caplen)
{
	uint32_t off, type, hdr;

	switch (dlt) {
	case DLT_EN10MB:
	case DLT_LINUX_SLL2:
		/* The ethertype: after the MACs, or first in the 20-byte
		   Linux cooked v2 header (tcpdump -i any on Linux 3.x+,
		   libpcap 1.10). */
		off = dlt == DLT_EN10MB ? 12 : 0;
		hdr = dlt == DLT_EN10MB ? 14 : 20;
		if (caplen < hdr)
			return -1;
		type = (uint32_t)f[off] << 8 | f[off + 1];
		off = hdr;
		while (type == 0x8100 || type == 0x88a8) {	/* 802.1Q, 802.1ad */
			if (caplen < off + 4)
				return -1;
			type = (uint32_t)f[off + 2] << 8 | f[off + 3];
			off += 4;
		}
		return type == 0x0800 || type == 0x86dd ? (long)off : -1;
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
	       dlt == DLT_LINUX_SLL || dlt == DLT_LINUX_SLL2 ||
	       dlt == DLT_NULL || dlt == DLT_LOOP;
}

/* The checksum a packet carries, by the reference: a capture taken with
   offload on has them unfilled, which is counted (mix.c judges it). */
static void judge(struct mix *m, const struct mix_packet *p)
{
	if (p->proto == 17 && !p->csum && p->family == 4)
		m->csum_none++;
	else if (mix_transport_check(p, verify_ref(p->l3 + p->l4off,
				     (int)(p->l3len - p->l4off), 0)) == 0)
		m->csum_good++;
	else
		m->csum_bad++;
}

/* The file's size, for a capture that ends, and what its packets may
   take to keep. */
static long long file_size(pcap_t *pc)
{
	struct stat st;
	FILE *fp = pcap_file(pc);

	return fp && fstat(fileno(fp), &st) == 0 ? (long long)st.st_size : -1;
}

/* The capture opened, its link type known and, with keep, its packets
   able to fit in what this process may have: *dlt and *size (-1 when
   not known) set.  NULL, with why in err. */
static pcap_t *capture_open(const struct mix *m, bool keep, int *dlt,
			    long long *size, char *err, size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE] = "";
	pcap_t *pc = pcap_open_offline(m->path, perr);
	size_t room;

	if (!pc) {
		snprintf(err, errlen, "%s: not a capture libpcap can read: %s",
			 m->path, perr);
		return NULL;
	}
	*dlt = pcap_datalink(pc);
	if (!dlt_known(*dlt)) {
		snprintf(err, errlen, "%s: link type %s, expected Ethernet, Linux "
			 "cooked (v1 or v2), loopback or raw IP", m->path,
			 pcap_datalink_val_to_name(*dlt) ? pcap_datalink_val_to_name(*dlt) :
			 "unknown");
		pcap_close(pc);
		return NULL;
	}
	/* The packets kept take at most the file's size (and a few words
	   each): refused before any is read when that is more than this
	   process may have. */
	*size = file_size(pc);
	room = xalloc_room();
	if (keep && *size > 0 && (unsigned long long)*size > room) {
		snprintf(err, errlen, "%s: a capture of %lld MiB, and this process "
			 "may allocate %zu MiB more (ulimit -v, MemAvailable): "
			 "expected a capture that fits (editcap -c or -r cuts one)",
			 m->path, *size >> 20, room >> 20);
		pcap_close(pc);
		return NULL;
	}
	return pc;
}

/* A TCP/UDP packet with a payload, appended: its payload's length, and
   with keep a copy of the packet from IP, its IP header. */
static void capture_take(struct mix *m, bool keep, struct mix_packet *p,
			 const unsigned char *ip, size_t *cap, const char *what)
{
	if (m->n == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		m->len = xreallocarray(m->len, *cap, sizeof(*m->len), what);
		if (keep)
			m->pkt = xreallocarray(m->pkt, *cap, sizeof(*m->pkt), what);
	}
	if (keep) {
		p->l3 = xmalloc(p->l3len, what);
		memcpy(p->l3, ip, p->l3len);
		p->frame = m->frames;
		m->pkt[m->n] = *p;
	}
	m->len[m->n++] = p->l3len - p->payoff;
}

/* A read that failed at byte AT of a capture of SIZE bytes.  A capture
   stopped hard ends in a record cut short: the frames before it are
   whole and are replayed, and the results say so.  A record that is
   wrong before the end (a length past any snap length, a packet on an
   interface never described) is damage: the frames after it would be
   lost unseen.  0, or -1 with why in err. */
static int capture_failed(struct mix *m, pcap_t *pc, long long at,
			  long long size, const char *what, char *err,
			  size_t errlen)
{
	const char *why = pcap_geterr(pc);
	long now = pcap_file(pc) ? ftell(pcap_file(pc)) : -1;
	bool at_end = size >= 0 && now >= 0 && now >= size &&
		      strstr(why, "truncated");

	if (!at_end) {
		snprintf(err, errlen, "%s: damaged at byte %lld, the record "
			 "after frame %zu: %s; expected a whole capture (one "
			 "cut short at its end is replayed up to the cut)",
			 m->path, at, m->frames, why);
		return -1;
	}
	if (!m->n) {
		snprintf(err, errlen, "%s: frame %zu: %s", m->path,
			 m->frames + 1, why);
		return -1;
	}
	m->cut = xasprintf(what, "frame %zu: %s", m->frames + 1, why);
	fprintf(stderr, "csumbench: WARNING: %s: %s; the %zu frames before "
		"it are replayed\n", m->path, m->cut, m->frames);
	return 0;
}

int mix_read_capture(struct mix *m, bool keep, char *err, size_t errlen)
{
	char what[256];
	struct pcap_pkthdr *h;
	const unsigned char *f;
	size_t cap = 0;
	long long size, at = 0;
	int dlt, r;
	pcap_t *pc = capture_open(m, keep, &dlt, &size, err, errlen);

	if (!pc)
		return -1;
	snprintf(what, sizeof(what), "the packets of %s", m->path);
	for (;;) {
		struct mix_packet p;
		long off;

		/* Where the next record starts: a damaged one is named by it. */
		if (pcap_file(pc))
			at = ftell(pcap_file(pc));
		if ((r = pcap_next_ex(pc, &h, &f)) != 1)
			break;
		off = ip_offset(dlt, f, h->caplen);
		m->frames++;
		if (off < 0 || mix_parse_ip(&p, f + off, h->caplen - (uint32_t)off) ||
		    p.payoff == p.l3len)
			continue;	/* not TCP/UDP, incomplete, or no payload */
		p.l3 = (unsigned char *)(f + off);
		judge(m, &p);
		capture_take(m, keep, &p, f + off, &cap, what);
	}
	if (r == PCAP_ERROR && capture_failed(m, pc, at, size, what, err, errlen)) {
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
