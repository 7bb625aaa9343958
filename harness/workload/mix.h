/* sizes = mix:FILE: a sequence of packet sizes, replayed in order.
 *
 * FILE is either text, one "size weight" pair a line ("#" comments),
 * expanded into a sequence in which each size appears weight times, in
 * an order shuffled once with a fixed seed (every kernel and every run
 * sees the same); or a packet capture (pcap or pcapng, read with
 * libpcap), whose TCP and UDP payloads are replayed in capture order,
 * their own bytes, each with the IP and transport headers before it. */
#ifndef CSUMBENCH_MIX_H
#define CSUMBENCH_MIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A replayed packet of a capture. */
struct mix_packet {
	unsigned char *l3;	/* the IP packet, from its IP header */
	uint32_t l3len;
	uint32_t l4off;		/* the transport header, from l3 */
	uint32_t payoff;	/* the payload, from l3 */
	uint8_t family;		/* 4 or 6 */
	uint8_t proto;		/* 6 TCP, 17 UDP */
	uint16_t csum;		/* the transport checksum field as captured */
	size_t frame;		/* its number in the capture, from 1 */
};

struct mix {
	char *path;
	bool capture;
	uint32_t *len;		/* [n]: the payload length of each in turn */
	struct mix_packet *pkt;	/* [n] for a capture (but a dry run's), else NULL */
	size_t n;
	uint32_t min, max;
	double mean;
	/* a capture's transport checksums, checked with the reference: */
	size_t frames;		/* frames read */
	size_t csum_good, csum_bad, csum_none;	/* none: UDP without one */
	char *cut;		/* a capture whose last frame is cut short
				   (a capture stopped hard): why, or NULL */
};

/* Reads FILE, keeping a capture's packets with keep, else only their
   lengths and checksum verdicts (a dry run, run -n, reads a capture
   through without keeping it).  NULL, with "FILE:LINE: why" or "FILE:
   why" in err. */
struct mix *mix_load(const char *path, bool keep, char *err, size_t errlen);
void mix_free(struct mix *m);

/* A text mix's weights add up to at most this many packets. */
#define MIX_SEQ_MAX 1000000u
/* Writing a mix of the lengths seen and how often (csumbench trace):
   mix_weight_scale says by what its counts are divided to fit in
   MIX_SEQ_MAX (1: they fit), mix_write_sizes writes the "size weight"
   lines, each length kept at least once, lengths no mix can hold (0,
   over SIZE_MAX_BYTES) left out. */
struct len_count;
double mix_weight_scale(uint64_t total);
void mix_write_sizes(FILE *f, const struct len_count *lens, size_t n,
		     double scale);

/* The capture reader (mix-pcap.c, or mix-nopcap.c in builds without
   libpcap): fills m->len, the checksum counts and, with keep, m->pkt.
   A capture larger than this process may allocate, or damaged before
   its end, is refused.  0, or -1 with why in err. */
int mix_read_capture(struct mix *m, bool keep, char *err, size_t errlen);
extern const char mix_capture_support[];

/* The folded sum of a packet's transport segment and pseudo-header given
   seg, the unfolded 32-bit sum of its transport header and payload: 0
   when the checksum it carries is right. */
uint16_t mix_transport_check(const struct mix_packet *p, uint32_t seg);
/* Parses one IP packet (from its IP header) into p: 0 when it is a TCP
   or UDP packet whose headers are whole, else -1.  For readers. */
int mix_parse_ip(struct mix_packet *p, const unsigned char *ip, uint32_t caplen);

struct kernel;
/* For a capture (sizes = mix:FILE): each replayed packet's transport
   segment, summed by k, against the reference and its checksum (ops
   whose call returns csum_partial's sum; others pass).  mix-gate.c. */
int verify_mix(const struct kernel *k, int dist, const struct mix *m,
	       char *err, size_t errlen);

#endif
