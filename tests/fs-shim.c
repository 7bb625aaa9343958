/* LD_PRELOAD for the output tests: a filesystem without hard links (as
   vfat and exFAT), one without renameat2's RENAME_NOREPLACE (as some
   network filesystems and old kernels), and a signal in the middle of
   the final write, each by an environment variable. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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
