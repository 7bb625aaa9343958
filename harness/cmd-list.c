/* csumbench list [--csv] */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "kernel.h"

int cmd_list(int argc, char **argv)
{
	int csv = 0, i;
	size_t k;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv")) {
			csv = 1;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: csumbench list [--csv]\n\n"
			       "Lists the kernels of this build: name, arch, op, whether it\n"
			       "takes a run-time prefetch distance, and what it is.  Any\n"
			       "path/lib.so:symbol with the csum contract can be named too.\n");
			return 0;
		} else {
			fprintf(stderr, "csumbench list: unknown option '%s'\n", argv[i]);
			return 2;
		}
	}
	if (csv)
		printf("kernel,arch,op,prefetch,description\n");
	else
		printf("%-14s %-8s %-5s %-8s %s\n", "kernel", "arch", "op",
		       "prefetch", "description");
	for (k = 0; k < kernel_count; k++) {
		const struct kernel *kn = &kernel_table[k];
		if (csv)
			printf("%s,%s,%s,%s,\"%s\"\n", kn->name, kn->arch, kn->op,
			       kn->prefetch ? "yes" : "no", kn->desc);
		else
			printf("%-14s %-8s %-5s %-8s %s\n", kn->name, kn->arch,
			       kn->op, kn->prefetch ? "yes" : "no", kn->desc);
	}
	return 0;
}
