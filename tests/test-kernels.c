/* Every kernel of the build against ref: every length 0..1536 at every
   alignment 0..7 with incoming sums 0, 0xffffffff and a random one, over
   random, all-0xFF (every add carries) and all-0x04 (none does) data, the
   buffer ending at a PROT_NONE page so a read past the end faults; random
   lengths up to 64 KiB + 1; buffers of megabytes, where wide kernels
   spill or could overflow their lane sums; and the RFC 1071 example.
   Kernels this CPU cannot run are named and left out (csumbench list says
   why); run under qemu-x86_64 -cpu, the same binary gates the rest. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "check.h"
#include "op/verify.h"
#include "registry/table.h"

#define MAXLEN 1536
#define BIGLEN (65536 + 1)

struct variant {
	const struct kernel *k;
	int dist;
	char name[64];
	int bad;		/* failures, of which the first few are shown */
};

static struct variant vars[64];
static int nvars;
static uint32_t rng = 0x9e3779b9u;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

/* Data right after a PROT_NONE page, for reads before the start. */
static unsigned char *led(size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t n = (bytes + page - 1) / page * page;
	unsigned char *m = mmap(NULL, n + page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED || mprotect(m, page, PROT_NONE)) {
		perror("mmap guard");
		exit(2);
	}
	return m + page;
}

/* A mapping whose last page is PROT_NONE; returns the guard's address. */
static unsigned char *guarded(size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t n = (bytes + page - 1) / page * page;
	unsigned char *m = mmap(NULL, n + page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED || mprotect(m + n, page, PROT_NONE)) {
		perror("mmap guard");
		exit(2);
	}
	return m + n;
}

static void add_variants(void)
{
	static const int dists[] = { 0, 32, 64, 100, 256 };
	size_t i, d;

	for (i = 0; i < kernel_count; i++) {
		const struct kernel *k = &kernel_table[i];
		if (k->pseudo || k->op != &op_csum)
			continue;	/* not a checksum; other ops below */
		if (kernel_unavailable(k)) {
			printf("kernels: %s not gated: %s\n", k->name,
			       kernel_unavailable(k));
			continue;
		}
		for (d = 0; d < (k->prefetch ? 5 : 1); d++) {
			struct variant *v = &vars[nvars++];
			v->k = k;
			v->dist = dists[d];
			if (k->prefetch)
				snprintf(v->name, sizeof(v->name), "%s@%d", k->name, v->dist);
			else
				snprintf(v->name, sizeof(v->name), "%s", k->name);
		}
	}
}

/* Compares every variant with ref on one buffer; counts disagreements. */
static void compare_all(const unsigned char *p, int len, uint32_t sum,
			const char *what, int align)
{
	uint16_t want = csum_fold16(verify_ref(p, len, sum));
	int i;

	for (i = 0; i < nvars; i++) {
		uint16_t got = csum_fold16(kernel_csum(vars[i].k, p, len, sum,
						       vars[i].dist));
		if (got == want)
			continue;
		if (vars[i].bad++ < 3)
			printf("  %s: %s data, len %d, align %d, sum 0x%08x: "
			       "0x%04x, ref 0x%04x\n", vars[i].name, what, len,
			       align, sum, got, want);
	}
}

static void report(const char *what)
{
	int i;

	for (i = 0; i < nvars; i++) {
		CHECK(vars[i].bad == 0, "%s: %s: %d disagreements with ref",
		      vars[i].name, what, vars[i].bad);
		vars[i].bad = 0;
	}
}

static void matrix(unsigned char *guard, unsigned char *lead, const char *what,
		   int fill)
{
	unsigned char *region = guard - (MAXLEN + 16);
	int len, align, s, i;

	for (i = 0; i < MAXLEN + 16; i++)
		region[i] = lead[i] = fill < 0 ? (unsigned char)rnd() : (unsigned char)fill;
	for (len = 0; len <= MAXLEN; len++) {
		for (align = 0; align < 8; align++) {
			/* As close to the guard as this alignment allows. */
			uintptr_t start = (uintptr_t)(guard - len);
			unsigned char *p;
			start -= (start - (uintptr_t)align) & 7;
			p = (unsigned char *)start;
			uint32_t sums[3] = { 0, 0xffffffffu, rnd() };
			for (s = 0; s < 3; s++)
				compare_all(p, len, sums[s], what, align);
		}
		/* Ending exactly at the guard, whatever the alignment; and
		   starting just after the leading one. */
		compare_all(guard - len, len, rnd(), what,
			    (int)((uintptr_t)(guard - len) & 7));
		for (align = 0; align < 8; align++)
			compare_all(lead + align, len, rnd(), what, align);
	}
	report(what);
}

