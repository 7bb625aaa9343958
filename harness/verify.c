/* The correctness gate: short and long lengths, every alignment 0..7,
   three incoming sums, random and all-0xFF data (every add carries), and
   every size and alignment the run will time.  The data sits between two
   PROT_NONE pages, placed against each of them in turn, and a kernel that
   reads outside its buffer, traps, or does not return is caught and
   reported like a wrong sum rather than crashing or hanging the run. */
#include <setjmp.h>
#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "verify.h"
#include "watchdog.h"

csum_fn csum_ref;

uint32_t verify_ref(const void *buf, int len, uint32_t sum)
{
	return csum_ref(buf, len, sum);
}

static const int long_lens[] = {
	511, 512, 513, 1023, 1024, 1025, 1499, 1500, 1501, 4095, 4096, 4097,
	65535, 65536, 65537,
};
#define DATA_BYTES (65537 + 64)
/* Bytes and calls of one sweep() over one kind of data, for its limit. */
#define SWEEP_BYTES (3u << 20)
#define SWEEP_CALLS 25000

static const int fault_sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
#define NFAULT (sizeof(fault_sigs) / sizeof(fault_sigs[0]))

static sigjmp_buf fault;
static volatile int cur_len, cur_align;

static void on_fault(int sig)
{
	watchdog_cancel();	/* the guarded frame is left for good */
	siglongjmp(fault, sig);
}

/* Data pages [lo, hi) with an inaccessible page on either side. */
struct guarded {
	unsigned char *map, *lo, *hi;
	size_t size;
};

static int guarded_map(struct guarded *g, size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (bytes + page - 1) / page * page;

	g->size = data + 2 * page;
	g->map = mmap(NULL, g->size, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		return -1;
	g->lo = g->map + page;
	g->hi = g->lo + data;
	if (mprotect(g->map, page, PROT_NONE) || mprotect(g->hi, page, PROT_NONE))
		abort();
	return 0;
}

/* Random bytes (the same on every run and arch), or all one value. */
static void guarded_fill(struct guarded *g, int fill)
{
	uint32_t x = 2463534242u;
	size_t i, n = (size_t)(g->hi - g->lo);

	if (fill >= 0) {
		memset(g->lo, fill, n);
		return;
	}
	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		g->lo[i] = (unsigned char)x;
	}
}

/* Catches faults of the kernel while the gate runs it. */
struct traps {
	struct sigaction old[NFAULT];
};

static void traps_set(struct traps *t)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGALRM);	/* no deadline inside it */
	for (i = 0; i < NFAULT; i++)
		sigaction(fault_sigs[i], &sa, &t->old[i]);
}

static void traps_restore(struct traps *t)
{
	size_t i;

	for (i = 0; i < NFAULT; i++)
		sigaction(fault_sigs[i], &t->old[i], NULL);
}

static int faulted(const struct kernel *k, int sig, char *err, size_t errlen)
{
	watchdog_disarm();
	snprintf(err, errlen, "%s: %s (%s) at len %d, align %d", k->name,
		 sig == SIGSEGV || sig == SIGBUS ? "read outside its buffer" :
		 "trapped", strsignal(sig), cur_len, cur_align);
	return VERIFY_WRONG;
}

static int stopped(const struct kernel *k, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: did not return within %.1f s at len %d, "
		 "align %d: stopped (kernel_timeout sets the limit)", k->name,
		 watchdog_last_limit(), cur_len, cur_align);
	return watchdog_stopped_safely() ? VERIFY_WRONG : VERIFY_UNSAFE;
}

static int check(const struct kernel *k, int dist, const unsigned char *p,
		 int len, uint32_t sum, const char *data, int align,
		 char *err, size_t errlen)
{
	uint16_t want = csum_fold16(csum_ref(p, len, sum));
	uint16_t got;

	cur_len = len;
	cur_align = align;
	got = csum_fold16(kernel_csum(k, p, len, sum, dist));
	if (want == got)
		return 0;
	snprintf(err, errlen, "%s: len %d, align %d, sum 0x%08x, %s data: "
		 "folded 0x%04x, ref 0x%04x", k->name, len, align, sum, data,
		 got, want);
	return -1;
}

/* One buffer of every length and alignment against each guard page. */
static int sweep(const struct kernel *k, int dist, const struct guarded *g,
		 const char *data, char *err, size_t errlen)
{
	static const uint32_t sums[] = { 0, 0xffffffffu, 0x89abcdefu };
	int len, align, rc = 0;
	size_t i, s;

	for (len = 0; len <= 256 && !rc; len++)
		for (align = 0; align < 8 && !rc; align++) {
			/* As close to the end as this alignment allows. */
			uintptr_t end = (uintptr_t)(g->hi - len);
			const unsigned char *p = g->hi - len - ((end - (uintptr_t)align) & 7);
			for (s = 0; s < 3 && !rc; s++)
				rc = check(k, dist, p, len, sums[s], data, align, err, errlen) ||
				     check(k, dist, g->lo + align, len, sums[s], data,
					   align, err, errlen);
		}
	for (i = 0; i < sizeof(long_lens) / sizeof(long_lens[0]) && !rc; i++) {
		len = long_lens[i];
		for (align = 0; align < 8 && !rc; align += len > 4097 ? 3 : 1)
			rc = check(k, dist, g->lo + align, len, sums[i % 3], data,
				   align, err, errlen);
		if (!rc)
			rc = check(k, dist, g->hi - len, len, sums[i % 3], data,
				   (int)((uintptr_t)(g->hi - len) & 7), err, errlen);
	}
	return rc;
}

