/* csumbench list [--csv | --names] */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/args.h"
#include "registry/table.h"
#include "workload/mix.h"

enum { OPT_CSV = 256, OPT_NAMES };

static const struct args_opt list_opts[] = {
	{ .name = "csv", .key = OPT_CSV, .help = "one CSV row per kernel" },
	{ .name = "names", .key = OPT_NAMES,
	  .help = "the names alone, one per line, of the kernels\n"
	  "that run here" },
	{ .name = NULL }
};

static const struct args_cmd list_cmd = {
	"list", "[--csv | --names]",
	"Lists the kernels of this build by op (the contract they\n"
	"share): name, arch, whether it takes a run-time prefetch\n"
	"distance, and what it is.  Kernels that need a CPU feature\n"
	"say whether they run here, and if not, why; those that\n"
	"cannot are never gated or timed, and kernels = all leaves\n"
	"them out.  Any path/lib.so:symbol can be named too: the\n"
	"csum contract, or the op named by a string symbol_op in\n"
	"the same library.\n",
	list_opts
};

int cmd_list(int argc, char **argv)
{
	int csv = 0, names = 0, i;
	size_t k, o;
	const char *v;
	struct args a;

	args_begin(&a, &list_cmd, argc, argv);
	while ((i = args_next(&a, &v)) != ARGS_END) {
		if (i == OPT_CSV) {
			csv = 1;
		} else if (i == OPT_NAMES) {
			names = 1;
		} else {
			if (i == ARGS_ARG)
				args_bad_usage(&list_cmd, "unexpected '%s'", v);
			args_end(&a);
			return i == ARGS_HELP ? 0 : 2;
		}
	}
	args_end(&a);
	if (csv && names)
		return args_bad_usage(&list_cmd, "--csv or --names, not both");
	if (names) {
		for (k = 0; k < kernel_count; k++)
			if (!kernel_unavailable(&kernel_table[k]))
				printf("%s\n", kernel_table[k].name);
		return 0;
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
