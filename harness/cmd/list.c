/* csumbench list [--csv] */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "kernel/table.h"
#include "workload/mix.h"

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
			       "distance, and what it is.  Kernels that need a CPU feature\n"
			       "say whether they run here, and if not, why; those that\n"
			       "cannot are never gated or timed, and kernels = all leaves\n"
			       "them out.  Any path/lib.so:symbol can be named too: the\n"
			       "csum contract, or the op named by a string symbol_op in\n"
			       "the same library.\n");
			return 0;
		} else {
			fprintf(stderr, "csumbench list: unknown option '%s'\n", argv[i]);
			return 2;
		}
	}
	if (csv) {
		printf("kernel,arch,op,prefetch,description,runs\n");
		for (k = 0; k < kernel_count; k++) {
			const struct kernel *kn = &kernel_table[k];
			const char *why = kernel_unavailable(kn);
			printf("%s,%s,%s,%s,\"%s\",%s\n", kn->name, kn->arch,
			       kn->op->name, kn->prefetch ? "yes" : "no", kn->desc,
			       why ? why : "yes");
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
			const char *why;

			if (kn->op != op)
				continue;
			printf("  %-22s %-8s %-3s %s\n", kn->name, kn->arch,
			       kn->prefetch ? "yes" : "no", kn->desc);
			if (!kn->needs)
				continue;
			why = kernel_unavailable(kn);
			if (why)
				printf("  %-35s unavailable: %s\n", "", why);
			else
				printf("  %-35s runs here (uses %s)\n", "", kn->needs);
		}
	}
	printf("\nsizes = mix:FILE takes 'size weight' text, and captures: %s\n",
	       mix_capture_support);
	return 0;
}
