/* The config keys: each one's setter, which checks its value and says
   what was expected, and the table that describes each key once. */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/place.h"
#include "config/config.h"
#include "config/keys.h"
#include "config/range.h"
#include "lib/xalloc.h"
#include "timer/timer.h"
#include "workload/mix.h"

const char *const cache_state_name[CACHE_NSTATES] = { "warm", "cold",
						       "cold-ring", "ring",
						       "cold-read",
						       "after-switch" };

/* A file a config line names, found beside the config (file itself when
   absolute, or given by --set: the working folder's). */
static void beside_config(const struct config *c, const char *file,
			  char *path, size_t n)
{
	const struct origin *o = c->applying;
	const char *slash = o && o->line > 0 ? strrchr(o->file, '/') : NULL;

	while (slash && file[0] == '.' && file[1] == '/')
		file += 2;
	if (slash && file[0] != '/')
		snprintf(path, n, "%.*s/%s", (int)(slash - o->file), o->file, file);
	else
		snprintf(path, n, "%s", file);
}

/* sizes = mix:FILE, FILE relative to the config's folder (to the
   working folder for --set). */
static int key_mix(struct config *c, const char *file, char *err, size_t errlen)
{
	char path[4096];
	struct mix *m;

	if (!*file) {
		snprintf(err, errlen, "'mix:' names no file, expected mix:FILE "
			 "(a 'size weight' list or a pcap/pcapng capture)");
		return -1;
	}
	beside_config(c, file, path, sizeof(path));
	m = mix_load(path, !c->mix_lengths_only, err, errlen);
	if (!m)
		return -1;
	mix_free(c->mix);
	c->mix = m;
	free(c->sizes);
	c->sizes = xmalloc(sizeof(*c->sizes), "the sizes");
	c->sizes[0] = SIZE_MIX;
	c->nsizes = 1;
	return 0;
}

static int key_sizes(struct config *c, const char *v, char *err, size_t errlen)
{
	struct list l = { 0 };
	int r;

	if (!strncmp(v, "mix:", 4))
		return key_mix(c, v + 4, err, errlen);
	if (strstr(v, "mix:")) {
		snprintf(err, errlen, "a mix is the whole value: sizes = mix:FILE, "
			 "not beside other sizes");
		return -1;
	}
	r = range_list(v, &l, NULL, err, errlen) ||
		range_bounded(&l, 1, SIZE_MAX_BYTES, "size",
			      "1 to 1073741824 bytes (1G)", err, errlen);
	if (!r) {
		range_u32(&c->sizes, &c->nsizes, &l);
		mix_free(c->mix);
		c->mix = NULL;
	}
	free(l.v);
	return r ? -1 : 0;
}

static int key_aligns(struct config *c, const char *v, char *err, size_t errlen)
{
	struct list l = { 0 };
	int r = range_list(v, &l, NULL, err, errlen) ||
		range_bounded(&l, 0, ALIGN_MAX, "alignment", "0 to 4095 bytes",
			      err, errlen);
	if (!r)
		range_u32(&c->aligns, &c->naligns, &l);
	free(l.v);
	return r ? -1 : 0;
}

static int key_prefetch(struct config *c, const char *v, char *err, size_t errlen)
{
	return range_none_or_numbers(v, "prefetch distance", PREFETCH_MAX,
				     "none or 0 to 65536 bytes", &c->prefetch,
				     &c->nprefetch, err, errlen);
}

static int key_samples(struct config *c, const char *v, char *err, size_t errlen)
{
	return range_count(v, "sample count", SAMPLES_MAX, &c->samples, err, errlen);
}

static int key_repeat(struct config *c, const char *v, char *err, size_t errlen)
{
	return range_count(v, "repeat count", REPEAT_MAX, &c->repeat, err, errlen);
}

static int key_space(struct config *c, const char *v, char *err, size_t errlen)
{
	if (strcmp(v, "user") == 0)
		c->space = SPACE_USER;
	else if (strcmp(v, "kernel") == 0)
		c->space = SPACE_KERNEL;
	else {
		snprintf(err, errlen, "space '%s', expected user or kernel", v);
		return -1;
	}
	return 0;
}

