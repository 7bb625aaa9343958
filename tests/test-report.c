/* The CSV reporters on a sweep's result made by hand: no plan, no
   buffers, no timer read, so what is checked is the arithmetic and the
   format of the rows alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "config/config.h"
#include "op/op.h"
#include "report/report.h"
#include "sweep/sweep.h"
#include "workload/load.h"

static const struct timer fake_timer = {
	.name = "fake", .what = "a timer no test reads",
};

static const struct kernel kernel = {
	.name = "k", .arch = "generic", .op = &op_csum,
};
static const struct kernel empty = {
	.name = "empty", .arch = "generic", .op = &op_csum,
};

/* One repeat of three samples at 64 bytes: medians 100 (the kernel) and
   20 (its floor, the empty kernel) ticks, 2 cycles per tick. */
struct result {
	struct config c;
	struct sweep b;
	struct point pts[2];
	struct summary st[2];
	struct call_stats cs[2];
	double ticks[2][3], cycles_per_tick[2], steps[2];
	unsigned taken[2], preempted[2], below[2];
	unsigned char layout[2][3], slot[2][3];
};

static void point_make(struct result *x, size_t i, const struct kernel *k,
		       double median)
{
	struct point *p = &x->pts[i];
	size_t s;

	p->spec.kernel = k;
	p->spec.size = 64;
	p->spec.cache = CACHE_WARM;
	p->spec.prefetch = PREFETCH_NONE;
	p->spec.code_offset = CODE_OFFSET_NONE;
	p->spec.load = LOAD_IDLE;
	p->spec.rx_prefetch = RX_PREFETCH_NONE;
	p->spec.loop_mod64 = -1;
	p->spec.iters = 16;
	p->spec.floor = 1;
	p->data.bytes = 64;
	for (s = 0; s < 3; s++) {
		x->ticks[i][s] = median - 10 + 10 * (double)s;
		x->layout[i][s] = (unsigned char)s;
		x->slot[i][s] = (unsigned char)(2 - s);
	}
	x->st[i] = stats_summarise(x->ticks[i], 3);
	x->cycles_per_tick[i] = 2;
	x->taken[i] = 3;
	x->steps[i] = median;
	p->data.ticks = x->ticks[i];
	p->data.st = &x->st[i];
	p->data.cs = &x->cs[i];
	p->data.cycles_per_tick = &x->cycles_per_tick[i];
	p->data.taken = &x->taken[i];
	p->data.steps = &x->steps[i];
	p->data.preempted = &x->preempted[i];
	p->data.below = &x->below[i];
	p->data.sample_layout = x->layout[i];
	p->data.sample_slot = x->slot[i];
}

static void result_make(struct result *x)
{
	memset(x, 0, sizeof(*x));
	config_defaults(&x->c);
	x->c.samples = 3;
	x->b.cfg = &x->c;
	x->b.machine.cal.timer = &fake_timer;
	x->b.machine.cal.resolution = 1;
	x->b.machine.cal.tick_hz = 1e9;
	x->b.plan.pts = x->pts;
	x->b.plan.npts = 2;
	x->b.plan.nempty = 1;
	x->b.plan.samples = 3;
	x->b.plan.repeats = 1;
	point_make(x, 0, &kernel, 100);
	point_make(x, 1, &empty, 20);
}

/* The report's text, from a reporter writing to a FILE. */
static char *written(void (*report)(FILE *, const struct sweep *),
		     const struct sweep *b)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	if (!f)
		return NULL;
	report(f, b);
	fclose(f);
	return text;
}

/* The field of line number row (0: the header) under column name, into
   buf; "" where there is none. */
static const char *field(const char *csv, int row, const char *name,
			 char *buf, size_t len)
{
	const char *line = csv, *h = csv;
	size_t col = 0, i, n;

	*buf = '\0';
	for (; *h && *h != '\n'; col++) {	/* which column */
		n = strcspn(h, ",\n");
		if (n == strlen(name) && !strncmp(h, name, n))
			break;
		h += n + (h[n] == ',');
	}
	for (i = 0; i < (size_t)row && line; i++)
		line = (line = strchr(line, '\n')) ? line + 1 : NULL;
	for (i = 0; line && *line && *line != '\n'; i++) {
		n = strcspn(line, ",\n");
		if (i == col) {
			snprintf(buf, len, "%.*s", (int)n, line);
			break;
		}
		line += n + (line[n] == ',');
	}
	return buf;
}

