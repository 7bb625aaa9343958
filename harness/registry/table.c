/* The kernel table, expanded from kernels/generic/kernels.def and the
   build architecture's kernels/<arch>/kernels.def (ARCH_KERNELS_DEF). */
#include <stdio.h>
#include <string.h>

#include "call/cpufeat.h"
#include "generic/csum-best.h"
#include "kspace/kspace.h"
#include "registry/table.h"

/* Prototypes, and a weak reference to the hot-loop mark that assembly
   kernels define (LOOP() in kernels/ppc32/ppc32-asm.h); NULL elsewhere. */
#define PROTO_csum(sym) csum_fn sym;
#define PROTO_PF_csum(sym) csum_pf_fn sym;
#define PROTO_ip_fast_csum(sym) ip_fast_csum_fn sym;
#define PROTO_csum_copy(sym) csum_copy_fn sym;
#define PROTO_load(sym) load_fn sym;
#define PROTO_PF_load(sym) load_pf_fn sym;
#define PROTO_PF_csum_copy(sym) csum_copy_pf_fn sym;
#define LOOP_MARK(sym) extern const char sym##_loop[] __attribute__((weak));
#define KERNEL(op, name, sym, arch, desc, ...) PROTO_##op(sym) LOOP_MARK(sym)
#define KERNEL_PF(op, name, sym, arch, desc, ...) PROTO_PF_##op(sym) LOOP_MARK(sym)
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
#ifdef AB_KERNELS_DEF
#include AB_KERNELS_DEF
#endif
#undef KERNEL
#undef KERNEL_PF

/* A row: the five parts every kernel has, then the optional ones the
   .def names (.needs, .nopf, .pf_step, .pseudo), which may override a
   default (.sym = NULL: a kernel that calls other code is not copied).
   The parameters are spelled apart from the fields they fill. */
#define KERNEL(o, n, s, a, d, ...)                                         \
	{ .name = n, .arch = #a, .op = &op_##o, .desc = d,                 \
	  .fn = (void (*)(void))s, .sym = #s, .loop = s##_loop, __VA_ARGS__ },
#define KERNEL_PF(o, n, s, a, d, ...) \
	KERNEL(o, n, s, a, d, .prefetch = true, __VA_ARGS__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
const struct kernel kernel_table[] = {
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
#ifdef AB_KERNELS_DEF
#include AB_KERNELS_DEF
#endif
};
#pragma GCC diagnostic pop
#undef KERNEL
#undef KERNEL_PF

const size_t kernel_count = sizeof(kernel_table) / sizeof(kernel_table[0]);
const struct kernel *const kernel_empty = &kernel_table[0];

const struct kernel *kernel_find(const char *name, char *err, size_t errlen)
{
	size_t i, n;

	/* kernel:NAME, the running kernel's own functions, are csumbench.ko's
	   (space = kernel); opening it here lists them */
	if (strncmp(name, "kernel:", 7) == 0) {
		const struct kernel *k;
		char why[512];
		if (kspace_open(why, sizeof(why))) {
			snprintf(err, errlen, "%s is timed in the kernel, by "
				 "csumbench.ko (space = kernel): %s", name, why);
			return NULL;
		}
		if ((k = kspace_find(name)))
			return k;
		snprintf(err, errlen, "unknown kernel '%s': csumbench.ko has %s",
			 name, kspace_names());
		return NULL;
	}
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

const char *kernel_unavailable(const struct kernel *k)
{
	return k->needs ? cpufeat_missing(k->needs) : NULL;
}

const struct kernel *kernel_nopf(const struct kernel *k)
{
	size_t i;

	if (!k->prefetch)
		return k;
	if (k->kspace)
		return kspace_find(k->nopf);
	for (i = 0; i < kernel_count; i++)
		if (strcmp(kernel_table[i].name, k->nopf) == 0)
			return &kernel_table[i];
	return NULL;
}

/* The first pseudo-kernel of the op in the table: each op has one.  In
   kernel space, the module's. */
const struct kernel *op_empty(const struct op *o)
{
	size_t i;

	if (kspace_opened() && kspace_empty(o))
		return kspace_empty(o);
	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].pseudo && kernel_table[i].op == o)
			return &kernel_table[i];
	return NULL;
}
