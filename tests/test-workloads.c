/* The workloads: the busy load starts, works, pauses and leaves no
 * process behind; the rx pool's buffers are distinct and cover more than
 * the largest cache; rx_prefetch prefetches the header of the intended
 * buffer (the walk built again with a prefetch that records); size mixes
 * read right and fail clearly; the pseudo-header sums; and the capture
 * gate catches a kernel wrong on the replayed packets.
 *
 *   test-workloads [CAPTURE]   (CAPTURE: tests/make-capture's output) */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cache/flush.h"
#include "call/watchdog.h"
#include "check.h"
#include "config/config.h"
#include "op/op.h"
#include "op/verify.h"
#include "registry/table.h"
#include "timer/timer.h"
#include "tracefs/probe.h"
#include "workload/load.h"
#include "workload/mix.h"
#include "workload/pseudo-header.h"
#include "workload/rxring.h"

/* ---- the rx walk, with its prefetches recorded ---- */

#define NREC 4096
static const void *prefetched[NREC], *called[NREC];
static size_t nprefetched, ncalled;

#define RX_PREFETCH(p) (prefetched[nprefetched++ % NREC] = (p))
#define RX_WALK rx_walk_traced
uint64_t RX_WALK(const struct timer *t, struct rxring *r,
		 const struct rx_walk_args *a, size_t n);
#include "workload/rx-walk.h"

static uint32_t record_csum(const void *buf, int len, uint32_t sum)
{
	(void)len;
	called[ncalled++ % NREC] = buf;
	return sum;
}

static uint64_t zero_read(void)
{
	return 0;
}

static const struct timer zero_timer = { .name = "zero", .read = zero_read };

