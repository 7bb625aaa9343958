/* The virtual board's traffic: UDP datagrams and ICMP echoes over IPv4
   and IPv6 through a TUN device, for csumbench trace to count.
 *
 *   traffic [--after S] [--seconds S]
 *
 * A TUN device (csb0, 10.87.0.1/24 and fd00:87::1/64) offers the stack
 * no checksum offload, so the kernel sums every packet in software:
 * sending, as it copies the payload from user space (the copy-and-sum
 * routine) and over the transport header; receiving, as it checks what
 * arrives.  This program is the far end too: each packet it reads from
 * the device comes back as if from the peer (10.87.0.2, fd00:87::2),
 * addresses and ports swapped, an echo request turned into its reply;
 * neither change moves a ones'-complement sum but the type's, which is
 * patched (RFC 1624).  The sizes are fixed, so the lengths the kernel
 * is called with can be predicted (tests/trace.sh).
 *
 * After --after seconds of quiet (the device's own first packets, IPv6
 * multicast reports, go by), it sends for --seconds, one round of every
 * kind at a time, then prints what it sent and got back:
 *   @@traffic udp4 100 N ...
 * one line per kind and payload size (N sent and received). */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define DEV "csb0"
#define PORT_HERE 5001
#define PORT_PEER 5002

struct in6_ifreq_ {	/* <linux/ipv6.h>'s in6_ifreq, which clashes with libc */
	struct in6_addr addr;
	uint32_t prefixlen;
	int ifindex;
};

/* What is sent: kind, family, payload bytes. */
static const struct flow {
	const char *kind;
	int family, proto;
	unsigned payload;
} flows[] = {
	{ "udp4", AF_INET, IPPROTO_UDP, 100 },
	{ "udp4", AF_INET, IPPROTO_UDP, 1000 },
	{ "udp6", AF_INET6, IPPROTO_UDP, 200 },
	{ "udp6", AF_INET6, IPPROTO_UDP, 1200 },
	{ "icmp4", AF_INET, IPPROTO_ICMP, 56 },
	{ "icmp6", AF_INET6, IPPROTO_ICMPV6, 72 },
};
#define NFLOWS (sizeof(flows) / sizeof(flows[0]))

static void die(const char *what)
{
	fprintf(stderr, "traffic: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void sysctl(const char *path, const char *v)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, v, strlen(v)) != (ssize_t)strlen(v))
		fprintf(stderr, "traffic: %s: %s\n", path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int tun_up(void)
{
	struct ifreq ifr;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	struct in6_ifreq_ r6;
	int fd, s;

	/* no duplicate-address wait, no router solicitations: the
	   addresses are usable at once and the device stays quiet */
	sysctl("/proc/sys/net/ipv6/conf/default/accept_dad", "0");
	sysctl("/proc/sys/net/ipv6/conf/default/router_solicitations", "0");
	sysctl("/proc/sys/net/ipv4/ping_group_range", "0 0");
	fd = open("/dev/net/tun", O_RDWR);
	if (fd < 0)
		die("/dev/net/tun (the kernel needs CONFIG_TUN)");
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	strcpy(ifr.ifr_name, DEV);
	if (ioctl(fd, TUNSETIFF, &ifr) < 0)
		die("TUNSETIFF");
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0)
		die("socket");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, DEV);
	sin->sin_family = AF_INET;
	inet_pton(AF_INET, "10.87.0.1", &sin->sin_addr);
	if (ioctl(s, SIOCSIFADDR, &ifr) < 0)
		die("SIOCSIFADDR 10.87.0.1");
	inet_pton(AF_INET, "255.255.255.0", &sin->sin_addr);
	if (ioctl(s, SIOCSIFNETMASK, &ifr) < 0)
		die("SIOCSIFNETMASK");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		die("SIOCGIFFLAGS");
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		die("SIOCSIFFLAGS");
	close(s);
	s = socket(AF_INET6, SOCK_DGRAM, 0);
	if (s < 0)
		die("socket AF_INET6 (the kernel needs CONFIG_IPV6)");
	memset(&r6, 0, sizeof(r6));
	inet_pton(AF_INET6, "fd00:87::1", &r6.addr);
	r6.prefixlen = 64;
	r6.ifindex = (int)if_nametoindex(DEV);
	if (ioctl(s, SIOCSIFADDR, &r6) < 0)
		die("SIOCSIFADDR fd00:87::1");
	close(s);
	return fd;
}

/* RFC 1624: a 16-bit word of a summed header changed from old to new. */
static uint16_t patch(uint16_t check, uint16_t old, uint16_t new)
{
	uint32_t s = (uint16_t)~check + (uint16_t)~old + new;

	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

static void swap(unsigned char *a, unsigned char *b, size_t n)
{
	unsigned char t;

	while (n--) {
		t = *a;
		*a++ = *b;
		*b++ = t;
	}
}

/* A packet the stack sent to the peer, turned into the peer's answer;
   0 to write it back, -1 to drop it (not ours). */
static int reflect(unsigned char *p, size_t n)
{
	unsigned char *l4;
	uint16_t *check, word;
	int proto;

	if (n >= 20 && p[0] >> 4 == 4) {
		size_t ihl = (p[0] & 15) * 4u;
		if (n < ihl + 8)
			return -1;
		proto = p[9];
		swap(p + 12, p + 16, 4);
		l4 = p + ihl;
	} else if (n >= 48 && p[0] >> 4 == 6) {
		proto = p[6];
		swap(p + 8, p + 24, 16);
		l4 = p + 40;
	} else {
		return -1;
	}
	if (proto == IPPROTO_UDP) {
		swap(l4, l4 + 2, 2);
		return 0;
	}
	if ((proto == IPPROTO_ICMP && l4[0] == ICMP_ECHO) ||
	    (proto == IPPROTO_ICMPV6 && l4[0] == ICMP6_ECHO_REQUEST)) {
		check = (uint16_t *)(l4 + 2);
		memcpy(&word, l4, 2);
		l4[0] = proto == IPPROTO_ICMP ? ICMP_ECHOREPLY : ICMP6_ECHO_REPLY;
		*check = patch(*check, word, *(uint16_t *)l4);
		return 0;
	}
	return -1;
}

static int flow_socket(const struct flow *f, struct sockaddr_storage *to, socklen_t *len)
{
	/* (ICMP too: a ping socket, the kernel's own echo path) */
	int s = socket(f->family, SOCK_DGRAM | SOCK_NONBLOCK, f->proto);
	struct sockaddr_in *a4 = (struct sockaddr_in *)to;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)to;
	struct sockaddr_storage here;

	if (s < 0)
		die(f->kind);
	memset(to, 0, sizeof(*to));
	memset(&here, 0, sizeof(here));
	if (f->family == AF_INET) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons(PORT_PEER);
		inet_pton(AF_INET, "10.87.0.2", &a4->sin_addr);
		((struct sockaddr_in *)&here)->sin_family = AF_INET;
		((struct sockaddr_in *)&here)->sin_port = htons(PORT_HERE);
		*len = sizeof(*a4);
	} else {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons(PORT_PEER);
		inet_pton(AF_INET6, "fd00:87::2", &a6->sin6_addr);
		((struct sockaddr_in6 *)&here)->sin6_family = AF_INET6;
		((struct sockaddr_in6 *)&here)->sin6_port = htons(PORT_HERE);
		*len = sizeof(*a6);
	}
	if (f->proto == IPPROTO_UDP && bind(s, (struct sockaddr *)&here, *len) < 0 &&
	    errno != EADDRINUSE)
		die("bind");
	return s;
}

