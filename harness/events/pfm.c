/* Event names through libpfm4 (Debian libpfm4-dev): any name it knows
 * for this machine's PMUs, encoded for perf_event_open with
 * pfm_get_os_event_encoding(PFM_OS_PERF_EVENT_EXT).  User space only
 * (PFM_PLM3) unless the name's modifiers say otherwise.  Built when the
 * Makefile finds the header (LIBPFM=1); else nopfm.c. */
#include <perfmon/pfmlib_perf_event.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The prototypes of events.h, without its linux/perf_event.h: libpfm4's
   header defines the same kernel structure itself. */
const char *events_pfm_version(void);
int events_pfm_encode(const char *name, void *attr, size_t attr_size,
		      char *err, size_t errlen);
typedef void events_pfm_fn(const char *pmu, const char *name,
			   const char *desc, void *ctx);
const char *events_pfm_each(events_pfm_fn *fn, void *ctx);

static int ready(void)
{
	static int rc = 1;

	if (rc == 1)
		rc = pfm_initialize();
	return rc;
}

const char *events_pfm_version(void)
{
	return "libpfm4";
}

int events_pfm_encode(const char *name, void *attr, size_t attr_size,
		      char *err, size_t errlen)
{
	struct perf_event_attr a;
	pfm_perf_encode_arg_t arg;
	int rc = ready();

	if (rc != PFM_SUCCESS) {
		snprintf(err, errlen, "libpfm4 did not start: %s", pfm_strerror(rc));
		return -1;
	}
	memset(&a, 0, sizeof(a));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &a;
	arg.size = sizeof(arg);
	rc = pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
	if (rc == PFM_ERR_NOTFOUND)
		return 1;
	if (rc != PFM_SUCCESS) {
		snprintf(err, errlen, "event '%s': libpfm4: %s", name,
			 pfm_strerror(rc));
		return -1;
	}
	a.size = sizeof(a) < attr_size ? (unsigned)sizeof(a) : (unsigned)attr_size;
	memset(attr, 0, attr_size);
	memcpy(attr, &a, a.size);
	return 0;
}

const char *events_pfm_each(events_pfm_fn *fn, void *ctx)
{
	static char names[256];
	pfm_pmu_info_t pinfo;
	pfm_event_info_t info;
	size_t len = 0;
	int pmu, i;

	names[0] = '\0';
	if (ready() != PFM_SUCCESS)
		return names;
	pfm_for_all_pmus(pmu) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(pmu, &pinfo) != PFM_SUCCESS || !pinfo.is_present)
			continue;
		if (len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) - len,
						"%s%s", len ? ", " : "", pinfo.name);
		for (i = pinfo.first_event; i != -1; i = pfm_get_event_next(i)) {
			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT, &info) ==
			    PFM_SUCCESS)
				fn(pinfo.name, info.name, info.desc ? info.desc : "", ctx);
		}
	}
	return names;
}
