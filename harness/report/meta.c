/* Run metadata as "# key: value" lines above the CSV header. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>

#include "buildinfo.h"
#include "lib/build.h"
#include "kspace/kspace.h"
#include "lib/hugepage.h"
#include "lib/platform.h"
#include "lib/xalloc.h"
#include "op/op.h"
#include "sweep/layout.h"
#include "report/report.h"
#include "timer/chain.h"
#include "workload/load.h"
#include "workload/mix.h"

static void rings(FILE *f, const struct sweep *b)
{
	size_t i, bytes[2] = { 0, 0 }, huge[2] = { 0, 0 }, n[2] = { 0, 0 };

	for (i = 0; i < b->arena.nrings; i++) {
		int x = b->arena.ring_keys[i] & 2 ? 1 : 0;
		bytes[x] += b->arena.rings[i].bytes;
		huge[x] += b->arena.rings[i].huge;
		n[x]++;
	}
	bool cut = b->arena.ring_cache < cache_core(NULL);

	if (cut)
		fprintf(f, "# warning: cold-ring and ring: the rings were cut to "
			"touch twice %zu KiB, not twice the cache one core uses "
			"(%zu KiB): the memory this process may take holds no more; "
			"a buffer may come round before the others pushed its lines "
			"out\n",
			b->arena.ring_cache >> 10, cache_core(NULL) >> 10);
	if (n[0])
		fprintf(f, "# cold_ring: %zu ring(s), one per point, %.0f MiB in "
			"all (%.0f MiB of it on huge pages), each touching twice "
			"%s; buffers taken in a shuffled order\n", n[0],
			(double)bytes[0] / (1 << 20), (double)huge[0] / (1 << 20),
			cut ? "less than the cache one core uses (cut)" :
			"the cache one core uses (# cache_per_core:)");
	if (n[1])
		fprintf(f, "# rx_pools: %zu pool(s), %.0f MiB in all (%.0f MiB of "
			"it on huge pages), each touching twice %s; descriptors "
			"refilled from them in a shuffled order\n", n[1],
			(double)bytes[1] / (1 << 20), (double)huge[1] / (1 << 20),
			cut ? "less than the cache one core uses (cut)" :
			"the cache one core uses (# cache_per_core:)");
	for (i = 0; i < b->arena.nrings; i++) {
		const struct ring *r = &b->arena.rings[i];
		if (!(b->arena.ring_keys[i] & 2))
			fprintf(f, "# cold_ring_%u%s: %zu buffers %zu bytes apart\n",
				r->size, r->written ? "_written" : "", r->nslots,
				r->slot);
		else if (r->len && b->cfg->mix->capture)
			fprintf(f, "# rx_pool_mix_align_%u: %zu buffers %zu bytes "
				"apart (%d B header, then the payload), the capture's "
				"bytes at this alignment\n",
				(unsigned)(b->arena.ring_keys[i] >> 2 & 0x3fff), r->nslots,
				r->slot, RX_HDR);
		else if (r->len)
			fprintf(f, "# rx_pool_mix: %zu buffers %zu bytes apart "
				"(%d B header, then the payload at its alignment)\n",
				r->nslots, r->slot, RX_HDR);
		else
			fprintf(f, "# rx_pool_%u: %zu buffers %zu bytes apart (%d B "
				"header, then the payload at its alignment)\n",
				r->size - RX_HDR, r->nslots, r->slot, RX_HDR);
	}
}

/* The pools' pages and the cold states' pool and thrash. */
static void pools(FILE *f, const struct sweep *b)
{
	const char *src;

	if (b->arena.pool)
		fprintf(f, "# cold_pool: %.0f MiB (%.0f MiB of it on huge pages); "
			"each cold, cold-read and after-switch region takes K "
			"buffers at random slots of it\n",
			(double)b->arena.poolsize / (1 << 20),
			(double)b->arena.poolhuge / (1 << 20));
	if (b->arena.thrash) {
		size_t inner = cache_inner_bytes(&src);
		fprintf(f, "# after_switch: %zu KiB written before each region to "
			"thrash L1d and L2 (%zu KiB: %s)\n", b->arena.thrashsize >> 10,
			inner >> 10, src);
	}
	if (b->arena.pool || b->arena.nrings)
		fprintf(f, "# huge_pages: transparent huge pages %s; pools are "
			"advised MADV_HUGEPAGE, and the lines above say how much "
			"the kernel gave\n", huge_mode());
}