static int key_order(struct config *c, const char *v, char *err, size_t errlen)
{
	if (strcmp(v, "rounds") == 0)
		c->order = ORDER_ROUNDS;
	else if (strcmp(v, "sequential") == 0)
		c->order = ORDER_SEQUENTIAL;
	else {
		snprintf(err, errlen, "order '%s', expected rounds or sequential", v);
		return -1;
	}
	return 0;
}

static int key_seed(struct config *c, const char *v, char *err, size_t errlen)
{
	int64_t n;

	if (strcmp(v, "auto") == 0) {
		c->seed = 0;
		return 0;
	}
	if (range_whole(v, 1, INT64_C(0xffffffffff), &n, err, errlen,
			"seed '%s', expected auto or a number from 1 to "
			"1099511627775", v))
		return -1;
	c->seed = (uint64_t)n;
	return 0;
}

/* layouts = R (1 to 64): code copies and buffer slots each sample draws
   from (layout.h); 1 keeps everything in one place. */
static int key_layouts(struct config *c, const char *v, char *err,
		       size_t errlen)
{
	int64_t n;

	if (range_whole(v, 1, LAYOUTS_MAX, &n, err, errlen, "layouts '%s', "
			"expected 1 (no re-randomising) to %d copies", v,
			LAYOUTS_MAX))
		return -1;
	c->layouts = (unsigned)n;
	return 0;
}

/* cold_calls = auto | K: the calls of every cold region, found per run
   (auto) or fixed, so that runs to be compared time alike. */
static int key_cold_calls(struct config *c, const char *v, char *err,
			  size_t errlen)
{
	int64_t n;

	if (!strcmp(v, "auto")) {
		c->cold_calls = 0;
		return 0;
	}
	if (range_whole(v, 1, COLD_CALLS_MAX, &n, err, errlen, "cold_calls "
			"'%s', expected auto or 1 to %d calls per cold region",
			v, COLD_CALLS_MAX))
		return -1;
	c->cold_calls = (unsigned)n;
	return 0;
}

static int key_code_offset(struct config *c, const char *v, char *err,
			   size_t errlen)
{
	return range_none_or_numbers(v, "code offset", CODE_OFFSET_MAX,
				     "none or 0 to 63 bytes past a 64-byte boundary",
				     &c->code_offset, &c->ncode_offset, err, errlen);
}

/* A kernel by name; path/lib.so:symbol's path found as a mix's, beside
   the config (kernel:NAME is csumbench.ko's, no path). */
static const struct kernel *kernel_beside_config(const struct config *c,
						 const char *name, char *err,
						 size_t errlen)
{
	char path[4096 + CONFIG_LINE_MAX];

	if (!strchr(name, ':') || !strncmp(name, "kernel:", 7))
		return kernel_find(name, err, errlen);
	beside_config(c, name, path, sizeof(path));
	return kernel_find(path, err, errlen);
}

/* "all" is every kernel of the ops the config selects (csum when it
   selects none); names are kept as given and filtered by ops later
   (config_resolve), so the two keys may come in either order. */
static int key_kernels(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	const struct kernel **ks = NULL;
	unsigned char *all = NULL;
	size_t n = 0, i, j;
	char *tok, *save = NULL;

	if (range_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		const struct kernel *add[256];
		size_t nadd = 0;
		bool from_all = strcmp(tok, "all") == 0;

		if (from_all) {
			/* Those that cannot run on this CPU are listed
			   by csumbench list, not timed. */
			for (i = 0; i < kernel_count && nadd < 256; i++)
				if (!kernel_table[i].pseudo &&
				    !kernel_unavailable(&kernel_table[i]))
					add[nadd++] = &kernel_table[i];
		} else {
			const char *why;

			add[0] = kernel_beside_config(c, tok, err, errlen);
			why = add[0] ? kernel_unavailable(add[0]) : NULL;
			if (why)
				snprintf(err, errlen, "kernel '%s' cannot run on "
					 "this CPU: %s (csumbench list says what "
					 "runs here)", tok, why);
			if (!add[0] || why) {
				free(ks);
				free(all);
				return -1;
			}
			nadd = 1;
		}
		for (i = 0; i < nadd; i++) {
			/* Listed twice, or one .so symbol by two paths: the
			   same code, measured once. */
			for (j = 0; j < n && ks[j] != add[i] &&
			     !(ks[j]->fn == add[i]->fn && ks[j]->prefetch == add[i]->prefetch); j++)
				;
			if (j < n) {
				all[j] &= from_all;	/* named: not filtered as all's */
				continue;
			}
			ks = xreallocarray(ks, n + 1, sizeof(*ks), "the kernel list");
			all = xrealloc(all, n + 1, "the kernel list");
			all[n] = from_all;
			ks[n++] = add[i];
		}
	}
	free(c->kernels);
	free(c->kernel_from_all);
	c->kernels = ks;
	c->kernel_from_all = all;
	c->nkernels = n;
	return 0;
}

