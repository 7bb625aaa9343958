/* User kernels from a shared object: "path/lib.so:symbol".  The csum
   contract, unless the library also exports a string "symbol_op" naming
   another op (ip_fast_csum, csum_copy). */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "registry/table.h"

#ifdef CSUMBENCH_STATIC
const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot load '%s': this is a static build "
		 "(build without STATIC=1 to load .so kernels)", spec);
	return NULL;
}

const struct kernel *kernel_so_copy(const struct kernel *k, char *err,
				    size_t errlen)
{
	snprintf(err, errlen, "cannot load '%s': this is a static build", k->name);
	return NULL;
}
#else
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

/* The file of "path/lib.so:symbol", as dlopen is to open it: a bare
   name would be searched for on the library path, and a user means a
   file.  NULL when spec has no such form. */
static char *so_path(const char *spec, const char **symbol)
{
	const char *colon = strrchr(spec, ':');
	size_t n;

	if (!colon || colon == spec || !colon[1])
		return NULL;
	n = (size_t)(colon - spec);
	*symbol = colon + 1;
	return memchr(spec, '/', n) ? xstrndup(spec, n, "a kernel's path") :
	       xasprintf("a kernel's path", "./%.*s", (int)n, spec);
}

/* spec's kernel, from the file at path (spec's own, or a copy of it). */
static const struct kernel *load_from(const char *spec, const char *path,
				      const char *symbol, char *err,
				      size_t errlen)
{
	const char *colon = symbol - 1;
	const struct op *op;
	struct kernel *k;
	void *h, *sym;

	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(err, errlen, "cannot load '%s': %s", spec, dlerror());
		return NULL;
	}
	sym = dlsym(h, colon + 1);
	if (!sym) {
		snprintf(err, errlen, "'%s': no symbol '%s' in that library",
			 spec, colon + 1);
		dlclose(h);
		return NULL;
	}
	{
		char opsym[512];
		const char *opname;
		snprintf(opsym, sizeof(opsym), "%s_op", colon + 1);
		opname = dlsym(h, opsym);
		op = opname ? op_find(opname) : &op_csum;
		if (!op) {
			/* Shown as text: a pointer in its place is no string. */
			char shown[41];
			size_t i;
			for (i = 0; i < 40 && opname[i]; i++)
				shown[i] = isprint((unsigned char)opname[i]) ?
					   opname[i] : '?';
			shown[i] = '\0';
			snprintf(err, errlen, "'%s': %s names op '%s', expected "
				 "csum, ip_fast_csum or csum_copy (as const char "
				 "%s[] = \"csum_copy\";)", spec, opsym, shown, opsym);
			dlclose(h);
			return NULL;
		}
	}
	k = xcalloc(1, sizeof(*k), "a kernel from a shared object");
	k->name = xstrdup(spec, "a kernel from a shared object");
	k->arch = "so";
	k->op = op;
	k->desc = "user kernel loaded with dlopen";
	k->fn = (void (*)(void))sym;
	return k;	/* lives as long as the process */
}

const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen)
{
	const char *symbol;
	char *path = so_path(spec, &symbol);
	const struct kernel *k;

	if (!path) {
		snprintf(err, errlen, "'%s': expected path/lib.so:symbol", spec);
		return NULL;
	}
	k = load_from(spec, path, symbol, err, errlen);
	free(path);
	return k;
}

/* Copies the file at path into fd: 0, or -1 with errno set. */
static int copy_into(const char *path, int out)
{
	char buf[65536];
	ssize_t n;
	int in = open(path, O_RDONLY | O_CLOEXEC), saved;

	if (in < 0)
		return -1;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
	saved = errno;
	close(in);
	errno = saved;
	return n < 0 ? -1 : 0;
}

/* A second load of one object needs a second file: dlopen loads a file
   once.  The copy is an anonymous memory file, opened by its
   /proc/self/fd name and kept open (a name reused by a later copy would
   be taken for the first), so a noexec /tmp does not matter; where
   memfd_create is refused, a file in the temporary folder, unlinked once
   loaded (the mapping stays). */
const struct kernel *kernel_so_copy(const struct kernel *k, char *err,
				    size_t errlen)
{
	const char *symbol, *tmp = getenv("TMPDIR");
	char *path = so_path(k->name, &symbol), *copy, fdpath[64];
	const struct kernel *c = NULL;
	bool ok;
	int fd;

	if (!path) {
		snprintf(err, errlen, "'%s': expected path/lib.so:symbol", k->name);
		return NULL;
	}
	fd = memfd_create("csumbench-layout", MFD_CLOEXEC);
	if (fd >= 0) {
		if (copy_into(path, fd) == 0) {
			snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
			c = load_from(k->name, fdpath, symbol, err, errlen);
		}
		if (c) {
			free(path);
			return c;	/* fd stays open with the copy */
		}
		close(fd);
	}
	copy = xasprintf("a kernel's copy", "%s/csumbench-layout-XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(copy);
	ok = fd >= 0 && copy_into(path, fd) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok) {
		snprintf(err, errlen, "a copy of '%s' for layouts: %s: %s", k->name,
			 fd < 0 ? copy : path, strerror(errno));
		if (fd >= 0)
			unlink(copy);
		free(copy);
		free(path);
		return NULL;
	}
	c = load_from(k->name, copy, symbol, err, errlen);
	unlink(copy);
	free(copy);
	free(path);
	return c;
}
#endif