static void rows(void)
{
	struct result x;
	char *csv, f[64];

	result_make(&x);
	csv = written(report_csv, &x.b);
	CHECK(csv && !strncmp(csv, CSV_HEADER, strlen(CSV_HEADER)),
	      "the header is CSV_HEADER: %.80s", csv ? csv : "(none)");
	/* 100 ticks x 2 cycles per tick / 64 bytes */
	CHECK(!strcmp(field(csv, 1, "cycles_per_byte", f, sizeof(f)), "3.1250"),
	      "the kernel's cycles per byte: %s, expected 3.1250", f);
	/* (100 - 20) x 2 / 64 */
	CHECK(!strcmp(field(csv, 1, "cycles_per_byte_net", f, sizeof(f)),
		      "2.5000"), "net of its floor: %s, expected 2.5000", f);
	CHECK(!strcmp(field(csv, 1, "floor_ticks", f, sizeof(f)), "20.00"),
	      "its floor's ticks: %s, expected 20.00", f);
	CHECK(!strcmp(field(csv, 1, "ticks_median", f, sizeof(f)), "100.00") &&
	      !strcmp(field(csv, 1, "ticks_min", f, sizeof(f)), "90.00"),
	      "ticks median and min: 100.00 and 90.00 expected (%s)", f);
	/* 100 ticks of a 1 GHz timer: 100 ns for 64 bytes */
	CHECK(!strcmp(field(csv, 1, "ns_per_call", f, sizeof(f)), "100.00"),
	      "ns per call: %s, expected 100.00", f);
	CHECK(!strcmp(field(csv, 1, "kernel", f, sizeof(f)), "k") &&
	      !strcmp(field(csv, 2, "kernel", f, sizeof(f)), "empty") &&
	      !*field(csv, 3, "kernel", f, sizeof(f)),
	      "a row per point and repeat, the kernel's first");
	CHECK(!strcmp(field(csv, 1, "timer", f, sizeof(f)), "fake"),
	      "the timer named: %s", f);
	free(csv);
	config_free(&x.c);
}

static void below_floor(void)
{
	struct result x;
	char *csv, f[64];

	/* a kernel's median below its floor's is noise: no net figure */
	result_make(&x);
	x.st[0].median = 10;
	csv = written(report_csv, &x.b);
	CHECK(csv && !*field(csv, 1, "cycles_per_byte_net", f, sizeof(f)),
	      "a median below the floor: no net figure (got '%s')", f);
	free(csv);
	config_free(&x.c);
}

static void samples(void)
{
	struct result x;
	char *csv, f[64];

	result_make(&x);
	csv = written(report_samples_csv, &x.b);
	CHECK(csv && !strncmp(csv, CSV_SAMPLES_HEADER "\n",
			      strlen(CSV_SAMPLES_HEADER) + 1),
	      "the samples header is CSV_SAMPLES_HEADER");
	/* the first sample: 90 ticks x 2 / 64 */
	CHECK(!strcmp(field(csv, 1, "ticks", f, sizeof(f)), "90.00") &&
	      !strcmp(field(csv, 1, "cycles_per_byte", f, sizeof(f)), "2.8125"),
	      "the first sample: 90.00 ticks, 2.8125 cycles per byte (%s)", f);
	CHECK(!strcmp(field(csv, 3, "layout", f, sizeof(f)), "2") &&
	      !strcmp(field(csv, 3, "slot", f, sizeof(f)), "0"),
	      "the third sample's code copy 2 and buffer slot 0 (slot %s)", f);
	CHECK(!strcmp(field(csv, 6, "kernel", f, sizeof(f)), "empty") &&
	      !*field(csv, 7, "kernel", f, sizeof(f)),
	      "three samples a point, six lines");
	free(csv);
	config_free(&x.c);
}

int main(void)
{
	rows();
	below_floor();
	samples();
	return check_done("report");
}
