/* Config parsing, good cases: what each accepted form expands to.  The
   bad cases run the real command line in tests/cli.sh, where the exit
   status and the FILE:LINE of the message are asserted. */
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "call/place.h"
#include "check.h"
#include "config/config.h"
#include "config/keys.h"

static int write_conf(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int u32_list_is(const uint32_t *v, size_t n, const uint32_t *want,
		       size_t nwant)
{
	return n == nwant && memcmp(v, want, n * sizeof(*v)) == 0;
}

/* What a run without a config gets: every csum kernel but the empty
   one, then the roofline, >= 31 samples, warm, no prefetch, pinned,
   rounds, code in place. */
static void defaults(struct config *c)
{
	size_t i, ncsum;

	config_defaults(c);
	CHECK(config_resolve(c) == 0, "defaults resolve");
	for (i = 0, ncsum = 0; i < kernel_count; i++)
		ncsum += kernel_table[i].op == &op_csum && !kernel_table[i].pseudo &&
			 !kernel_unavailable(&kernel_table[i]);
	CHECK(c->nkernels == ncsum + 1 && c->roofline &&
	      c->kernels[ncsum] == c->roofline && c->samples >= 31 && c->ncaches == 1 &&
	      c->nprefetch == 1 && c->prefetch[0] == PREFETCH_NONE &&
	      c->cpu == CPU_AUTO && c->repeat == 1 && c->order == ORDER_ROUNDS &&
	      c->ncode_offset == 1 && c->code_offset[0] == CODE_OFFSET_NONE,
	      "defaults: every csum kernel but the empty one, then the roofline, "
	      ">= 31 samples, warm, no prefetch, pinned, rounds, code in place");
}

/* Values as --set gives them: ranges, lists, suffixes, none, auto. */
static void values(struct config *c)
{
	static const uint32_t add[] = { 64, 128, 192, 256 };
	static const uint32_t mul[] = { 64, 128, 256, 512, 1024 };
	static const uint32_t mixed[] = { 1, 4096, 65536, 40, 80, 1500 };

	CHECK(config_set(c, "sizes=64..256/64") == 0 &&
	      u32_list_is(c->sizes, c->nsizes, add, 4), "additive range");
	CHECK(config_set(c, "sizes = 64..1024*2") == 0 &&
	      u32_list_is(c->sizes, c->nsizes, mul, 5), "multiplicative range");
	CHECK(config_set(c, "sizes = 1, 4K 64k,40..80/40 ,1500") == 0 &&
	      u32_list_is(c->sizes, c->nsizes, mixed, 6),
	      "commas and spaces mixed, K suffix, range inside a list");
	CHECK(config_set(c, "sizes = 1G") == 0 && c->sizes[0] == 1u << 30,
	      "1G is the largest size");
	CHECK(config_set(c, "prefetch = none, 64, 96, 128, 160, 256") == 0 &&
	      c->nprefetch == 6 && c->prefetch[0] == PREFETCH_NONE &&
	      c->prefetch[1] == 64 && c->prefetch[5] == 256,
	      "prefetch list with none");
	CHECK(config_set(c, "prefetch = 0") == 0 && c->prefetch[0] == 0,
	      "distance 0 is not none");
	CHECK(config_set(c, "cache = cold, warm") == 0 && c->ncaches == 2 &&
	      c->caches[0] == CACHE_COLD && c->caches[1] == CACHE_WARM,
	      "cache states in the given order");
	CHECK(config_set(c, "kernels = c64, ref, c64") == 0 && c->nkernels == 2 &&
	      !strcmp(c->kernels[0]->name, "c64"), "a kernel listed twice runs once");
	CHECK(config_set(c, "cycles_per_tick = 16") == 0 && c->cycles_per_tick == 16,
	      "cycles_per_tick number");
	CHECK(config_set(c, "cycles_per_tick = auto") == 0 && c->cycles_per_tick == 0,
	      "cycles_per_tick auto");
	CHECK(config_set(c, "cpu = none") == 0 && c->cpu == CPU_NONE, "cpu none");
	CHECK(config_set(c, "cpu = auto") == 0 && c->cpu == CPU_AUTO, "cpu auto");
	CHECK(config_set(c, "samples = 0x10") == 0 && c->samples == 16, "hex number");
}

/* Config files: comments, blank lines, CRLF, and --set over a file's
   line (the line then not read at all). */
static void files(const char *path)
{
	struct config c;

	CHECK(write_conf(path, "# comment\n\n  kernels = ref # trailing\n"
			       "sizes=100\r\nsamples = 3\n") == 0, "write %s", path);
	config_defaults(&c);
	CHECK(config_load(&c, path) == 0 && c.nkernels == 1 && c.nsizes == 1 &&
	      c.sizes[0] == 100 && c.samples == 3,
	      "file with comments, blank lines, CRLF");
	CHECK(config_set(&c, "samples=5") == 0 && c.samples == 5,
	      "--set overrides a key the file set");
	config_free(&c);
	{
		const char *sets[] = { " sizes = 64" };

		CHECK(write_conf(path, "kernels = ref\nsizes = 0\n") == 0,
		      "write %s", path);
		config_defaults(&c);
		CHECK(config_load_except(&c, path, sets, 1) == 0 &&
		      c.nkernels == 1 && config_set(&c, sets[0]) == 0 &&
		      c.nsizes == 1 && c.sizes[0] == 64,
		      "a line --set replaces is not read (sizes = 0 left unchecked)");
		config_free(&c);
		config_defaults(&c);
		CHECK(config_load_except(&c, path, sets, 0) != 0,
		      "without that --set, sizes = 0 is refused");
		config_free(&c);
	}
	config_defaults(&c);
	CHECK(config_load(&c, "configs/default.conf") == 0 && c.nprefetch >= 5 &&
	      c.ncaches == 2, "configs/default.conf: warm, cold, >= 4 distances + none");
	config_free(&c);
}

/* Each key's default, as its table entry writes it, is a value the key
   takes, and what a run without the key gets. */
static void key_defaults(void)
{
	struct config c;

	config_defaults(&c);
	for (size_t ki = 0; ki < config_nkeys; ki++) {
		char kv[256];
		const struct config_key *k = &config_keys[ki];

		CHECK(k->values && *k->values && k->help && *k->help &&
		      strlen(k->help) < 70, "key %s: values and one line of help",
		      k->name);
		if (!k->def)
			continue;
		snprintf(kv, sizeof(kv), "%s=%s", k->name, k->def);
		CHECK(config_set(&c, kv) == 0, "key %s: its default '%s' is taken",
		      k->name, k->def);
	}
	CHECK(c.samples == 31 && c.repeat == 1 && c.layouts == LAYOUTS_DEFAULT &&
	      c.ring == 256 && c.rx_batch == 64 && c.cpu == CPU_AUTO &&
	      c.emulated == -1 && c.load_kind == (LOAD_STREAM | LOAD_SCHED) &&
	      c.nrx_ahead == 1 && c.rx_ahead[0] == 1 && c.nsizes == 1 &&
	      c.sizes[0] == 1500 && !strcmp(c.timer, "auto") && c.cold_calls == 0,
	      "the table's defaults are the documented ones");
	CHECK(config_set(&c, "cold_calls = 16") == 0 && c.cold_calls == 16 &&
	      config_set(&c, "cold_calls = 257") != 0 && c.cold_calls == 16,
	      "cold_calls: 16 taken, 257 refused");
	config_free(&c);
}

int main(void)
{
	char path[] = "/tmp/csumbench-test-XXXXXX";
	struct config c;
	int fd = mkstemp(path);

	CHECK(fd >= 0, "mkstemp");
	defaults(&c);
	values(&c);
	config_free(&c);
	files(path);
	key_defaults();
	unlink(path);
	return check_done("config");
}