static int key_ops(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i, j;

	if (range_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		const struct op *o = op_find(tok);
		if (!o) {
			size_t m = (size_t)snprintf(err, errlen, "unknown op '%s', "
						    "expected one of:", tok);
			for (i = 0; i < op_count && m < errlen; i++)
				m += (size_t)snprintf(err + m, errlen - m, " %s",
						      op_table[i]->name);
			return -1;
		}
		for (j = 0; j < n && c->ops[j] != o; j++)
			;
		if (j == n)
			c->ops[n++] = o;
	}
	c->nops = n;
	return 0;
}

static int key_cache(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i;
	int seen[CACHE_NSTATES] = { 0 };

	if (range_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		for (i = 0; i < CACHE_NSTATES; i++)
			if (strcmp(tok, cache_state_name[i]) == 0)
				break;
		if (i == CACHE_NSTATES) {
			snprintf(err, errlen, "unknown cache state '%s', expected "
				 "warm, cold, cold-read, cold-ring, ring and/or "
				 "after-switch", tok);
			return -1;
		}
		if (!seen[i]++)
			c->caches[n++] = (enum cache_state)i;
	}
	c->ncaches = n;
	return 0;
}

static int key_timer(struct config *c, const char *v, char *err, size_t errlen)
{
	const char *names = timer_names();
	size_t n = strlen(v);
	const char *p;

	/* Checked against the names this build has; availability at run time. */
	for (p = strstr(names, v); p; p = strstr(p + 1, v))
		if ((p == names || p[-1] == ' ') && (p[n] == ',' || !p[n]))
			break;
	if (!p || strchr(v, ',') || strchr(v, ' ')) {
		snprintf(err, errlen, "unknown timer '%s', expected one of: %s",
			 v, names);
		return -1;
	}
	snprintf(c->timer, sizeof(c->timer), "%s", v);
	return 0;
}

static int key_cycles_per_tick(struct config *c, const char *v, char *err,
			       size_t errlen)
{
	/* Above 0: the smallest double will do as the bound. */
	if (range_auto_or_real(v, 1e-300, 1e6, &c->cycles_per_tick)) {
		snprintf(err, errlen, "cycles_per_tick '%s', expected auto or a "
			 "positive number such as 16 or 1.6", v);
		return -1;
	}
	return 0;
}

static int key_cpu(struct config *c, const char *v, char *err, size_t errlen)
{
	int64_t n;

	if (strcmp(v, "none") == 0 || strcmp(v, "auto") == 0) {
		c->cpu = v[0] == 'n' ? CPU_NONE : CPU_AUTO;
		return 0;
	}
	if (range_whole(v, 0, 1023, &n, err, errlen, "cpu '%s', expected "
			"auto, none or a CPU number 0 to 1023", v))
		return -1;
	c->cpu = (int)n;
	return 0;
}

static int key_emulated(struct config *c, const char *v, char *err,
			size_t errlen)
{
	if (strcmp(v, "auto") == 0)
		c->emulated = -1;
	else if (strcmp(v, "yes") == 0)
		c->emulated = 1;
	else if (strcmp(v, "no") == 0)
		c->emulated = 0;
	else {
		snprintf(err, errlen, "emulated '%s', expected auto, yes or no", v);
		return -1;
	}
	return 0;
}

/* Set by the runner that starts the harness (scripts/bench.sh): what
   nothing inside a virtual board can see for itself. */
static int key_runner(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	size_t n = strlen(v);

	if (n == 0 || n >= sizeof(c->runner) ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		   "0123456789._:@/-") != n) {
		snprintf(err, errlen, "runner '%s', expected 1 to %zu letters, "
			 "digits or . _ : @ / - (e.g. vboard:sam460ex)", v,
			 sizeof(c->runner) - 1);
		return -1;
	}
	memcpy(c->runner, v, n + 1);
	return 0;
}

