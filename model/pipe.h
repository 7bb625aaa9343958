/* The in-order timing model: instructions of one kernel call issued in
 * program order, each at the first cycle its slot, its operands, its
 * fetch and the data cache allow, and charged to what held it back. */
#ifndef CSUMBENCH_MODEL_PIPE_H
#define CSUMBENCH_MODEL_PIPE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/box.h"
#include "model/cache.h"
#include "model/cores.h"
#include "model/decode.h"

#define PIPE_FILLS_MAX 16

struct pipe {
	const struct core *c;
	struct cache cache;
	/* timing, in cycles of one timeline across calls */
	uint64_t start, last_issue, fetch_ok, stall_until, bus_free;
	unsigned slots, lsu_slots;
	uint64_t reg_ready[32], ca_ready, cr_ready, ctr_ready, lr_ready;
	uint8_t reg_cause[32], ca_cause, cr_cause, ctr_cause;
	uint64_t fill_done[PIPE_FILLS_MAX];
	unsigned nfill;
	const struct insn *br;	/* a branch whose direction the next pc tells */
	uint64_t br_issue;
	/* the address tracker: values of registers it can follow */
	uint32_t val[32], known;
	/* the call so far */
	uint32_t count[MC_N];
	uint64_t cause[CAUSE_N];
	uint32_t lines_missed, ea_unknown;
	struct model_trace_rec *trace;	/* NULL: not recording */
	unsigned ntrace, trace_max;
};

int pipe_init(struct pipe *p, const struct core *c);
/* A call starts at cycle now; dist in register dist_reg (0: none). */
void pipe_begin(struct pipe *p, uint64_t now, unsigned dist_reg, uint32_t dist);
/* One instruction; ea its data address where qemu gave one. */
void pipe_step(struct pipe *p, const struct insn *in, bool has_ea, uint32_t ea);
/* The call's end if it returns here: its cycle on the timeline, and
   counts and causes into the box's fields (host order). */
uint64_t pipe_end(const struct pipe *p, uint32_t count[MC_N], uint32_t cause[CAUSE_N]);
/* The caller's own accesses: the cache state the harness leaves. */
void pipe_touch(struct pipe *p, uint32_t ea, bool store);
void pipe_flush(struct pipe *p, uint32_t ea);

#endif
