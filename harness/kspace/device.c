/* /dev/csumbench: opening it, its kernels, and each request, with the
   module's errno values turned into what they mean for the run. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "csumbench-uapi.h"
#include "kspace/kspace.h"
#include "lib/platform.h"
#include "lib/sha256.h"
#include "lib/xalloc.h"
#include "op/op.h"

/* One /dev/csumbench per process, open from the config's check to exit:
   its state is the device's, kept here rather than passed through every
   caller. */
static int fd = -1;
static bool ready;		/* SETUP done */
static struct csb_setup made;	/* what SETUP made: calls (the most of a
				   cold region), slot, page */
static bool made_cold;		/* with cold slots */
static struct csb_info info;
static struct kernel *table;
static struct csb_kernel *raw;	/* [i]: what the module said of table[i] */
static size_t count;

static const struct op *const ops[CSB_NOPS] = {
	[CSB_OP_CSUM] = &op_csum,
	[CSB_OP_IP_FAST_CSUM] = &op_ip_fast_csum,
	[CSB_OP_CSUM_COPY] = &op_csum_copy,
};

/* What an errno from the module means (csumbench-uapi.h). */
static const char *meaning(int e)
{
	switch (e) {
	case ENOTTY: return "not a request this module knows: csumbench.ko is "
			    "of another version (make module, and load that one)";
	case ENOENT: return "no such kernel in the module";
	case EINVAL: return "a length, alignment, distance, call count or cache "
			    "state out of the module's range";
	case E2BIG: return "larger than the module's buffers hold (calls of up to "
			   "1 MiB, 1048576 warm calls a region, and as many cold "
			   "ones as 128 MiB of buffers hold, 256 at most)";
	case EINTR: return "stopped by a signal";
	case ENODATA: return "the module's buffers are not set up";
	case EPERM: return "not gated at that size, alignment and distance, or "
			   "failed the gate: the module never times it";
	case ERANGE: return "the region would hold interrupts off longer than "
			    "the module's bound of 10 ms: time fewer or shorter calls";
	case EBUSY: return "another run has it open";
	default: return strerror(e);
	}
}

static const char *open_hint(int e)
{
	if (e == ENOENT)
		return " (is csumbench.ko loaded? make module builds it for "
		       "your kernel, then insmod it; docs/kernel-space.md)";
	if (e == EACCES || e == EPERM)
		return " (it is root's: run as root)";
	return "";
}

/* What a request costs beyond its bytes: the least of a few SUMs of
   no bytes by the empty kernel, on buffers of one byte (a run or a sum
   makes its own).  Every kernel's calls pay it, the first one too (the
   watchdog's limit counts it: call/kernel.h's call_s). */
static void request_cost(void)
{
	const struct kernel *e = kspace_empty(&op_csum);
	struct csb_setup one = { .seed = 1, .max_len = 1, .calls = 1 };
	struct csb_sum s = { .dist = -1 };
	double best = 0, t;
	size_t i;
	int n;

	if (!e || ioctl(fd, CSB_IOC_SETUP, &one) != 0)
		return;
	s.index = e->kspace - 1;
	for (n = 0; n < 5; n++) {
		t = platform_seconds();
		if (ioctl(fd, CSB_IOC_SUM, &s) != 0)
			return;
		t = platform_seconds() - t;
		best = n && best < t ? best : t;
	}
	for (i = 0; i < count; i++)
		table[i].call_s = best;
}

int kspace_open(char *err, size_t errlen)
{
	size_t i;

	if (fd >= 0)
		return 0;
	fd = open(KSPACE_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		snprintf(err, errlen, "%s: %s%s", KSPACE_DEVICE,
			 e == EBUSY ? meaning(e) : strerror(e), open_hint(e));
		return -1;
	}
	if (ioctl(fd, CSB_IOC_INFO, &info) != 0 || info.api != CSB_API) {
		snprintf(err, errlen, "%s: %s", KSPACE_DEVICE, info.api &&
			 info.api != CSB_API ? "csumbench.ko speaks another "
			 "version of its interface: build and load this one's "
			 "(make module)" : meaning(errno));
		close(fd);
		fd = -1;
		return -1;
	}
	count = info.nkernels;
	table = xcalloc(count, sizeof(*table), "the module's kernels");
	raw = xcalloc(count, sizeof(*raw), "the module's kernels");
	for (i = 0; i < count; i++) {
		struct csb_kernel *r = &raw[i];
		struct kernel *k = &table[i];

		r->index = (uint32_t)i;
		if (ioctl(fd, CSB_IOC_KERNEL, r) != 0 || r->op >= CSB_NOPS) {
			snprintf(err, errlen, "%s: kernel %zu: %s", KSPACE_DEVICE,
				 i, r->op >= CSB_NOPS ? "an op this harness "
				 "does not know" : meaning(errno));
			/* closed: a later open starts again */
			free(table);
			free(raw);
			table = NULL;
			raw = NULL;
			count = 0;
			close(fd);
			fd = -1;
			return -1;
		}
		r->name[sizeof(r->name) - 1] = r->nopf[sizeof(r->nopf) - 1] = '\0';
		r->sym[sizeof(r->sym) - 1] = r->desc[sizeof(r->desc) - 1] = '\0';
		k->name = r->name;
		k->arch = r->flags & CSB_KFUNC ? "kernel" : "module";
		k->op = ops[r->op];
		k->desc = r->desc;
		k->nopf = r->nopf[0] ? r->nopf : NULL;
		k->prefetch = r->flags & CSB_PREFETCH;
		k->pseudo = r->flags & CSB_PSEUDO;
		/* never called from here: the address it has there, which
		   tells the module's kernels apart and gives code_mod64 */
		k->fn = (void (*)(void))(uintptr_t)r->addr;
		k->sym = NULL;	/* not copied: layouts stay 1 */
		k->pf_step = r->pf_step;
		k->kspace = (unsigned)i + 1;
		k->remote = kspace_call;
	}
	request_cost();
	return 0;
}

