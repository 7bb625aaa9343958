/* csumbench model -k KERNEL -s SIZE [--cache warm|cold] [--prefetch D]
   [--explain] [--trace]: one call of a kernel under the ppc32 core model
   (docs/model.md), its instructions by class and, with --explain, its
   cycles by cause.  Runs only under the model's plugin (make model). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/flush.h"
#include "call/kernel.h"
#include "cmd/cmd.h"
#include "lib/args.h"
#include "model/model.h"
#include "op/op.h"
#include "op/verify.h"
#include "registry/table.h"

enum { OPT_CACHE = 256, OPT_PREFETCH, OPT_EXPLAIN, OPT_TRACE, OPT_WARMUP };

static const char *const cache_names[] = { "warm", "cold", NULL };

struct model_opts {
	const char *kernel;
	long size;
	int cache;		/* 0 warm, 1 cold */
	long prefetch;
	long warmup;
	int explain, trace;
};

static const struct args_opt model_opts[] = {
	{ .name = "kernel", .key = 'k', .arg = "KERNEL",
	  .help = "the kernel (csumbench list); required",
	  .type = ARGS_STRING, .at = offsetof(struct model_opts, kernel) },
	{ .name = "size", .key = 's', .arg = "N",
	  .help = "bytes per call, 0 to 1048576; required",
	  .type = ARGS_UINT, .at = offsetof(struct model_opts, size),
	  .min = 0, .max = 1 << 20 },
	{ .name = "cache", .key = OPT_CACHE, .arg = "STATE",
	  .help = "warm (after --warmup calls) or cold (warm)",
	  .type = ARGS_ENUM, .at = offsetof(struct model_opts, cache),
	  .names = cache_names },
	{ .name = "prefetch", .key = OPT_PREFETCH, .arg = "D",
	  .help = "a prefetching kernel's distance, bytes (0)",
	  .type = ARGS_UINT, .at = offsetof(struct model_opts, prefetch),
	  .min = 0, .max = 65536 },
	{ .name = "warmup", .key = OPT_WARMUP, .arg = "N",
	  .help = "calls before the one shown (2)",
	  .type = ARGS_UINT, .at = offsetof(struct model_opts, warmup),
	  .min = 0, .max = 1000 },
	{ .name = "explain", .key = OPT_EXPLAIN,
	  .help = "the call's cycles by cause",
	  .type = ARGS_FLAG, .at = offsetof(struct model_opts, explain) },
	{ .name = "trace", .key = OPT_TRACE,
	  .help = "each instruction: address, data address,\nclass, issue cycle",
	  .type = ARGS_FLAG, .at = offsetof(struct model_opts, trace) },
	{ .name = NULL }
};

static const struct args_cmd model_cmd = {
	"model", "-k KERNEL -s N [--cache warm|cold] [OPTION]...",
	"One call of KERNEL on N bytes under the ppc32 core model: its\n"
	"cycles, its instructions by class and, with --explain, where the\n"
	"cycles go (issue, carry chain, load-use, branches, misses, dcbt\n"
	"waits).  The kernel passes the correctness gate first.  An estimate\n"
	"from the preset's model, not a measurement (docs/model.md).  Runs\n"
	"under the model's plugin only: make model ARCH=ppc32 CPU=8xx\n"
	"KERNEL=unroll4 SIZE=1500, or scripts/model.sh.\n",
	model_opts
};

static const char *const class_names[MC_N] = {
	"integer", "carry (adde...)", "load", "store", "branch taken",
	"branch not taken", "dcbt", "dcbz", "dcbf/dcbst", "other",
};
static const char *const cause_names[CAUSE_N] = {
	"issue", "load-use", "carry chain", "branches", "misses",
	"dcbt waits", "other latency",
};

/* One call of k on buf (the dst beside it): what it returned. */
static uint32_t call(const struct kernel *k, unsigned char *buf, unsigned char *dst,
		     uint32_t size, int dist)
{
	model_note_dist(k->prefetch ? (int)k->op->dist_arg : -1, dist);
	return k->op->call(k, buf, dst, size, dist);
}

static void print_counts(const struct model_box *b)
{
	uint32_t total = 0;
	unsigned i;

	for (i = 0; i < MC_N; i++)
		total += b->count[i];
	printf("instructions: %u\n", total);
	for (i = 0; i < MC_N; i++)
		if (b->count[i])
			printf("  %-18s %6u\n", class_names[i], b->count[i]);
}