static bool alive(int pid)
{
	return kill(pid, 0) == 0 || errno != ESRCH;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Started, the workers run only between resume and pause, and stop
   leaves none: each one's pid is gone (reaped, not a zombie). */
static void busy_load(void)
{
	struct config c;
	char err[256];
	int pids[64];
	size_t n, i, gone;

	config_defaults(&c);
	CHECK(config_set(&c, "load_kind = stream, sched") == 0, "load_kind");
	c.load_kind = LOAD_STREAM | LOAD_SCHED;
	CHECK(load_plan(c.load_kind, c.load_cpus, c.nload_cpus,
		      c.timing == TIMING_PER_CALL, CPU_AUTO, err, sizeof(err)) == 0, "load_plan: %s", err);
	CHECK(load_start(err, sizeof(err)) == 0, "load_start: %s", err);
	n = load_pids(pids, 64);
	CHECK(n >= 2, "a streamer and a ping-pong pair at least: %zu", n);
	CHECK(!load_running(), "started paused");
	load_resume();
	CHECK(load_running(), "running after resume (each worker beat)");
	sleep_ms(20);
	load_pause();
	CHECK(!load_running(), "paused");
	load_resume();
	load_pause();
	for (i = 0, gone = 0; i < n; i++)
		gone += !alive(pids[i]);
	CHECK(gone == 0, "paused workers stay for the next busy sample: %zu gone",
	      gone);
	load_stop();
	for (i = 0, gone = 0; i < n; i++)
		gone += !alive(pids[i]);
	CHECK(gone == n, "load_stop leaves no worker: %zu of %zu gone", gone, n);
	config_free(&c);
}

/* A harness killed with SIGKILL (no handler runs) still leaves no
   worker: each asked for PR_SET_PDEATHSIG. */
static void busy_load_orphaned(void)
{
	int fd[2], pids[64], status;
	ssize_t n;
	size_t i, gone = 0, np;
	pid_t h;

	if (pipe(fd))
		abort();
	h = fork();
	if (h == 0) {
		struct config c;
		char err[256];

		config_defaults(&c);
		if (load_plan(c.load_kind, c.load_cpus, c.nload_cpus,
		      c.timing == TIMING_PER_CALL, CPU_AUTO, err, sizeof(err)) ||
		    load_start(err, sizeof(err)))
			_exit(3);
		load_resume();
		np = load_pids(pids, 64);
		if (write(fd[1], pids, np * sizeof(int)) < 0)
			_exit(4);
		pause();
		_exit(0);
	}
	close(fd[1]);
	n = read(fd[0], pids, sizeof(pids));
	close(fd[0]);
	np = n > 0 ? (size_t)n / sizeof(int) : 0;
	CHECK(np >= 2, "the harness stand-in started its load: %zu workers", np);
	kill(h, SIGKILL);
	waitpid(h, &status, 0);
	for (int tries = 0; tries < 200; tries++) {
		for (i = 0, gone = 0; i < np; i++)
			gone += !alive(pids[i]) ||
				/* a zombie left for init to reap is dead */
				kill(pids[i], 0) == 0 ? 0 : 0;
		for (i = 0, gone = 0; i < np; i++) {
			char path[64], st = '?';
			FILE *f;
			snprintf(path, sizeof(path), "/proc/%d/stat", pids[i]);
			f = fopen(path, "r");
			if (!f || fscanf(f, "%*d %*s %c", &st) != 1 || st == 'Z')
				gone++;
			if (f)
				fclose(f);
		}
		if (gone == np)
			break;
		sleep_ms(10);
	}
	CHECK(gone == np, "SIGKILL of the harness takes its running load with "
	      "it: %zu of %zu gone", gone, np);
}

/* The pool: every buffer distinct, in a shuffled order (in memory order
   the hardware prefetcher streamed from one packet into the next),
   touching more than twice the cache one core uses in one turn of the
   ring. */
static void rx_pool(void)
{
	struct ring pool;
	size_t cache = cache_core(NULL), i, distinct = 1, inorder = 0;
	unsigned char *first, *prev;
	uint64_t touched;
	char *seen;

	CHECK(rx_pool_init(&pool, 1500, 2, 64, 64, cache, NULL, 5) == 0,
	      "a pool for 1500 B payloads");
	touched = (uint64_t)pool.nslots * ((RX_HDR + 1500 + 63) / 64 * 64);
	CHECK(touched >= 2 * (uint64_t)cache, "its buffers touch %llu bytes, "
	      "at least twice the cache one core uses (%zu)",
	      (unsigned long long)touched, cache);
	seen = calloc(pool.nslots, 1);
	first = prev = ring_next(&pool);
	seen[(size_t)(first - pool.mem) / pool.slot] = 1;
	for (i = 1; i < pool.nslots; i++) {
		unsigned char *p = ring_next(&pool);
		size_t s = (size_t)(p - pool.mem) / pool.slot;
		distinct += !seen[s] && (size_t)(p - pool.mem) % pool.slot == 0;
		seen[s] = 1;
		inorder += p == prev + pool.slot;
		prev = p;
	}
	free(seen);
	CHECK(distinct == pool.nslots, "%zu of %zu buffers distinct", distinct,
	      pool.nslots);
	CHECK(inorder * 100 < pool.nslots, "and scattered: %zu follow the one "
	      "before in memory", inorder);
	CHECK(ring_next(&pool) == first, "the ring wraps to its first buffer");
	CHECK(pool.slot >= RX_HDR + 1500 + 2 && pool.bytes >= pool.nslots *
	      pool.slot + 64, "a slot holds header and payload at its "
	      "alignment (%zu), the prefetch span past the last", pool.slot);
	ring_free(&pool);
}

static struct { const void *p; size_t len; } dflushed[64];
static size_t ndflushed;

static void dma_flush(const void *p, size_t len, size_t line)
{
	(void)line;
	if (ndflushed < 64) {
		dflushed[ndflushed].p = p;
		dflushed[ndflushed].len = len;
	}
	ndflushed++;
}

/* Before a walk, what the DMA leaves: every header saying where its
   payload starts (written when the pool was made), the device's
   descriptors written where they changed, and the buffers of the
   descriptors walked (and those prefetched ahead) and the descriptors
   flushed whole. */
static void rx_dma_state(void)
{
	struct ring pool;
	struct rxring r;
	size_t i, ok = 0, offs = 0;
	uint16_t off;

	CHECK(rx_pool_init(&pool, 256, 6, 32, 32, 1 << 20, NULL, 3) == 0 &&
	      rxring_init(&r, 16, &pool) == 0, "dma: pool and 16 descriptors");
	for (i = 0; i < pool.nslots; i++) {
		memcpy(&off, pool.mem + i * pool.slot + RX_PAYOFF, sizeof(off));
		offs += off == RX_HDR + 6;
	}
	CHECK(offs == pool.nslots, "every header of the pool says its payload "
	      "starts at %d (%zu of %zu)", RX_HDR + 6, offs, pool.nslots);
	r.next = 14;
	r.hw[15].len = 7;	/* stale: the DMA writes it again */
	ndflushed = 0;
	rx_dma(&r, 4, 2, 6, 32, dma_flush, false, 32);
	CHECK(ndflushed == 7, "4 walked + 2 ahead buffers and the descriptors "
	      "flushed: %zu flushes", ndflushed);
	for (i = 0; i < 6; i++) {
		size_t d = (14 + i) % 16;
		ok += dflushed[i].p == r.desc[d].buf &&
		      dflushed[i].len == RX_HDR + 6 + 256 + 32 && r.hw[d].len == 256;
	}
	CHECK(ok == 6, "each from the ring's next on: header, payload and span "
	      "flushed, its device descriptor saying its length (%zu of 6)", ok);
	CHECK(dflushed[6].p == r.hw && dflushed[6].len == 16 * sizeof(*r.hw),
	      "then the device's descriptors, as written by the DMA");
	rxring_free(&r);
	ring_free(&pool);
}

/* The walk under each policy: the kernel sees every descriptor's
   payload in turn, and the prefetches name the header lines of this
   descriptor (current) or of the one `ahead` on (next). */
static void rx_policies(void)
{
	struct kernel k = { .name = "record", .arch = "generic", .op = &op_csum,
			    .desc = "test", .fn = (void (*)(void))record_csum };
	struct ring pool;
	struct rxring r;
	struct rx_walk_args a = { &op_csum, &k, NULL, 2, 0, RX_PREFETCH_NONE, 1, 0, 32 };
	unsigned char *bufs[64];
	size_t i, j, ok;
	static const unsigned aheads[] = { 1, 3 };

	CHECK(rx_pool_init(&pool, 256, 2, 32, 32, 1 << 20, NULL, 0) == 0, "pool");
	CHECK(rxring_init(&r, 16, &pool) == 0, "16 descriptors");
	/* none: no prefetch at all */
	nprefetched = ncalled = 0;
	for (i = 0; i < 16; i++)
		bufs[i] = r.desc[i].buf;
	rx_walk_traced(&zero_timer, &r, &a, 16);
	CHECK(nprefetched == 0 && ncalled == 16, "none: no prefetch, 16 calls "
	      "(%zu, %zu)", nprefetched, ncalled);
	for (i = 0, ok = 0; i < 16; i++)
		ok += called[i] == bufs[i] + RX_HDR + 2;
	CHECK(ok == 16, "the kernel sums each descriptor's payload in turn, at "
	      "its alignment: %zu of 16", ok);
	CHECK(r.desc[0].buf != bufs[0], "processed descriptors get fresh buffers");

	/* current: this descriptor's header, both 32-byte lines */
	a.policy = RX_PREFETCH_CURRENT;
	for (i = 0; i < 16; i++)
		bufs[i] = r.desc[i].buf;
	nprefetched = ncalled = 0;
	rx_walk_traced(&zero_timer, &r, &a, 8);
	for (i = 0, ok = 0; i < 8; i++)
		ok += prefetched[2 * i] == bufs[i] && prefetched[2 * i + 1] == bufs[i] + 32;
	CHECK(nprefetched == 16 && ok == 8, "current: the header lines of the "
	      "descriptor reached (%zu prefetches, %zu of 8 right)", nprefetched, ok);

	/* next, ahead 1 and 3: the header of descriptor i + ahead */
	a.policy = RX_PREFETCH_NEXT;
	for (j = 0; j < 2; j++) {
		size_t start = r.next;
		a.ahead = aheads[j];
		for (i = 0; i < 16; i++)
			bufs[i] = r.desc[(start + i) % 16].buf;
		nprefetched = ncalled = 0;
		rx_walk_traced(&zero_timer, &r, &a, 8);
		for (i = 0, ok = 0; i < 8; i++)
			ok += prefetched[2 * i] == bufs[i + aheads[j]] &&
			      called[i] == bufs[i] + RX_HDR + 2;
		CHECK(nprefetched == 16 && ok == 8, "next, %u ahead: while "
		      "descriptor i is summed, the header of i + %u is prefetched "
		      "(%zu of 8)", aheads[j], aheads[j], ok);
	}
	/* the real walk (harness prefetch) calls the same buffers */
	for (i = 0; i < 16; i++)
		bufs[i] = r.desc[(r.next + i) % 16].buf;
	ncalled = 0;
	rx_walk(&zero_timer, &r, &a, 4);
	CHECK(ncalled == 4 && called[0] == bufs[0] + RX_HDR + 2 &&
	      called[3] == bufs[3] + RX_HDR + 2, "rx_walk calls as the traced "
	      "build does");
	rxring_free(&r);
	ring_free(&pool);
}

/* A new file (mkstemps: no name another user could make first) ending
   in -NAME, holding TEXT. */
static const char *write_file(const char *name, const char *text)
{
	static char path[256];
	const char *tmp = getenv("TMPDIR");
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/csumbench-test-XXXXXX-%s",
		 tmp && *tmp ? tmp : "/tmp", name);
	fd = mkstemps(path, (int)strlen(name) + 1);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	return path;
}