static void random_long(unsigned char *guard)
{
	unsigned char *region = guard - (BIGLEN + 64);
	int i;

	for (i = 0; i < BIGLEN + 64; i++)
		region[i] = (unsigned char)rnd();
	for (i = 0; i < 200; i++) {
		int len = (int)(rnd() % (BIGLEN + 1));
		int align = (int)(rnd() % 64);
		unsigned char *p = i & 1 ? guard - len : region + align;
		compare_all(p, len, rnd(), "random-long", align);
	}
	compare_all(guard - BIGLEN, BIGLEN, 0, "random-long", 0);
	report("random lengths to 64 KiB + 1");
}

/* RFC 1071 section 3's example: 00 01 f2 03 f4 f5 f6 f7 sums to ddf2. */
static void rfc1071_example(void)
{
	static const unsigned char ex[8] = { 0x00, 0x01, 0xf2, 0x03,
					     0xf4, 0xf5, 0xf6, 0xf7 };
	unsigned char net[2];
	uint16_t f;
	int i;

	for (i = 0; i < nvars; i++) {
		f = csum_fold16(kernel_csum(vars[i].k, ex, 8, 0, vars[i].dist));
		memcpy(net, &f, 2);
		CHECK(net[0] == 0xdd && net[1] == 0xf2,
		      "%s: RFC 1071 example gives %02x%02x, expected ddf2",
		      vars[i].name, net[0], net[1]);
	}
}

/* ref itself, on values worked out by hand. */
static void ref_known_values(void)
{
	static const unsigned char ff[4] = { 0xff, 0xff, 0xff, 0xff };
	static const unsigned char odd[3] = { 0x12, 0x34, 0x56 };
	unsigned char net[2];
	uint16_t f;

	f = csum_fold16(verify_ref(ff, 4, 0));
	CHECK(f == 0xffff, "ref: ff ff ff ff folds to %04x, expected ffff", f);
	f = csum_fold16(verify_ref(odd, 3, 0));
	memcpy(net, &f, 2);
	CHECK(net[0] == 0x68 && net[1] == 0x34,
	      "ref: 12 34 56 gives %02x%02x, expected 6834 (1234 + 5600)",
	      net[0], net[1]);
	CHECK(verify_ref(odd, 0, 0x12345678u) == 0x12345678u,
	      "ref: len 0 must return the incoming sum");
}

/* The gate must catch a kernel that drops a trailing odd byte. */
static uint32_t broken_kernel(const void *buf, int len, uint32_t sum)
{
	return verify_ref(buf, len & ~1, sum);
}

static void gate_catches_bugs(void)
{
	const struct kernel bad = { .name = "broken", .arch = "generic",
				    .op = &op_csum, .desc = "test",
				    .fn = (void (*)(void))broken_kernel };
	char err[256];
	int i;

	CHECK(verify_kernel(&bad, 0, err, sizeof(err)) != 0,
	      "the gate accepted a kernel that ignores the last odd byte");
	CHECK(verify_kernel(kernel_empty, 0, err, sizeof(err)) != 0 &&
	      strstr(err, "not a checksum"), "the gate refuses the empty "
	      "pseudo-kernel: %s", err);
	for (i = 0; i < nvars; i++)
		CHECK(verify_kernel(vars[i].k, vars[i].dist, err, sizeof(err)) == 0,
		      "gate rejects %s: %s", vars[i].name, err);
}

/* Right up to 100,000 bytes: the fixed gate tops out at 65,537. */
static uint32_t wrong_big_kernel(const void *buf, int len, uint32_t sum)
{
	return verify_ref(buf, len, sum) + (len > 100000);
}

static uint32_t hung_kernel(const void *buf, int len, uint32_t sum)
{
	volatile int forever = 1;

	while (forever && len >= 0)
		;
	return verify_ref(buf, len, sum);
}

