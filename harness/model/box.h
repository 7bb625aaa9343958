/* The mailbox between csumbench and the ppc32 core model (model/, a QEMU
 * plugin; docs/model.md).  A static variable of the harness, so it exists
 * in every build and costs nothing on a board, where nothing fills it.
 * Under the model the plugin finds it by its symbol, reads what the
 * harness wrote (its kernels' entries, the point's prefetch distance) and
 * writes back its clock and what it saw of the last kernel call.
 *
 * Fields the harness writes are in the guest's byte order; the plugin
 * writes the guest's order too, except ticks, which qemu's inline counter
 * adds to in the host's: host_order says which (0x01020304 as the host
 * wrote it).  Only fixed-width fields, so the host and a 32-bit guest
 * agree on the layout.
 */
#ifndef CSUMBENCH_MODEL_BOX_H
#define CSUMBENCH_MODEL_BOX_H

#include <stdint.h>

#define MODEL_BOX_SYMBOL "csumbench_model_box"
#define MODEL_BOX_MAGIC "csumbench-model-box-1"
#define MODEL_MAX_KERNELS 1024
#define MODEL_TRACE_MAX 4096

/* What each counted instruction of a kernel call is (one class each). */
enum model_class {
	MC_INT,			/* integer, not reading the carry */
	MC_CARRY,		/* adde, addze...: reads XER[CA] */
	MC_LOAD,
	MC_STORE,
	MC_BRANCH_TAKEN,
	MC_BRANCH_NOT_TAKEN,
	MC_DCBT,		/* dcbt, dcbtst */
	MC_DCBZ,
	MC_DCBF,		/* dcbf, dcbst, dcbi */
	MC_OTHER,		/* mtspr, mfspr, mul, div, cr ops, sync */
	MC_N
};

/* Where a call's cycles go: each instruction's issue cycle minus the one
   before it, charged to what held it back (the first that binds). */
enum model_cause {
	CAUSE_ISSUE,		/* one cycle per issue group: the width */
	CAUSE_LOAD_USE,		/* an operand from a load that hit */
	CAUSE_CARRY,		/* the carry chain (adde waiting on CA) */
	CAUSE_BRANCH,		/* taken branches and mispredictions */
	CAUSE_MISS,		/* data from memory: misses, line fills */
	CAUSE_DCBT,		/* a dcbt waiting for a free line fill */
	CAUSE_DEP,		/* other latencies: mtctr, compares, mul */
	CAUSE_N
};

struct model_trace_rec {
	uint32_t pc, ea, cls, cycle;	/* cycle: issue, from the call's start */
};

struct model_box {
	char magic[24];			/* MODEL_BOX_MAGIC, static */
	/* plugin -> harness */
	uint32_t attached;		/* 1 once the plugin found the box */
	uint32_t host_order;		/* 0x01020304 in the host's order */
	uint64_t ticks;			/* host order: model cycles */
	char preset[16];		/* "8xx", "e300c2", "464" ... */
	char about[200];		/* the model in one line */
	uint32_t cycles_per_tick;	/* the preset's core cycles per timebase tick */
	/* harness -> plugin */
	uint32_t nkernels;		/* code ranges the plugin times */
	struct {
		uint32_t entry, len;	/* len 0: the function's, by its symbol */
	} code[MODEL_MAX_KERNELS];
	uint32_t dist;			/* the point's prefetch distance */
	uint32_t dist_reg;		/* the register it arrives in; 0: none */
	uint32_t trace;			/* 1: record the next call's instructions */
	/* plugin -> harness: the last call (and calls so far) */
	uint32_t calls;
	uint32_t cycles;
	uint32_t count[MC_N];
	uint32_t cause[CAUSE_N];
	uint32_t lines_missed;		/* demand misses and dcbt line fills */
	uint32_t ea_unknown;		/* cache ops whose address it could not tell */
	uint32_t ntrace;
	struct model_trace_rec rec[MODEL_TRACE_MAX];
};

#endif
