/* Writes a small packet capture for the replay tests, with checksums
 * computed here (big-endian words, RFC 1071), apart from the harness:
 *
 *   make-capture [--pcapng] [--no-payloads] [--sll2] [--damaged] FILE
 *
 * Frames, in order (the tests count on them):
 *   1  IPv4 TCP, 100 B payload, right checksum
 *   2  IPv4 UDP, 512 B, right
 *   3  IPv6 TCP, 1000 B, right
 *   4  IPv6 UDP, 33 B (odd), right
 *   5  IPv4 TCP, 1400 B, checksum left 0 (as with offload): wrong
 *   6  IPv4 UDP, 64 B, checksum 0: none (allowed for UDP over IPv4)
 *   7  IPv4 TCP, no payload (a pure ACK): not replayed
 *   8  ARP: not replayed
 *   9  802.1Q-tagged IPv4 UDP, 200 B, right
 *  10  IPv4 TCP, 300 B, captured only in part (snap length): not replayed
 * So 7 payloads: 5 right, 1 wrong, 1 without a checksum.
 * --no-payloads writes frames 7 and 8 only.
 * --sll2 writes the same frames as Linux cooked v2 (LINUX_SLL2, what
 * tcpdump -i any writes on Debian 12): a 20-byte header in place of the
 * 14 of Ethernet's.
 * --damaged puts a record that is not one after frame 2, the frames
 * after it whole: in pcap a captured length of 0x7fffffff, in pcapng a
 * packet on interface 1, which no Interface Description Block names. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *out;
static int ng, sll2;
static unsigned frame_no;

static void put(const void *p, size_t n)
{
	if (fwrite(p, 1, n, out) != n) {
		perror("make-capture: write");
		exit(1);
	}
}

static void put32(uint32_t v)
{
	put(&v, 4);	/* host order: the magic number says which */
}

static void put16(uint16_t v)
{
	put(&v, 2);
}

static void header(void)
{
	if (!ng) {
		put32(0xa1b2c3d4);
		put16(2);
		put16(4);
		put32(0);
		put32(0);
		put32(65535);
		put32(sll2 ? 276 : 1);	/* LINUX_SLL2, Ethernet */
		return;
	}
	/* Section Header Block, then one Interface Description Block. */
	put32(0x0a0d0d0a);
	put32(28);
	put32(0x1a2b3c4d);
	put16(1);
	put16(0);
	put32(0xffffffff);
	put32(0xffffffff);
	put32(28);
	put32(1);
	put32(20);
	put16(sll2 ? 276 : 1);	/* LINUX_SLL2, Ethernet */
	put16(0);
	put32(65535);
	put32(20);
}

static void record(const unsigned char *f, uint32_t caplen, uint32_t len)
{
	static const unsigned char zero[4];
	unsigned char g[2048 + 6];
	uint32_t pad;

	if (sll2) {
		/* protocol, reserved, ifindex 1, ARPHRD_ETHER, to us,
		   6-byte address (the source MAC) in 8 */
		memset(g, 0, 20);
		memcpy(g, f + 12, 2);
		g[7] = 1;
		g[9] = 1;
		g[11] = 6;
		memcpy(g + 12, f + 6, 6);
		memcpy(g + 20, f + 14, caplen - 14);
		f = g;
		caplen += 6;
		len += 6;
	}
	pad = (4 - caplen % 4) % 4;
	frame_no++;
	if (!ng) {
		put32(1700000000 + frame_no);
		put32(0);
		put32(caplen);
		put32(len);
		put(f, caplen);
		return;
	}
	/* Enhanced Packet Block */
	put32(6);
	put32(32 + caplen + pad);
	put32(0);
	put32(0);
	put32(0);
	put32(caplen);
	put32(len);
	put(f, caplen);
	put(zero, pad);
	put32(32 + caplen + pad);
}

/* A record that is not one (--damaged); not a frame. */
static void damaged(void)
{
	static const unsigned char f[64];

	if (!ng) {
		put32(1700000000);
		put32(0);
		put32(0x7fffffff);
		put32(0x7fffffff);
		return;
	}
	put32(6);
	put32(32 + sizeof(f));
	put32(1);	/* interface 1: never described */
	put32(0);
	put32(0);
	put32(sizeof(f));
	put32(sizeof(f));
	put(f, sizeof(f));
	put32(32 + sizeof(f));
}

static uint32_t sum_be(const unsigned char *p, size_t n, uint32_t acc)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		acc += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		acc += (uint32_t)p[n - 1] << 8;
	return acc;
}