static int key_kernel_timeout(struct config *c, const char *v, char *err,
			      size_t errlen)
{
	if (range_auto_or_real(v, 0.01, 86400, &c->kernel_timeout)) {
		snprintf(err, errlen, "kernel_timeout '%s', expected auto or "
			 "seconds from 0.01 to 86400", v);
		return -1;
	}
	return 0;
}

static int key_events(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	return events_parse(&c->events, v, err, errlen);
}

/* roofline = auto | none | KERNEL: the load kernel a run includes at its
   own sizes and cache states (config_resolve adds it). */
static int key_roofline(struct config *c, const char *v, char *err,
			size_t errlen)
{
	const struct kernel *k;
	const char *why;
	size_t n, i;

	if (!strcmp(v, "auto") || !strcmp(v, "none")) {
		c->roofline_mode = strcmp(v, "auto") ? ROOFLINE_NONE : ROOFLINE_AUTO;
		c->roofline_named = NULL;
		return 0;
	}
	k = kernel_beside_config(c, v, err, errlen);
	why = k ? kernel_unavailable(k) : NULL;
	if (k && k->op == &op_load && !k->pseudo && !why) {
		c->roofline_mode = ROOFLINE_KERNEL;
		c->roofline_named = k;
		return 0;
	}
	n = (size_t)snprintf(err, errlen, "'%s'%s%s, expected auto, none or a "
			     "load kernel that runs here:", v,
			     why ? " cannot run on this CPU: " : k ? " is not a "
			     "load kernel" : " is no kernel", why ? why : "");
	for (i = 0; i < kernel_count && n < errlen; i++)
		if (kernel_table[i].op == &op_load && !kernel_table[i].pseudo &&
		    !kernel_unavailable(&kernel_table[i]))
			n += (size_t)snprintf(err + n, errlen - n, " %s",
					      kernel_table[i].name);
	return -1;
}

/* format = csv, json: the results as tidy CSV (what csumreport reads),
   as Google Benchmark's JSON (what its compare.py reads), or both. */
static int key_format(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	static const char *const formats[] = { "csv", "json" };
	int f[2];
	size_t n, i;

	if (range_words(v, formats, 2, "format", f, &n, err, errlen))
		return -1;
	c->formats = 0;
	for (i = 0; i < n; i++)
		c->formats |= f[i] ? FORMAT_JSON : FORMAT_CSV;
	return 0;
}

/* Every key, once: the parser, the defaults, run --help and csumbench.conf(5)
   check (tests/cli.sh) read this table. */
