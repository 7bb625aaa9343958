/* csumbench's ppc32 core model as a QEMU TCG plugin (docs/model.md).
 *
 * qemu-ppc runs the static csumbench; the plugin decodes each translated
 * instruction once.  Instructions of the kernels the harness lists in its
 * mailbox (harness/model/box.h) are timed one by one by the core's
 * in-order model (pipe.c) against its data cache (cache.c); every other
 * instruction adds 1 to the clock by qemu's inline counter, and its loads,
 * stores and dcbf update the cache, so the harness's warm and cold states
 * are the cache's.  The clock is the mailbox's ticks, which the harness's
 * "model" timer reads.
 *
 * User mode only: the guest's memory sits in qemu's address space at a
 * fixed offset (an instruction's host address less its guest address),
 * which is how the plugin reads and writes the mailbox.
 *
 * usage: qemu-ppc -plugin libcsummodel.so,preset=8xx csumbench ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/box.h"
#include "model/cores.h"
#include "model/decode.h"
#include "model/elf32.h"
#include "model/pipe.h"
#include "model/qemu-plugin-api.h"

CSB_PLUGIN_EXPORT int qemu_plugin_version = CSB_QEMU_PLUGIN_API;

static struct {
	const struct core *core;
	struct pipe pipe;
	struct symtab syms;
	uint32_t box_vaddr;
	uintptr_t guest_base;
	struct model_box *box;		/* NULL until the first translation */
	uint32_t nkernels;
	struct { uint32_t lo, hi; } range[MODEL_MAX_KERNELS];
	bool in_call, ended;
	uint32_t resume_pc;
	const struct insn *pending;	/* a memory access whose address comes next */
	unsigned traced;		/* trace records already in guest order */
} m;

/* The guest (32-bit PowerPC) is big-endian. */
static uint32_t get32(const uint32_t *p)
{
	return __builtin_bswap32(*p);
}

static void put32(uint32_t *p, uint32_t v)
{
	*p = __builtin_bswap32(v);
}

/* The mailbox's address, from the guest binary's symbols (qemu names
   the binary only once it has loaded it: at the first translation). */
static void find_box(void)
{
	const char *bin = qemu_plugin_path_to_binary();
	const struct sym *box;
	char err[256];

	if (!bin || symtab_load(bin, &m.syms, err, sizeof(err))) {
		fprintf(stderr, "csumbench model: %s\n", bin ? err : "qemu names no guest binary");
		exit(2);
	}
	box = symtab_find(&m.syms, MODEL_BOX_SYMBOL);
	if (!box) {
		fprintf(stderr, "csumbench model: %s has no %s: not a csumbench binary\n",
			bin, MODEL_BOX_SYMBOL);
		exit(2);
	}
	m.box_vaddr = box->value;
}

static void attach(void)
{
	struct model_box *b = m.box;
	char about[sizeof(b->about)];

	if (memcmp(b->magic, MODEL_BOX_MAGIC, sizeof(MODEL_BOX_MAGIC))) {
		fprintf(stderr, "csumbench model: %s is not where the binary's "
			"mailbox says (qemu-user's guest base not found)\n", MODEL_BOX_SYMBOL);
		exit(2);
	}
	b->host_order = 0x01020304;
	b->ticks = 0;
	snprintf(b->preset, sizeof(b->preset), "%s", m.core->preset);
	snprintf(about, sizeof(about), "MODEL: estimate from the %s model (%s, %s, "
		 "timebase %u cycles a tick; docs/model.md), not measured",
		 m.core->preset, m.core->name, m.core->clock, m.core->cycles_per_tick);
	memcpy(b->about, about, sizeof(about));
	put32(&b->cycles_per_tick, m.core->cycles_per_tick);
	put32(&b->attached, 1);
}

/* The kernels' address ranges, from the entries the harness wrote. */
static void refresh_ranges(void)
{
	uint32_t n = get32(&m.box->nkernels), i;

	if (n <= m.nkernels || n > MODEL_MAX_KERNELS)
		return;
	for (i = m.nkernels; i < n; i++) {
		uint32_t lo = get32(&m.box->code[i].entry);
		uint32_t len = get32(&m.box->code[i].len);

		m.range[i].lo = lo;
		m.range[i].hi = lo + (len ? len : symtab_func_len(&m.syms, lo));
	}
	m.nkernels = n;
}

static bool in_kernel(uint32_t pc)
{
	uint32_t i;

	for (i = 0; i < m.nkernels; i++)
		if (pc >= m.range[i].lo && pc < m.range[i].hi)
			return true;
	return false;
}

static void begin_call(void)
{
	uint32_t trace = get32(&m.box->trace);

	pipe_begin(&m.pipe, m.box->ticks, get32(&m.box->dist_reg), get32(&m.box->dist));
	m.pipe.trace = trace ? m.box->rec : NULL;
	m.pipe.trace_max = MODEL_TRACE_MAX;
	m.traced = 0;
	if (trace)
		put32(&m.box->trace, 0);
	put32(&m.box->calls, get32(&m.box->calls) + 1);
	m.in_call = true;
}

