/* The kernel table, expanded from kernels/generic/kernels.def and the
   build architecture's kernels/<arch>/kernels.def (ARCH_KERNELS_DEF). */
#include <stdio.h>
#include <string.h>

#include "kernel.h"

#define PROTO_csum(sym) csum_fn sym;
#define PROTO_PF_csum(sym) csum_pf_fn sym;
#define KERNEL(op, name, sym, arch, desc) PROTO_##op(sym)
#define KERNEL_PF(op, name, sym, arch, nopf, desc) PROTO_PF_##op(sym)
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
#undef KERNEL
#undef KERNEL_PF

#define KERNEL(op, name, sym, arch, desc) \
	{ name, #arch, #op, desc, NULL, false, (void (*)(void))sym },
#define KERNEL_PF(op, name, sym, arch, nopf, desc) \
	{ name, #arch, #op, desc, nopf, true, (void (*)(void))sym },
const struct kernel kernel_table[] = {
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
};
#undef KERNEL
#undef KERNEL_PF

const size_t kernel_count = sizeof(kernel_table) / sizeof(kernel_table[0]);

const struct kernel *kernel_find(const char *name, char *err, size_t errlen)
{
	size_t i, n;

	for (i = 0; i < kernel_count; i++)
		if (strcmp(kernel_table[i].name, name) == 0)
			return &kernel_table[i];
	if (strchr(name, ':'))
		return kernel_load_so(name, err, errlen);
	n = (size_t)snprintf(err, errlen, "unknown kernel '%s', expected one of:",
			     name);
	for (i = 0; i < kernel_count && n < errlen; i++)
		n += (size_t)snprintf(err + n, errlen - n, " %s",
				      kernel_table[i].name);
	if (n < errlen)
		snprintf(err + n, errlen - n, " or path/lib.so:symbol");
	return NULL;
}

const struct kernel *kernel_nopf(const struct kernel *k)
{
	size_t i;

	if (!k->prefetch)
		return k;
	for (i = 0; i < kernel_count; i++)
		if (strcmp(kernel_table[i].name, k->nopf) == 0)
			return &kernel_table[i];
	return NULL;
}
