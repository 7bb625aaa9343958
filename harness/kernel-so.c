/* User kernels from a shared object: "path/lib.so:symbol".  The csum
   contract, unless the library also exports a string "symbol_op" naming
   another op (ip_fast_csum, csum_copy). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "xalloc.h"

#ifdef CSUMBENCH_STATIC
const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot load '%s': this is a static build "
		 "(build without STATIC=1 to load .so kernels)", spec);
	return NULL;
}
#else
#include <dlfcn.h>

const struct kernel *kernel_load_so(const char *spec, char *err, size_t errlen)
{
	const char *colon = strrchr(spec, ':');
	const struct op *op;
	struct kernel *k;
	char *path;
	size_t n;
	void *h, *sym;

	if (!colon || colon == spec || !colon[1]) {
		snprintf(err, errlen, "'%s': expected path/lib.so:symbol", spec);
		return NULL;
	}
	/* dlopen searches the library path for a bare name; a user means a file. */
	n = (size_t)(colon - spec);
	path = memchr(spec, '/', n) ? xstrndup(spec, n, "a kernel's path") :
	       xasprintf("a kernel's path", "./%.*s", (int)n, spec);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	free(path);
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
#endif
