/* /dev/csumbench's requests and refusals, on a board with csumbench.ko
   loaded (tests/kspace.sh): each line "ok NAME" or "FAIL NAME: why",
   then, with --reload FILE.ko, the module unloaded and loaded again with
   wrong=pipelined to show the gate refusing a kernel that disagrees. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "csumbench-uapi.h"

static int fails;

static void check(const char *name, int cond, const char *why)
{
	printf("%s %s%s%s\n", cond ? "ok" : "FAIL", name, cond ? "" : ": ",
	       cond ? "" : why);
	fails += !cond;
}

/* The errno of a request: 0 when it succeeded. */
static int req(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) == 0 ? 0 : errno;
}

static int find(int fd, unsigned n, const char *name)
{
	struct csb_kernel k;
	unsigned i;

	for (i = 0; i < n; i++) {
		memset(&k, 0, sizeof(k));
		k.index = i;
		if (req(fd, CSB_IOC_KERNEL, &k) == 0 && strcmp(k.name, name) == 0)
			return (int)i;
	}
	return -1;
}

/* RFC 1071 over big- or little-endian 16-bit words as the CPU loads them,
   folded. */
static uint32_t ref(const unsigned char *p, uint32_t len)
{
	uint64_t s = 0;
	uint32_t i;
	uint16_t w;

	for (i = 0; i + 1 < len; i += 2) {
		memcpy(&w, p + i, 2);
		s += w;
	}
	if (len & 1) {
		unsigned char last[2] = { p[len - 1], 0 };
		memcpy(&w, last, 2);
		s += w;
	}
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint32_t)s;
}

static uint32_t fold(uint32_t s)
{
	s = (s & 0xffff) + (s >> 16);
	return (s & 0xffff) + (s >> 16);
}

