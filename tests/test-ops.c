/* The ops besides csum: ip_fast_csum and csum_copy.  Every kernel of the
   build passes its op's gate (at every distance a prefetching one is
   swept at), and the gate catches what those contracts forbid: a header
   checksum that skips the option words, a misaligned header on an arch
   that takes aligned ones only, a copy one byte short, a byte written
   past or before the destination, a wrong sum. */
#include <stdlib.h>
#include <string.h>

#include "call/watchdog.h"
#include "check.h"
#include "config/config.h"
#include "op/verify.h"
#include "registry/table.h"

ip_fast_csum_fn ip_fast_csum_ref;

static const int dists[] = { 0, 64, 96, 256 };

static void every_kernel_passes(const struct op *op, const uint32_t *sizes,
				size_t nsizes)
{
	static const uint32_t aligns[] = { 0, 1, 2, 3, 4, 7 };
	char err[512];
	size_t i, d, n = 0;

	for (i = 0; i < kernel_count; i++) {
		const struct kernel *k = &kernel_table[i];
		uint32_t al[6];
		size_t na = 0, a;

		if (k->op != op || k->pseudo || kernel_unavailable(k))
			continue;
		for (a = 0; a < 6; a++)
			if (aligns[a] % op->align_needed(k) == 0)
				al[na++] = aligns[a];
		for (d = 0; d < (k->prefetch ? 4 : 1); d++) {
			CHECK(verify_kernel(k, dists[d], err, sizeof(err)) == VERIFY_OK,
			      "%s gate rejects %s at distance %d: %s", op->name,
			      k->name, dists[d], err);
			CHECK(verify_sizes(k, dists[d], sizes, nsizes, al, na, err,
					   sizeof(err)) == VERIFY_OK,
			      "%s gate at run sizes rejects %s at distance %d: %s",
			      op->name, k->name, dists[d], err);
		}
		n++;
	}
	printf("ops: %zu %s kernels pass their gate\n", n, op->name);
	/* load has no reference kernel: its gate is the plain loop. */
	CHECK(n >= (op == &op_load ? 1u : 2u), "%s: at least ref and one other "
	      "kernel in this build (load: one)", op->name);
	CHECK(op_empty(op) && op_empty(op)->pseudo && op_empty(op)->op == op,
	      "%s has its own empty pseudo-kernel for the floor", op->name);
}

/* Sums the first five words only: options ignored. */
static uint16_t ip_no_options(const void *iph, unsigned int ihl)
{
	(void)ihl;
	return ip_fast_csum_ref(iph, 5);
}

/* Right, but not inverted. */
static uint16_t ip_not_inverted(const void *iph, unsigned int ihl)
{
	return (uint16_t)~ip_fast_csum_ref(iph, ihl);
}

static void ip_gate_catches(void)
{
	const struct kernel noopt = { .name = "ip-no-options", .arch = "generic",
				      .op = &op_ip_fast_csum, .desc = "test",
				      .fn = (void (*)(void))ip_no_options };
	const struct kernel noinv = { .name = "ip-not-inverted", .arch = "generic",
				      .op = &op_ip_fast_csum, .desc = "test",
				      .fn = (void (*)(void))ip_not_inverted };
	/* The ref kernel under a ppc32 name: aligned headers only. */
	const struct kernel ppc = { .name = "ip-ppc-like", .arch = "ppc32",
				    .op = &op_ip_fast_csum, .desc = "test",
				    .fn = (void (*)(void))ip_fast_csum_ref };
	static const uint32_t sizes[] = { 20, 24, 40, 60 }, a0[] = { 0 },
			      a2[] = { 0, 2 }, bad[] = { 20, 22 };
	char err[512];
	int rc;

	rc = verify_kernel(&noopt, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "ip-no-options: ihl 6 (24 bytes)"),
	      "the gate catches an ip_fast_csum that ignores option words at "
	      "ihl 6: %d %s", rc, err);
	rc = verify_sizes(&noopt, 0, sizes, 4, a0, 1, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "ihl 6"),
	      "and at the run's header lengths: %s", err);
	CHECK(verify_sizes(&noopt, 0, sizes, 1, a0, 1, err, sizeof(err)) ==
	      VERIFY_OK, "at 20 bytes only (no options) it is right: %s", err);
	rc = verify_kernel(&noinv, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "ip-not-inverted"),
	      "the gate catches a sum that is not inverted: %s", err);
	CHECK(verify_kernel(&ppc, 0, err, sizeof(err)) == VERIFY_OK,
	      "a ppc32 ip kernel is checked at aligned headers: %s", err);
	rc = verify_sizes(&ppc, 0, sizes, 4, a2, 2, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "4-byte aligned headers only") &&
	      strstr(err, "align 2"),
	      "a ppc32 ip kernel is not timed at align 2: %s", err);
	rc = verify_sizes(&ppc, 0, bad, 2, a0, 1, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "22 is not an IPv4 header length"),
	      "a size that is no header length is refused: %s", err);
}

