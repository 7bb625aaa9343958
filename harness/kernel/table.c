/* The kernel table, expanded from kernels/generic/kernels.def and the
   build architecture's kernels/<arch>/kernels.def (ARCH_KERNELS_DEF). */
#include <stdio.h>
#include <string.h>

#include "call/cpufeat.h"
#include "generic/csum-best.h"
#include "kernel/table.h"
#include "kspace/kspace.h"

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
#define KERNEL(op, name, sym, arch, desc) PROTO_##op(sym) LOOP_MARK(sym)
#define KERNEL_PF(op, name, sym, arch, nopf, step, desc) PROTO_PF_##op(sym) LOOP_MARK(sym)
#define KERNEL_NEEDS(op, name, sym, arch, needs, desc) KERNEL(op, name, sym, arch, desc)
#define KERNEL_PF_NEEDS(op, name, sym, arch, nopf, needs, step, desc) \
	KERNEL_PF(op, name, sym, arch, nopf, step, desc)
#define KERNEL_PSEUDO KERNEL
#define KERNEL_FIXED KERNEL
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
#ifdef AB_KERNELS_DEF
#include AB_KERNELS_DEF
#endif
#undef KERNEL
#undef KERNEL_PF
#undef KERNEL_NEEDS
#undef KERNEL_PF_NEEDS
#undef KERNEL_PSEUDO
#undef KERNEL_FIXED

#define ROW_AT(op, name, sym, arch, desc, nopf, pf, pseudo, symname, needs, step) \
	{ name, #arch, &op_##op, desc, nopf, pf, pseudo, (void (*)(void))sym, \
	  symname, sym##_loop, needs, step, 0, NULL, 0 },
#define ROW(op, name, sym, arch, desc, nopf, pf, pseudo) \
	ROW_AT(op, name, sym, arch, desc, nopf, pf, pseudo, #sym, NULL, 0)
#define KERNEL(op, name, sym, arch, desc) \
	ROW(op, name, sym, arch, desc, NULL, false, false)
#define KERNEL_PF(op, name, sym, arch, nopf, step, desc) \
	ROW_AT(op, name, sym, arch, desc, nopf, true, false, #sym, NULL, step)
/* Runs only where the CPU has the features named (cpufeat.h). */
#define KERNEL_NEEDS(op, name, sym, arch, needs, desc) \
	ROW_AT(op, name, sym, arch, desc, NULL, false, false, #sym, needs, 0)
#define KERNEL_PF_NEEDS(op, name, sym, arch, nopf, needs, step, desc) \
	ROW_AT(op, name, sym, arch, desc, nopf, true, false, #sym, needs, step)
#define KERNEL_PSEUDO(op, name, sym, arch, desc) \
	ROW(op, name, sym, arch, desc, NULL, false, true)
/* No symbol: not copied for code_offset (its calls would not follow). */
#define KERNEL_FIXED(op, name, sym, arch, desc) \
	ROW_AT(op, name, sym, arch, desc, NULL, false, false, NULL, NULL, 0)
const struct kernel kernel_table[] = {
#include "generic/kernels.def"
#ifdef ARCH_KERNELS_DEF
#include ARCH_KERNELS_DEF
#endif
#ifdef AB_KERNELS_DEF
#include AB_KERNELS_DEF
#endif
};
#undef KERNEL
#undef KERNEL_PF
#undef KERNEL_NEEDS
#undef KERNEL_PF_NEEDS
#undef KERNEL_PSEUDO
#undef KERNEL_FIXED

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