/* sweep() under the watchdog, in a frame of its own: 0 agreed, -1 a
   disagreement in err, 1 stopped. */
static int guarded_sweep(const struct kernel *k, int dist,
			 const struct guarded *g, const char *data, char *err,
			 size_t errlen)
{
	bool done;
	int r = 0;

	WATCHDOG_RUN(done, k, watchdog_limit(SWEEP_BYTES, SWEEP_CALLS, 0),
		     r = sweep(k, dist, g, data, err, errlen));
	return done ? (r ? -1 : 0) : 1;
}

int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct guarded g;
	struct traps t;
	volatile int rc = VERIFY_OK;
	volatile int pass;
	int sig, r = 0;

	if (k->pseudo) {
		snprintf(err, errlen, "%s: not a checksum (%s)", k->name, k->desc);
		return VERIFY_WRONG;
	}
	if (guarded_map(&g, DATA_BYTES))
		abort();
	traps_set(&t);
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&g, pass ? 0xff : -1);
		sig = sigsetjmp(fault, 1);
		if (sig) {
			rc = faulted(k, sig, err, errlen);
			break;
		}
		r = guarded_sweep(k, dist, &g, pass ? "0xff" : "random", err, errlen);
		if (r == 1)
			rc = stopped(k, err, errlen);
		else if (r)
			rc = VERIFY_WRONG;
	}
	traps_restore(&t);
	munmap(g.map, g.size);
	return rc;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* One call under the watchdog, in a frame of its own so the caller's
   variables live across no jump.  False if the kernel was stopped. */
static bool guarded_call(const struct kernel *k, int dist, const void *p,
			 uint32_t len, uint32_t sum, uint16_t *got)
{
	uint32_t s = 0;
	bool done;

	WATCHDOG_RUN(done, k, watchdog_limit(len, 1, 0),
		     s = kernel_csum(k, p, (int)len, sum, dist));
	if (!done)
		return false;
	*got = csum_fold16(s);
	return true;
}

/* Sizes ascending, so ref's sum of each size extends the last one's:
   ref costs one pass over the largest buffer, not one per size.  The sum
   is carried over whole 16-bit words; an odd size adds its last byte as
   the first byte of a word, as the contract says. */
static int sizes_pass(const struct kernel *k, int dist, const uint32_t *sz,
		      size_t n, const unsigned char *p, uint32_t align,
		      uint32_t sum, const char *data, char *err, size_t errlen)
{
	uint32_t acc = sum, even = 0;
	uint16_t want, got = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t len = sz[i], e = len & ~1u;

		acc = csum_ref(p + even, (int)(e - even), acc);
		even = e;
		want = csum_fold16(len & 1 ? csum_ref(p + e, 1, acc) : acc);
		cur_len = (int)len;
		cur_align = (int)align;
		if (!guarded_call(k, dist, p, len, sum, &got))
			return stopped(k, err, errlen);
		if (got != want) {
			snprintf(err, errlen, "%s: len %u, align %u, sum 0x%08x, "
				 "%s data: folded 0x%04x, ref 0x%04x", k->name,
				 len, align, sum, data, got, want);
			return VERIFY_WRONG;
		}
	}
	return VERIFY_OK;
}

int verify_sizes(const struct kernel *k, int dist, const uint32_t *sizes,
		 size_t nsizes, const uint32_t *aligns, size_t naligns,
		 char *err, size_t errlen)
{
	static const uint32_t sums[] = { 0xffffffffu, 0, 0x89abcdefu };
	uint32_t *sz, amax = 0;
	struct guarded g;
	struct traps t;
	volatile int rc = VERIFY_OK;
	volatile size_t pass, a;
	size_t i;
	volatile size_t n = 0;
	int sig;

	if (k->pseudo || !nsizes)
		return verify_kernel(k, dist, err, errlen);
	sz = malloc(nsizes * sizeof(*sz));
	if (!sz)
		abort();
	memcpy(sz, sizes, nsizes * sizeof(*sz));
	qsort(sz, nsizes, sizeof(*sz), cmp_u32);
	for (i = 0; i < nsizes; i++)
		if (!n || sz[i] != sz[n - 1])
			sz[n++] = sz[i];
	for (i = 0; i < naligns; i++)
		if (aligns[i] > amax)
			amax = aligns[i];
	if (guarded_map(&g, (size_t)sz[n - 1] + amax)) {
		snprintf(err, errlen, "%s: no memory to check it at %u bytes",
			 k->name, sz[n - 1]);
		free(sz);
		return VERIFY_WRONG;
	}
	traps_set(&t);
	/* All-0xFF first: the carries are where kernels go wrong. */
	for (pass = 0; pass < 2 && rc == VERIFY_OK; pass++) {
		guarded_fill(&g, pass ? -1 : 0xff);
		for (a = 0; a < naligns && rc == VERIFY_OK; a++) {
			sig = sigsetjmp(fault, 1);
			if (sig) {
				rc = faulted(k, sig, err, errlen);
				break;
			}
			rc = sizes_pass(k, dist, sz, n, g.lo + aligns[a], aligns[a],
					sums[(pass + a) % 3], pass ? "random" : "0xff",
					err, errlen);
		}
	}
	traps_restore(&t);
	munmap(g.map, g.size);
	free(sz);
	return rc;
}
