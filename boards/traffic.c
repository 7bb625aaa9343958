/* The virtual board's traffic: UDP datagrams and ICMP echoes over IPv4
   and IPv6 through a TUN device, for csumbench trace to count.
 *
 *   traffic [--after S] (--seconds S [--when-traced] | --commands)
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
 * It sends in rounds, one packet of every kind each, after --after
 * seconds of quiet (the device's own first packets, IPv6 multicast
 * reports, go by).  --seconds sends for that long; with --when-traced,
 * from when a csumbench trace is counting (its hist triggers active),
 * so that the traffic falls inside the trace's interval however long
 * the trace took to set up.  --commands says "ready", then reads
 * numbers of rounds on stdin, one a line, and answers each with
 * "sent N" once every packet of them has come back.  At the end it
 * prints what it sent and got back, one line per kind and size:
 *   traffic: udp4   100 B  sent N  received N */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <stdbool.h>
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
#define TRACEFS "/sys/kernel/tracing"
#define WAIT_TRACED 300	/* seconds, for --when-traced */

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

/* The sockets and what went through them. */
static int tun, sock[NFLOWS];
static struct sockaddr_storage to[NFLOWS];
static socklen_t tolen[NFLOWS];
static unsigned long sent[NFLOWS], got[NFLOWS];
static unsigned char payload[1500];

static void open_flows(void)
{
	size_t k, j;

	/* UDP sockets share a port per family: bound once, the second of a
	   family sends from the first's */
	for (k = 0; k < NFLOWS; k++) {
		sock[k] = -1;
		if (flows[k].proto == IPPROTO_UDP)
			for (j = 0; j < k; j++)
				if (flows[j].proto == IPPROTO_UDP &&
				    flows[j].family == flows[k].family)
					sock[k] = sock[j];
		if (sock[k] < 0) {
			sock[k] = flow_socket(&flows[k], &to[k], &tolen[k]);
		} else {
			memcpy(&to[k], &to[k - 1], sizeof(to[k]));
			tolen[k] = tolen[k - 1];
		}
	}
	for (k = 0; k < sizeof(payload); k++)
		payload[k] = (unsigned char)(k * 7 + 1);
}

/* What the device says by itself (IPv6 multicast reports) is dropped,
   for S seconds. */
static void quiet(double s)
{
	unsigned char pkt[2048];
	double end = now() + s;

	while (now() < end) {
		struct pollfd p = { .fd = tun, .events = POLLIN };
		if (poll(&p, 1, 100) > 0 && read(tun, pkt, sizeof(pkt)) < 0)
			die("read " DEV);
	}
}

/* One packet of every kind, each back as the peer's answer and read.
   Every sum the kernel makes for the round is made when it returns:
   a TUN device's writer carries the packet up the stack itself. */
static void round_trip(void)
{
	unsigned char pkt[2048], icmp[8 + sizeof(payload)];
	size_t k, j;
	ssize_t n;

	for (k = 0; k < NFLOWS; k++) {
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
		/* the packet, back as the peer's answer (the device's own
		   packets, read before it, are dropped) */
		do {
			n = read(tun, pkt, sizeof(pkt));
			if (n < 0)
				die("read " DEV);
		} while (reflect(pkt, (size_t)n) != 0);
		if (write(tun, pkt, (size_t)n) != n)
			die("write " DEV);
	}
	/* the answers: each socket's, matched to the size sent */
	for (k = 0; k < NFLOWS; k++) {
		while ((n = recv(sock[k], pkt, sizeof(pkt), 0)) >= 0) {
			size_t body = flows[k].proto == IPPROTO_UDP ? (size_t)n :
				      (size_t)n - 8;
			for (j = 0; j < NFLOWS; j++)
				if (sock[j] == sock[k] && flows[j].payload == body)
					got[j]++;
		}
	}
}

