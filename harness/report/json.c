/* Google Benchmark's JSON: one "benchmarks" entry per point and repeat,
   the repeats' aggregates, and the run's context, so that Google
   Benchmark's tools/compare.py reads two csumbench runs as it reads two
   Google Benchmark runs.  real_time is the median time of one call (its
   timer's overhead taken off, as in the CSV's ns_per_call); csumbench
   has no CPU clock of its own, so cpu_time repeats it, and the context
   says so.  Every other "# key: value" line of the CSV is in the
   context as csumbench_KEY. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "lib/platform.h"
#include "lib/stats.h"
#include "report/report.h"
#include "workload/load.h"

/* The length of the UTF-8 sequence at p, or 0 where it is none: no
   overlong form, no surrogate, nothing above U+10FFFF (RFC 3629). */
static size_t utf8_len(const unsigned char *p)
{
	unsigned c = p[0], lo = 0x80, hi = 0xbf;
	size_t n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 :
		   c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0, i;

	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	for (i = 1; i < n; i++)
		if (p[i] < (i == 1 ? lo : 0x80) || p[i] > (i == 1 ? hi : 0xbf))
			return 0;
	return n;
}

/* s as a JSON string.  Names and metadata may hold any byte: control
   characters are escaped, and bytes that are not UTF-8 become U+FFFD,
   so the file stays valid JSON. */
static void jstr(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	while (*p) {
		unsigned c = *p;
		size_t n = utf8_len(p);

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (n)
			fwrite(p, 1, n, f);
		else
			fputs("\\ufffd", f);
		p += n ? n : 1;
	}
	fputc('"', f);
}

/* A number, or null where there is none (JSON has no NaN). */
static void jnum(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.10g", v);
	else
		fputs("null", f);
}

/* OP/KERNEL/SIZE/CACHE/pf:D/align:A, then /off:O, /busy, /rx:POLICY
   where the point has them: one name per point of a run. */
static void point_name(const struct sweep *b, const struct point *p,
		       char *buf, size_t len)
{
	char rx[32];
	size_t n;

	n = (size_t)snprintf(buf, len, "%s/%s/", p->spec.kernel->op->name,
			     p->spec.kernel->name);
	if (n < len)
		n += (size_t)(p->spec.size == SIZE_MIX ? snprintf(buf + n,
								  len - n, "mix") :
			      snprintf(buf + n, len - n, "%u", p->spec.size));
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, "/%s/pf:",
				      cache_state_name[p->spec.cache]);
	if (n < len)
		n += (size_t)(p->spec.prefetch == PREFETCH_NONE ?
			      snprintf(buf + n, len - n, "none") :
			      snprintf(buf + n, len - n, "%d", p->spec.prefetch));
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, "/align:%u", p->spec.align);
	if (p->spec.code_offset != CODE_OFFSET_NONE && n < len)
		n += (size_t)snprintf(buf + n, len - n, "/off:%d", p->spec.code_offset);
	if (p->spec.load == LOAD_BUSY && n < len)
		n += (size_t)snprintf(buf + n, len - n, "/busy");
	if (p->spec.cache == CACHE_RX && n < len)
		snprintf(buf + n, len - n, "/rx:%s", point_rx_name(b, p, rx, sizeof(rx)));
}

/* The CPUs a sysfs list such as "0-3,8" names. */
static long cpus_in(const char *list)
{
	long n = 0, a, z;
	char *end;

	while (*list) {
		a = strtol(list, &end, 10);
		if (end == list)
			break;
		z = *end == '-' ? strtol(end + 1, &end, 10) : a;
		n += z >= a ? z - a + 1 : 0;
		list = *end == ',' ? end + 1 : end;
		if (*list == '\n')
			break;
	}
	return n;
}

static bool read_word(const char *dir, const char *name, char *buf, size_t len)
{
	char path[256];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!(f = fopen(path, "r")))
		return false;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* Google Benchmark's "caches": CPU 0's, from sysfs; [] where it has none. */
