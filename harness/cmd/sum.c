/* csumbench sum -k KERNEL [--align N] FILE...: the folded RFC 1071 sum of
   each file (16-bit network-order words), its complement, the name. */
#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/watchdog.h"
#include "cmd/cmd.h"
#include "config/config.h"
#include "kernel/table.h"
#include "lib/args.h"
#include "op/verify.h"

enum { OPT_ALIGN = 256 };

static const struct args_opt sum_opts[] = {
	{ .name = "kernel", .key = 'k', .arg = "KERNEL",
	  .help = "the csum kernel (csumbench list); required" },
	{ .name = "align", .key = OPT_ALIGN, .arg = "N",
	  .help = "bytes past a page boundary, 0 to 4095 (0)" },
	{ .name = NULL }
};

static const struct args_cmd sum_cmd = {
	"sum", "-k KERNEL [--align N] [--] FILE...",
	"Prints for each FILE (- for standard input) the ones'-complement\n"
	"sum of its bytes as 16-bit network-order words, the checksum (its\n"
	"complement) and the name.  Files of any length are read in chunks\n"
	"of 1 MiB placed N bytes past a page boundary (--align, 0 to 4095).\n"
	"The kernel passes the correctness gate first, and every chunk is\n"
	"checked against ref as it goes.\n",
	sum_opts
};

/* Even, so a sum carried from one chunk to the next keeps every byte in
   its place in a 16-bit word (csum_partial's contract). */
#define CHUNK (1u << 20)

/* One call under the watchdog: false if the kernel was stopped. */
static bool call(const struct kernel *k, const unsigned char *p, size_t n,
		 uint32_t *sum)
{
	uint32_t s = *sum;
	bool done;

	WATCHDOG_RUN(done, k, watchdog_limit(k, (double)n, 1, 0),
		     s = kernel_csum(k, p, (int)n, s, 0));
	if (!done)
		return false;
	*sum = s;
	return true;
}

/* The sum of one file, streamed: 0, or 1 after a message. */
static int sum_file(const struct kernel *k, const char *name,
		    unsigned char *buf, uint16_t *folded)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	uint32_t sum = 0, ref = 0;
	uint64_t at = 0;
	size_t n;
	int rc = 0;

	if (!f) {
		fprintf(stderr, "csumbench sum: %s: %s\n", name, strerror(errno));
		return 1;
	}
	while ((n = fread(buf, 1, CHUNK, f)) > 0) {
		if (!call(k, buf, n, &sum)) {
			char msg[1200];
			snprintf(msg, sizeof(msg), "%s: did not return within %.1f s "
				 "on %s, bytes %llu to %llu: stopped%s", k->name,
				 watchdog_last_limit(), name, (unsigned long long)at,
				 (unsigned long long)(at + n),
				 watchdog_stopped_safely() ? "" : "; it was stopped "
				 "outside its own code, where going on is not safe");
			if (!watchdog_stopped_safely())
				watchdog_abandon(msg);
			fprintf(stderr, "csumbench sum: %s\n", msg);
			rc = 1;
			break;
		}
		ref = verify_ref(buf, (int)n, ref);
		if (csum_fold16(sum) != csum_fold16(ref)) {
			fprintf(stderr, "csumbench sum: %s disagrees with ref on %s, "
				"bytes %llu to %llu: folded 0x%04x, ref 0x%04x\n",
				k->name, name, (unsigned long long)at,
				(unsigned long long)(at + n), csum_fold16(sum),
				csum_fold16(ref));
			rc = 1;
			break;
		}
		at += n;
		if (n < CHUNK)
			break;
	}
	if (!rc && ferror(f)) {
		fprintf(stderr, "csumbench sum: %s: %s\n", name, strerror(errno));
		rc = 1;
	}
	if (f != stdin)
		fclose(f);
	*folded = csum_fold16(sum);
	return rc;
}

int cmd_sum(int argc, char **argv)
{
	const struct kernel *k = NULL;
	char err[1024];
	long align = 0;
	int i, f, rc = 0, files = 0;
	char *file[argc];
	const char *v;
	struct args a;
	unsigned char *mem;

	args_begin(&a, &sum_cmd, argc, argv);
	while ((i = args_next(&a, &v)) != ARGS_END) {
		char *end;

		switch (i) {
		case ARGS_HELP:
			args_end(&a);
			return 0;
		case ARGS_ARG:
			file[files++] = (char *)v;	/* read once the options are known */
			break;
		case 'k':
			k = kernel_find(v, err, sizeof(err));
			if (!k) {
				fprintf(stderr, "csumbench sum: %s\n", err);
				args_end(&a);
				return 2;
			}
			if (kernel_unavailable(k)) {
				fprintf(stderr, "csumbench sum: kernel '%s' cannot "
					"run on this CPU: %s\n", k->name,
					kernel_unavailable(k));
				args_end(&a);
				return 2;
			}
			break;
		case OPT_ALIGN:
			align = strtol(v, &end, 10);
			if (*end || end == v || align < 0 || align > ALIGN_MAX) {
				fprintf(stderr, "csumbench sum: --align '%s', expected "
					"0 to %d\n", v, ALIGN_MAX);
				args_end(&a);
				return 2;
			}
			break;
		default:
			args_end(&a);
			return 2;
		}
	}
	args_end(&a);
	if (!k || !files)
		return args_bad_usage(&sum_cmd, "%s", !k ? "-k KERNEL is required" :
				      "no FILE given");
	if (k->op != &op_csum) {
		fprintf(stderr, "csumbench sum: kernel '%s' is op %s; sum takes "
			"csum kernels (csumbench list shows each kernel's op)\n",
			k->name, k->op->name);
		return 2;
	}
	switch (verify_kernel(k, 0, err, sizeof(err))) {
	case VERIFY_OK:
		break;
	case VERIFY_UNSAFE:
		watchdog_abandon(err);
	default:
		fprintf(stderr, "csumbench sum: kernel fails the correctness check: %s\n",
			err);
		return 1;
	}
	mem = aligned_alloc(4096, ((size_t)align + CHUNK + 4095) & ~(size_t)4095);
	if (!mem) {
		fprintf(stderr, "csumbench sum: no memory for a 1 MiB buffer\n");
		return 1;
	}
	for (f = 0; f < files; f++) {
		unsigned char net[2];
		uint16_t folded;

		if (sum_file(k, file[f], mem + align, &folded)) {
			rc = 1;
			continue;
		}
		/* Host-order sum; its bytes in memory are the network order. */
		memcpy(net, &folded, 2);
		printf("%02x%02x %02x%02x  %s\n", net[0], net[1],
		       (unsigned char)~net[0], (unsigned char)~net[1], file[f]);
	}
	free(mem);
	return rc;
}
