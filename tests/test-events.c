/* Events (events.h) and the perf mmap page (perf-page.h).
 *   test-events libpfm | nolibpfm
 * The argument says which build this is meant to be, so that a build
 * that found (or missed) libpfm4 by mistake fails here. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "events/events.h"
#include "events/region.h"
#include "timer/perf-page.h"
#include "timer/timer.h"

static void columns(void)
{
	static const char *const cases[][2] = {
		{ "cycles", "ev_cycles" },
		{ "L1-dcache-load-misses", "ev_l1_dcache_load_misses" },
		{ "perf::INSTRUCTIONS:u", "ev_perf_instructions_u" },
		{ "amd64_fam19h::RETIRED_INSTRUCTIONS", "ev_amd64_fam19h_retired_instructions" },
		{ "INST_RETIRED:ANY_P", "ev_inst_retired_any_p" },
		{ "--task--clock--", "ev_task_clock" },
	};
	char out[EVENT_NAME_MAX + 4];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		events_column(cases[i][0], out, sizeof(out));
		CHECK(!strcmp(out, cases[i][1]), "column of %s: %s, expected %s",
		      cases[i][0], out, cases[i][1]);
	}
}

static void generic(void)
{
	struct perf_event_attr a;

	CHECK(!events_generic("cycles", &a) && a.type == PERF_TYPE_HARDWARE &&
	      a.config == PERF_COUNT_HW_CPU_CYCLES && a.exclude_kernel &&
	      !a.exclude_user && a.exclude_hv, "cycles: type %u config %llu, "
	      "user only", a.type, (unsigned long long)a.config);
	CHECK(!events_generic("instructions:k", &a) && a.exclude_user &&
	      !a.exclude_kernel && a.config == PERF_COUNT_HW_INSTRUCTIONS,
	      "instructions:k counts the kernel only");
	CHECK(!events_generic("branch-misses:uk", &a) && !a.exclude_user &&
	      !a.exclude_kernel && a.exclude_hv, "branch-misses:uk");
	CHECK(!events_generic("L1-dcache-load-misses", &a) &&
	      a.type == PERF_TYPE_HW_CACHE && a.config == 0x10000,
	      "L1-dcache-load-misses: type %u config 0x%llx, expected 3, 0x10000",
	      a.type, (unsigned long long)a.config);
	CHECK(!events_generic("LLC-prefetches", &a) && a.type == PERF_TYPE_HW_CACHE &&
	      a.config == (PERF_COUNT_HW_CACHE_LL | PERF_COUNT_HW_CACHE_OP_PREFETCH << 8),
	      "LLC-prefetches: config 0x%llx", (unsigned long long)a.config);
	CHECK(!events_generic("dTLB-store-misses", &a) &&
	      a.config == (PERF_COUNT_HW_CACHE_DTLB | PERF_COUNT_HW_CACHE_OP_WRITE << 8 |
			   PERF_COUNT_HW_CACHE_RESULT_MISS << 16), "dTLB-store-misses");
	CHECK(!events_generic("l1-DCACHE-loads", &a) && a.config == PERF_COUNT_HW_CACHE_L1D,
	      "names ignore case, as perf's do");
	CHECK(!events_generic("task-clock", &a) && a.type == PERF_TYPE_SOFTWARE &&
	      a.config == PERF_COUNT_SW_TASK_CLOCK, "task-clock");
	CHECK(!events_generic("cs", &a) && a.config == PERF_COUNT_SW_CONTEXT_SWITCHES,
	      "cs is context-switches");
	CHECK(events_generic("cycles:x", &a) && events_generic("cycles:", &a) &&
	      events_generic("cycle", &a) && events_generic("", &a),
	      "bad modifiers and names are refused");
}

static void encode(bool pfm)
{
	struct perf_event_attr a;
	const char *src = NULL;
	char err[1024];
	int rc;

	CHECK((events_pfm_version() != NULL) == pfm, "this build %s libpfm4, "
	      "expected %s", events_pfm_version() ? "has" : "has no",
	      pfm ? "with" : "without");
	CHECK(!events_encode("task-clock", &a, &src, err, sizeof(err)) &&
	      !strcmp(src, "generic"), "generic names come first, in both builds");
	rc = events_encode("cycls", &a, &src, err, sizeof(err));
	CHECK(rc && strstr(err, "unknown event 'cycls'") &&
	      strstr(err, "close names: cycles"), "cycls: %s", err);
	rc = events_encode("perf::PERF_COUNT_HW_INSTRUCTIONS", &a, &src, err,
			   sizeof(err));
	if (pfm) {
		CHECK(!rc && !strcmp(src, "libpfm4") && a.type == PERF_TYPE_HARDWARE &&
		      a.config == PERF_COUNT_HW_INSTRUCTIONS && a.exclude_kernel,
		      "libpfm4 encodes perf::PERF_COUNT_HW_INSTRUCTIONS user-only: "
		      "rc %d type %u config %llu (%s)", rc, a.type,
		      (unsigned long long)a.config, err);
		rc = events_encode("perf::PERF_COUNT_SW_PAGE_FAULTS:u", &a, &src,
				   err, sizeof(err));
		CHECK(!rc && a.type == PERF_TYPE_SOFTWARE &&
		      a.config == PERF_COUNT_SW_PAGE_FAULTS, "a libpfm4 name with "
		      "a modifier: rc %d (%s)", rc, err);
		rc = events_encode("perf::L1-DCACHE-LOAD-MISSES", &a, &src, err,
				   sizeof(err));
		CHECK(!rc && a.type == PERF_TYPE_HW_CACHE && a.config == 0x10000,
		      "libpfm4's cache event matches the generic one: 0x%llx",
		      (unsigned long long)a.config);
		rc = events_encode("perf::PERF_COUNT_SW_TASK_CLOCK:period=1000", &a,
				   &src, err, sizeof(err));
		CHECK(rc && strstr(err, "asks for sampling"),
		      "a sampling period is refused: %s", err);
		rc = events_encode("perf::INSTRUCTONS", &a, &src, err, sizeof(err));
		CHECK(rc && strstr(err, "perf::INSTRUCTIONS"),
		      "libpfm4 names are suggested: %s", err);
		CHECK(strstr(err, "or a libpfm4 name") != NULL, "%s", err);
	} else {
		CHECK(rc && strstr(err, "this build has no libpfm4"),
		      "without libpfm4 a PMU name is unknown, and why: %s", err);
	}
}

static void parse(void)
{
	struct events e;
	char err[1024];

	CHECK(!events_parse(&e, "cycles, task-clock ,L1-dcache-load-misses", err,
			    sizeof(err)) && e.n == 3 &&
	      !strcmp(e.ev[1].name, "task-clock") &&
	      !strcmp(e.ev[2].column, "ev_l1_dcache_load_misses"),
	      "a list of three: %zu", e.n);
	CHECK(!events_parse(&e, "none", err, sizeof(err)) && e.n == 0, "none");
	CHECK(events_parse(&e, "task-clock, TASK-CLOCK", err, sizeof(err)) &&
	      strstr(err, "make the same column (ev_task_clock"), "%s", err);
	CHECK(events_parse(&e, "cycles,instructions,task-clock,page-faults,cs,migrations,"
			    "minor-faults,major-faults,alignment-faults", err, sizeof(err)) &&
	      strstr(err, "more than 8"), "nine: %s", err);
	CHECK(events_parse(&e, "cycles,", err, sizeof(err)) &&
	      strstr(err, "trailing comma"), "%s", err);
	CHECK(events_parse(&e, "none, cycles", err, sizeof(err)), "none and names");
	CHECK(!events_parse(&e, " task-clock , cs ", err, sizeof(err)) && e.n == 2,
	      "blanks around names and at the end: %s", err);
	CHECK(events_parse(&e, "running", err, sizeof(err)) &&
	      strstr(err, "ev_running"), "an event named running: %s", err);
	CHECK(events_parse(&e, "faults, faults-per-byte", err, sizeof(err)) &&
	      strstr(err, "_per_byte"), "ev_faults_per_byte twice: %s", err);
}

/* read(2)'s group layout: nr, time_enabled, time_running, values. */
static void multiplexing(void)
{
	uint64_t before[5] = { 2, 1000, 1000, 50, 7 };
	uint64_t whole[5] = { 2, 3000, 3000, 450, 27 };
	uint64_t quarter[5] = { 2, 5000, 1500, 150, 12 };
	uint64_t never[5] = { 2, 3000, 1000, 50, 7 };
	uint64_t other[5] = { 3, 3000, 3000, 450, 27 };
	struct events_count c;

	CHECK(events_delta(before, whole, 2, &c) && c.running == 1 &&
	      c.value[0] == 400 && c.value[1] == 20, "a whole region: %g %g "
	      "running %g", c.value[0], c.value[1], c.running);
	/* 4000 ns enabled, 500 running: an eighth; counts times 8 */
	CHECK(events_delta(before, quarter, 2, &c) && fabs(c.running - 0.125) < 1e-12 &&
	      c.value[0] == 800 && c.value[1] == 40, "multiplexed: %g %g "
	      "running %g, expected 800 40 0.125", c.value[0], c.value[1], c.running);
	CHECK(!events_delta(before, never, 2, &c) && c.running == 0 &&
	      isnan(c.value[0]), "never on the PMU: no values");
	CHECK(!events_delta(before, other, 2, &c), "a read of another group size");
}

