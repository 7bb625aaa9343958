/* csumbench sum -k KERNEL [--align N] FILE...: the folded RFC 1071 sum of
   each file (16-bit network-order words), its complement, the name. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "config.h"
#include "kernel.h"
#include "verify.h"

static int sum_usage(FILE *f)
{
	fprintf(f, "usage: csumbench sum -k KERNEL [--align N] FILE...\n\n"
		"Prints for each FILE (- for standard input) the ones'-complement\n"
		"sum of its bytes as 16-bit network-order words, the checksum (its\n"
		"complement) and the name.  --align places the data N bytes past\n"
		"a page boundary (0 to 4095).  The kernel passes the correctness\n"
		"gate first.\n");
	return f == stdout ? 0 : 2;
}

/* The whole file, copied to align bytes past a page boundary. */
static unsigned char *slurp(const char *name, size_t align, size_t *len)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	unsigned char *data = NULL, *out = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 1 << 16;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		got = fread(data + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	if (!ferror(f)) {
		out = aligned_alloc(4096, (align + n + 4096) & ~(size_t)4095);
		if (!out)
			abort();
		memcpy(out + align, data, n);
	}
	free(data);
	if (f != stdin)
		fclose(f);
	*len = n;
	return out;
}

int cmd_sum(int argc, char **argv)
{
	const struct kernel *k = NULL;
	char err[1024];
	long align = 0;
	int i, f, rc = 0, files = 0;
	char *file[argc];

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return sum_usage(stdout);
		if (!strcmp(argv[i], "-k") && i + 1 < argc) {
			k = kernel_find(argv[++i], err, sizeof(err));
			if (!k) {
				fprintf(stderr, "csumbench sum: %s\n", err);
				return 2;
			}
		} else if (!strcmp(argv[i], "--align") && i + 1 < argc) {
			char *end;
			align = strtol(argv[++i], &end, 10);
			if (*end || end == argv[i] || align < 0 || align > ALIGN_MAX) {
				fprintf(stderr, "csumbench sum: --align '%s', expected "
					"0 to %d\n", argv[i], ALIGN_MAX);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "csumbench sum: unknown option '%s'\n", argv[i]);
			return sum_usage(stderr);
		} else {
			file[files++] = argv[i];	/* read once the options are known */
		}
	}
	if (!k || !files) {
		fprintf(stderr, "csumbench sum: %s\n",
			!k ? "-k KERNEL is required" : "no FILE given");
		return sum_usage(stderr);
	}
	if (verify_kernel(k, 0, err, sizeof(err))) {
		fprintf(stderr, "csumbench sum: kernel fails the correctness check: %s\n",
			err);
		return 1;
	}
	for (f = 0; f < files; f++) {
		unsigned char *buf, net[2];
		uint16_t folded;
		size_t len;

		buf = slurp(file[f], (size_t)align, &len);
		if (!buf) {
			fprintf(stderr, "csumbench sum: %s: %s\n", file[f], strerror(errno));
			rc = 1;
			continue;
		}
		if (len > INT_MAX) {
			fprintf(stderr, "csumbench sum: %s: larger than 2 GiB\n", file[f]);
			free(buf);
			rc = 1;
			continue;
		}
		folded = csum_fold16(kernel_csum(k, buf + align, (int)len, 0, 0));
		/* Host-order sum; its bytes in memory are the network order. */
		memcpy(net, &folded, 2);
		printf("%02x%02x %02x%02x  %s\n", net[0], net[1],
		       (unsigned char)~net[0], (unsigned char)~net[1], file[f]);
		free(buf);
	}
	return rc;
}