static void print_causes(const struct model_box *b)
{
	unsigned i;

	printf("cycles by cause:\n");
	for (i = 0; i < CAUSE_N; i++)
		printf("  %-18s %6u  %5.1f%%\n", cause_names[i], b->cause[i],
		       b->cycles ? 100.0 * b->cause[i] / b->cycles : 0.0);
}

static void print_trace(const struct model_box *b)
{
	uint32_t i;

	printf("trace: pc, data address, class, issue cycle\n");
	for (i = 0; i < b->ntrace && i < MODEL_TRACE_MAX; i++)
		printf("  %08x %08x %-18s %u\n", b->rec[i].pc, b->rec[i].ea,
		       b->rec[i].cls < MC_N ? class_names[b->rec[i].cls] : "?",
		       b->rec[i].cycle);
	if (b->ntrace >= MODEL_TRACE_MAX)
		printf("  (the first %d only)\n", MODEL_TRACE_MAX);
}

static int model_one(const struct model_opts *o, const struct kernel *k)
{
	struct model_box *b = &csumbench_model_box;
	uint32_t size = (uint32_t)o->size;
	size_t room = ((size_t)size + (size_t)o->prefetch + 4096 + 63) & ~(size_t)63;
	unsigned char *buf = aligned_alloc(64, room), *dst = aligned_alloc(64, room);
	const struct flusher *fl = flush_select(NULL);
	char err[1024];
	long i;

	if (!buf || !dst) {
		fprintf(stderr, "csumbench model: no memory for %u bytes\n", size);
		return 1;
	}
	for (i = 0; i < (long)room; i++)
		buf[i] = (unsigned char)(i * 131 + 7);
	if (verify_kernel(k, (int)o->prefetch, err, sizeof(err)) != VERIFY_OK) {
		fprintf(stderr, "csumbench model: %s fails the correctness check, "
			"so it is not modelled: %s\n", k->name, err);
		return 1;
	}
	for (i = 0; i < o->warmup; i++)
		call(k, buf, dst, size, (int)o->prefetch);
	if (o->cache == 1 && fl)
		fl->flush(buf, room, 16);
	b->trace = o->trace;
	call(k, buf, dst, size, (int)o->prefetch);
	printf("# %s\n", model_about());
	printf("%s, op %s, %u B, %s, prefetch %ld: %u cycles, %.3f cycles/byte"
	       " (%.1f timebase ticks at %u cycles per tick)\n",
	       k->name, k->op->name, size, cache_names[o->cache], o->prefetch,
	       b->cycles, size ? (double)b->cycles / size : 0.0,
	       b->cycles_per_tick ? (double)b->cycles / b->cycles_per_tick : 0.0,
	       b->cycles_per_tick);
	print_counts(b);
	if (o->explain)
		print_causes(b);
	printf("lines filled: %u; cache ops whose address the model could not tell: %u\n",
	       b->lines_missed, b->ea_unknown);
	if (o->trace)
		print_trace(b);
	free(buf);
	free(dst);
	return 0;
}

int cmd_model(int argc, char **argv)
{
	struct model_opts o = { .warmup = 2, .size = -1 };
	struct args a;
	const struct kernel *k;
	const char *v;
	char err[1024];
	int key, rc = -1;

	args_begin_into(&a, &model_cmd, argc, argv, &o);
	while (rc < 0 && (key = args_next(&a, &v)) != ARGS_END)
		if (key == ARGS_HELP)
			rc = 0;
		else if (key == ARGS_BAD || key == ARGS_ARG)
			rc = key == ARGS_ARG ? args_bad_usage(&model_cmd, "unexpected '%s'", v) : 2;
	args_end(&a);
	if (rc >= 0)
		return rc;
	if (!o.kernel || o.size < 0)
		return args_bad_usage(&model_cmd, "%s is required", !o.kernel ? "-k KERNEL" : "-s SIZE");
	k = kernel_find(o.kernel, err, sizeof(err));
	if (!k) {
		fprintf(stderr, "csumbench model: %s\n", err);
		return 2;
	}
	if (!model_attached()) {
		fprintf(stderr, "csumbench model: the core model's plugin is not "
			"there: run it as make model ARCH=ppc32 CPU=8xx KERNEL=%s "
			"SIZE=%ld (docs/model.md)\n", k->name, o.size);
		return 2;
	}
	return model_one(&o, k);
}