/* A page of our own, and a counter that the test sets. */
static struct perf_event_mmap_page pg;
static uint64_t counter_value;
static uint32_t counter_asked;
static int reads;
static bool bump_lock;

static uint64_t fake_pmc(uint32_t counter)
{
	counter_asked = counter;
	reads++;
	if (bump_lock && reads == 1)
		pg.lock += 2;	/* the kernel rewrote the page meanwhile */
	return counter_value;
}

static void page_arithmetic(void)
{
	uint64_t v = 1;

	memset(&pg, 0, sizeof(pg));
	CHECK(!perf_page_count(&pg, fake_pmc, &v) && v == 1 && !reads,
	      "cap_user_rdpmc 0: no user read");
	pg.cap_user_rdpmc = 1;
	pg.offset = 12345;
	CHECK(perf_page_count(&pg, fake_pmc, &v) && v == 12345 && !reads,
	      "index 0 (not on a counter): the offset is the count: %llu",
	      (unsigned long long)v);
	pg.index = 3;
	pg.pmc_width = 48;
	pg.offset = 1000;
	counter_value = 0xfffffffffff0ull;	/* -16 in 48 bits */
	CHECK(perf_page_count(&pg, fake_pmc, &v) && v == 984 && counter_asked == 2,
	      "48-bit counter sign-extended: %llu (expected 984), counter %u "
	      "(expected index - 1 = 2)", (unsigned long long)v, counter_asked);
	counter_value = 0x0000123456789abcull | 0xabcd000000000000ull;
	pg.offset = 0;
	CHECK(perf_page_count(&pg, fake_pmc, &v) && v == 0x123456789abcull,
	      "bits above pmc_width are dropped: 0x%llx", (unsigned long long)v);
	pg.pmc_width = 64;
	pg.offset = -5;
	counter_value = 105;
	CHECK(perf_page_count(&pg, fake_pmc, &v) && v == 100,
	      "64-bit counter and a negative offset: %llu", (unsigned long long)v);
	reads = 0;
	bump_lock = true;
	CHECK(perf_page_count(&pg, fake_pmc, &v) && reads == 2 && v == 100,
	      "a page rewritten during the read is read again: %d reads", reads);
	bump_lock = false;
}

