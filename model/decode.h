/* 32-bit PowerPC instructions as the timing model needs them: class,
 * registers read and written, memory form, branch form, and the few
 * arithmetic forms whose results the address tracker can follow. */
#ifndef CSUMBENCH_MODEL_DECODE_H
#define CSUMBENCH_MODEL_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/box.h"

enum lat_kind { LAT_INT, LAT_LOAD, LAT_MUL, LAT_DIV, LAT_SPR, LAT_CMP, LAT_NONE };
enum br_kind { BR_NONE, BR_B, BR_BC, BR_BCLR, BR_BCCTR };
enum mem_kind { MEM_NONE, MEM_LOAD, MEM_STORE, MEM_DCBT, MEM_DCBZ, MEM_DCBF };
/* What the tracker computes for a destination (else: unknown). */
enum track_op { TR_NONE, TR_ADDI, TR_ADDIS, TR_ADD, TR_SUBF, TR_OR, TR_ORI, TR_RLWINM };

struct insn {
	uint32_t word, pc;
	enum model_class cls;	/* branches: MC_BRANCH_TAKEN, settled at run time */
	enum lat_kind lat;
	uint32_t reads;		/* GPR bit mask */
	int8_t dest, dest2;	/* GPRs written (-1: none); dest2: an update form's rA */
	bool reads_ca, writes_ca, writes_cr, reads_cr;
	bool reads_ctr, writes_ctr, reads_lr, writes_lr;
	enum mem_kind mem;
	bool update;		/* lwzu, stwu...: rA = EA after */
	uint8_t ra, rb;		/* memory and cache ops' address registers */
	int32_t disp;		/* D-form displacement; X-form: 0, indexed */
	bool indexed;
	unsigned nmem;		/* lmw/stmw: words */
	enum br_kind br;
	bool br_always;		/* BO says branch always */
	bool br_ctr_only;	/* bdnz/bdz: decided by CTR alone */
	uint32_t br_target;	/* direct branches */
	bool predict_taken;	/* the static prediction: backward taken */
	enum track_op track;
	int32_t imm;
	uint8_t sh, mb, me;
	bool known;		/* decoded; false: an unknown word, counted MC_OTHER */
};

void decode(uint32_t word, uint32_t pc, struct insn *in);

#endif
