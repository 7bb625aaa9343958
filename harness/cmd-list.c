/* csumbench list [--csv] */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "kernel.h"
#include "mix.h"

int cmd_list(int argc, char **argv)
{
	int csv = 0, i;
	size_t k, o;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv")) {
			csv = 1;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: csumbench list [--csv]\n\n"
			       "Lists the kernels of this build by op (the contract they\n"
			       "share): name, arch, whether it takes a run-time prefetch\n"
			       "distance, and what it is.  Any path/lib.so:symbol can be\n"
			       "named too: the csum contract, or the op named by a string\n"
			       "symbol_op in the same library.\n");
			return 0;
		} else {
			fprintf(stderr, "csumbench list: unknown option '%s'\n", argv[i]);
			return 2;
		}
	}
	if (csv) {
		printf("kernel,arch,op,prefetch,description\n");
		for (k = 0; k < kernel_count; k++) {
			const struct kernel *kn = &kernel_table[k];
			printf("%s,%s,%s,%s,\"%s\"\n", kn->name, kn->arch,
			       kn->op->name, kn->prefetch ? "yes" : "no", kn->desc);
		}
		return 0;
	}
	for (o = 0; o < op_count; o++) {
		const struct op *op = op_table[o];
		printf("%sop %s: %s\n  size: %s\n", o ? "\n" : "", op->name,
		       op->contract, op->size_means);
		printf("  %-22s %-8s %-3s %s\n", "kernel", "arch", "pf", "description");
		for (k = 0; k < kernel_count; k++) {
			const struct kernel *kn = &kernel_table[k];
			if (kn->op == op)
				printf("  %-22s %-8s %-3s %s\n", kn->name, kn->arch,
				       kn->prefetch ? "yes" : "no", kn->desc);
		}
	}
	printf("\nsizes = mix:FILE takes 'size weight' text, and captures: %s\n",
	       mix_capture_support);
	return 0;
}