static uint32_t copy_past(const void *src, void *dst, int len, uint32_t sum)
{
	memcpy(dst, src, (size_t)len);
	((unsigned char *)dst)[len] = 0;
	return verify_ref(src, len, sum);
}

static uint32_t copy_short(const void *src, void *dst, int len, uint32_t sum)
{
	memcpy(dst, src, len > 0 ? (size_t)len - 1 : 0);
	return verify_ref(src, len, sum);
}

static uint32_t copy_before(const void *src, void *dst, int len, uint32_t sum)
{
	memcpy(dst, src, (size_t)len);
	if (len > 100)
		((unsigned char *)dst)[-1] = 0;
	return verify_ref(src, len, sum);
}

/* Right, but reads the byte before src (as a shift-and-merge loop that
   loads whole aligned words would). */
static uint32_t copy_read_before(const void *src, void *dst, int len,
				 uint32_t sum)
{
	volatile const unsigned char *s = src;
	unsigned char b = s[-1];

	(void)b;
	memcpy(dst, src, (size_t)len);
	return verify_ref(src, len, sum);
}

/* Copies and sums right, then inverts its source. */
static uint32_t copy_scribble(const void *src, void *dst, int len, uint32_t sum)
{
	unsigned char *s = (unsigned char *)src;
	uint32_t r = verify_ref(src, len, sum);
	int i;

	memcpy(dst, src, (size_t)len);
	for (i = 0; i < len; i++)
		s[i] = (unsigned char)~s[i];
	return r;
}

/* Copies right, sums the destination one byte short at odd lengths. */
static uint32_t copy_badsum(const void *src, void *dst, int len, uint32_t sum)
{
	memcpy(dst, src, (size_t)len);
	return verify_ref(dst, len & ~1, sum);
}

static uint32_t copy_hang(const void *src, void *dst, int len, uint32_t sum)
{
	volatile int forever = 1;

	while (forever && len >= 0)
		;
	(void)dst;
	return verify_ref(src, len, sum);
}

#define COPY_KERNEL(n, f) { .name = n, .arch = "generic", .op = &op_csum_copy, \
			    .desc = "test", .fn = (void (*)(void))f }

static void copy_gate_catches(void)
{
	const struct kernel past = COPY_KERNEL("copy-past", copy_past);
	const struct kernel shrt = COPY_KERNEL("copy-short", copy_short);
	const struct kernel before = COPY_KERNEL("copy-before", copy_before);
	const struct kernel badsum = COPY_KERNEL("copy-badsum", copy_badsum);
	const struct kernel hang = COPY_KERNEL("copy-hang", copy_hang);
	const struct kernel readbefore = COPY_KERNEL("copy-read-before", copy_read_before);
	const struct kernel scribble = COPY_KERNEL("copy-scribble", copy_scribble);
	static const uint32_t sizes[] = { 32, 1024, 1500 }, a[] = { 0, 3 };
	char err[512];
	int rc;

	rc = verify_kernel(&past, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG &&
	      strstr(err, "copy-past: len 0, src align 0, dst align 0") &&
	      strstr(err, "wrote past the destination (dst byte 0)"),
	      "the gate catches a copy that writes one byte past dst: %s", err);
	rc = verify_sizes(&past, 0, sizes, 3, a, 2, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "wrote past the destination"),
	      "and at the run's sizes: %s", err);
	rc = verify_kernel(&shrt, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "copy-short: len 1,") &&
	      strstr(err, "differs from the source (dst byte 0)"),
	      "the gate catches a copy one byte short: %s", err);
	rc = verify_sizes(&shrt, 0, sizes, 3, a, 2, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "len 32") &&
	      strstr(err, "differs from the source (dst byte 31)"),
	      "and at the run's sizes, the smallest first: %s", err);
	rc = verify_kernel(&before, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "copy-before: read or wrote "
	      "outside its buffers (Segmentation fault) at len 101, src align 0, "
	      "dst align 0"), "the gate catches a byte written before dst (dst "
	      "at the start of its page: a fault): %s", err);
	rc = verify_sizes(&before, 0, sizes, 3, a, 2, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "len 1024") &&
	      strstr(err, "wrote before the destination (dst byte -1)"),
	      "and at the run's sizes, by the canary before dst: %s", err);
	rc = verify_kernel(&readbefore, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "copy-read-before: read or "
	      "wrote outside its buffers"), "the gate catches a read of the "
	      "byte before src: %s", err);
	rc = verify_kernel(&scribble, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "changed its source (src byte 0)"),
	      "the gate catches a kernel that writes its source: %s", err);
	rc = verify_kernel(&badsum, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "copy-badsum: len 1,") &&
	      strstr(err, "ref 0x"), "the gate catches a wrong sum: %s", err);
	watchdog_init(0.2);
	rc = verify_kernel(&hang, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG &&
	      strstr(err, "copy-hang: did not return within 0.2 s at len 0, "
		     "src align 0, dst align 0"),
	      "a copy kernel that hangs is stopped and reported: %s", err);
	watchdog_init(0);
}