static void requests(void)
{
	struct csb_info info;
	struct csb_setup setup = { .seed = 42, .max_len = 4096, .max_align = 64,
				   .max_pf = 64, .calls = 4 };
	uint32_t sizes[] = { 64, 1500 }, aligns[] = { 0, 2 };
	struct csb_gate g = { 0 };
	struct csb_time t = { 0 };
	struct csb_sum s = { 0 };
	unsigned char data[1500];
	int fd = open("/dev/csumbench", O_RDWR), fd2, kc, pl, pd, e;
	unsigned i;

	check("/dev/csumbench opens", fd >= 0, strerror(errno));
	if (fd < 0)
		return;
	fd2 = open("/dev/csumbench", O_RDWR);
	check("a second open is refused: EBUSY", fd2 < 0 && errno == EBUSY,
	      fd2 >= 0 ? "it opened" : strerror(errno));
	if (fd2 >= 0)
		close(fd2);
	check("INFO answers with this API", req(fd, CSB_IOC_INFO, &info) == 0 &&
	      info.api == CSB_API, "no");
	check("it measured its timer's rate", info.tick_hz > 1000000, "0");
	check("the bound is 10 ms", info.bound_ns == 10000000, "other");
	kc = find(fd, info.nkernels, "kernel:csum_partial");
	pl = find(fd, info.nkernels, "pipelined");
	pd = find(fd, info.nkernels, "pipelined-dcbt");
	check("it has kernel:csum_partial, pipelined and pipelined-dcbt",
	      kc >= 0 && pl >= 0 && pd >= 0, "missing");
	check("an unknown request: ENOTTY", req(fd, _IO(CSB_IOC_MAGIC, 99), NULL) ==
	      ENOTTY, "other");
	t.index = 10000;
	check("a kernel that is not there: ENOENT", req(fd, CSB_IOC_TIME, &t) ==
	      ENOENT, "other");
	t = (struct csb_time){ .index = (uint32_t)pl, .len = 64, .calls = 4 };
	check("a region before SETUP: ENODATA", req(fd, CSB_IOC_TIME, &t) ==
	      ENODATA, "other");
	{
		struct csb_setup big = { .seed = 1, .max_len = CSB_MAX_LEN,
					 .calls = CSB_MAX_CALLS + 1 };
		check("SETUP of more calls than it has: EINVAL",
		      req(fd, CSB_IOC_SETUP, &big) == EINVAL, "other");
	}
	check("SETUP", req(fd, CSB_IOC_SETUP, &setup) == 0, strerror(errno));
	check("SETUP made room for the 4 cold calls asked", setup.calls == 4, "other");
	check("a region of a kernel not gated: EPERM", req(fd, CSB_IOC_TIME, &t) ==
	      EPERM, "other");
	g = (struct csb_gate){ .index = (uint32_t)pl, .dist = -1, .nsizes = 2,
			       .naligns = 2, .sizes = (uintptr_t)sizes,
			       .aligns = (uintptr_t)aligns };
	e = req(fd, CSB_IOC_GATE, &g);
	check("pipelined passes the gate in the kernel", e == 0, g.why);
	check("then a region of it is timed", req(fd, CSB_IOC_TIME, &t) == 0 &&
	      t.ticks > 0, strerror(errno));
	t.cache = CSB_COLD;
	check("and a cold one", req(fd, CSB_IOC_TIME, &t) == 0 && t.ticks > 0,
	      strerror(errno));
	t.cache = CSB_WARM;
	t.len = 128;
	check("at a size the gate did not check: EPERM",
	      req(fd, CSB_IOC_TIME, &t) == EPERM, "other");
	t.len = 8192;
	check("past SETUP's buffers: E2BIG", req(fd, CSB_IOC_TIME, &t) == E2BIG,
	      "other");
	t.len = 1500;
	t.calls = CSB_MAX_WARM_CALLS;
	check("a region past 10 ms of interrupts off is refused: ERANGE",
	      req(fd, CSB_IOC_TIME, &t) == ERANGE, strerror(errno));
	t.calls = 0;
	check("no calls times the two reads", req(fd, CSB_IOC_TIME, &t) == 0,
	      strerror(errno));
	for (i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 7 + 3);
	s = (struct csb_sum){ .index = (uint32_t)kc, .len = 1500, .align = 1,
			      .src = (uintptr_t)data };
	check("SUM: the kernel's csum_partial on these bytes is RFC 1071's",
	      req(fd, CSB_IOC_SUM, &s) == 0 && fold(s.result) == ref(data, 1500),
	      "differs");
	close(fd);
}

/* What the harness may send, the module takes: more distances than the
   module once kept (32), and more sizes than it once took (4096), each
   then timed where the gate passed it and refused where it did not. */
