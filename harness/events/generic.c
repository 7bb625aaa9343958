/* The generic events of linux/perf_event.h, spelt as perf list spells
 * them, for builds with and without libpfm4.  A name may end in
 * modifiers as perf's do: ":u" user, ":k" kernel, ":h" hypervisor, in
 * any combination; without any, user space only (what the timer sees). */
#include <string.h>
#include <strings.h>

#include "events/events.h"

#define HW(n, c) { n, "hardware", PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c }
#define SW(n, c) { n, "software", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c }
/* config of a cache event: cache | op << 8 | result << 16 */
#define HC(n, c, o, r) { n, "cache", PERF_TYPE_HW_CACHE, \
	PERF_COUNT_HW_CACHE_##c | PERF_COUNT_HW_CACHE_OP_##o << 8 | \
	(uint64_t)PERF_COUNT_HW_CACHE_RESULT_##r << 16 }
#define CACHE(p, c) \
	HC(p "-loads", c, READ, ACCESS), HC(p "-load-misses", c, READ, MISS), \
	HC(p "-stores", c, WRITE, ACCESS), HC(p "-store-misses", c, WRITE, MISS), \
	HC(p "-prefetches", c, PREFETCH, ACCESS), \
	HC(p "-prefetch-misses", c, PREFETCH, MISS)

static const struct generic_event table[] = {
	HW("cpu-cycles", CPU_CYCLES), HW("cycles", CPU_CYCLES),
	HW("instructions", INSTRUCTIONS),
	HW("cache-references", CACHE_REFERENCES),
	HW("cache-misses", CACHE_MISSES),
	HW("branch-instructions", BRANCH_INSTRUCTIONS),
	HW("branches", BRANCH_INSTRUCTIONS),
	HW("branch-misses", BRANCH_MISSES),
	HW("bus-cycles", BUS_CYCLES),
	HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("idle-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("idle-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("ref-cycles", REF_CPU_CYCLES),
	SW("cpu-clock", CPU_CLOCK), SW("task-clock", TASK_CLOCK),
	SW("page-faults", PAGE_FAULTS), SW("faults", PAGE_FAULTS),
	SW("minor-faults", PAGE_FAULTS_MIN), SW("major-faults", PAGE_FAULTS_MAJ),
	SW("context-switches", CONTEXT_SWITCHES), SW("cs", CONTEXT_SWITCHES),
	SW("cpu-migrations", CPU_MIGRATIONS), SW("migrations", CPU_MIGRATIONS),
	SW("alignment-faults", ALIGNMENT_FAULTS),
	SW("emulation-faults", EMULATION_FAULTS),
	CACHE("L1-dcache", L1D), CACHE("L1-icache", L1I), CACHE("LLC", LL),
	CACHE("dTLB", DTLB), CACHE("iTLB", ITLB), CACHE("branch", BPU),
	CACHE("node", NODE),
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

const struct generic_event *events_generic_table(size_t *n)
{
	*n = NTABLE;
	return table;
}

int events_generic(const char *name, struct perf_event_attr *attr)
{
	const char *colon = strchr(name, ':');
	size_t len = colon ? (size_t)(colon - name) : strlen(name), i;
	bool u = false, k = false, h = false;

	if (colon) {
		const char *m = colon + 1;
		if (!*m)
			return -1;
		for (; *m; m++) {
			if (*m == 'u')
				u = true;
			else if (*m == 'k')
				k = true;
			else if (*m == 'h')
				h = true;
			else
				return -1;
		}
	} else {
		u = true;
	}
	for (i = 0; i < NTABLE; i++)
		if (strlen(table[i].name) == len &&
		    !strncasecmp(table[i].name, name, len))
			break;
	if (i == NTABLE)
		return -1;
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = table[i].type;
	attr->config = table[i].config;
	attr->exclude_user = !u;
	attr->exclude_kernel = !k;
	attr->exclude_hv = !h;
	return 0;
}
