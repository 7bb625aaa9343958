/* Measurement against known costs.  A kernel of dependent adds must read
   its cost in cycles per byte, warm, cold (the flush is outside the timed
   region) and in K-call cold regions; the empty kernel's floor must be
   small and not negative; a preset cycles_per_tick that disagrees with
   the add chain must be called out.  The machine is shared: each figure
   is judged against a margin taken from the spread it was measured with,
   and a miss is retried (at most three tries, each reported), never
   judged on one reading against a fixed tolerance.  Under emulation only
   the timers' advance and the silence of the chain check are tested. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/platform.h"
#include "sweep/sweep.h"
#include "timer/chain.h"

#define COST 4	/* cycles per byte of known_cost */
#define TRIES 3

static uint32_t known_cost(const void *buf, int len, uint32_t sum)
{
	(void)buf;
	if (len >= CHAIN_BLOCK / COST)
		chain_adds((unsigned long)len * COST / CHAIN_BLOCK);
	return sum;
}

static const struct kernel known = { .name = "known-cost", .arch = "generic",
				     .op = &op_csum,
				     .desc = "4 cycles per byte of dependent adds",
				     .fn = (void (*)(void))known_cost };

struct reading {
	double raw;		/* cycles per byte, median */
	double cpb;		/* the same, the empty kernel's floor subtracted */
	double margin;		/* what the spread allows */
	double floor;		/* the empty kernel's ticks per call */
	uint64_t k;		/* calls per timed region */
	size_t nwarnings;
	char warning[2048];	/* every warning, joined by " | " */
};

/* One run of the known-cost kernel through the real path: plan, gate,
   prepare, rounds, finish.  The margin: 3% or three times the sample
   spread (IQR over median), plus the chain's own spread. */
static int measure(const char *timer, const char *cache, const char *size,
		   const char *cycles_per_tick, struct reading *out)
{
	char s_timer[64], s_cache[64], s_size[64], s_cycles_per_tick[64], err[512];
	const char *sets[] = { "kernels=word32", s_size, s_cache, s_timer, s_cycles_per_tick,
			       "samples=31", NULL };
	const struct timer *t;
	const char *why;
	struct config c;
	struct sweep b;
	struct point *p;
	size_t i;
	double chain_iqr = 0;

	snprintf(s_timer, sizeof(s_timer), "timer=%s", timer);
	snprintf(s_cache, sizeof(s_cache), "cache=%s", cache);
	snprintf(s_size, sizeof(s_size), "sizes=%s", size);
	snprintf(s_cycles_per_tick, sizeof(s_cycles_per_tick), "cycles_per_tick=%s", cycles_per_tick);
	config_defaults(&c);
	for (i = 0; sets[i]; i++)
		if (config_set(&c, sets[i]))
			return -1;
	if (config_resolve(&c))
		return -1;
	memset(&b, 0, sizeof(b));
	b.cfg = &c;
	b.machine.flush = flush_select(NULL);
	b.machine.line = cache_line_size(&b.machine.line_source);
	b.plan.seed = 1;
	b.machine.emulated = platform_emulated(&why);
	t = timer_select(timer, true, err, sizeof(err));
	if (!t || calibrate(t, c.cycles_per_tick, &b.machine.cal, err, sizeof(err)) ||
	    sweep_plan(&b, err, sizeof(err))) {
		printf("  %s\n", err);
		return -1;
	}
	sweep_gate(&b);
	b.plan.pts[0].spec.kernel = b.plan.pts[0].spec.runs = &known;
	if (sweep_prepare(&b, err, sizeof(err))) {
		printf("  %s\n", err);
		return -1;
	}
	sweep_run(&b, false);
	sweep_finish(&b);
	p = &b.plan.pts[0];
	if (b.machine.nchain > 1)
		chain_iqr = (stats_quantile(b.machine.chain, b.machine.nchain, 0.75) -
			     stats_quantile(b.machine.chain, b.machine.nchain,
					    0.25)) / b.machine.cycles_per_tick_run;
	out->raw = point_cycles_per_byte(&b, p, 0);
	out->cpb = point_cycles_per_byte_net(&b, p, 0);
	out->margin = COST * fmax(0.03,
				  3 * p->data.st[0].iqr / p->data.st[0].median + chain_iqr);
	out->floor = point_floor_ticks(&b, p, 0);
	out->k = p->spec.iters;
	/* All of them: a drift warning on a busy machine may come first. */
	out->nwarnings = b.log.nwarnings;
	out->warning[0] = '\0';
	for (i = 0; i < b.log.nwarnings; i++)
		snprintf(out->warning + strlen(out->warning),
			 sizeof(out->warning) - strlen(out->warning), "%s%s",
			 i ? " | " : "", b.log.warnings[i]);
	sweep_free(&b);
	config_free(&c);
	return 0;
}