static uint16_t fold(uint32_t acc)
{
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	return (uint16_t)~acc;
}

static void be16(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

enum { RIGHT, ZERO, NONE };

/* One Ethernet frame of an IP packet; vlan adds an 802.1Q tag. */
static void packet(int family, int proto, uint32_t payload, int csum,
		   int vlan, uint32_t caplen_cut)
{
	unsigned char f[2048];
	uint32_t e = 12, ip, l4, hl = proto == 6 ? 20 : 8, l4len = hl + payload;
	uint32_t iplen, i, acc;

	memset(f, 0, sizeof(f));
	memcpy(f, "\x02\x00\x00\x00\x00\x02\x02\x00\x00\x00\x00\x01", 12);
	if (vlan) {
		be16(f + e, 0x8100);
		be16(f + e + 2, 42);
		e += 4;
	}
	be16(f + e, family == 4 ? 0x0800 : 0x86dd);
	ip = e + 2;
	if (family == 4) {
		l4 = ip + 20;
		iplen = 20 + l4len;
		f[ip] = 0x45;
		be16(f + ip + 2, iplen);
		f[ip + 8] = 64;
		f[ip + 9] = (unsigned char)proto;
		memcpy(f + ip + 12, "\xc0\x00\x02\x01\xc6\x33\x64\x07", 8);
		be16(f + ip + 10, fold(sum_be(f + ip, 20, 0)));
	} else {
		l4 = ip + 40;
		iplen = 40 + l4len;
		f[ip] = 0x60;
		be16(f + ip + 4, l4len);
		f[ip + 6] = (unsigned char)proto;
		f[ip + 7] = 64;
		memcpy(f + ip + 8, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01", 16);
		memcpy(f + ip + 24, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x02", 16);
	}
	be16(f + l4, 40000 + frame_no);
	be16(f + l4 + 2, proto == 6 ? 22 : 53);
	if (proto == 6) {
		f[l4 + 12] = 0x50;
		f[l4 + 13] = 0x18;
		be16(f + l4 + 14, 65535);
	} else {
		be16(f + l4 + 4, l4len);
	}
	for (i = 0; i < payload; i++)
		f[l4 + hl + i] = (unsigned char)(i * 131 + frame_no * 7 + 0xa5);
	/* pseudo-header, then the segment with its checksum field zero */
	acc = family == 4 ? sum_be(f + ip + 12, 8, 0) : sum_be(f + ip + 8, 32, 0);
	acc += (uint32_t)proto + l4len;
	acc = sum_be(f + l4, l4len, acc);
	if (csum == RIGHT) {
		uint16_t c = fold(acc);
		if (proto == 17 && c == 0)
			c = 0xffff;
		be16(f + l4 + (proto == 6 ? 16 : 6), c);
	}
	record(f, caplen_cut ? caplen_cut : ip + iplen, ip + iplen);
}

static void arp(void)
{
	unsigned char f[42] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				2, 0, 0, 0, 0, 1, 0x08, 0x06 };

	record(f, sizeof(f), sizeof(f));
}

int main(int argc, char **argv)
{
	int i, none = 0, damage = 0;
	const char *path = NULL;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--pcapng"))
			ng = 1;
		else if (!strcmp(argv[i], "--no-payloads"))
			none = 1;
		else if (!strcmp(argv[i], "--sll2"))
			sll2 = 1;
		else if (!strcmp(argv[i], "--damaged"))
			damage = 1;
		else
			path = argv[i];
	if (!path) {
		fprintf(stderr, "usage: make-capture [--pcapng] [--no-payloads] "
			"[--sll2] [--damaged] FILE\n");
		return 2;
	}
	out = fopen(path, "wb");
	if (!out) {
		perror(path);
		return 1;
	}
	header();
	if (!none) {
		packet(4, 6, 100, RIGHT, 0, 0);
		packet(4, 17, 512, RIGHT, 0, 0);
		if (damage)
			damaged();
		packet(6, 6, 1000, RIGHT, 0, 0);
		packet(6, 17, 33, RIGHT, 0, 0);
		packet(4, 6, 1400, ZERO, 0, 0);
		packet(4, 17, 64, NONE, 0, 0);
	}
	packet(4, 6, 0, RIGHT, 0, 0);
	arp();
	if (!none) {
		packet(4, 17, 200, RIGHT, 1, 0);
		packet(4, 6, 300, RIGHT, 0, 96);
	}
	if (fclose(out)) {
		perror(path);
		return 1;
	}
	return 0;
}