static void mix_text(void)
{
	struct mix *m;
	char err[512];
	const char *path;
	size_t i, n40 = 0;
	static const struct { const char *name, *text, *want; } bad[] = {
		{ "one.mix", "40 7\n576\n", ":2: expected 'size weight'" },
		{ "word.mix", "# imix\n40 seven\n", ":2: weight 'seven'" },
		{ "zero.mix", "0 3\n", ":1: size '0'" },
		{ "empty.mix", "# nothing\n\n", "no 'size weight' lines" },
		{ "three.mix", "40 7 1\n", ":1: expected 'size weight'" },
		{ "bin.mix", "40 7\n\001\002\n", ":2: binary data" },
	};

	path = write_file("imix.mix", "# simple IMIX\n40 7\n576 4  # tcp\n1500 1\n");
	m = mix_load(path, true, err, sizeof(err));
	unlink(path);
	CHECK(m != NULL, "the simple IMIX reads: %s", m ? "" : err);
	if (m) {
		for (i = 0; i < m->n; i++)
			n40 += m->len[i] == 40;
		CHECK(m->n == 12 && n40 == 7 && m->min == 40 && m->max == 1500 &&
		      m->mean > 340.33 && m->mean < 340.34 && !m->capture,
		      "12 packets, 7 of 40 B, mean 340.33 B: %zu, %zu, %.2f",
		      m->n, n40, m->mean);
		CHECK(!(m->len[0] == 40 && m->len[1] == 40 && m->len[2] == 40 &&
			m->len[3] == 40 && m->len[4] == 40 && m->len[5] == 40 &&
			m->len[6] == 40), "shuffled, not seven 40s in a row");
		mix_free(m);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		path = write_file(bad[i].name, bad[i].text);
		m = mix_load(path, true, err, sizeof(err));
		CHECK(!m && strstr(err, path) && strstr(err, bad[i].want),
		      "%s is refused naming file and line: %s", bad[i].name, err);
		mix_free(m);
		unlink(path);
	}
	m = mix_load("/nonexistent/x.mix", true, err, sizeof(err));
	CHECK(!m && strstr(err, "/nonexistent/x.mix: cannot open"), "missing: %s",
	      err);
}