static void limits(void)
{
	enum { NDIST = 40, NSIZES = 5000 };
	struct csb_setup setup = { .seed = 42, .max_len = 1500, .max_pf = 64,
				   .calls = 4 };
	uint32_t *sizes = calloc(NSIZES, sizeof(*sizes)), aligns[] = { 0 }, i;
	struct csb_info info;
	struct csb_gate g;
	struct csb_time t;
	int fd = open("/dev/csumbench", O_RDWR), pl, pd, e = 0;
	char why[200] = "";

	if (fd < 0 || req(fd, CSB_IOC_INFO, &info) || !sizes) {
		check("limits: /dev/csumbench opens", 0, strerror(errno));
		return;
	}
	pl = find(fd, info.nkernels, "pipelined");
	pd = find(fd, info.nkernels, "pipelined-dcbt");
	check("limits: SETUP", req(fd, CSB_IOC_SETUP, &setup) == 0, strerror(errno));
	check("SETUP says its slot and page", setup.slot >= 1500 + setup.page &&
	      setup.page >= 4096 && setup.slot % setup.page == 0, "other");
	for (i = 0; i < NDIST && !e; i++) {
		g = (struct csb_gate){ .index = (uint32_t)pd, .dist = (int32_t)i,
				       .nsizes = 1, .naligns = 1,
				       .sizes = (uintptr_t)&setup.max_len,
				       .aligns = (uintptr_t)aligns };
		e = req(fd, CSB_IOC_GATE, &g);
		if (e)
			snprintf(why, sizeof(why), "distance %u: %s", i, strerror(e));
	}
	check("pipelined-dcbt passes the gate at 40 distances", !e, why);
	t = (struct csb_time){ .index = (uint32_t)pd, .dist = NDIST - 1,
			       .len = 1500, .calls = 4 };
	check("and is timed at the 40th", req(fd, CSB_IOC_TIME, &t) == 0,
	      strerror(errno));
	t.dist = NDIST;
	check("but not at one the gate did not check: EPERM",
	      req(fd, CSB_IOC_TIME, &t) == EPERM, "other");
	for (i = 0; i < NSIZES; i++)
		sizes[i] = i + 1 < NSIZES ? 1 + i % 200 : 1500;
	g = (struct csb_gate){ .index = (uint32_t)pl, .dist = -1, .nsizes = NSIZES,
			       .naligns = 1, .sizes = (uintptr_t)sizes,
			       .aligns = (uintptr_t)aligns };
	e = req(fd, CSB_IOC_GATE, &g);
	check("pipelined passes a gate of 5000 sizes", e == 0,
	      e == EDOM ? g.why : strerror(e));
	t = (struct csb_time){ .index = (uint32_t)pl, .dist = -1, .len = 1500,
			       .calls = 4 };
	check("and is timed at the last of them", req(fd, CSB_IOC_TIME, &t) == 0,
	      strerror(errno));
	t.len = 201;
	check("but not at a size not among them: EPERM",
	      req(fd, CSB_IOC_TIME, &t) == EPERM, "other");
	free(sizes);
	close(fd);
}

/* Unloaded, then loaded with one kernel made wrong: the gate says where,
   and the region is refused. */
static void reload(const char *ko)
{
	uint32_t sizes[] = { 64 }, aligns[] = { 0 };
	struct csb_info info;
	struct csb_gate g;
	struct csb_time t;
	int fd, mod, pl;

	check("the module unloads", syscall(SYS_delete_module, "csumbench",
					    O_NONBLOCK) == 0, strerror(errno));
	check("and /dev/csumbench is gone", access("/dev/csumbench", F_OK) != 0,
	      "still there");
	mod = open(ko, O_RDONLY);
	check("it loads again with wrong=pipelined", mod >= 0 &&
	      syscall(SYS_finit_module, mod, "wrong=pipelined", 0) == 0,
	      strerror(errno));
	fd = open("/dev/csumbench", O_RDWR);
	if (fd < 0 || req(fd, CSB_IOC_INFO, &info)) {
		check("/dev/csumbench opens", 0, strerror(errno));
		return;
	}
	pl = find(fd, info.nkernels, "pipelined");
	struct csb_setup setup = { .seed = 42, .max_len = 4096, .calls = 4 };
	req(fd, CSB_IOC_SETUP, &setup);
	g = (struct csb_gate){ .index = (uint32_t)pl, .dist = -1, .nsizes = 1,
			       .naligns = 1, .sizes = (uintptr_t)sizes,
			       .aligns = (uintptr_t)aligns };
	check("the gate catches it: EDOM", req(fd, CSB_IOC_GATE, &g) == EDOM, "other");
	printf("# %s\n", g.why);
	check("and says where", strstr(g.why, "pipelined at len 64 align 0") != NULL,
	      g.why);
	t = (struct csb_time){ .index = (uint32_t)pl, .len = 64, .calls = 4 };
	check("a kernel that failed is never timed: EPERM",
	      req(fd, CSB_IOC_TIME, &t) == EPERM, "other");
	close(fd);
}

int main(int argc, char **argv)
{
	requests();
	limits();
	if (argc == 3 && strcmp(argv[1], "--reload") == 0)
		reload(argv[2]);
	printf("kspace-ioctl: %s\n", fails ? "FAILED" : "all ok");
	return fails ? 1 : 0;
}