static bool has_cache(const struct sweep *b, enum cache_state cache)
{
	size_t i;

	for (i = 0; i < b->cfg->ncaches; i++)
		if (b->cfg->caches[i] == cache)
			return true;
	return false;
}

static void workloads(FILE *f, const struct sweep *b)
{
	const struct config *c = b->cfg;
	const struct mix *m = c->mix;

	if (m) {
		fprintf(f, "# mix: %s: %zu packets, mean %.1f B, min %u, max %u; "
			"size = mix rows: each sample is the mean call over the "
			"next %u packets in turn (rx_batch)\n", m->path, m->n,
			m->mean, m->min, m->max, c->rx_batch);
		if (m->capture)
			fprintf(f, "# mix_capture: %zu frames, %zu TCP/UDP payloads "
				"replayed in capture order, their own bytes; "
				"checksums the packets carry: %zu right, %zu wrong, "
				"%zu UDP without one (each kernel checked against "
				"every one at the gate)\n", m->frames, m->n,
				m->csum_good, m->csum_bad, m->csum_none);
		if (m->cut)
			fprintf(f, "# warning: %s ends in a frame cut short (%s): "
				"the frames before it are replayed\n", m->path, m->cut);
	}
	if (m) {
		double lo = 0, hi = 0;
		size_t i, n = 0;
		for (i = 0; i < b->plan.npts; i++)
			if (b->plan.pts[i].spec.size == SIZE_MIX) {
				double x = b->plan.pts[i].data.bytes;
				lo = !n || x < lo ? x : lo;
				hi = !n || x > hi ? x : hi;
				n++;
			}
		if (n)
			fprintf(f, "# mix_walked: per-byte figures divide by the "
				"payload bytes each point's samples walked: %.1f to "
				"%.1f B per call (the mix's mean is %.1f)\n", lo, hi,
				m->mean);
	}
	if (has_cache(b, CACHE_RX)) {
		char ahead[96];
		size_t i, n = 0;
		for (i = 0; i < c->nrx_ahead && n < sizeof(ahead); i++)
			n += (size_t)snprintf(ahead + n, sizeof(ahead) - n, "%s%u",
					      i ? ", " : "", c->rx_ahead[i]);
		fprintf(f, "# rx_ring: %u descriptors, %u walked per sample, "
			"%d B header before each payload, whose last 2 bytes say "
			"where the payload starts; before each sample the "
			"descriptors and buffers it walks are written and flushed "
			"(the DMA); rx_work %u dependent adds per packet between "
			"the header's prefetch and its read; rx_prefetch = next "
			"prefetches %s descriptor(s) ahead%s\n", c->ring,
			c->rx_batch, RX_HDR, c->rx_work, ahead,
			c->nrx_ahead > 1 ? " (rows next:N)" : "");
	}
	if (m && has_cache(b, CACHE_WARM))
		fprintf(f, "# mix_warm: %u buffers hold the next packets, walked "
			"once untimed before each sample\n", c->rx_batch);
	if (b->plan.busy)
		load_report(f);
}

/* The events counted beside the timer, and what an empty region counts. */
static void events_meta(FILE *f, const struct sweep *b)
{
	const struct events *e = &b->cfg->events;
	size_t i;

	if (!b->plan.nev)
		return;
	fprintf(f, "# events: one perf_event group on the measuring thread, "
		"enabled around each timed region; columns ev_NAME per call "
		"(median), ev_NAME_per_byte, ev_running\n");
	for (i = 0; i < b->plan.nev; i++)
		fprintf(f, "# event_%s: %s (%s; type %u, config 0x%llx%s%s); empty "
			"region %.1f, subtracted\n", e->ev[i].column + 3,
			e->ev[i].name, e->ev[i].source, e->ev[i].attr.type,
			(unsigned long long)e->ev[i].attr.config,
			e->ev[i].attr.exclude_user ? "" : ", user",
			e->ev[i].attr.exclude_kernel ? "" : ", kernel",
			b->machine.ev_overhead[i]);
}