/* What mix_write_sizes writes, mix_load reads back: lengths no mix can
   hold left out, counts over MIX_SEQ_MAX scaled down, none below 1. */
static void mix_written(void)
{
	static const struct len_count lens[] = {
		{ 0, 5 }, { 40, 1800000 }, { 1500, 1 }, { SIZE_MAX_BYTES + 1u, 3 },
	};
	double scale = mix_weight_scale(1800000);
	char path[4096], err[512];
	const char *tmp = getenv("TMPDIR");
	struct mix *m;
	size_t i, n1500 = 0;
	FILE *f;
	int fd;

	CHECK(mix_weight_scale(MIX_SEQ_MAX) == 1 && scale == 2,
	      "counts that fit are not scaled; 1800000 are by 2: %.3f", scale);
	snprintf(path, sizeof(path), "%s/csumbench-test-XXXXXX.mix",
		 tmp && *tmp ? tmp : "/tmp");
	fd = mkstemps(path, 4);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		abort();
	mix_write_sizes(f, lens, sizeof(lens) / sizeof(lens[0]), scale);
	fclose(f);
	m = mix_load(path, true, err, sizeof(err));
	unlink(path);
	CHECK(m != NULL, "a written mix reads back: %s", m ? "" : err);
	if (!m)
		return;
	for (i = 0; i < m->n; i++)
		n1500 += m->len[i] == 1500;
	CHECK(m->n == 900001 && n1500 == 1 && m->min == 40 && m->max == 1500,
	      "40 B 900000 times, 1500 B once, 0 B and over 1G left out: %zu, "
	      "%zu, %u-%u", m->n, n1500, m->min, m->max);
	mix_free(m);
}

