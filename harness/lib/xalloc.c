/* Allocations that end clearly when memory runs out (xalloc.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "lib/xalloc.h"

/* Run before a shortage exits, from wherever it happens: registered
   once by whoever has something half made to remove. */
#define NCLEANUPS 8
static xalloc_cleanup_fn *cleanups[NCLEANUPS];
static size_t ncleanups;

void xalloc_on_fail(xalloc_cleanup_fn *fn)
{
	size_t i;

	for (i = 0; i < ncleanups; i++)
		if (cleanups[i] == fn)
			return;
	if (ncleanups < NCLEANUPS)
		cleanups[ncleanups++] = fn;
}

/* A size as a message gives it: bytes, and MiB or GiB where large. */
static void say_size(char *buf, size_t len, size_t bytes)
{
	if (bytes == SIZE_MAX)
		snprintf(buf, len, "more than the address space");
	else if (bytes >= (size_t)1 << 30)
		snprintf(buf, len, "%zu bytes, %.1f GiB", bytes,
			 (double)bytes / (1 << 30));
	else if (bytes >= (size_t)1 << 20)
		snprintf(buf, len, "%zu bytes, %.1f MiB", bytes,
			 (double)bytes / (1 << 20));
	else
		snprintf(buf, len, "%zu bytes", bytes);
}

void xalloc_fail(const char *what, size_t bytes, int err)
{
	char size[64];
	size_t i;

	say_size(size, sizeof(size), bytes);
	fprintf(stderr, "%s: out of memory: %s (%s)%s%s\n",
		program_invocation_short_name, what, size, err ? ": " : "",
		err ? strerror(err) : "");
	for (i = ncleanups; i-- > 0;)
		cleanups[i]();
	fflush(stdout);
	_exit(1);
}

void *xmalloc(size_t n, const char *what)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		xalloc_fail(what, n, errno);
	return p;
}

void *xcalloc(size_t n, size_t size, const char *what)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		xalloc_fail(what, SIZE_MAX, 0);
	p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_fail(what, n * size, errno);
	return p;
}

void *xrealloc(void *p, size_t n, const char *what)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		xalloc_fail(what, n, errno);
	return q;
}

void *xreallocarray(void *p, size_t n, size_t size, const char *what)
{
	if (size && n > SIZE_MAX / size)
		xalloc_fail(what, SIZE_MAX, 0);
	return xrealloc(p, n * size, what);
}

char *xstrdup(const char *s, const char *what)
{
	return xstrndup(s, strlen(s), what);
}

char *xstrndup(const char *s, size_t n, const char *what)
{
	char *d;

	n = strnlen(s, n);
	d = xmalloc(n + 1, what);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *xvasprintf(const char *what, const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		xalloc_fail(what, 0, errno);
	return s;
}

char *xasprintf(const char *what, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(what, fmt, ap);
	va_end(ap);
	return s;
}

/* The process's mapped size, from /proc/self/statm (pages). */
static size_t mapped_now(void)
{
	unsigned long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f) {
		if (fscanf(f, "%lu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* MemAvailable from /proc/meminfo, bytes; SIZE_MAX where not given. */
static size_t mem_available(void)
{
	char line[256];
	unsigned long long kb;
	size_t v = SIZE_MAX;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return v;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
			v = kb > SIZE_MAX / 1024 ? SIZE_MAX : (size_t)kb * 1024;
			break;
		}
	fclose(f);
	return v;
}

size_t xalloc_room(void)
{
	struct rlimit rl;
	size_t room = mem_available(), used;

	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		used = mapped_now();
		if ((size_t)rl.rlim_cur <= used)
			return 0;
		if ((size_t)rl.rlim_cur - used < room)
			room = (size_t)rl.rlim_cur - used;
	}
	return room;
}