static void end_call(const struct insn *ret)
{
	struct model_box *b = m.box;
	uint32_t count[MC_N], cause[CAUSE_N];
	uint64_t end = pipe_end(&m.pipe, count, cause);
	unsigned i;

	if (end > b->ticks)
		b->ticks = end;
	put32(&b->cycles, (uint32_t)(end - m.pipe.start));
	for (i = 0; i < MC_N; i++)
		put32(&b->count[i], count[i]);
	for (i = 0; i < CAUSE_N; i++)
		put32(&b->cause[i], cause[i]);
	put32(&b->lines_missed, m.pipe.lines_missed);
	put32(&b->ea_unknown, m.pipe.ea_unknown);
	for (; m.traced < m.pipe.ntrace; m.traced++) {
		struct model_trace_rec *r = &b->rec[m.traced];

		put32(&r->pc, r->pc);
		put32(&r->ea, r->ea);
		put32(&r->cls, r->cls);
		put32(&r->cycle, r->cycle);
	}
	put32(&b->ntrace, m.pipe.ntrace);
	m.ended = true;
	m.resume_pc = ret->pc + 4;
}

/* A kernel that calls out of itself: what it calls runs unmodelled, at
   one cycle an instruction.  Said once, on stderr, where the run is. */
static void warn_call_out(const struct insn *in)
{
	static bool said;

	if (said)
		return;
	said = true;
	fprintf(stderr, "csumbench model: WARNING: the kernel at 0x%08x calls "
		"0x%08x, outside it: that code runs unmodelled, one cycle an "
		"instruction\n", in->pc, in->br_target);
}

static void step_pending(void)
{
	if (m.pending) {
		pipe_step(&m.pipe, m.pending, false, 0);
		m.pending = NULL;
	}
}

static void kernel_exec(unsigned int vcpu, void *udata)
{
	const struct insn *in = udata;

	(void)vcpu;
	step_pending();
	if (!m.in_call || (m.ended && in->pc != m.resume_pc))
		begin_call();
	m.ended = false;
	if (in->mem == MEM_LOAD || in->mem == MEM_STORE || in->mem == MEM_DCBF) {
		m.pending = in;		/* timed when qemu gives its address */
		return;
	}
	pipe_step(&m.pipe, in, false, 0);
	if (in->br == BR_BCLR)
		end_call(in);
	else if (in->writes_lr && in->br == BR_B && !in_kernel(in->br_target))
		warn_call_out(in);
}

static void kernel_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		       uint64_t vaddr, void *udata)
{
	(void)vcpu;
	(void)info;
	if (m.pending == udata) {
		m.pending = NULL;
		pipe_step(&m.pipe, udata, true, (uint32_t)vaddr);
	}
}

static void caller_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		       uint64_t vaddr, void *udata)
{
	const struct insn *in = udata;

	(void)vcpu;
	if (in->mem == MEM_DCBF)
		pipe_flush(&m.pipe, (uint32_t)vaddr);
	else
		pipe_touch(&m.pipe, (uint32_t)vaddr, qemu_plugin_mem_is_store(info));
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *qi = qemu_plugin_tb_get_insn(tb, i);
		uint32_t pc = (uint32_t)qemu_plugin_insn_vaddr(qi);
		const unsigned char *b = qemu_plugin_insn_data(qi);
		struct insn *in;

		if (!m.box) {
			unsigned char *h = qemu_plugin_insn_haddr(qi);

			if (!h)
				continue;
			find_box();
			m.guest_base = (uintptr_t)h - pc;
			m.box = (struct model_box *)(m.guest_base + m.box_vaddr);
			attach();
		}
		refresh_ranges();
		in = malloc(sizeof(*in));
		if (!in || qemu_plugin_insn_size(qi) != 4) {
			free(in);
			continue;
		}
		decode((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3], pc, in);
		if (in_kernel(pc)) {
			qemu_plugin_register_vcpu_insn_exec_cb(qi, kernel_exec,
							       QEMU_PLUGIN_CB_NO_REGS, in);
			if (in->mem != MEM_NONE)
				qemu_plugin_register_vcpu_mem_cb(qi, kernel_mem, QEMU_PLUGIN_CB_NO_REGS,
								 QEMU_PLUGIN_MEM_RW, in);
			continue;
		}
		qemu_plugin_register_vcpu_insn_exec_inline(qi, QEMU_PLUGIN_INLINE_ADD_U64,
							   &m.box->ticks, 1);
		if (in->mem == MEM_LOAD || in->mem == MEM_STORE || in->mem == MEM_DCBF)
			qemu_plugin_register_vcpu_mem_cb(qi, caller_mem, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, in);
		else
			free(in);
	}
}

static int fail(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "csumbench model: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return -1;
}

CSB_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					  int argc, char **argv)
{
	const char *preset = NULL;
	int i;

	if (info->system_emulation || strcmp(info->target_name, "ppc"))
		return fail("runs under qemu-ppc (user mode) only, not %s%s", info->target_name,
			    info->system_emulation ? " system emulation" : "");
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "preset=", 7))
			preset = argv[i] + 7;
		else
			return fail("unknown argument '%s'; expected preset=NAME%s", argv[i], "");
	}
	if (!preset)
		return fail("no preset= given; the presets: %s%s", core_presets(), "");
	m.core = core_find(preset);
	if (!m.core)
		return fail("no core preset '%s'; the presets: %s", preset, core_presets());
	if (pipe_init(&m.pipe, m.core))
		return fail("out of memory%s%s", "", "");
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	return 0;
}
