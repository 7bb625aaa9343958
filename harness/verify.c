/* The correctness gate: short and long lengths, every alignment 0..7,
   three incoming sums, random and all-0xFF data (every add carries).  The
   data sits between two PROT_NONE pages, placed against each of them in
   turn, and a kernel that reads outside its buffer is caught (SIGSEGV) and
   reported like a wrong sum rather than crashing the run. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "verify.h"

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

static sigjmp_buf fault;
static volatile int cur_len, cur_align;

static void on_fault(int sig)
{
	siglongjmp(fault, sig);
}

/* Data pages [lo, hi) with an inaccessible page on either side. */
struct guarded {
	unsigned char *map, *lo, *hi;
	size_t size;
};

static void guarded_map(struct guarded *g, int fill)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (DATA_BYTES + page - 1) / page * page;
	uint32_t x = 2463534242u;
	size_t i;

	g->size = data + 2 * page;
	g->map = mmap(NULL, g->size, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		abort();
	g->lo = g->map + page;
	g->hi = g->lo + data;
	for (i = 0; i < data; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		g->lo[i] = fill < 0 ? (unsigned char)x : (unsigned char)fill;
	}
	if (mprotect(g->map, page, PROT_NONE) || mprotect(g->hi, page, PROT_NONE))
		abort();
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

int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen)
{
	struct sigaction sa, old_segv, old_bus;
	struct guarded rnd, ones;
	int rc, sig;

	if (k->pseudo) {
		snprintf(err, errlen, "%s: not a checksum (%s)", k->name, k->desc);
		return -1;
	}
	guarded_map(&rnd, -1);
	guarded_map(&ones, 0xff);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	sig = sigsetjmp(fault, 1);
	if (sig) {
		snprintf(err, errlen, "%s: read outside its buffer (%s) at len %d, "
			 "align %d", k->name, strsignal(sig), cur_len, cur_align);
		rc = -1;
	} else {
		rc = sweep(k, dist, &rnd, "random", err, errlen) ||
		     sweep(k, dist, &ones, "0xff", err, errlen) ? -1 : 0;
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	munmap(rnd.map, rnd.size);
	munmap(ones.map, ones.size);
	return rc;
}