/* What a config may ask of ops: "all" is csum's alone unless ops names
   others; ops filters named kernels; sizes suit every op timed. */
static void config_ops(void)
{
	struct config c;
	size_t i;
	int ip = 0, copy = 0, csum = 0;

	config_defaults(&c);
	CHECK(config_set(&c, "ops = csum_copy, ip_fast_csum") == 0 &&
	      config_set(&c, "sizes = 20, 40") == 0 && config_resolve(&c) == 0,
	      "kernels = all with ops = csum_copy, ip_fast_csum");
	for (i = 0; i < c.nkernels; i++) {
		ip += c.kernels[i]->op == &op_ip_fast_csum;
		copy += c.kernels[i]->op == &op_csum_copy;
		csum += c.kernels[i]->op == &op_csum;
	}
	CHECK(ip >= 2 && copy >= 2 && !csum, "all of both ops and no csum "
	      "kernel: %d ip, %d copy, %d csum", ip, copy, csum);
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "kernels = c64, ip-ref, copy-c64") == 0 &&
	      config_set(&c, "sizes = 40") == 0 && config_resolve(&c) == 0 &&
	      c.nkernels == 4 && c.kernels[3] == c.roofline,
	      "named kernels may mix ops; the roofline joins them");
	CHECK(config_points(&c) == 8, "3 kernels, the roofline and 4 ops' "
	      "floors: %llu points", (unsigned long long)config_points(&c));
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "kernels = c64, ip-ref, copy-c64") == 0 &&
	      config_set(&c, "ops = csum, csum_copy") == 0 &&
	      config_resolve(&c) == 0 && c.nkernels == 3 &&
	      c.kernels[0]->op == &op_csum && c.kernels[1]->op == &op_csum_copy &&
	      c.kernels[2] == c.roofline,
	      "ops filters the kernels named (ip-ref dropped, 1500 B fine)");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "kernels = ip-ref") == 0 &&
	      config_set(&c, "sizes = 20, 42") == 0 && config_resolve(&c) == -1,
	      "a size that is no IPv4 header length is an error for ip_fast_csum");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "kernels = ip-ref") == 0 &&
	      config_set(&c, "ops = csum") == 0 && config_resolve(&c) == -1,
	      "ops that leave no kernel is an error");
	config_free(&c);
}

/* A load kernel that leaves out one byte, one that loads a byte twice
   (XOR cancels it), one that reads a byte past the end. */
static uint32_t load_skips(const void *buf, int len, uint32_t seed)
{
	unsigned char tmp[400];
	uint32_t x = seed, w;
	int i;

	if (len > 257 && len <= (int)sizeof(tmp)) {
		memcpy(tmp, buf, (size_t)len);
		tmp[257] = 0;	/* as if never loaded */
		buf = tmp;
	}
	for (i = 0; i + 4 <= len; i += 4) {
		memcpy(&w, (const unsigned char *)buf + i, 4);
		x ^= w;
	}
	w = 0;
	memcpy(&w, (const unsigned char *)buf + i, (size_t)(len - i));
	return x ^ w;
}

/* The contract, plainly: what load_twice and load_over get right. */
static uint32_t load_right(const void *buf, int len, uint32_t seed)
{
	uint32_t x = seed, w;
	int i;

	for (i = 0; i + 4 <= len; i += 4) {
		memcpy(&w, (const unsigned char *)buf + i, 4);
		x ^= w;
	}
	w = 0;
	memcpy(&w, (const unsigned char *)buf + i, (size_t)(len - i));
	return x ^ w;
}

static uint32_t load_twice(const void *buf, int len, uint32_t seed)
{
	uint32_t w;

	if (len < 8)
		return load_right(buf, len, seed);
	memcpy(&w, buf, 4);	/* the first word again: XOR cancels it */
	return load_right(buf, len, seed) ^ w;
}

static volatile uint32_t load_sink;

static uint32_t load_over(const void *buf, int len, uint32_t seed)
{
	uint32_t w;

	if (len % 4) {	/* the tail as a whole word: past the end */
		memcpy(&w, (const unsigned char *)buf + (len & ~3), 4);
		load_sink = w;
	}
	return load_right(buf, len, seed);
}