const struct config_key config_keys[] = {
	{ "kernels", key_kernels,
	  offsetof(struct config, origin.kernels),
	  "all, names, or path/lib.so:symbol", "all",
	  "the kernels timed; all: every kernel of the ops chosen" },
	{ "sizes", key_sizes,
	  offsetof(struct config, origin.sizes),
	  "1 to 1G: 64..1500/64, 4K, 64K..1M*2, or mix:FILE", "1500",
	  "bytes per call; A..B/STEP adds, A..B*F multiplies" },
	{ "aligns", key_aligns,
	  0,
	  "a list of 0 to 4095", "0",
	  "bytes past a page boundary" },
	{ "cache", key_cache,
	  offsetof(struct config, origin.cache),
	  "warm, cold, cold-read, after-switch, cold-ring, ring", "warm",
	  "the cache states (docs/methodology.md)" },
	{ "prefetch", key_prefetch,
	  0,
	  "a list of none or 0 to 65536", "none",
	  "bytes ahead, for the kernels that prefetch" },
	{ "samples", key_samples,
	  0,
	  "1 to 1000000", "31",
	  "rounds; the median is reported" },
	{ "repeat", key_repeat,
	  0,
	  "1 to 1000", "1",
	  "whole sweeps, for compare across runs" },
	{ "order", key_order,
	  0,
	  "rounds or sequential", "rounds",
	  "a new random order each round, or each point in a row" },
	{ "seed", key_seed,
	  0,
	  "auto or 1 to 1099511627775", "auto",
	  "of the rounds' order, layouts and draws" },
	{ "code_offset", key_code_offset,
	  offsetof(struct config, origin.code_offset),
	  "a list of none or 0 to 63", "none",
	  "the placement sweep: bytes past a 64-byte boundary" },
	{ "layouts", key_layouts,
	  0,
	  "1 to 64", "8",
	  "code copies and buffer slots per sample; 1: no re-drawing" },
	{ "cold_calls", key_cold_calls,
	  0,
	  "auto or 1 to 256", "auto",
	  "K, calls per cold region: auto finds it per run" },
	{ "timer", key_timer,
	  offsetof(struct config, origin.timer),
	  "auto, perf, clock, this port's (tsc, mftb, cntvct) or model", "auto",
	  "the cycle source" },
	{ "cycles_per_tick", key_cycles_per_tick,
	  0,
	  "auto or a number above 0, up to 1000000", "auto",
	  "core cycles per timer tick, e.g. 16 for MPC8xx" },
	{ "cpu", key_cpu,
	  offsetof(struct config, origin.cpu),
	  "auto, none or 0 to 1023", "auto",
	  "pin to the least busy allowed CPU, to none, or that one" },
	{ "emulated", key_emulated,
	  0,
	  "auto, yes or no", "auto",
	  "yes marks results as not real" },
	{ "runner", key_runner,
	  0,
	  "letters, digits and . _ : @ / -", NULL,
	  "set by make bench: how the harness was started" },
	{ "kernel_timeout", key_kernel_timeout,
	  0,
	  "auto or 0.01 to 86400", "auto",
	  "seconds: the watchdog's floor (auto: 2)" },
	{ "ops", key_ops,
	  offsetof(struct config, origin.ops),
	  "csum, ip_fast_csum, csum_copy, load", NULL,
	  "a filter; unset: kernels = all takes csum's" },
	{ "load", key_load,
	  offsetof(struct config, origin.load),
	  "idle, busy", "idle",
	  "a background load while busy points are timed" },
	{ "load_cpus", key_load_cpus,
	  offsetof(struct config, origin.load_cpus),
	  "auto or a list of CPUs 0 to 255", "auto",
	  "the load's CPUs; auto: all but the measured CPU and SMT siblings" },
	{ "load_kind", key_load_kind,
	  0,
	  "stream, sched", "stream, sched",
	  "what a busy load runs" },
	{ "ring", key_ring,
	  offsetof(struct config, origin.ring),
	  "1 to 65536", "256",
	  "cache = ring: descriptors in the rx ring" },
	{ "rx_batch", key_rx_batch,
	  0,
	  "1 to 4096", "64",
	  "cache = ring: descriptors per sample" },
	{ "rx_prefetch", key_rx_prefetch,
	  0,
	  "none, current, next", "none",
	  "the rx walk's header prefetch" },
	{ "rx_prefetch_ahead", key_rx_ahead,
	  offsetof(struct config, origin.rx_ahead),
	  "1 to 65535, up to 8 values", "1",
	  "rx_prefetch = next: descriptors ahead" },
	{ "rx_work", key_rx_work,
	  0,
	  "0 to 100000", "0",
	  "dependent adds of driver work per packet" },
	{ "timing", key_timing,
	  offsetof(struct config, origin.timing),
	  "batch or per-call", "batch",
	  "a batch of calls per timed region, or each call alone" },
	{ "events", key_events,
	  offsetof(struct config, origin.events),
	  "none or event names", "none",
	  "counted events beside the timer (csumbench events)" },
	{ "roofline", key_roofline,
	  offsetof(struct config, origin.roofline),
	  "auto, none or a load kernel", "auto",
	  "the load kernel a run holds its kernels to" },
	{ "space", key_space,
	  offsetof(struct config, origin.space),
	  "user or kernel", "user",
	  "where the timed regions run: here, or in csumbench.ko" },
	{ "format", key_format,
	  offsetof(struct config, origin.format),
	  "csv, json", "csv",
	  "the results files: CSV, Google Benchmark JSON, or both" },
};
const size_t config_nkeys = sizeof(config_keys) / sizeof(config_keys[0]);
_Static_assert(sizeof(config_keys) / sizeof(config_keys[0]) <= CONFIG_KEYS_MAX,
	       "CONFIG_KEYS_MAX (keys.h) must hold every key");