/* Whether event (GROUP/NAME) has a hist trigger that is active. */
static bool counting(const char *event)
{
	char path[640], trig[4096] = "";
	FILE *t;
	size_t n;

	snprintf(path, sizeof(path), TRACEFS "/events/%s/trigger", event);
	t = fopen(path, "r");
	if (!t)
		return false;
	n = fread(trig, 1, sizeof(trig) - 1, t);
	trig[n] = '\0';
	fclose(t);
	return strstr(trig, "hist:") && strstr(trig, "[active]") &&
	       !strstr(trig, "[paused]");
}

/* Whether a csumbench trace is counting: a kprobe event group
   csumbench_PID whose every event's hist trigger is active. */
static bool traced(void)
{
	char line[512], group[8][64];
	bool all[8];
	size_t ng = 0, g, glen;
	FILE *f = fopen(TRACEFS "/kprobe_events", "r");
	char *ev;

	while (f && fgets(line, sizeof(line), f)) {
		/* "p:csumbench_PID/NAME SYMBOL ARGS" */
		ev = strchr(line, ':');
		if (!ev || strncmp(++ev, "csumbench_", 10) || !strchr(ev, '/'))
			continue;
		ev[strcspn(ev, " \n")] = '\0';
		glen = (size_t)(strchr(ev, '/') - ev);
		for (g = 0; g < ng && (strlen(group[g]) != glen ||
				       strncmp(group[g], ev, glen)); g++)
			;
		if (g == ng) {
			if (ng == 8 || glen >= sizeof(group[0]))
				continue;
			snprintf(group[ng], sizeof(group[0]), "%.*s", (int)glen, ev);
			all[ng++] = true;
		}
		all[g] &= counting(ev);
	}
	if (f)
		fclose(f);
	for (g = 0; g < ng && !all[g]; g++)
		;
	return g < ng;
}

static void wait_traced(void)
{
	double end = now() + WAIT_TRACED;

	while (!traced()) {
		if (now() > end) {
			fprintf(stderr, "traffic: no csumbench trace counted within "
				"%d s (no csumbench_PID group in %s/kprobe_events "
				"with active hist triggers)\n", WAIT_TRACED, TRACEFS);
			exit(1);
		}
		nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
	}
}

/* --commands: each line of stdin a number of rounds, sent and answered
   ("sent N"), until the end of stdin. */
static void commands(void)
{
	char line[64], *end;
	unsigned long n, i, before[NFLOWS];
	size_t k;

	printf("ready\n");
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin)) {
		n = strtoul(line, &end, 10);
		if (end == line || (*end && *end != '\n')) {
			fprintf(stderr, "traffic: '%.*s': a number of rounds expected\n",
				(int)strcspn(line, "\n"), line);
			exit(2);
		}
		memcpy(before, got, sizeof(before));
		for (i = 0; i < n; i++)
			round_trip();
		for (k = 0; k < NFLOWS; k++)
			if (got[k] - before[k] != n) {
				printf("lost: %s %u B: %lu of %lu answered\n", flows[k].kind,
				       flows[k].payload, got[k] - before[k], n);
				fflush(stdout);
				exit(1);
			}
		printf("sent %lu\n", n);
		fflush(stdout);
	}
}

static int usage(void)
{
	fprintf(stderr, "usage: traffic [--after S] (--seconds S [--when-traced] | --commands)\n");
	return 2;
}

int main(int argc, char **argv)
{
	double after = 1, seconds = 0, end;
	bool when_traced = false, by_commands = false;
	size_t k;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--after") && i + 1 < argc)
			after = atof(argv[++i]);
		else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--when-traced"))
			when_traced = true;
		else if (!strcmp(argv[i], "--commands"))
			by_commands = true;
		else
			return usage();
	}
	if (after < 0 || by_commands == (seconds > 0) || (by_commands && when_traced))
		return usage();
	tun = tun_up();
	open_flows();
	quiet(after);
	if (by_commands) {
		commands();
	} else {
		if (when_traced)
			wait_traced();
		end = now() + seconds;
		while (now() < end)
			round_trip();
	}
	for (k = 0; k < NFLOWS; k++)
		printf("traffic: %-5s %4u B  sent %lu  received %lu\n", flows[k].kind,
		       flows[k].payload, sent[k], got[k]);
	return 0;
}