/* "# layouts: R" and how each sample's code and buffer were placed. */
static void report_layouts(FILE *f, const struct sweep *b)
{
	char fixed[512];

	fprintf(f, "# layouts: %u\n", b->plan.layouts);
	if (b->plan.layouts < 2)
		return;
	layout_fixed_names(b, fixed, sizeof(fixed));
	fprintf(f, "# layouts_slots: %u\n", b->arena.nslots);
#if defined(__SANITIZE_ADDRESS__)
	/* instrumented code cannot be copied: the built-in kernels stay */
	fprintf(f, "# layouts_code: linked\n");
	return;
#endif
	fprintf(f, "# layouts_code: copies\n");
	if (fixed[0])
		fprintf(f, "# layouts_in_place: %s\n", fixed);
}

/* The throughput canary beside the chain (timer/canary.h). */
static void meta_canary(FILE *f, const struct canary *k)
{
	if (!(k->best > 0) || !k->nq)
		return;
	fprintf(f, "# canary: %.3f (median of %zu rounds' windows of four "
		"independent add chains, in add-chain windows; %.3f at start, "
		"a round above %.3f is slow); %u round(s) taken again, %u still slow "
		"after %d retakes", stats_median(k->q, k->nq), k->nq, k->best,
		k->limit, k->retaken, k->kept, CANARY_RETAKES);
	if (k->kept)
		fprintf(f, " (up to %.0f%% slower)", k->worst * 100);
	fprintf(f, "\n");
}

/* What ran, where, built how, and the plan's order and seed. */
static void meta_build(FILE *f, const struct sweep *b)
{
	char date[32];
	time_t now = time(NULL);
	struct utsname un;

	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	fprintf(f, "# csumbench: %s\n", CSUMBENCH_GIT);
	if (b->log.partial)
		fprintf(f, "# partial: the run stopped early: %s\n", b->log.partial);
	if (b->no_samples)
		fprintf(f, "# samples_file: not written (results to standard "
			"output)\n");
	fprintf(f, "# date: %s\n", date);
	fprintf(f, "# run_id: %s\n", b->plan.run_id);
	fprintf(f, "# host: %s\n", platform_host());
	fprintf(f, "# arch: %s\n", platform_arch);
	/* the kernel the run ran on (a board's, a virtual board's), for the
	   paste block */
	if (uname(&un) == 0)
		fprintf(f, "# kernel_release: %s %s\n", un.sysname, un.release);
	/* (qemu-user's model says so itself; a whole emulated board's
	   /proc/cpuinfo names its core as a real one would) */
	fprintf(f, "# cpu_model: %s%s\n", platform_cpu_model(), b->machine.emulated &&
		!strstr(platform_cpu_model(), "emulated") ? ", emulated" : "");
	fprintf(f, "# compiler: %s\n", CSUMBENCH_CC);
	fprintf(f, "# cflags: %s\n", CSUMBENCH_CFLAGS);
	fprintf(f, "# kernel_cflags: %s (entries on 64 bytes, loops on %d)\n",
		CSUMBENCH_KERNEL_CFLAGS, CSUMBENCH_LOOP_ALIGN);
	fprintf(f, "# build: %s; %s\n", build_binary(), CSUMBENCH_FEATURES);
	fprintf(f, "# config: %s\n", b->cfg->path ? b->cfg->path : "(built-in defaults)");
	fprintf(f, "# order: %s\n", b->cfg->order == ORDER_ROUNDS ?
		"rounds" : "sequential");
	fprintf(f, "# seed: %llu\n", (unsigned long long)b->plan.seed);
}