static void caches(FILE *f)
{
	char dir[128], type[32], level[16], size[32], shared[256];
	const char *sep = "";
	int i;

	fputs("[", f);
	for (i = 0; i < 16; i++) {
		char *end;
		double bytes;

		snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpu0/cache/index%d", i);
		if (!read_word(dir, "type", type, sizeof(type)) ||
		    !read_word(dir, "level", level, sizeof(level)) ||
		    !read_word(dir, "size", size, sizeof(size)))
			continue;
		bytes = strtod(size, &end);
		bytes *= *end == 'K' ? 1024 : *end == 'M' ? 1 << 20 : 1;
		if (!read_word(dir, "shared_cpu_list", shared, sizeof(shared)))
			strcpy(shared, "0");
		fprintf(f, "%s\n      { \"type\": ", sep);
		jstr(f, type);
		fprintf(f, ", \"level\": %d, \"size\": %.0f, \"num_sharing\": %ld }",
			atoi(level), bytes, cpus_in(shared));
		sep = ",";
	}
	fputs(*sep ? "\n    ]" : "]", f);
}

/* The CSV's "# key: value" lines as context keys csumbench_KEY; a key
   that comes more than once is an array, and so are those that can
   (warning, prefetch_loop, kernel_function), however many a run has. */
static void meta_keys(FILE *f, const struct sweep *b)
{
	char *text = NULL, *line, *next, **keys, **vals, key[256];
	size_t len = 0, n = 0, i, j;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	report_meta(m, b);
	if (fclose(m) != 0 || !text) {
		free(text);
		return;
	}
	keys = calloc(len / 2 + 1, sizeof(*keys));
	vals = calloc(len / 2 + 1, sizeof(*vals));
	for (line = text; keys && vals && line && *line; line = next) {
		char *colon;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		colon = strstr(line, ": ");
		if (strncmp(line, "# ", 2) || !colon)
			continue;
		*colon = '\0';
		keys[n] = line + 2;
		vals[n++] = colon + 2;
	}
	for (i = 0; i < n; i++) {
		size_t count = 0;

		for (j = 0; j < i && strcmp(keys[j], keys[i]); j++)
			;
		if (j < i)
			continue;	/* written with its first */
		for (j = i; j < n; j++)
			count += !strcmp(keys[j], keys[i]);
		snprintf(key, sizeof(key), "csumbench_%s",
			 !strcmp(keys[i], "csumbench") ? "version" : keys[i]);
		fprintf(f, ",\n    ");
		jstr(f, key);
		fprintf(f, ": ");
		if (count == 1 && strcmp(keys[i], "warning") &&
		    strcmp(keys[i], "prefetch_loop") &&
		    strcmp(keys[i], "kernel_function")) {
			jstr(f, vals[i]);
			continue;
		}
		fputs("[", f);
		for (j = i; j < n; j++)
			if (!strcmp(keys[j], keys[i])) {
				fputs(j > i ? ", " : "", f);
				jstr(f, vals[j]);
			}
		fputs("]", f);
	}
	free(keys);
	free(vals);
	free(text);
}

void json_zone_colon(char *date)
{
	size_t n = strlen(date);

	/* (the sign is 5 from the end: the guard is that n reaches it) */
	if (n >= 5 && (date[n - 5] == '+' || date[n - 5] == '-')) {
		memmove(date + n - 1, date + n - 2, 3);
		date[n - 2] = ':';
	}
}

