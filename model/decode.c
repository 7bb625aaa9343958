/* The 32-bit PowerPC decoder of the timing model: the integer, load,
 * store, branch and cache instructions of checksum loops and their
 * callers' glue.  Field names as Power ISA Book I writes them; bits
 * counted from the left as there (bit 0 the most significant). */
#include <string.h>

#include "model/decode.h"

#define FIELD(w, from, len) (((w) >> (32 - (from) - (len))) & ((1u << (len)) - 1))
#define BIT(r) (1u << (r))

static void gpr_read(struct insn *in, unsigned r)
{
	in->reads |= BIT(r);
}

/* rA in an address: register 0 there means the value 0. */
static void addr_read(struct insn *in, unsigned ra)
{
	if (ra)
		gpr_read(in, ra);
}

static void mem_d(struct insn *in, enum mem_kind kind, bool update)
{
	unsigned rt = FIELD(in->word, 6, 5), ra = FIELD(in->word, 11, 5);

	in->mem = kind;
	in->update = update;
	in->ra = (uint8_t)ra;
	in->disp = (int16_t)(in->word & 0xffff);
	in->nmem = 1;
	addr_read(in, ra);
	if (kind == MEM_LOAD) {
		in->cls = MC_LOAD;
		in->lat = LAT_LOAD;
		in->dest = (int8_t)rt;
	} else {
		in->cls = MC_STORE;
		in->lat = LAT_NONE;
		gpr_read(in, rt);
	}
	if (update)
		in->dest2 = (int8_t)ra;
}

static void mem_x(struct insn *in, enum mem_kind kind, bool update)
{
	unsigned rb = FIELD(in->word, 16, 5);

	mem_d(in, kind, update);
	in->indexed = true;
	in->disp = 0;
	in->rb = (uint8_t)rb;
	gpr_read(in, rb);
}

static void cache_op(struct insn *in, enum mem_kind kind, enum model_class cls)
{
	unsigned ra = FIELD(in->word, 11, 5), rb = FIELD(in->word, 16, 5);

	in->mem = kind;
	in->cls = cls;
	in->lat = LAT_NONE;
	in->ra = (uint8_t)ra;
	in->rb = (uint8_t)rb;
	in->indexed = true;
	addr_read(in, ra);
	gpr_read(in, rb);
}

static void branch_bo(struct insn *in, unsigned bo)
{
	in->cls = MC_BRANCH_TAKEN;
	in->lat = LAT_NONE;
	in->br_always = (bo & 0x14) == 0x14;
	in->reads_cr = !(bo & 0x10);
	in->reads_ctr = in->writes_ctr = !(bo & 0x04);
	in->br_ctr_only = (bo & 0x10) && !(bo & 0x04);
}

static bool decode_31_arith(struct insn *in, unsigned xo9)
{
	unsigned rt = FIELD(in->word, 6, 5), ra = FIELD(in->word, 11, 5);
	unsigned rb = FIELD(in->word, 16, 5);
	bool two = true;

	switch (xo9) {
	case 266: in->track = TR_ADD; break;		/* add */
	case 40: in->track = TR_SUBF; break;		/* subf */
	case 10: case 8: in->writes_ca = true; break;	/* addc, subfc */
	case 138: case 136:				/* adde, subfe */
		in->reads_ca = in->writes_ca = true;
		break;
	case 234: case 202: case 232: case 200:		/* addme addze subfme subfze */
		in->reads_ca = in->writes_ca = true;
		two = false;
		break;
	case 104: two = false; break;			/* neg */
	case 235: case 75: case 11:			/* mullw mulhw mulhwu */
		in->lat = LAT_MUL;
		in->cls = MC_OTHER;
		break;
	case 491: case 459:				/* divw divwu */
		in->lat = LAT_DIV;
		in->cls = MC_OTHER;
		break;
	default:
		return false;
	}
	if (in->reads_ca)
		in->cls = MC_CARRY;
	in->dest = (int8_t)rt;
	gpr_read(in, ra);
	if (two)
		gpr_read(in, rb);
	return true;
}

static void spr_move(struct insn *in, bool to)
{
	unsigned rt = FIELD(in->word, 6, 5);
	unsigned spr = FIELD(in->word, 11, 5) | FIELD(in->word, 16, 5) << 5;

	in->cls = MC_OTHER;
	in->lat = LAT_SPR;
	if (to) {
		gpr_read(in, rt);
		in->writes_ctr = spr == 9;
		in->writes_lr = spr == 8;
		in->writes_ca = spr == 1;
	} else {
		in->dest = (int8_t)rt;
		in->reads_ctr = spr == 9;
		in->reads_lr = spr == 8;
		in->reads_ca = spr == 1;
	}
}