/* "# op:" for each op the run times: how csumreport words it. */
static void meta_ops(FILE *f, const struct sweep *b)
{
	size_t i, j;

	for (i = 0; i < op_count; i++) {
		const struct op *o = op_table[i];

		for (j = 0; j < b->plan.npts; j++)
			if (b->plan.pts[j].spec.kernel->op == o)
				break;
		if (j < b->plan.npts)
			fprintf(f, "# op: %s|cost=%s|size=%s|axis=%s|word=%s|"
				"about=%s\n", o->name, o->per_call ? "call" : "byte",
				o->size_title, o->size_axis, o->size_word, o->about);
	}
}

/* Layouts, K, samples and repeats. */
static void meta_plan(FILE *f, const struct sweep *b)
{
	report_layouts(f, b);
	if (b->cfg->cold_calls)
		fprintf(f, "# cold_calls: %u, the config's: K of every cold region "
			"(iters; fewer where the pool or ring is small)\n",
			b->cfg->cold_calls);
	else
		fprintf(f, "# cold_calls: auto: each size and cache state's K found "
			"by this run (iters), and another run may find another "
			"(cold_calls = K fixes it)\n");
	fprintf(f, "# samples_per_point: %u\n", b->plan.samples);
	fprintf(f, "# repeat: %u\n", b->plan.repeats);
	meta_ops(f, b);
}

/* The timer, the space the regions run in, and what is subtracted. */
static void meta_timer(FILE *f, const struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;

	fprintf(f, "# timer: %s (%s%s%s)\n", c->timer->name, c->timer->what,
		c->timer->how ? "; " : "", c->timer->how ? c->timer->how() : "");
	fprintf(f, "# timer_counts: %s\n", c->timer->counts_cycles ? "cycles" :
		c->timer->fixed_rate ? "timebase" : "other");
	if (!kspace_opened())
		fprintf(f, "# space: user\n");
	else {
		kspace_meta(f, b->cfg->kernels, b->cfg->nkernels);
		fprintf(f, "# kernel_overhead_ticks: %.1f (median of 101 empty "
			"regions in csumbench.ko; subtracted there, not the "
			"timer_overhead_ticks below, which are this process's "
			"reads)\n", b->machine.kspace_overhead);
	}
	events_meta(f, b);
	/* numbers alone: docs/results-format.md says what they are */
	fprintf(f, "# timer_overhead_ticks: %.1f\n", c->overhead);
	fprintf(f, "# timer_overhead_reads: %d\n", OVERHEAD_READS);
	fprintf(f, "# timer_overhead_dropped: %u\n", c->overhead_dropped);
	fprintf(f, "# timer_resolution_ticks: %.0f\n", c->resolution);
	fprintf(f, "# tick_hz: %.0f\n", c->tick_hz);
	fprintf(f, "# tick_hz_source: %s\n", c->hz_key);
	fprintf(f, "# sample_ticks: %.0f\n", c->sample_ticks);
}