/* RFC 768/793 sums, checked on a segment built here: a UDP datagram
   whose checksum field was filled by the rule; folding its sum with
   the pseudo-header gives 0, and a flipped byte does not. */
static void pseudo_header(void)
{
	unsigned char ip[20 + 8 + 5] = { 0x45, 0, 0, 33, 0, 0, 0, 0, 64, 17, 0, 0,
					 10, 0, 0, 1, 10, 0, 0, 2,
					 0x30, 0x39, 0, 53, 0, 13, 0, 0,
					 'h', 'e', 'l', 'l', 'o' };
	unsigned char six[40 + 8 + 3] = { 0x60, 0, 0, 0, 0, 11, 17, 64 };
	struct mix_packet p;
	uint32_t acc = 0, i;
	uint16_t c;

	/* the checksum by hand, in big-endian words */
	acc = 0x0a00 + 0x0001 + 0x0a00 + 0x0002 + 17 + 13;
	for (i = 20; i < 33; i += 2)
		acc += (uint32_t)ip[i] << 8 | (i + 1 < 33 ? ip[i + 1] : 0);
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	c = (uint16_t)~acc;
	ip[26] = (unsigned char)(c >> 8);
	ip[27] = (unsigned char)c;
	CHECK(mix_parse_ip(&p, ip, sizeof(ip)) == 0 && p.family == 4 &&
	      p.proto == 17 && p.payoff == 28 && p.l3len == 33, "a UDP/IPv4 packet parses");
	p.l3 = ip;
	CHECK(mix_transport_check(&p, verify_ref(ip + 20, 13, 0)) == 0,
	      "csum_tcpudp_magic: a right checksum folds to 0");
	ip[30] ^= 1;
	CHECK(mix_transport_check(&p, verify_ref(ip + 20, 13, 0)) != 0,
	      "a changed byte does not");

	six[8] = 0x20, six[23] = 1, six[24] = 0x20, six[39] = 2;
	six[40] = 1, six[42] = 2, six[45] = 11, six[48] = 'a', six[49] = 'b',
	six[50] = 'c';
	acc = 0x2000 + 1 + 0x2000 + 2 + 11 + 17;
	for (i = 40; i < 51; i += 2)
		acc += (uint32_t)six[i] << 8 | (i + 1 < 51 ? six[i + 1] : 0);
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	c = (uint16_t)~acc;
	six[46] = (unsigned char)(c >> 8);
	six[47] = (unsigned char)c;
	CHECK(mix_parse_ip(&p, six, sizeof(six)) == 0 && p.family == 6, "UDP/IPv6 parses");
	p.l3 = six;
	CHECK(mix_transport_check(&p, verify_ref(six + 40, 11, 0)) == 0,
	      "csum_ipv6_magic: a right checksum folds to 0");
	CHECK(csum_ipv6_magic(six + 8, six + 24, 11, 17, 0) !=
	      csum_tcpudp_magic(six + 8, six + 24, 11, 17, 0),
	      "the two pseudo-headers differ");
	CHECK(mix_parse_ip(&p, ip, 30) == -1, "a packet cut short is refused");
}

/* Drops the last byte of an odd length: right on even packets only. */
static uint32_t drop_odd(const void *buf, int len, uint32_t sum)
{
	return verify_ref(buf, len & ~1, sum);
}