static void decode_31(struct insn *in)
{
	uint32_t w = in->word;
	unsigned rs = FIELD(w, 6, 5), ra = FIELD(w, 11, 5), rb = FIELD(w, 16, 5);
	unsigned xo10 = FIELD(w, 21, 10);

	if (decode_31_arith(in, FIELD(w, 22, 9)))
		return;
	switch (xo10) {
	case 23: case 87: case 279: case 343: case 534: case 790:
		mem_x(in, MEM_LOAD, false);		/* lwzx lbzx lhzx lhax lwbrx lhbrx */
		return;
	case 55: case 119: case 311: case 375:
		mem_x(in, MEM_LOAD, true);		/* lwzux lbzux lhzux lhaux */
		return;
	case 151: case 215: case 407: case 662: case 918:
		mem_x(in, MEM_STORE, false);		/* stwx stbx sthx stwbrx sthbrx */
		return;
	case 183: case 247: case 439:
		mem_x(in, MEM_STORE, true);		/* stwux stbux sthux */
		return;
	case 278: case 246: cache_op(in, MEM_DCBT, MC_DCBT); return;
	case 1014: cache_op(in, MEM_DCBZ, MC_DCBZ); return;
	case 86: case 54: case 470: cache_op(in, MEM_DCBF, MC_DCBF); return;
	case 982: cache_op(in, MEM_NONE, MC_OTHER); return;	/* icbi */
	case 0: case 32:				/* cmp, cmpl */
		in->lat = LAT_CMP;
		in->writes_cr = true;
		gpr_read(in, ra);
		gpr_read(in, rb);
		return;
	case 339: spr_move(in, false); return;		/* mfspr */
	case 467: spr_move(in, true); return;		/* mtspr */
	case 371:					/* mftb */
		in->cls = MC_OTHER;
		in->lat = LAT_SPR;
		in->dest = (int8_t)rs;
		return;
	case 19:					/* mfcr */
		in->cls = MC_OTHER;
		in->lat = LAT_SPR;
		in->reads_cr = true;
		in->dest = (int8_t)rs;
		return;
	case 144:					/* mtcrf */
		in->cls = MC_OTHER;
		in->lat = LAT_CMP;
		in->writes_cr = true;
		gpr_read(in, rs);
		return;
	case 598: case 854:				/* sync, eieio */
		in->cls = MC_OTHER;
		in->lat = LAT_NONE;
		return;
	case 824:					/* srawi */
		in->writes_ca = true;
		in->dest = (int8_t)ra;
		gpr_read(in, rs);
		return;
	case 792:					/* sraw */
		in->writes_ca = true;
		/* fall through */
	case 28: case 60: case 124: case 284: case 316: case 412: case 444:
	case 476: case 24: case 536:
		in->track = xo10 == 444 ? TR_OR : TR_NONE;
		in->dest = (int8_t)ra;
		gpr_read(in, rs);
		gpr_read(in, rb);
		return;
	case 26: case 922: case 954:			/* cntlzw extsh extsb */
		in->dest = (int8_t)ra;
		gpr_read(in, rs);
		return;
	}
	in->known = false;
	in->cls = MC_OTHER;
}

static void decode_19(struct insn *in)
{
	unsigned xo10 = FIELD(in->word, 21, 10);

	switch (xo10) {
	case 16:					/* bclr */
		branch_bo(in, FIELD(in->word, 6, 5));
		in->br = BR_BCLR;
		in->reads_lr = true;
		break;
	case 528:					/* bcctr */
		branch_bo(in, FIELD(in->word, 6, 5));
		in->br = BR_BCCTR;
		in->reads_ctr = true;
		break;
	case 150:					/* isync */
		in->cls = MC_OTHER;
		in->lat = LAT_NONE;
		return;
	default:					/* cr logical, mcrf */
		in->cls = MC_OTHER;
		in->lat = LAT_CMP;
		in->reads_cr = in->writes_cr = true;
		return;
	}
	in->predict_taken = true;
	if (in->word & 1)
		in->writes_lr = true;
}

