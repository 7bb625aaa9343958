/* csumbench code KERNEL: the bytes csumbench.ko times for a kernel:NAME
   kernel (the running kernel's own function), as hex, so that a patched
   kernel's function can be disassembled here or on the host:
     # SYMBOL ADDRESS SIZE SHA256 KERNEL
     16 bytes per line, as hex digits */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "kspace/kspace.h"
#include "lib/args.h"
#include "lib/sha256.h"
#include "registry/table.h"

static const struct args_opt code_opts[] = {
	{ .name = NULL }
};

static const struct args_cmd code_cmd = {
	"code", "KERNEL",
	"Prints the bytes of the function a kernel-space kernel runs (a\n"
	"kernel:NAME kernel of csumbench.ko: the running kernel's own, as\n"
	"kallsyms sizes it): first \"# SYMBOL ADDRESS SIZE SHA256 KERNEL\",\n"
	"the line the results' \"# kernel_function:\" gives, then the bytes\n"
	"as hex, 16 to a line, in memory order.  xxd -r -p turns them back\n"
	"into bytes for objdump -b binary.  csumbench.ko must be loaded.\n",
	code_opts
};

int cmd_code(int argc, char **argv)
{
	const char *v, *name = NULL, *sym;
	char err[1024], hex[65];
	unsigned char *bytes;
	uint64_t addr;
	struct args a;
	size_t n, i;
	const struct kernel *k;
	int o;

	args_begin(&a, &code_cmd, argc, argv);
	while ((o = args_next(&a, &v)) != ARGS_END) {
		switch (o) {
		case ARGS_HELP:
			args_end(&a);
			return 0;
		case ARGS_ARG:
			if (name) {
				args_end(&a);
				return args_bad_usage(&code_cmd, "one KERNEL, not '%s' too", v);
			}
			name = v;
			break;
		default:
			args_end(&a);
			return 2;
		}
	}
	args_end(&a);
	if (!name)
		return args_bad_usage(&code_cmd, "%s", "KERNEL is required (kernel:csum_partial, ...)");
	if (strncmp(name, "kernel:", 7) != 0) {
		fprintf(stderr, "csumbench code: '%s': expected a kernel:NAME kernel "
			"(the running kernel's own functions, in csumbench.ko)\n", name);
		return 2;
	}
	k = kernel_find(name, err, sizeof(err));
	if (!k) {
		fprintf(stderr, "csumbench code: %s\n", err);
		return 2;
	}
	if (kspace_code(k, &bytes, &n, &sym, &addr, err, sizeof(err))) {
		fprintf(stderr, "csumbench code: %s\n", err);
		return 1;
	}
	sha256_hex(bytes, n, hex);
	printf("# %s 0x%llx %zu %s %s\n", sym, (unsigned long long)addr, n, hex,
	       k->name);
	for (i = 0; i < n; i++)
		printf("%02x%s", bytes[i], i % 16 == 15 || i == n - 1 ? "\n" : "");
	free(bytes);
	return 0;
}