static void capture(const char *path)
{
	struct kernel wrong = { .name = "drop-odd", .arch = "generic",
				.op = &op_csum, .desc = "test",
				.fn = (void (*)(void))drop_odd };
	struct mix *m;
	char err[512];
	size_t i;

	m = mix_load(path, true, err, sizeof(err));
	CHECK(m != NULL, "the tests' capture reads: %s", m ? "" : err);
	if (!m)
		return;
	CHECK(m->capture && m->frames == 10 && m->n == 7, "10 frames, 7 "
	      "payloads replayed: %zu, %zu", m->frames, m->n);
	CHECK(m->csum_good == 5 && m->csum_bad == 1 && m->csum_none == 1,
	      "5 right, 1 wrong, 1 without: %zu %zu %zu", m->csum_good,
	      m->csum_bad, m->csum_none);
	CHECK(m->len[0] == 100 && m->len[1] == 512 && m->len[2] == 1000 &&
	      m->len[3] == 33 && m->len[6] == 200, "payloads in capture order");
	for (i = 0; i < kernel_count; i++) {
		const struct kernel *k = &kernel_table[i];
		if (k->pseudo || !k->op->partial_sum || kernel_unavailable(k))
			continue;
		CHECK(verify_mix(k, 64, m, err, sizeof(err)) == VERIFY_OK,
		      "%s agrees on every replayed packet: %s", k->name, err);
	}
	CHECK(verify_mix(&wrong, 0, m, err, sizeof(err)) == VERIFY_WRONG &&
	      strstr(err, "packet 4 (frame 4, UDP over IPv6, 41 B segment)"),
	      "a kernel wrong on odd lengths fails at the first odd packet: %s",
	      err);
	mix_free(m);
}

static void config_keys(void)
{
	struct config c;

	config_defaults(&c);
	CHECK(c.nloads == 1 && c.loads[0] == LOAD_IDLE && c.ring == 256 &&
	      c.rx_batch == 64 && c.nrx_prefetch == 1 && c.nrx_ahead == 1 &&
	      c.rx_ahead[0] == 1 && c.rx_work == 0 && c.timing == TIMING_BATCH,
	      "defaults: idle, ring 256, rx_batch 64, rx_prefetch none");
	CHECK(config_set(&c, "kernels = c64") == 0 &&
	      config_set(&c, "cache = warm, ring") == 0 &&
	      config_set(&c, "rx_prefetch = none, current, next") == 0 &&
	      config_set(&c, "load = idle, busy") == 0 &&
	      config_set(&c, "sizes = 64, 1500") == 0 && config_resolve(&c) == 0,
	      "load, rx_prefetch and cache = ring");
	/* (warm + 3 ring policies) x 2 loads x 2 sizes; the kernel, the
	   roofline (load op) and their ops' floors */
	CHECK(config_points(&c) == 4 * 4 * 2 * 2, "64 points: %llu",
	      (unsigned long long)config_points(&c));
	CHECK(config_set(&c, "load = idle, loud") == -1, "an unknown load");
	CHECK(config_set(&c, "rx_prefetch = later") == -1, "an unknown policy");
	CHECK(config_set(&c, "load_kind = stream, dd") == -1, "an unknown kind");
	CHECK(config_set(&c, "load_cpus = 0, 4096") == -1, "a CPU past 255");
	CHECK(config_set(&c, "rx_prefetch_ahead = 1, 4, 4") == 0 &&
	      c.nrx_ahead == 2 && config_points(&c) == 4 * 5 * 2 * 2,
	      "rx_prefetch_ahead = 1, 4: next at each, 80 points: %llu",
	      (unsigned long long)config_points(&c));
	CHECK(config_set(&c, "rx_prefetch_ahead = 1, 2, 3, 4, 5, 6, 7, 8, 9") == -1,
	      "nine rx_prefetch_ahead values: more than 8");
	CHECK(config_set(&c, "rx_work = 200") == 0 && c.rx_work == 200 &&
	      config_set(&c, "rx_work = -1") == -1 &&
	      config_set(&c, "rx_work = 100001") == -1, "rx_work 0 to 100000");
	CHECK(config_set(&c, "timing = per-call") == 0 &&
	      c.timing == TIMING_PER_CALL && config_set(&c, "timing = each") == -1,
	      "timing = batch or per-call");
	CHECK(config_set(&c, "rx_prefetch_ahead = 256") == 0 &&
	      config_resolve(&c) == -1, "ahead of the whole ring");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "sizes = 64, mix:x.mix") == -1, "a mix beside sizes");
	CHECK(config_set(&c, "sizes = mix:") == -1, "a mix of no file");
	config_free(&c);
}

int main(int argc, char **argv)
{
	watchdog_init(0);
	busy_load();
	busy_load_orphaned();
	rx_pool();
	rx_dma_state();
	rx_policies();
	mix_text();
	mix_written();
	pseudo_header();
	if (argc > 1)
		capture(argv[1]);
	config_keys();
	return check_done("workloads");
}