/* The known cost within its margin, in at most TRIES runs.  The true
   cost of the kernel lies between the raw figure, which includes the
   harness's call, and the net one, which takes off all of the empty
   kernel's (a core may overlap part of it with the kernel): so raw must
   not be below it, nor net above it, by more than the margin. */
static void reads_cost(const char *timer, const char *cache, const char *size)
{
	struct reading r = { 0 };
	int i, ok = 0;

	for (i = 0; i < TRIES && !ok; i++) {
		if (measure(timer, cache, size, "auto", &r)) {
			CHECK(0, "%s %s %s: could not run", timer, cache, size);
			return;
		}
		ok = r.raw >= COST - r.margin && r.cpb <= COST + r.margin;
		printf("timing: %s, %s, %s B: known %d cycles/byte reads %.3f raw, "
		       "%.3f net (margin %.3f, K %llu), floor %.2f ticks/call%s\n",
		       timer, cache, size, COST, r.raw, r.cpb, r.margin,
		       (unsigned long long)r.k, r.floor, ok ? "" : ", retrying");
	}
	CHECK(ok, "%s %s %s B: %.3f raw, %.3f net cycles/byte, expected %d "
	      "between them +- %.3f in %d tries%s", timer, cache, size, r.raw,
	      r.cpb, COST, r.margin, TRIES,
	      strcmp(cache, "cold") ? "" : " (is the flush being timed?)");
	/* The floor: a call costs something, and not a microsecond. */
	CHECK(r.floor > -1 && r.floor < 1e-6 * 3e9, "%s %s: the empty kernel's "
	      "floor is %.2f ticks per call", timer, cache, r.floor);
}

/* Cold data is cold: a kernel that reads its buffer takes several times
   longer on flushed lines than on warm ones (retried, as above). */
static void cold_is_cold(const char *timer)
{
	static const char *const sets[] = { "kernels=word32", "sizes=1500",
		"cache=warm,cold", "samples=31", NULL };
	struct config c;
	struct sweep b;
	char err[256];
	double warm = 0, cold = 0;
	size_t i;
	int t;

	for (t = 0; t < TRIES && cold < 2 * warm + (t == 0); t++) {
		config_defaults(&c);
		for (i = 0; sets[i]; i++)
			config_set(&c, sets[i]);
		config_resolve(&c);
		memset(&b, 0, sizeof(b));
		b.cfg = &c;
		b.machine.flush = flush_select(NULL);
		b.machine.line = cache_line_size(&b.machine.line_source);
		b.plan.seed = 1;
		if (calibrate(timer_select(timer, true, err, sizeof(err)), 0,
			      &b.machine.cal,
			      err, sizeof(err)) || sweep_plan(&b, err, sizeof(err)) ||
		    (sweep_gate(&b), sweep_prepare(&b, err, sizeof(err)))) {
			CHECK(0, "cold_is_cold: %s", err);
			return;
		}
		sweep_run(&b, false);
		sweep_finish(&b);
		warm = b.plan.pts[0].data.st[0].median;	/* kernels x caches: warm first */
		cold = b.plan.pts[1].data.st[0].median;
		printf("timing: word32 1500 B: %.0f ticks warm, %.0f cold\n", warm, cold);
		sweep_free(&b);
		config_free(&c);
	}
	CHECK(cold >= 2 * warm, "word32 at 1500 B: %.0f ticks cold is not twice "
	      "the %.0f warm: is the flush missing?", cold, warm);
}

static void timer_advances(const char *name)
{
	char err[256];
	const struct timer *t = timer_select(name, true, err, sizeof(err));
	uint64_t a, b;

	CHECK(t != NULL, "timer %s unavailable: %s", name, err);
	if (!t)
		return;
	a = t->read();
	chain_adds(10000);
	b = t->read();
	CHECK(b > a, "timer %s did not advance over 1e6 adds (%llu -> %llu)",
	      name, (unsigned long long)a, (unsigned long long)b);
}

