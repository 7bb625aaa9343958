/* Pools on transparent huge pages (hugepage.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/hugepage.h"

/* Whole pages: munmap of a tail that starts inside a page fails. */
static size_t pages(size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return bytes > SIZE_MAX - page ? 0 : (bytes + page - 1) / page * page;
}

void *huge_map(size_t bytes)
{
	size_t len;
	unsigned char *m, *p;

	bytes = pages(bytes);
	len = bytes + HUGE_BYTES;
	if (!bytes || len < bytes)
		return NULL;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	/* Trim to an aligned start, so whole huge pages can back it. */
	p = (unsigned char *)(((uintptr_t)m + HUGE_BYTES - 1) &
			      ~(uintptr_t)(HUGE_BYTES - 1));
	if (p > m)
		munmap(m, (size_t)(p - m));
	if ((size_t)(p - m) < HUGE_BYTES)
		munmap(p + bytes, HUGE_BYTES - (size_t)(p - m));
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);	/* a hint: refused is fine */
#endif
	return p;
}

void huge_unmap(void *p, size_t bytes)
{
	if (p)
		munmap(p, pages(bytes));
}

size_t huge_resident(const void *p, size_t bytes)
{
	uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
	unsigned long long a, b, kb;
	char line[256];
	size_t total = 0;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		/* a mapping's first line: "start-end perms ..." */
		if (sscanf(line, "%llx-%llx ", &a, &b) == 2) {
			in = a < hi && b > lo;
			continue;
		}
		if (in && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
			total += (size_t)kb << 10;
	}
	fclose(f);
	return total < bytes ? total : bytes;
}

const char *huge_mode(void)
{
	static char mode[16];
	char buf[128], *l, *r;
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");

	if (!f)
		return "not available";
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	l = strchr(buf, '[');
	r = l ? strchr(l, ']') : NULL;
	if (!l || !r || r - l - 1 >= (long)sizeof(mode))
		return "not available";
	memcpy(mode, l + 1, (size_t)(r - l - 1));
	mode[r - l - 1] = '\0';
	return mode;
}