/* Software events on this machine: a region that faults in 64 fresh
   pages counts them. */
static void live(void)
{
	struct events e;
	struct events_count c;
	const struct timer *t;
	char err[1024];
	double oh[EVENTS_MAX];
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	unsigned char *m;
	uint64_t t0, t1;

	CHECK(!events_parse(&e, "task-clock, page-faults, context-switches", err,
			    sizeof(err)), "%s", err);
	t = timer_select("clock", true, err, sizeof(err));
	if (events_open(&e, err, sizeof(err))) {
		CHECK(strstr(err, "perf_event_open") != NULL, "%s", err);
		printf("note: software events do not open here (%s); live checks "
		       "skipped\n", err);
		return;
	}
	CHECK(events_fd >= 0, "the group is open");
	CHECK(!events_overhead(t, oh) && oh[1] == 0,
	      "an empty region faults nothing: %g", oh[1]);
	m = mmap(NULL, 64 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		abort();
	t0 = region_start(t);
	for (i = 0; i < 64; i++)
		m[i * page] = 1;
	t1 = region_stop(t);
	CHECK(events_last(&c) && c.running == 1, "a software group always runs");
	CHECK(c.value[1] >= 64 && c.value[1] < 80, "64 fresh pages: %g page faults",
	      c.value[1]);
	CHECK(c.value[0] > 0 && c.value[0] < (double)(t1 - t0) * 2 + 100000,
	      "task-clock %g ns within the region's %llu ns", c.value[0],
	      (unsigned long long)(t1 - t0));
	t0 = region_start(t);
	t1 = region_stop(t);
	CHECK(events_last(&c) && c.value[1] == 0, "each region stands alone: %g",
	      c.value[1]);
	munmap(m, 64 * page);
	events_close();
	CHECK(events_fd == -1, "closed");
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "libpfm") && strcmp(argv[1], "nolibpfm"))) {
		fprintf(stderr, "usage: test-events libpfm|nolibpfm\n");
		return 2;
	}
	columns();
	generic();
	encode(!strcmp(argv[1], "libpfm"));
	parse();
	multiplexing();
	page_arithmetic();
	live();
	return check_done("events");
}
