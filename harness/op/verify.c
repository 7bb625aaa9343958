/* What the ops' gates share (verify.h).  The data sits between two
   PROT_NONE pages, and a kernel that reads or writes outside its buffer,
   traps, or does not return is caught and reported like a wrong result
   rather than crashing or hanging the run. */
#include <errno.h>
#include <setjmp.h>
#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/watchdog.h"
#include "lib/stats.h"
#include "lib/xalloc.h"
#include "op/verify.h"

static const int fault_sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
#define NFAULT (sizeof(fault_sigs) / sizeof(fault_sigs[0]))

/* A kernel's fault during its check: the signal handler jumps back and
   reports the length and alignments it was at. */
static sigjmp_buf fault;
static volatile int cur_len, cur_align, cur_dalign = -1;

void verify_at(int len, int align, int dst_align)
{
	cur_len = len;
	cur_align = align;
	cur_dalign = dst_align;
}

static void on_fault(int sig)
{
	watchdog_cancel();	/* the guarded frame is left for good */
	siglongjmp(fault, sig);
}

void guarded_map(struct guarded *g, size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (bytes + page - 1) / page * page;

	g->size = data + 2 * page;
	g->map = mmap(NULL, g->size, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		xalloc_fail("the correctness gate's buffer between guard pages",
			    g->size, errno);
	g->lo = g->map + page;
	g->hi = g->lo + data;
	/* (mprotect of pages just mapped fails only for want of memory
	   for the kernel's own bookkeeping) */
	if (mprotect(g->map, page, PROT_NONE) || mprotect(g->hi, page, PROT_NONE))
		xalloc_fail("the correctness gate's guard pages", 2 * page, errno);
}

void guarded_unmap(struct guarded *g)
{
	munmap(g->map, g->size);
}

void guarded_fill(struct guarded *g, int fill, uint32_t seed)
{
	uint32_t x = 2463534242u ^ seed;
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

/* " at len 12, align 3" or " at len 12, src align 3, dst align 5" */
static void where(char *s, size_t n)
{
	if (cur_dalign < 0)
		snprintf(s, n, "at len %d, align %d", cur_len, cur_align);
	else
		snprintf(s, n, "at len %d, src align %d, dst align %d", cur_len,
			 cur_align, cur_dalign);
}

static int faulted(const struct kernel *k, int sig, char *err, size_t errlen)
{
	char at[96];

	watchdog_disarm();
	where(at, sizeof(at));
	snprintf(err, errlen, "%s: %s (%s) %s", k->name,
		 sig != SIGSEGV && sig != SIGBUS ? "trapped" :
		 k->op->dst ? "read or wrote outside its buffers" :
		 "read outside its buffer", strsignal(sig), at);
	return VERIFY_WRONG;
}

static int stopped(const struct kernel *k, char *err, size_t errlen)
{
	char at[96];

	where(at, sizeof(at));
	snprintf(err, errlen, "%s: did not return within %.1f s %s: stopped "
		 "(kernel_timeout sets the limit)", k->name,
		 watchdog_last_limit(), at);
	return watchdog_stopped_safely() ? VERIFY_WRONG : VERIFY_UNSAFE;
}

/* The body under the watchdog, in a frame of its own: 0 agreed, -1 a
   disagreement in err, 1 stopped. */
static int deadline(const struct kernel *k, double bytes, double calls,
		    verify_body *body, void *ctx, char *err, size_t errlen)
{
	bool done;
	int r = 0;

	WATCHDOG_RUN(done, k, watchdog_limit(k, bytes, calls, 0),
		     r = body(ctx, err, errlen));
	return done ? (r ? -1 : 0) : 1;
}

int verify_guarded(const struct kernel *k, double bytes, double calls,
		   verify_body *body, void *ctx, char *err, size_t errlen)
{
	struct traps t;
	volatile int rc = VERIFY_OK;
	int sig, r;

	traps_set(&t);
	sig = sigsetjmp(fault, 1);
	if (sig) {
		rc = faulted(k, sig, err, errlen);
	} else {
		r = deadline(k, bytes, calls, body, ctx, err, errlen);
		if (r == 1)
			rc = stopped(k, err, errlen);
		else if (r)
			rc = VERIFY_WRONG;
	}
	traps_restore(&t);
	verify_at(0, 0, -1);
	return rc;
}

uint32_t *verify_sorted_sizes(const uint32_t *sizes, size_t nsizes, size_t *n)
{
	uint32_t *sz = xcalloc(nsizes, sizeof(*sz), "the gate's sizes");
	size_t i;

	memcpy(sz, sizes, nsizes * sizeof(*sz));
	qsort(sz, nsizes, sizeof(*sz), stats_cmp_u32);
	*n = 0;
	for (i = 0; i < nsizes; i++)
		if (!*n || sz[i] != sz[*n - 1])
			sz[(*n)++] = sz[i];
	return sz;
}

uint32_t verify_max(const uint32_t *v, size_t n)
{
	uint32_t m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

int verify_sizes_walk(const struct kernel *k, const uint32_t *sizes,
		      size_t nsizes, const uint32_t *aligns, size_t naligns,
		      double bytes_per_byte, verify_body *body, void *ctx,
		      char *err, size_t errlen)
{
	struct guarded g;
	struct sizes_walk w = { NULL, 0, &g, 0, NULL, 0, 0, ctx };
	double bytes = 0;
	size_t i;
	int rc = VERIFY_OK;

	w.sz = verify_sorted_sizes(sizes, nsizes, &w.n);
	for (i = 0; i < w.n; i++)
		bytes += w.sz[i];
	guarded_map(&g, (size_t)w.sz[w.n - 1] + verify_max(aligns, naligns));
	for (w.pass = 0; w.pass < 2 && rc == VERIFY_OK; w.pass++) {
		guarded_fill(&g, w.pass ? -1 : 0xff, 0);
		w.data = w.pass ? "random" : "0xff";
		for (w.a = 0; w.a < naligns && rc == VERIFY_OK; w.a++) {
			w.align = aligns[w.a];
			rc = verify_guarded(k, bytes * bytes_per_byte, (double)w.n,
					    body, &w, err, errlen);
		}
	}
	guarded_unmap(&g);
	free((void *)w.sz);
	return rc;
}

int verify_lengths(const struct guarded *g, const int *long_lens,
		   size_t nlong, verify_check *check, void *ctx, char *err,
		   size_t errlen)
{
	static const uint32_t in[] = { 0, 0xffffffffu, 0x89abcdefu };
	int len, align, rc = 0;
	size_t i, s;

	for (len = 0; len <= 256 && !rc; len++)
		for (align = 0; align < 8 && !rc; align++) {
			/* As close to the end as this alignment allows. */
			uintptr_t end = (uintptr_t)(g->hi - len);
			const unsigned char *p = g->hi - len - ((end - (uintptr_t)align) & 7);
			for (s = 0; s < 3 && !rc; s++)
				rc = check(ctx, p, len, align, in[s], err, errlen) ||
				     check(ctx, g->lo + align, len, align, in[s],
					   err, errlen);
		}
	for (i = 0; i < nlong && !rc; i++) {
		len = long_lens[i];
		for (align = 0; align < 8 && !rc; align += len > 4097 ? 3 : 1)
			rc = check(ctx, g->lo + align, len, align, in[i % 3], err,
				   errlen);
		if (!rc)
			rc = check(ctx, g->hi - len, len,
				   (int)((uintptr_t)(g->hi - len) & 7), in[i % 3],
				   err, errlen);
	}
	return rc;
}