/* Cycles per tick, the add chain and canary, and how calls are timed. */
static void meta_chain(FILE *f, const struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;

	fprintf(f, "# cycles_per_tick: %.4f\n", sweep_cycles_per_tick(b));
	fprintf(f, "# cycles_per_tick_source: %s\n", c->cycles_per_tick_given ? c->cycles_per_tick_source :
		"add chain, a window in every round: each row's cycles_per_tick is "
		"the median of the windows taken beside its samples");
	if (b->machine.nchain) {
		fprintf(f, "# add_chain_cycles_per_tick: %.4f\n", b->machine.cycles_per_tick_run);
		fprintf(f, "# add_chain_windows: %zu\n", b->machine.nchain);
		fprintf(f, "# add_chain_window_adds: %lu\n",
			c->chain_blocks * CHAIN_BLOCK);
	}
	if (b->machine.nchain >= 4)
		fprintf(f, "# add_chain_quarters: %.4f %.4f %.4f %.4f\n",
			b->machine.cycles_per_tick_quarter[0], b->machine.cycles_per_tick_quarter[1],
			b->machine.cycles_per_tick_quarter[2], b->machine.cycles_per_tick_quarter[3]);
	meta_canary(f, &b->machine.canary);
	if (b->machine.nbusy_chain) {
		double *v = xcalloc(b->machine.nbusy_chain, sizeof(*v),
				    "the add chain's windows");
		memcpy(v, b->machine.busy_chain,
		       b->machine.nbusy_chain * sizeof(*v));
		fprintf(f, "# add_chain_busy_cycles_per_tick: %.4f (median of %zu "
			"windows timed with the busy load running: busy rows' "
			"cycles_per_tick)\n", stats_median(v,
							   b->machine.nbusy_chain), b->machine.nbusy_chain);
		free(v);
	}
	if (b->cfg->timing == TIMING_PER_CALL)
		fprintf(f, "# timing: per-call (each call between its own timer "
			"reads, no untimed call before a warm sample's; call_min, "
			"call_max, call_mean over every call; call_p99, call_p999, "
			"call_max_unpreempted over the calls that held no switch-out: "
			"a sample the scheduler switched the thread out of N times "
			"(getrusage) leaves out its calls among the N longest of its "
			"calls and the untimed gaps between them, calls_preempted "
			"counts them; ticks_* are of the samples' medians; all in "
			"whole timer steps of %.0f ticks, empty below one step, a call "
			"the timer does not resolve: calls_below_step counts them)\n",
			c->resolution);
	else
		fprintf(f, "# timing: batch (a timed region of iters calls per "
			"sample; ticks_* are of the samples, each a mean per call)\n");
}

/* The clock and caches, and how cold points are made cold. */
static void meta_clock(FILE *f, const struct sweep *b)
{
	const char *src;

	fprintf(f, "# core_clock: %.0f MHz calibrated (%stick_hz x %s); ",
		b->machine.clock_hz / 1e6, b->machine.emulated ? "emulated: the pace the "
		"emulator ran the add chain at, not a clock of the board; " : "",
		b->machine.cycles_per_tick_run > 0 ?
		"cycles per tick by the add chain" :
		"cycles_per_tick");
	if (b->machine.clock_stated_hz > 0)
		fprintf(f, "/proc/cpuinfo states %.0f MHz\n",
			b->machine.clock_stated_hz / 1e6);
	else
		fprintf(f, "/proc/cpuinfo states none\n");
	fprintf(f, "# cache_line: %zu\n", b->machine.line);
	fprintf(f, "# cache_line_source: %s\n", b->machine.line_source);
	fprintf(f, "# largest_cache: %zu\n", cache_largest(&src));
	fprintf(f, "# largest_cache_source: %s\n", src);
	fprintf(f, "# cache_per_core: %zu\n", cache_core(&src));
	fprintf(f, "# cache_per_core_source: %s\n", src);
	/* A flush translates every line's address: the TLB is warm after
	   it.  Eviction streams other memory and touches no buffer. */
	if (kspace_opened())
		fprintf(f, "# cold_flush: csumbench.ko's, %s, to %zu bytes past "
			"each buffer (the largest prefetch distance); TLB warm: "
			"the flush just before the calls translated every line\n",
			kspace_flush(), b->plan.pfspan);
	else
		fprintf(f, "# cold_flush: %s (%s), to %zu bytes past each buffer (the "
			"largest prefetch distance); %s\n", b->machine.flush->name,
			b->machine.flush->what, b->plan.pfspan, b->machine.flush->whole ?
			"TLB as the stream leaves it: it touches no buffer" :
			"TLB warm: the flush just before the calls translated "
			"every line");
	fprintf(f, "# flush_check: %s\n",
		b->machine.fcheck.verdict[0] ? b->machine.fcheck.verdict :
		kspace_opened() ? "not run (csumbench.ko flushes with the "
		"kernel's own helper)" : "not run (no cold points)");
}