void kspace_close(void)
{
	if (fd < 0)
		return;
	close(fd);
	fd = -1;
	free(table);
	free(raw);
	table = NULL;
	raw = NULL;
	count = 0;
	ready = made_cold = false;
}

bool kspace_opened(void)
{
	return fd >= 0;
}

const struct kernel *kspace_find(const char *name)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

size_t kspace_count(void)
{
	return count;
}

const struct kernel *kspace_at(size_t i)
{
	return i < count ? &table[i] : NULL;
}

const struct kernel *kspace_empty(const struct op *o)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (table[i].pseudo && table[i].op == o)
			return &table[i];
	return NULL;
}

const char *kspace_names(void)
{
	static char names[2048];
	size_t i, n = 0;

	names[0] = '\0';
	for (i = 0; i < count && n < sizeof(names); i++)
		if (!table[i].pseudo)
			n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
					      n ? " " : "", table[i].name);
	return names;
}

static int setup(uint64_t seed, uint32_t max_len, uint32_t max_align,
		 uint32_t max_pf, uint32_t calls, char *err, size_t errlen)
{
	struct csb_setup s = { seed, max_len ? max_len : 1, max_align, max_pf,
			       calls, 0, 0 };

	if (ioctl(fd, CSB_IOC_SETUP, &s) == 0) {
		ready = true;
		made = s;
		return 0;
	}
	snprintf(err, errlen, "%s: buffers for calls of up to %u B at "
		 "alignments up to %u, prefetching %u B ahead: %s", KSPACE_DEVICE,
		 max_len, max_align, max_pf, meaning(errno));
	return -1;
}

int kspace_setup(uint64_t seed, uint32_t max_len, uint32_t max_align,
		 uint32_t max_pf, bool cold, char *err, size_t errlen)
{
	made_cold = cold;
	return setup(seed, max_len, max_align, max_pf, cold ? CSB_MAX_CALLS : 1,
		     err, errlen);
}

uint64_t kspace_cold_calls(void)
{
	return made.calls;
}

uint32_t kspace_call(const struct kernel *k, const void *src, void *dst,
		     int len, uint32_t sum, int dist)
{
	struct csb_sum s = {
		.index = k->kspace - 1, .dist = dist < 0 ? -1 : dist,
		.len = (uint32_t)len, .align = (uint32_t)((uintptr_t)src & 4095),
		.sum = sum, .src = (uintptr_t)src, .dst = (uintptr_t)dst,
	};

	char err[512];

	/* a sum outside a run (csumbench sum): buffers for any call */
	if (!ready && setup(1, CSB_MAX_LEN, CSB_MAX_ALIGN, 0, 1, err, sizeof(err))) {
		fprintf(stderr, "csumbench: %s\n", err);
		exit(2);
	}
	if (ioctl(fd, CSB_IOC_SUM, &s) != 0) {
		fprintf(stderr, "csumbench: %s: %s at %d B: %s\n", KSPACE_DEVICE,
			k->name, len, meaning(errno));
		exit(2);
	}
	return s.result;
}

int kspace_gate(const struct kernel *k, int dist, const uint32_t *sizes,
		size_t nsizes, const uint32_t *aligns, size_t naligns,
		char *err, size_t errlen)
{
	struct csb_gate g = {
		.index = k->kspace - 1, .dist = dist < 0 ? -1 : dist,
		.nsizes = (uint32_t)nsizes, .naligns = (uint32_t)naligns,
		.sizes = (uintptr_t)sizes, .aligns = (uintptr_t)aligns,
	};

	if (ioctl(fd, CSB_IOC_GATE, &g) == 0)
		return 0;
	if (errno == EDOM) {
		g.why[sizeof(g.why) - 1] = '\0';
		snprintf(err, errlen, "%s (csumbench.ko's gate, in the kernel)", g.why);
	} else {
		snprintf(err, errlen, "%s: the in-kernel gate refused: %s",
			 k->name, meaning(errno));
	}
	return -1;
}