#define LOAD_KERNEL(kname, f) { .name = kname, .arch = "generic", \
	.op = &op_load, .desc = "test", .fn = (void (*)(void))f }

static void load_gate_catches(void)
{
	const struct kernel skips = LOAD_KERNEL("load-skips", load_skips);
	const struct kernel twice = LOAD_KERNEL("load-twice", load_twice);
	const struct kernel over = LOAD_KERNEL("load-over", load_over);
	static const uint32_t sizes[] = { 300, 1500 }, a[] = { 0 };
	char err[512];
	int rc;

	rc = verify_kernel(&skips, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "load-skips: len 300, align 0") &&
	      strstr(err, "changed"), "the load gate catches a kernel that "
	      "leaves one byte out (lengths to 256 and long ones miss it; "
	      "the 300-byte buffer, changed byte by byte, does not): %s", err);
	rc = verify_kernel(&twice, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "load-twice: len 8,"),
	      "and one that loads a word twice (XOR cancels it): %s", err);
	rc = verify_kernel(&over, 0, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "load-over: read outside its "
	      "buffer"), "and one that reads past the end: %s", err);
	rc = verify_sizes(&skips, 0, sizes, 2, a, 1, err, sizeof(err));
	CHECK(rc == VERIFY_WRONG && strstr(err, "len 300"),
	      "and at the run's sizes: %s", err);
}

/* roofline = auto | none | KERNEL, and the ops it joins. */
static void config_roofline(void)
{
	struct config c;
	size_t i, nload = 0;

	config_defaults(&c);
	CHECK(config_resolve(&c) == 0 && c.roofline &&
	      c.roofline->op == &op_load && !kernel_unavailable(c.roofline) &&
	      c.kernels[c.nkernels - 1] == c.roofline,
	      "defaults: auto, a load kernel that runs here, last");
	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].op == &op_load && !kernel_table[i].pseudo &&
		    !kernel_table[i].prefetch && !kernel_unavailable(&kernel_table[i]))
			nload = i;
	CHECK(c.roofline == &kernel_table[nload], "auto is the last load kernel "
	      "without prefetch of the table that runs here (the widest): %s",
	      c.roofline->name);
	config_free(&c);

	/* A run that prefetches is held to that load's prefetching variant. */
	config_defaults(&c);
	CHECK(config_set(&c, "kernels = c64-prefetch") == 0 &&
	      config_set(&c, "prefetch = none, 64") == 0 && config_resolve(&c) == 0 &&
	      c.roofline && c.roofline->prefetch && c.roofline->op == &op_load &&
	      !strcmp(c.roofline->nopf, kernel_table[nload].name),
	      "with prefetch = none, 64 the roofline is %s's prefetching variant: "
	      "%s", kernel_table[nload].name, c.roofline ? c.roofline->name : "none");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "roofline = none") == 0 && config_resolve(&c) == 0 &&
	      !c.roofline, "roofline = none adds nothing");
	for (i = 0; i < c.nkernels; i++)
		CHECK(c.kernels[i]->op != &op_load, "none: no load kernel");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "roofline = load") == 0 && config_resolve(&c) == 0 &&
	      c.roofline && !strcmp(c.roofline->name, "load"),
	      "roofline = load names the C one");
	CHECK(config_set(&c, "roofline = c64") == -1, "a csum kernel is no roofline");
	CHECK(config_set(&c, "roofline = nosuch") == -1, "nor an unknown name");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "ops = ip_fast_csum") == 0 &&
	      config_set(&c, "sizes = 20") == 0 && config_resolve(&c) == 0 &&
	      !c.roofline, "ip_fast_csum alone: no roofline (headers stream "
	      "nothing)");
	config_free(&c);

	config_defaults(&c);
	CHECK(config_set(&c, "kernels = c64, load") == 0 &&
	      config_set(&c, "ops = csum, load") == 0 &&
	      config_set(&c, "roofline = load") == 0 && config_resolve(&c) == 0 &&
	      c.nkernels == 2 && c.roofline == c.kernels[1],
	      "a roofline the config names among its kernels is not added twice");
	config_free(&c);
}

int main(void)
{
	static const uint32_t ip_sizes[] = { 20, 24, 40, 60 };
	static const uint32_t copy_sizes[] = { 32, 1024, 1500, 4096, 9000 };
	static const uint32_t load_sizes[] = { 1, 63, 1500, 16384, 65537 };

	watchdog_init(0);
	every_kernel_passes(&op_ip_fast_csum, ip_sizes, 4);
	every_kernel_passes(&op_csum_copy, copy_sizes, 5);
	every_kernel_passes(&op_load, load_sizes, 5);
	load_gate_catches();
	config_roofline();
	ip_gate_catches();
	copy_gate_catches();
	config_ops();
	return check_done("ops");
}
