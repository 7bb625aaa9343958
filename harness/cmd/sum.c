/* csumbench sum -k KERNEL [--align N] FILE...: the folded RFC 1071 sum of
   each file (16-bit network-order words), its complement, the name. */
#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/watchdog.h"
#include "cmd/cmd.h"
#include "config/config.h"
#include "lib/args.h"
#include "lib/xalloc.h"
#include "op/verify.h"
#include "registry/table.h"

enum { OPT_ALIGN = 256 };

/* What the command line asks for. */
struct sum_opts {
	const struct kernel *k;
	long align;
	const char **files;
	int nfiles;
};

static const struct args_opt sum_opts[] = {
	{ .name = "kernel", .key = 'k', .arg = "KERNEL",
	  .help = "the csum kernel (csumbench list); required" },
	{ .name = "align", .key = OPT_ALIGN, .arg = "N",
	  .help = "bytes past a page boundary, 0 to 4095 (0)",
	  .type = ARGS_UINT, .at = offsetof(struct sum_opts, align),
	  .min = 0, .max = ALIGN_MAX },
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

/* -k's kernel, found and able to run here: NULL after a message. */
static const struct kernel *find_kernel(const char *name)
{
	const struct kernel *k;
	char err[1024];

	k = kernel_find(name, err, sizeof(err));
	if (!k) {
		fprintf(stderr, "csumbench sum: %s\n", err);
		return NULL;
	}
	if (kernel_unavailable(k)) {
		fprintf(stderr, "csumbench sum: kernel '%s' cannot run on this "
			"CPU: %s\n", k->name, kernel_unavailable(k));
		return NULL;
	}
	return k;
}

/* The options and the files (read once the options are known): -1 to
   go on, else the exit status. */
static int parse_command(struct sum_opts *o, int argc, char **argv)
{
	struct args a;
	const char *v;
	int key, rc = -1;

	o->files = xcalloc((size_t)argc + 1, sizeof(*o->files), "the command line");
	args_begin_into(&a, &sum_cmd, argc, argv, o);
	while (rc < 0 && (key = args_next(&a, &v)) != ARGS_END) {
		if (key == ARGS_HELP)
			rc = 0;
		else if (key == ARGS_ARG)
			o->files[o->nfiles++] = v;
		else if (key != 'k' || !(o->k = find_kernel(v)))
			rc = 2;
	}
	args_end(&a);
	if (rc < 0 && (!o->k || !o->nfiles))
		rc = args_bad_usage(&sum_cmd, "%s", !o->k ? "-k KERNEL is required" :
				    "no FILE given");
	return rc;
}

/* A csum kernel that passes the gate: 0, or the exit status after a
   message. */
static int check_kernel(const struct kernel *k)
{
	char err[1024];

	if (k->op != &op_csum) {
		fprintf(stderr, "csumbench sum: kernel '%s' is op %s; sum takes "
			"csum kernels (csumbench list shows each kernel's op)\n",
			k->name, k->op->name);
		return 2;
	}
	switch (verify_kernel(k, 0, err, sizeof(err))) {
	case VERIFY_OK:
		return 0;
	case VERIFY_UNSAFE:
		watchdog_abandon(err);
	default:
		fprintf(stderr, "csumbench sum: kernel fails the correctness check: %s\n",
			err);
		return 1;
	}
}

/* Each file's sum printed: 0, or 1 if one could not be summed. */
static int sum_files(const struct sum_opts *o)
{
	unsigned char *mem, net[2];
	uint16_t folded;
	int f, rc = 0;

	mem = aligned_alloc(4096, ((size_t)o->align + CHUNK + 4095) & ~(size_t)4095);
	if (!mem) {
		fprintf(stderr, "csumbench sum: no memory for a 1 MiB buffer\n");
		return 1;
	}
	for (f = 0; f < o->nfiles; f++) {
		if (sum_file(o->k, o->files[f], mem + o->align, &folded)) {
			rc = 1;
			continue;
		}
		/* Host-order sum; its bytes in memory are the network order. */
		memcpy(net, &folded, 2);
		printf("%02x%02x %02x%02x  %s\n", net[0], net[1],
		       (unsigned char)~net[0], (unsigned char)~net[1], o->files[f]);
	}
	free(mem);
	return rc;
}

int cmd_sum(int argc, char **argv)
{
	struct sum_opts o = { 0 };
	int rc = parse_command(&o, argc, argv);

	if (rc < 0) {
		rc = check_kernel(o.k);
		if (!rc)
			rc = sum_files(&o);
	}
	free(o.files);
	return rc;
}