int kspace_time(const struct kernel *k, uint32_t len, uint32_t align,
		bool cold, int dist, uint64_t calls, uint64_t *ticks,
		char *err, size_t errlen)
{
	struct csb_time t = {
		.index = k->kspace - 1, .dist = dist < 0 ? -1 : dist, .len = len,
		.align = align, .cache = cold ? CSB_COLD : CSB_WARM,
		.calls = (uint32_t)calls,
	};

	uint64_t most = cold ? CSB_MAX_CALLS : CSB_MAX_WARM_CALLS;

	if (calls <= most && ioctl(fd, CSB_IOC_TIME, &t) == 0) {
		*ticks = t.ticks;
		return 0;
	}
	snprintf(err, errlen, "%s at %u B, %s, %llu calls: %s", k->name, len,
		 cold ? "cold" : "warm", (unsigned long long)calls,
		 meaning(calls > most ? E2BIG : errno));
	return -1;
}

double kspace_tick_hz(void)
{
	return (double)info.tick_hz;
}

const char *kspace_timer(void)
{
	return info.timer;
}

const char *kspace_flush(void)
{
	return info.flush;
}

int kspace_code(const struct kernel *k, unsigned char **bytes, size_t *n,
		const char **sym, uint64_t *addr, char *err, size_t errlen)
{
	const struct csb_kernel *r = &raw[k->kspace - 1];
	struct csb_code c = { .index = r->index, .len = r->size };

	*bytes = NULL;
	*n = 0;
	*sym = r->sym;
	*addr = r->addr;
	if (!r->size) {
		snprintf(err, errlen, "%s: kallsyms gives no size for %s (a kernel "
			 "without CONFIG_KALLSYMS?)", k->name, r->sym);
		return -1;
	}
	*bytes = xmalloc(r->size, "a kernel function's bytes");
	c.buf = (uintptr_t)*bytes;
	if (ioctl(fd, CSB_IOC_CODE, &c) != 0) {
		snprintf(err, errlen, "%s: its bytes: %s", k->name, meaning(errno));
		free(*bytes);
		*bytes = NULL;
		return -1;
	}
	*n = c.len;
	return 0;
}

/* The module's buffers, which cold regions take theirs from: not the
   user-space pool (docs/kernel-space.md). */
static void buffers(FILE *f)
{
	if (!ready)
		return;
	fprintf(f, "# kernel_buffers: csumbench.ko's own, vmalloc'd in %u-byte "
		"pages, filled from the seed: a warm source and destination",
		made.page);
	if (made_cold)
		fprintf(f, "; for cold regions %u source and destination slots "
			"%u bytes apart, a page between each two, each region's "
			"taken in a fresh random order and flushed (no user-space "
			"pool: docs/kernel-space.md)", made.calls, made.slot);
	fprintf(f, "\n");
}

void kspace_meta(FILE *f, const struct kernel *const *kernels, size_t n)
{
	struct csb_info now = info;
	size_t i;

	if (ioctl(fd, CSB_IOC_INFO, &now) != 0)
		now = info;
	fprintf(f, "# space: kernel\n");
	fprintf(f, "# kernel_release: %s %s\n", info.release, info.version);
	fprintf(f, "# kernel_timer: %s, %.0f Hz against ktime\n", info.timer,
		(double)info.tick_hz);
	fprintf(f, "# kernel_flush: %s\n", info.flush);
	fprintf(f, "# kernel_gate: every kernel checked in csumbench.ko against "
		"the module's RFC 1071 reference at every size and alignment "
		"timed (the run's data and all-0xff, three incoming sums), then "
		"through it on this harness's own data, before any timing\n");
	buffers(f);
	fprintf(f, "# kernel_bound: interrupts off at most %.0f ms a region; "
		"%llu region(s) ran past it\n", (double)info.bound_ns / 1e6,
		(unsigned long long)now.over_bound);
	for (i = 0; i < n; i++) {
		const struct kernel *k = kernels[i];
		unsigned char *bytes;
		const char *sym;
		uint64_t addr;
		size_t len;
		char hex[65], err[256];

		if (!k->kspace || strcmp(k->arch, "kernel"))
			continue;
		if (kspace_code(k, &bytes, &len, &sym, &addr, err, sizeof(err))) {
			fprintf(f, "# kernel_function: %s 0x%llx - - (%s) %s\n", sym,
				(unsigned long long)addr, err, k->name);
			continue;
		}
		sha256_hex(bytes, len, hex);
		free(bytes);
		fprintf(f, "# kernel_function: %s 0x%llx %zu %s %s\n", sym,
			(unsigned long long)addr, len, hex, k->name);
	}
}