static void context(FILE *f, const struct sweep *b)
{
	char date[64], exe[4096], gov[64];
	time_t now = time(NULL);
	struct tm tm;
	double load[3] = { 0, 0, 0 };
	ssize_t n;
	int cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
	FILE *g = fopen("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "r");

	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S%z", &tm);
	json_zone_colon(date);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	if (getloadavg(load, 3) < 0)
		load[0] = load[1] = load[2] = NAN;
	gov[0] = '\0';
	if (g) {
		if (!fgets(gov, sizeof(gov), g))
			gov[0] = '\0';
		fclose(g);
		gov[strcspn(gov, "\n")] = '\0';
	}
	fprintf(f, "  \"context\": {\n    \"date\": ");
	jstr(f, date);
	fprintf(f, ",\n    \"host_name\": ");
	jstr(f, platform_host());
	fprintf(f, ",\n    \"executable\": ");
	jstr(f, n > 0 ? exe : "csumbench");
	fprintf(f, ",\n    \"num_cpus\": %d,\n    \"mhz_per_cpu\": %.0f,\n"
		"    \"cpu_scaling_enabled\": %s,\n    \"caches\": ", cores > 0 ? cores : 1,
		isfinite(b->machine.clock_hz) && !b->machine.emulated ? b->machine.clock_hz / 1e6 : 0,
		gov[0] && strcmp(gov, "performance") ? "true" : "false");
	caches(f);
	fprintf(f, ",\n    \"load_avg\": [");
	jnum(f, load[0]);
	fputs(", ", f);
	jnum(f, load[1]);
	fputs(", ", f);
	jnum(f, load[2]);
	fprintf(f, "],\n    \"library_build_type\": \"%s\",\n",
		strstr(" " CSUMBENCH_CFLAGS " ", " -O0 ") ? "debug" : "release");
	fprintf(f, "    \"csumbench_mhz_per_cpu\": \"%s\",\n", b->machine.emulated ?
		"0: emulated, the board's clock is not known (csumbench_core_clock "
		"gives the pace the emulator ran at)" : "the core clock csumbench "
		"calibrated (tick_hz x cycles per tick)");
	fprintf(f, "    \"csumbench_times\": \"real_time: the median time of one "
		"call over its samples, the timer's overhead taken off; "
		"cpu_time repeats it (no CPU clock is read); cycles_per_byte: "
		"core cycles, as in the CSV\"");
	meta_keys(f, b);
	fprintf(f, "\n  },\n");
}

/* One point's figures in one repeat (or an aggregate of them). */
struct figures {
	double ns, cpb, bps, roof;
	unsigned long long iters;
	bool per_call;		/* no time is then a call below one step */
	bool emulated;		/* each entry says so (Google Benchmark's label) */
	bool model;		/* and a model's estimate says that */
};

static struct figures figures_of(const struct sweep *b, const struct point *p,
				 unsigned r)
{
	struct figures x;

	x.ns = point_time(p->data.st[r].median) / b->machine.cal.tick_hz * 1e9;
	x.cpb = point_cycles_per_byte(b, p, r);
	x.bps = x.ns > 0 ? p->data.bytes / x.ns * 1e9 : NAN;
	x.roof = point_roofline_fraction(b, p, r);
	x.iters = (unsigned long long)p->data.taken[r] * (p->data.cs[r].n ? 1 : p->spec.iters);
	x.per_call = b->cfg->timing == TIMING_PER_CALL;
	x.emulated = b->machine.emulated;
	x.model = b->machine.model != NULL;
	return x;
}

static void entry(FILE *f, const char *name, const char *agg, size_t family,
		  unsigned repeats, int index, const struct figures *x,
		  bool *first)
{
	const char *unit = agg && !strcmp(agg, "cv") ? "percentage" : "time";

	fprintf(f, "%s\n    {\n      \"name\": ", *first ? "" : ",");
	*first = false;
	if (agg) {
		char full[600];
		snprintf(full, sizeof(full), "%s_%s", name, agg);
		jstr(f, full);
	} else {
		jstr(f, name);
	}
	fprintf(f, ",\n      \"family_index\": %zu,\n"
		"      \"per_family_instance_index\": 0,\n      \"run_name\": ", family);
	jstr(f, name);
	fprintf(f, ",\n      \"run_type\": \"%s\",\n      \"repetitions\": %u,\n",
		agg ? "aggregate" : "iteration", repeats);
	if (agg)
		fprintf(f, "      \"threads\": 1,\n      \"aggregate_name\": \"%s\",\n"
			"      \"aggregate_unit\": \"%s\",\n", agg, unit);
	else
		fprintf(f, "      \"repetition_index\": %d,\n      \"threads\": 1,\n",
			index);
	if (x->model)
		fputs("      \"label\": \"model: an estimate from a core model, not a board's time\",\n", f);
	else if (x->emulated)
		fputs("      \"label\": \"emulated: not a board's time\",\n", f);
	fprintf(f, "      \"iterations\": %llu,\n", x->iters);
	/* Google Benchmark's way to say a run has no time (compare.py
	   leaves it out): its median region was shorter than the overhead
	   subtracted. */
	if (isnan(x->ns)) {
		fputs("      \"error_occurred\": true,\n      \"error_message\": ", f);
		fputs(x->per_call ? "\"its median call was below one timer step: "
		      "the timer does not resolve it (calls_below_step)\"\n    }" :
		      "\"its median region was shorter than the overhead "
		      "subtracted: no time (below_overhead)\"\n    }", f);
		return;
	}
	fputs("      \"real_time\": ", f);
	jnum(f, x->ns);
	fputs(",\n      \"cpu_time\": ", f);
	jnum(f, x->ns);
	fputs(",\n      \"time_unit\": \"ns\",\n      \"bytes_per_second\": ", f);
	jnum(f, x->bps);
	fputs(",\n      \"cycles_per_byte\": ", f);
	jnum(f, x->cpb);
	if (!isnan(x->roof)) {
		fputs(",\n      \"roofline_fraction\": ", f);
		jnum(f, x->roof);
	}
	fputs("\n    }", f);
}

/* Google Benchmark's aggregates of the repeats: mean, median, stddev
   (of a sample, n - 1) and cv (stddev / mean, a fraction), of each
   figure. */
static void aggregates(FILE *f, const char *name, size_t family,
		       const struct figures *x, unsigned n, bool *first)
{
	static const char *const names[] = { "mean", "median", "stddev", "cv" };
	double v[4][4], col[1000];
	struct figures a;
	unsigned i, k, j;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < n; i++)
			col[i] = k == 0 ? x[i].ns : k == 1 ? x[i].cpb :
				 k == 2 ? x[i].bps : x[i].roof;
		v[0][k] = 0;
		for (i = 0; i < n; i++)
			v[0][k] += col[i] / n;
		v[1][k] = stats_median(col, n);
		v[2][k] = stats_stddev(col, n);
		v[3][k] = v[2][k] / v[0][k];
	}
	for (j = 0; j < 4; j++) {
		a.ns = v[j][0];
		a.cpb = v[j][1];
		a.bps = v[j][2];
		a.roof = v[j][3];
		a.iters = n;
		a.per_call = x[0].per_call;
		a.emulated = x[0].emulated;
		a.model = x[0].model;
		entry(f, name, names[j], family, n, 0, &a, first);
	}
}

/* Whether every repeat has a time: aggregates are of all or none. */
static bool timed(const struct figures *x, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (isnan(x[i].ns))
			return false;
	return true;
}

void report_json(FILE *f, const struct sweep *b)
{
	struct figures x[1000];
	char name[512];
	size_t i, family = 0;
	unsigned r, n;
	bool first = true;

	fprintf(f, "{\n");
	context(f, b);
	fprintf(f, "  \"benchmarks\": [");
	for (i = 0; i < b->plan.npts; i++) {
		const struct point *p = &b->plan.pts[i];

		point_name(b, p, name, sizeof(name));
		for (r = n = 0; r < b->plan.repeats && r < 1000; r++) {
			if (!p->data.taken[r])
				continue;	/* a partial run stopped before it */
			x[n] = figures_of(b, p, r);
			entry(f, name, NULL, family, b->plan.repeats, (int)r,
			      &x[n], &first);
			n++;
		}
		if (n > 1 && timed(x, n))
			aggregates(f, name, family, x, n, &first);
		family += n > 0;
	}
	fprintf(f, "\n  ]\n}\n");
}