static void decode_imm(struct insn *in, unsigned op)
{
	uint32_t w = in->word;
	unsigned rt = FIELD(w, 6, 5), ra = FIELD(w, 11, 5);
	int32_t simm = (int16_t)(w & 0xffff);

	in->imm = simm;
	switch (op) {
	case 14: case 15:				/* addi addis */
		in->track = op == 14 ? TR_ADDI : TR_ADDIS;
		in->dest = (int8_t)rt;
		addr_read(in, ra);
		return;
	case 12: case 13: case 8:			/* addic addic. subfic */
		in->writes_ca = true;
		in->writes_cr = op == 13;
		in->dest = (int8_t)rt;
		gpr_read(in, ra);
		return;
	case 7:						/* mulli */
		in->cls = MC_OTHER;
		in->lat = LAT_MUL;
		in->dest = (int8_t)rt;
		gpr_read(in, ra);
		return;
	case 10: case 11:				/* cmpli cmpi */
		in->lat = LAT_CMP;
		in->writes_cr = true;
		gpr_read(in, ra);
		return;
	case 24: case 25: case 26: case 27: case 28: case 29:
		/* ori oris xori xoris andi. andis.: rA = rS op UIMM */
		in->imm = (int32_t)(w & 0xffff);
		in->track = op == 24 ? TR_ORI : TR_NONE;
		in->writes_cr = op >= 28;
		in->dest = (int8_t)ra;
		gpr_read(in, rt);
		return;
	case 20: case 21: case 23:			/* rlwimi rlwinm rlwnm */
		in->sh = (uint8_t)FIELD(w, 16, 5);
		in->mb = (uint8_t)FIELD(w, 21, 5);
		in->me = (uint8_t)FIELD(w, 26, 5);
		in->track = op == 21 ? TR_RLWINM : TR_NONE;
		in->dest = (int8_t)ra;
		gpr_read(in, rt);
		if (op == 20)
			gpr_read(in, ra);
		if (op == 23)
			gpr_read(in, FIELD(w, 16, 5));
		return;
	}
	in->known = false;
	in->cls = MC_OTHER;
}

void decode(uint32_t w, uint32_t pc, struct insn *in)
{
	unsigned op = w >> 26;

	memset(in, 0, sizeof(*in));
	in->word = w;
	in->pc = pc;
	in->dest = in->dest2 = -1;
	in->cls = MC_INT;
	in->lat = LAT_INT;
	in->known = true;
	if (op != 31 && op != 19 && op != 16 && op != 18 && FIELD(w, 31, 1) &&
	    ((op >= 20 && op <= 23)))
		in->writes_cr = true;			/* rlwinm. and kin */
	switch (op) {
	case 32: mem_d(in, MEM_LOAD, false); break;	/* lwz */
	case 33: mem_d(in, MEM_LOAD, true); break;	/* lwzu */
	case 34: case 40: case 42: mem_d(in, MEM_LOAD, false); break;	/* lbz lhz lha */
	case 35: case 41: case 43: mem_d(in, MEM_LOAD, true); break;	/* lbzu lhzu lhau */
	case 36: case 38: case 44: mem_d(in, MEM_STORE, false); break;	/* stw stb sth */
	case 37: case 39: case 45: mem_d(in, MEM_STORE, true); break;	/* stwu stbu sthu */
	case 46: case 47:				/* lmw stmw */
		mem_d(in, op == 46 ? MEM_LOAD : MEM_STORE, false);
		in->nmem = 32 - FIELD(w, 6, 5);
		break;
	case 16: {					/* bc */
		int32_t bd = (int16_t)(w & 0xfffc);

		branch_bo(in, FIELD(w, 6, 5));
		in->br = BR_BC;
		in->br_target = (w & 2) ? (uint32_t)bd : pc + (uint32_t)bd;
		/* Book I's static rule: backward taken, forward not; BO's y
		   bit reverses it for a conditional branch. */
		in->predict_taken = bd < 0;
		if (!in->br_always && (FIELD(w, 6, 5) & 1))
			in->predict_taken = !in->predict_taken;
		if (w & 1)
			in->writes_lr = true;
		break;
	}
	case 18: {					/* b */
		int32_t li = (int32_t)((w & 0x03fffffc) << 6) >> 6;

		in->cls = MC_BRANCH_TAKEN;
		in->lat = LAT_NONE;
		in->br = BR_B;
		in->br_always = true;
		in->predict_taken = true;
		in->br_target = (w & 2) ? (uint32_t)li : pc + (uint32_t)li;
		if (w & 1)
			in->writes_lr = true;
		break;
	}
	case 19: decode_19(in); break;
	case 31:
		decode_31(in);
		if (in->known && (w & 1) && in->mem == MEM_NONE)
			in->writes_cr = true;			/* record forms */
		break;
	default: decode_imm(in, op); break;
	}
}