/* The roofline, the prefetch loops and the miss latency. */
static void meta_roofline(FILE *f, const struct sweep *b)
{
	size_t i;

	if (b->cfg->roofline)
		fprintf(f, "# roofline: %s (%s%s); roofline_fraction is a row's "
			"bytes/cycle over the best of its points at the same size, "
			"alignment, cache state, load and repeat\n",
			b->cfg->roofline->name,
			b->cfg->roofline_mode == ROOFLINE_AUTO ? "auto: the "
			"widest load kernel that runs here" : "named",
			b->cfg->roofline->prefetch ? ", at prefetch none and at "
			"every distance of the run" : "");
	else
		fprintf(f, "# roofline: none\n");
	/* What a call must cover for a prefetching kernel's loop to run
	   (csumreport recommend: a shorter size never issues the prefetch). */
	for (i = 0; i < b->cfg->nkernels; i++) {
		const struct kernel *k = b->cfg->kernels[i];
		if (k->prefetch && k->pf_step)
			fprintf(f, "# prefetch_loop: %s %u\n", k->name, k->pf_step);
	}
	if (isnan(b->machine.miss_cycles))
		return;
	fprintf(f, "# miss_latency: %.1f\n", b->machine.miss_cycles);
	fprintf(f, "# miss_latency_lines: %s\n", b->machine.fcheck.misses ||
		b->machine.flush->whole ? "evicted" : "flushed");
	fprintf(f, "# miss_latency_ticks: %.1f\n", b->machine.fcheck.chase);
	fprintf(f, "# miss_latency_cycles_per_tick: %.4f\n",
		sweep_cycles_per_tick(b));
	fprintf(f, "# startup_cycles_per_tick: %.4f\n",
		b->machine.cal.cycles_per_tick);
}

/* Rings, pools and workloads; where the run ran and beside what. */
static void meta_place(FILE *f, const struct sweep *b)
{
	const struct calibration *c = &b->machine.cal;

	if (b->arena.nrings)
		rings(f, b);
	pools(f, b);
	workloads(f, b);
	if (c->cpu >= 0)
		fprintf(f, "# cpu_pinned: %d%s%s%s\n", c->cpu,
			b->machine.cpu_why[0] ? " (" : "",
			b->machine.cpu_why, b->machine.cpu_why[0] ? ")" : "");
	else
		fprintf(f, "# cpu_pinned: no\n");
	contention_meta(f, &b->machine.cont);
	fprintf(f, "# virtualized: %s\n", platform_virtualized() ? "yes" : "no");
	fprintf(f, "# emulated: %s\n", b->machine.emulated ? "yes" : "no");
	if (b->machine.model)
		fprintf(f, "# model: %s\n", b->machine.model);
	if (b->cfg->runner[0])
		fprintf(f, "# runner: %s\n", b->cfg->runner);
}

/* The run's warnings and failures, last. */
static void meta_warnings(FILE *f, const struct sweep *b)
{
	size_t i;

	if (b->machine.model)
		fprintf(f, "# warning: %s\n", b->machine.model);
	else if (b->machine.emulated)
		fprintf(f, "# warning: emulated run, timings are not real\n");
#ifndef __OPTIMIZE__
	fprintf(f, "# warning: unoptimised build\n");
#endif
#if defined(__SANITIZE_ADDRESS__)
	fprintf(f, "# warning: sanitizer build, timings are not representative\n");
#endif
	if (b->machine.fcheck.misses)
		fprintf(f, "# warning: the flush instruction misses a cache level; "
			"cold points used eviction\n");
	for (i = 0; i < b->log.nwarnings; i++)
		fprintf(f, "# warning: %s\n", b->log.warnings[i]);
	for (i = 0; i < b->log.nfailed; i++)
		fprintf(f, "# failed: %s\n", b->log.failed[i]);
}

void report_meta(FILE *f, const struct sweep *b)
{
	meta_build(f, b);
	meta_plan(f, b);
	meta_timer(f, b);
	meta_chain(f, b);
	meta_clock(f, b);
	meta_roofline(f, b);
	meta_place(f, b);
	meta_warnings(f, b);
}
