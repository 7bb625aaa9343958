/* LD_PRELOAD for the output tests: a filesystem without hard links (as
   vfat and exFAT), one without renameat2's RENAME_NOREPLACE (as some
   network filesystems and old kernels), a signal in the middle of the
   final write, and memory that runs out for large mappings, each by an
   environment variable. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

/* SHIM_MMAP_MAX=BYTES: an anonymous mapping larger than that fails with
   ENOMEM, as on a board short of memory (without ulimit -v, which would
   also refuse the program's own start); SHIM_MALLOC_MAX=BYTES does the
   same for malloc, calloc and realloc (glibc's own functions behind
   them: dlsym itself allocates). */
void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

static int too_big(size_t n)
{
	const char *max = getenv("SHIM_MALLOC_MAX");

	if (max && n > strtoull(max, NULL, 10)) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void *malloc(size_t n)
{
	return too_big(n) ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	return size && n > (size_t)-1 / size ? NULL :
	       too_big(n * size) ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	return too_big(n) ? NULL : __libc_realloc(p, n);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	void *(*real)(void *, size_t, int, int, int, off_t) = dlsym(RTLD_NEXT, "mmap");
	const char *max = getenv("SHIM_MMAP_MAX");

	if (max && (flags & MAP_ANONYMOUS) && len > strtoull(max, NULL, 10)) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	return real(addr, len, prot, flags, fd, off);
}

int link(const char *from, const char *to)
{
	int (*real)(const char *, const char *) = dlsym(RTLD_NEXT, "link");

	if (getenv("SHIM_NOLINK")) {
		errno = EPERM;
		return -1;
	}
	return real(from, to);
}

int linkat(int fd1, const char *from, int fd2, const char *to, int flags)
{
	int (*real)(int, const char *, int, const char *, int) =
		dlsym(RTLD_NEXT, "linkat");

	if (getenv("SHIM_NOLINK")) {
		errno = EPERM;
		return -1;
	}
	return real(fd1, from, fd2, to, flags);
}

int renameat2(int fd1, const char *from, int fd2, const char *to,
	      unsigned int flags)
{
	int (*real)(int, const char *, int, const char *, unsigned int) =
		dlsym(RTLD_NEXT, "renameat2");

	if (getenv("SHIM_NORENAME2")) {
		errno = EINVAL;
		return -1;
	}
	return real(fd1, from, fd2, to, flags);
}

/* The n-th fsync raises the signal SHIM_SIGNAL (a number). */
int fsync(int fd)
{
	int (*real)(int) = dlsym(RTLD_NEXT, "fsync");
	const char *sig = getenv("SHIM_SIGNAL");
	const char *at = getenv("SHIM_SIGNAL_AT");
	static int n;

	if (sig && ++n == (at ? atoi(at) : 1))
		raise(atoi(sig));
	return real(fd);
}