/* The gate at a run's sizes, and a kernel that never returns: stopped
   by the watchdog (the interrupted program counter read on each arch)
   and reported, and the process goes on. */
static void gate_sizes_and_hangs(void)
{
	const struct kernel big = { .name = "wrong-big", .arch = "generic",
				    .op = &op_csum, .desc = "test",
				    .fn = (void (*)(void))wrong_big_kernel };
	const struct kernel hung = { .name = "hung", .arch = "generic",
				     .op = &op_csum, .desc = "test",
				     .fn = (void (*)(void))hung_kernel };
	static const uint32_t sizes[] = { 1500, 131072, 99999, 64 };
	static const uint32_t aligns[] = { 0, 3 };
	char err[256];
	int rc;

	CHECK(verify_kernel(&big, 0, err, sizeof(err)) == VERIFY_OK,
	      "a kernel wrong only above 100000 B passes the fixed lengths");
	rc = verify_sizes(&big, 0, sizes, 4, aligns, 2, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "len 131072, align 0"),
	      "the gate at the run's sizes catches it at 131072: %d %s", rc, err);
	CHECK(verify_sizes(vars[0].k, 0, sizes, 4, aligns, 2, err, sizeof(err)) ==
	      VERIFY_OK, "ref at the run's sizes: %s", err);
	watchdog_init(0.2);
	rc = verify_kernel(&hung, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "hung: did not return within"),
	      "a hung kernel is stopped and reported: %d %s", rc, err);
	rc = verify_sizes(&hung, 0, sizes, 4, aligns, 2, err, sizeof(err));
	/* The limit is 0.2 s or more: it scales on a slow board. */
	CHECK(rc == VERIFY_WRONG && strstr(err, "did not return within ") &&
	      strstr(err, " s at len 64, align 0"),
	      "and at the run's sizes, the smallest first: %d %s", rc, err);
	CHECK(verify_kernel(vars[0].k, 0, err, sizeof(err)) == VERIFY_OK,
	      "after a stop, kernels run as before: %s", err);
}

/* Megabytes of all-0xFF and random data, at lengths around the 2 MiB
   chunks of avx512-vnni (4094 blocks of 512 bytes) and the 128 KiB
   ones of sized-avx512, for every kernel. */
static void megabytes(void)
{
	static const int lens[] = { 4094 * 512 - 1, 4094 * 512, 4094 * 512 + 64,
				    4094 * 512 + 511, 4094 * 512 + 575,
				    3 * 4094 * 512 + 13, (5 << 20) + 7,
				    (128 << 10) - 1, 128 << 10, (128 << 10) + 1,
				    (256 << 10) + 63, (384 << 10) + 64 };
	size_t big = (7 << 20), i;
	unsigned char *m = malloc(big);
	int l, pass;

	CHECK(m != NULL, "7 MiB for the long buffers");
	if (!m)
		return;
	/* 0xff: every add carries; 0x00: vnni's biased words at their
	   most negative; random. */
	static const char *const what[] = { "megabytes, 0xff", "megabytes, 0x00",
					    "megabytes, random" };
	for (pass = 0; pass < 3; pass++) {
		for (i = 0; i < big; i++)
			m[i] = pass == 2 ? (unsigned char)rnd() : pass ? 0 : 0xff;
		for (l = 0; l < (int)(sizeof(lens) / sizeof(lens[0])); l++)
			compare_all(m + (l & 7), lens[l], l & 1 ? 0xffffffffu : 0,
				    what[pass] + 11, l & 7);
		report(what[pass]);
	}
	free(m);
}

int main(void)
{
	unsigned char *g1 = guarded(BIGLEN + 4096);
	unsigned char *lead = led(MAXLEN + 16);

	add_variants();
	printf("kernels: %d variants (prefetch kernels at 5 distances)\n", nvars);
	ref_known_values();
	rfc1071_example();
	matrix(g1, lead, "random", -1);
	matrix(g1, lead, "0xff", 0xff);
	matrix(g1, lead, "0x04", 0x04);
	random_long(g1);
	megabytes();
	gate_catches_bugs();
	gate_sizes_and_hangs();
	return check_done("kernels");
}
