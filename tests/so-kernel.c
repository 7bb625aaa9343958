/* User kernels in a shared object, loaded as path/lib.so:symbol. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint32_t csum_user(const void *buf, int len, uint32_t sum);
uint32_t csum_user_wrong(const void *buf, int len, uint32_t sum);
uint32_t csum_user_overread(const void *buf, int len, uint32_t sum);

/* 16-bit native loads, 64-bit accumulator: right on any byte order. */
uint32_t csum_user(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	union { unsigned char b[2]; uint16_t w; } u;

	for (; len >= 2; len -= 2, p += 2) {
		u.b[0] = p[0];
		u.b[1] = p[1];
		acc += u.w;
	}
	if (len) {
		u.b[0] = p[0];
		u.b[1] = 0;
		acc += u.w;
	}
	acc = (acc & 0xffffffffu) + (acc >> 32);
	acc = (acc & 0xffffffffu) + (acc >> 32);
	return (uint32_t)acc;
}

/* Right sums, but loads 4 bytes past the end (ignoring them): the gate's
   guard page must catch it, and the run must survive. */
uint32_t csum_user_overread(const void *buf, int len, uint32_t sum)
{
	volatile const unsigned char *p = buf;
	unsigned char past = p[len + 3];

	(void)past;
	return csum_user(buf, len, sum);
}

/* Wrong on purpose: drops a trailing odd byte.  The gate must refuse it. */
uint32_t csum_user_wrong(const void *buf, int len, uint32_t sum)
{
	return csum_user(buf, len & ~1, sum);
}

/* Calls before the kernels below misbehave: CSUM_TEST_AFTER, or at once. */
static long misbehave_after(void)
{
	static long n = -1;

	if (n < 0) {
		const char *s = getenv("CSUM_TEST_AFTER");
		n = s ? atol(s) : 0;
	}
	return n;
}

static long calls;

static int misbehave_now(void)
{
	return ++calls > misbehave_after();
}

/* CSUM_TEST_COUNT=FILE: the calls made, written at exit, so a test can
   time a misdeed to fall among the samples rather than in the gate. */
__attribute__((destructor)) static void write_count(void)
{
	const char *name = getenv("CSUM_TEST_COUNT");
	FILE *f = name ? fopen(name, "w") : NULL;

	if (f) {
		fprintf(f, "%ld\n", calls);
		fclose(f);
	}
}

uint32_t csum_user_hang(const void *buf, int len, uint32_t sum);
uint32_t csum_user_hang_libc(const void *buf, int len, uint32_t sum);
uint32_t csum_user_exit(const void *buf, int len, uint32_t sum);
uint32_t csum_user_nocarry(const void *buf, int len, uint32_t sum);
uint32_t csum_user_wrong_big(const void *buf, int len, uint32_t sum);

/* Loops forever in its own code: the watchdog must stop it, and the
   run can go on. */
uint32_t csum_user_hang(const void *buf, int len, uint32_t sum)
{
	volatile int forever = 1;

	if (misbehave_now())
		while (forever)
			;
	return csum_user(buf, len, sum);
}

/* Hangs inside the C library (memset of 1 MiB, over and over), where
   it cannot be left safely: the run must stop, naming it, and keep what
   it measured. */
uint32_t csum_user_hang_libc(const void *buf, int len, uint32_t sum)
{
	static unsigned char big[1 << 20];
	void *(*volatile set)(void *, int, size_t) = memset;

	if (misbehave_now())
		for (;;)
			set(big, len, sizeof(big));
	return csum_user(buf, len, sum);
}

/* Blocks in the kernel without using the CPU: stopped after ten times
   the limit of wall time. */
uint32_t csum_user_block(const void *buf, int len, uint32_t sum);
uint32_t csum_user_block(const void *buf, int len, uint32_t sum)
{
	if (misbehave_now())
		for (;;)
			usleep(10000);
	return csum_user(buf, len, sum);
}

/* Ends the process from inside a call. */
uint32_t csum_user_exit(const void *buf, int len, uint32_t sum)
{
	if (misbehave_now())
		exit(0);
	return csum_user(buf, len, sum);
}

/* 16-bit words into a 32-bit sum that drops its carries: right until
   the words add up past 2^32, about 128 KiB of 0xFF. */
uint32_t csum_user_nocarry(const void *buf, int len, uint32_t sum)
{
	const unsigned char *p = buf;
	uint32_t acc = 0;
	uint64_t total;
	union { unsigned char b[2]; uint16_t w; } u;

	for (; len >= 2; len -= 2, p += 2) {
		u.b[0] = p[0];
		u.b[1] = p[1];
		acc += u.w;	/* the carry out of bit 31 is lost */
	}
	if (len) {
		u.b[0] = p[0];
		u.b[1] = 0;
		acc += u.w;
	}
	total = (uint64_t)acc + sum;	/* the incoming sum is added right */
	return (uint32_t)(total + (total >> 32));
}

/* Right up to 100,000 bytes, wrong above. */
uint32_t csum_user_wrong_big(const void *buf, int len, uint32_t sum)
{
	return csum_user(buf, len, sum) + (len > 100000);
}

/* A user kernel of another op: the library names it with symbol_op. */
uint32_t copy_user(const void *src, void *dst, int len, uint32_t sum);
extern const char copy_user_op[];
const char copy_user_op[] = "csum_copy";

uint32_t copy_user(const void *src, void *dst, int len, uint32_t sum)
{
	memcpy(dst, src, (size_t)len);
	return csum_user(dst, len, sum);
}

/* An op this build does not have. */
uint32_t odd_user(const void *buf, int len, uint32_t sum);
extern const char odd_user_op[];
const char odd_user_op[] = "crc32";

uint32_t odd_user(const void *buf, int len, uint32_t sum)
{
	return csum_user(buf, len, sum);
}