/* A preset five times the chain's reading must be called out; one equal
   to it must not (retried: the clock may move between the two). */
static void preset_check(const char *timer, bool emulated)
{
	struct calibration c;
	struct reading r = { 0 };
	char err[256], cycles_per_tick[32];
	int i, quiet = 0;

	if (calibrate(timer_select(timer, true, err, sizeof(err)), 0, &c, err,
		      sizeof(err))) {
		CHECK(0, "calibrate %s: %s", timer, err);
		return;
	}
	snprintf(cycles_per_tick, sizeof(cycles_per_tick), "%.4f", 5 * c.chain_cycles_per_tick);
	CHECK(measure(timer, "warm", "1500", cycles_per_tick, &r) == 0, "preset run");
	if (emulated) {
		/* other warnings (contention beside a loaded emulator) may
		   come; none may set the preset against the chain */
		CHECK(!strstr(r.warning, "disagree") && !strstr(r.warning, "add chain"),
		      "emulated: the chain means nothing, so no disagreement is "
		      "claimed (got: %s)", r.warning);
		return;
	}
	CHECK(r.nwarnings >= 1 && strstr(r.warning, "disagree"), "a preset of "
	      "%s cycles/tick against a chain reading %.4f gives a warning "
	      "(got: '%s')", cycles_per_tick, c.chain_cycles_per_tick, r.warning);
	for (i = 0; i < TRIES && !quiet; i++) {
		calibrate(timer_select(timer, true, err, sizeof(err)), 0, &c, err,
			  sizeof(err));
		snprintf(cycles_per_tick, sizeof(cycles_per_tick), "%.4f", c.chain_cycles_per_tick);
		measure(timer, "warm", "1500", cycles_per_tick, &r);
		quiet = !strstr(r.warning, "disagree");
	}
	CHECK(quiet, "a preset equal to the chain's reading is not called out "
	      "(in %d tries; last: %s)", TRIES, r.warning);
}

int main(void)
{
	const char *why, *arch_timer;
	bool emulated = platform_emulated(&why);
	struct calibration c[2];
	char err[256];
	double ratio = 0;
	int i;

	/* (a port without a timer of its own has perf and clock only) */
	arch_timer = &timer_arch ? timer_arch.name : "clock";
	timer_advances(arch_timer);
	timer_advances("clock");
	if (emulated) {
		printf("timing: emulated (%s): checking only that timers advance "
		       "and that the chain check stays silent\n", why);
		preset_check(arch_timer, true);
		return check_done("timing");
	}

	reads_cost(arch_timer, "warm", "6400");
	reads_cost(arch_timer, "cold", "6400");
	reads_cost(arch_timer, "cold", "50");	/* 200 cycles: K > 1 on a coarse TSC */
	reads_cost(arch_timer, "cold", "64K");	/* a timed flush would add 10%+ */
	reads_cost(arch_timer, "cold-ring", "1500");
	cold_is_cold(arch_timer);
	reads_cost("clock", "warm", "6400");
	reads_cost("clock", "cold", "6400");
	preset_check(arch_timer, false);

	/* Both timers see the same core clock (retried: it drifts). */
	for (i = 0; i < TRIES; i++) {
		calibrate(timer_select(arch_timer, true, err, sizeof(err)), 0,
			  &c[0], err, sizeof(err));
		calibrate(&timer_clock, 0, &c[1], err, sizeof(err));
		ratio = c[0].tick_hz * c[0].cycles_per_tick /
			(c[1].tick_hz * c[1].cycles_per_tick);
		if (fabs(ratio - 1) < 0.05)
			break;
	}
	CHECK(fabs(ratio - 1) < 0.05, "core clock by %s and by clock disagree: "
	      "ratio %.3f in %d tries", arch_timer, ratio, TRIES);
	CHECK(calibrate(&timer_clock, 2.5, &c[0], err, sizeof(err)) == 0 &&
	      c[0].cycles_per_tick == 2.5 && !strcmp(c[0].cycles_per_tick_source, "config") &&
	      c[0].chain_cycles_per_tick > 0, "cycles_per_tick from the config is used as "
	      "given, and the chain is still timed");
	return check_done("timing");
}