int main(int argc, char **argv)
{
	double after = 1, seconds = 2, end;
	unsigned long sent[NFLOWS] = { 0 }, got[NFLOWS] = { 0 };
	struct sockaddr_storage to[NFLOWS];
	socklen_t tolen[NFLOWS];
	unsigned char pkt[2048], payload[1500];
	int tun, sock[NFLOWS], i;
	size_t k;

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--after"))
			after = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--seconds"))
			seconds = atof(argv[i + 1]);
		else
			break;
	}
	if (i != argc || after < 0 || seconds <= 0) {
		fprintf(stderr, "usage: traffic [--after S] [--seconds S]\n");
		return 2;
	}
	tun = tun_up();
	/* UDP sockets share a port per family: bound once, the second of a
	   family sends from the first's */
	for (k = 0; k < NFLOWS; k++) {
		sock[k] = -1;
		if (flows[k].proto == IPPROTO_UDP)
			for (size_t j = 0; j < k; j++)
				if (flows[j].proto == IPPROTO_UDP &&
				    flows[j].family == flows[k].family)
					sock[k] = sock[j];
		if (sock[k] < 0)
			sock[k] = flow_socket(&flows[k], &to[k], &tolen[k]);
		else
			memcpy(&to[k], &to[k - 1], sizeof(to[k])), tolen[k] = tolen[k - 1];
	}
	for (k = 0; k < sizeof(payload); k++)
		payload[k] = (unsigned char)(k * 7 + 1);
	end = now() + after;
	while (now() < end) {	/* quiet: what the device says is dropped */
		struct pollfd p = { .fd = tun, .events = POLLIN };
		if (poll(&p, 1, 100) > 0 && read(tun, pkt, sizeof(pkt)) < 0)
			die("read " DEV);
	}
	end = now() + seconds;
	while (now() < end) {
		for (k = 0; k < NFLOWS; k++) {
			ssize_t n;
			unsigned char icmp[8 + 1500];
			const void *buf = payload;
			size_t len = flows[k].payload;
			if (flows[k].proto != IPPROTO_UDP) {
				/* an echo request: type, code, sum, id, seq */
				memset(icmp, 0, 8);
				icmp[0] = flows[k].proto == IPPROTO_ICMP ? ICMP_ECHO :
					  ICMP6_ECHO_REQUEST;
				icmp[7] = (unsigned char)sent[k];
				memcpy(icmp + 8, payload, len);
				buf = icmp;
				len += 8;
			}
			if (sendto(sock[k], buf, len, 0, (struct sockaddr *)&to[k],
				   tolen[k]) != (ssize_t)len)
				die("sendto");
			sent[k]++;
			/* the packet, back as the peer's answer */
			n = read(tun, pkt, sizeof(pkt));
			if (n < 0)
				die("read " DEV);
			if (reflect(pkt, (size_t)n) == 0 && write(tun, pkt, (size_t)n) != n)
				die("write " DEV);
		}
		/* the answers: each socket's, matched to the size sent */
		for (k = 0; k < NFLOWS; k++) {
			ssize_t n;
			while ((n = recv(sock[k], pkt, sizeof(pkt), 0)) >= 0) {
				size_t body = flows[k].proto == IPPROTO_UDP ? (size_t)n :
					      (size_t)n - 8;
				for (size_t j = 0; j < NFLOWS; j++)
					if (sock[j] == sock[k] && flows[j].payload == body)
						got[j]++;
			}
		}
	}
	for (k = 0; k < NFLOWS; k++)
		printf("@@traffic %s %u sent %lu received %lu\n", flows[k].kind,
		       flows[k].payload, sent[k], got[k]);
	return 0;
}
