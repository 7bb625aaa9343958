/* The timing model (docs/model.md, "How the model times a call"). */
#include <string.h>

#include "model/pipe.h"

int pipe_init(struct pipe *p, const struct core *c)
{
	memset(p, 0, sizeof(*p));
	p->c = c;
	return cache_init(&p->cache, c);
}

void pipe_begin(struct pipe *p, uint64_t now, unsigned dist_reg, uint32_t dist)
{
	unsigned r;

	p->start = p->last_issue = now;
	p->slots = p->c->width;		/* the call's bl took this cycle */
	p->lsu_slots = 0;
	p->fetch_ok = now + p->c->taken_branch;	/* and redirects fetch */
	if (p->stall_until < now)
		p->stall_until = now;
	for (r = 0; r < 32; r++)
		if (p->reg_ready[r] > now)
			p->reg_ready[r] = now;
	p->ca_ready = p->cr_ready = p->ctr_ready = p->lr_ready = now;
	p->br = NULL;
	p->known = 0;
	if (dist_reg) {
		p->val[dist_reg] = dist;
		p->known = 1u << dist_reg;
	}
	memset(p->count, 0, sizeof(p->count));
	memset(p->cause, 0, sizeof(p->cause));
	p->lines_missed = p->ea_unknown = 0;
	p->ntrace = 0;
}

/* The later of t and when, and what held it there. */
static void bind(uint64_t *t, uint8_t *why, uint64_t when, uint8_t cause)
{
	if (when > *t) {
		*t = when;
		*why = cause;
	}
}

static void resolve_branch(struct pipe *p, uint32_t pc)
{
	const struct insn *b = p->br;
	bool taken = pc != b->pc + 4;
	uint64_t next;

	p->br = NULL;
	p->count[taken ? MC_BRANCH_TAKEN : MC_BRANCH_NOT_TAKEN]++;
	if (taken != b->predict_taken)
		next = p->br_issue + p->c->mispredict;
	else if (taken)
		next = p->br_issue + p->c->taken_branch;
	else
		return;
	if (next > p->fetch_ok)
		p->fetch_ok = next;
}

/* Fills still outstanding at t; the earliest to finish in *first. */
static unsigned fills_at(struct pipe *p, uint64_t t, uint64_t *first)
{
	unsigned i, n = 0;

	*first = UINT64_MAX;
	for (i = 0; i < p->nfill; i++)
		if (p->fill_done[i] > t) {
			p->fill_done[n++] = p->fill_done[i];
			if (p->fill_done[i] < *first)
				*first = p->fill_done[i];
		}
	p->nfill = n;
	return n;
}

static void bus_castout(struct pipe *p, uint64_t t)
{
	p->bus_free = (p->bus_free > t ? p->bus_free : t) + p->c->line_transfer;
}

/* A line fill for addr requested at t: when its data arrives. */
static uint64_t fill(struct pipe *p, uint32_t addr, uint64_t t)
{
	uint64_t start = p->bus_free > t ? p->bus_free : t;
	uint64_t ready = start + p->c->miss_latency;
	bool castout;

	p->bus_free = start + p->c->line_transfer;
	cache_fill(&p->cache, addr, ready, &castout);
	if (castout)
		bus_castout(p, start);
	if (p->nfill < PIPE_FILLS_MAX)
		p->fill_done[p->nfill++] = ready;
	p->lines_missed++;
	return ready;
}

/* Wait at *t for a free fill, charged to cause. */
static void wait_fill(struct pipe *p, uint64_t *t, uint8_t *why, uint8_t cause)
{
	uint64_t first;

	if (fills_at(p, *t, &first) >= p->c->fills)
		bind(t, why, first, cause);
}

static uint32_t tracked_ea(struct pipe *p, const struct insn *in, bool *ok)
{
	bool a = !in->ra || (p->known >> in->ra & 1), b = p->known >> in->rb & 1;

	*ok = a && b;
	return (in->ra ? p->val[in->ra] : 0) + p->val[in->rb];
}

/* A load or store at issue cycle *t (moved on where it must wait): the
   cycle its data is there, and why. */
static uint64_t data_access(struct pipe *p, const struct insn *in, uint32_t ea,
			    uint64_t *t, uint8_t *why, uint8_t *data_cause)
{
	struct line *l = cache_find(&p->cache, ea);
	uint64_t ready;

	if (l) {
		if (in->mem == MEM_STORE)
			l->dirty = true;
		if (l->ready > *t + p->c->lat_load) {
			*data_cause = CAUSE_MISS;
			return l->ready;
		}
		*data_cause = CAUSE_LOAD_USE;
		return *t + p->c->lat_load;
	}
	wait_fill(p, t, why, CAUSE_MISS);
	ready = fill(p, ea, *t);
	if (in->mem == MEM_STORE)
		cache_find(&p->cache, ea)->dirty = true;
	if (p->c->blocking && ready > p->stall_until)
		p->stall_until = ready;
	*data_cause = CAUSE_MISS;
	return ready;
}

static void cache_op(struct pipe *p, const struct insn *in, bool ok, uint32_t ea,
		     uint64_t *t, uint8_t *why)
{
	struct line *l;
	bool castout;
	uint64_t first;

	if (!ok) {
		p->ea_unknown++;
		return;
	}
	switch (in->mem) {
	case MEM_DCBT:
		if (cache_find(&p->cache, ea))
			return;
		if (fills_at(p, *t, &first) >= p->c->fills) {
			if (!p->c->dcbt_waits)
				return;		/* dropped: the touch buffer is busy */
			bind(t, why, first, CAUSE_DCBT);
		}
		fill(p, ea, *t);
		return;
	case MEM_DCBZ:
		l = cache_find(&p->cache, ea);
		if (!l) {
			l = cache_fill(&p->cache, ea, *t + 1, &castout);
			if (castout)
				bus_castout(p, *t);
		}
		l->dirty = true;
		return;
	case MEM_DCBF:
		if (cache_flush_line(&p->cache, ea, false))
			bus_castout(p, *t);
		return;
	default:
		return;
	}
}

static void track(struct pipe *p, const struct insn *in, bool has_ea, uint32_t ea)
{
	uint32_t v = 0, k = p->known;
	int d = in->dest;
	bool ok = false;
	unsigned rs = in->word >> 21 & 31, rb = in->word >> 11 & 31;

	if (in->mem == MEM_LOAD || in->mem == MEM_STORE) {
		if (has_ea && in->ra && !in->indexed) {
			p->val[in->ra] = ea - (uint32_t)in->disp;	/* before the access */
			p->known |= 1u << in->ra;
		}
		if (has_ea && in->update) {
			p->val[in->ra] = ea;
			p->known |= 1u << in->ra;
		}
		if (in->mem == MEM_LOAD && d >= 0 && d != in->ra)
			p->known &= ~(1u << d);
		return;
	}
	if (in->update && in->dest2 >= 0)
		p->known &= ~(1u << in->dest2);
	if (d < 0)
		return;
	switch (in->track) {
	case TR_ADDI: case TR_ADDIS: {
		uint32_t ra = in->word >> 16 & 31;
		uint32_t imm = in->track == TR_ADDIS ? (uint32_t)in->imm << 16 : (uint32_t)in->imm;

		ok = !ra || (k >> ra & 1);
		v = (ra ? p->val[ra] : 0) + imm;
		break;
	}
	case TR_ADD: case TR_SUBF: {
		uint32_t ra = in->word >> 16 & 31;

		ok = (k >> ra & 1) && (k >> rb & 1);
		v = in->track == TR_ADD ? p->val[ra] + p->val[rb] : p->val[rb] - p->val[ra];
		break;
	}
	case TR_OR:
		ok = (k >> rs & 1) && (k >> rb & 1);
		v = p->val[rs] | p->val[rb];
		break;
	case TR_ORI:
		ok = k >> rs & 1;
		v = p->val[rs] | (uint32_t)in->imm;
		break;
	case TR_RLWINM: {
		uint32_t x = p->val[rs], r = in->sh ? x << in->sh | x >> (32 - in->sh) : x;
		uint32_t m = 0;
		unsigned i = in->mb;

		for (;;) {
			m |= 0x80000000u >> i;
			if (i == in->me)
				break;
			i = (i + 1) & 31;
		}
		ok = k >> rs & 1;
		v = r & m;
		break;
	}
	default:
		break;
	}
	if (ok) {
		p->val[d] = v;
		p->known |= 1u << d;
	} else {
		p->known &= ~(1u << d);
	}
}

static unsigned latency(const struct core *c, enum lat_kind k)
{
	switch (k) {
	case LAT_MUL: return c->lat_mul;
	case LAT_DIV: return c->lat_div;
	case LAT_SPR: return c->lat_spr;
	case LAT_CMP: return c->lat_cmp;
	default: return c->lat_int;
	}
}

void pipe_step(struct pipe *p, const struct insn *in, bool has_ea, uint32_t ea)
{
	const struct core *c = p->c;
	bool lsu = in->mem != MEM_NONE;
	uint64_t t, slot, prev = p->last_issue, data = 0;
	uint8_t why = CAUSE_ISSUE, data_cause = CAUSE_LOAD_USE;
	unsigned r;

	if (p->br)
		resolve_branch(p, in->pc);
	/* the first cycle its issue slot allows: prev's, if one is free */
	slot = p->slots < c->width && (!lsu || p->lsu_slots < c->lsu_per_cycle) ?
		prev : prev + 1;
	t = slot;
	bind(&t, &why, p->fetch_ok, CAUSE_BRANCH);
	bind(&t, &why, p->stall_until, CAUSE_MISS);
	for (r = 0; r < 32; r++)
		if (in->reads >> r & 1)
			bind(&t, &why, p->reg_ready[r], p->reg_cause[r]);
	if (in->reads_ca)
		bind(&t, &why, p->ca_ready, p->ca_cause);
	if (in->reads_cr)
		bind(&t, &why, p->cr_ready, p->cr_cause);
	if (in->reads_ctr)
		bind(&t, &why, p->ctr_ready, p->ctr_cause);
	if (in->reads_lr)
		bind(&t, &why, p->lr_ready, CAUSE_DEP);
	if (in->mem == MEM_LOAD || in->mem == MEM_STORE) {
		if (!has_ea) {
			bool ok;

			ea = tracked_ea(p, in, &ok);
			if (in->indexed ? !ok : !(!in->ra || (p->known >> in->ra & 1)))
				p->ea_unknown++;
			else if (!in->indexed)
				ea = (in->ra ? p->val[in->ra] : 0) + (uint32_t)in->disp;
			has_ea = true;
		}
		data = data_access(p, in, ea, &t, &why, &data_cause);
	} else if (lsu) {
		bool ok;

		ea = tracked_ea(p, in, &ok);
		cache_op(p, in, ok, ea, &t, &why);
		if (!ok)
			ea = 0;
	}
	/* the cycles this instruction added, and why */
	if (t > prev) {
		p->cause[CAUSE_ISSUE] += slot - prev;
		p->cause[why == CAUSE_ISSUE ? CAUSE_ISSUE : why] += t - slot;
	}
	if (t == prev) {
		p->slots++;
		p->lsu_slots += lsu;
	} else {
		p->slots = 1;
		p->lsu_slots = lsu;
	}
	p->last_issue = t;
	if (in->cls != MC_BRANCH_TAKEN)
		p->count[in->cls]++;
	if (p->trace && p->ntrace < p->trace_max) {
		struct model_trace_rec *rec = &p->trace[p->ntrace++];

		rec->pc = in->pc;
		rec->ea = lsu ? ea : 0;
		rec->cls = in->cls;
		rec->cycle = (uint32_t)(t - p->start);
	}
	/* results */
	if (in->dest >= 0) {
		if (in->mem == MEM_LOAD) {
			p->reg_ready[in->dest] = data;
			p->reg_cause[in->dest] = data_cause;
		} else {
			p->reg_ready[in->dest] = t + latency(c, in->lat);
			p->reg_cause[in->dest] = in->cls == MC_CARRY ? CAUSE_CARRY : CAUSE_DEP;
		}
	}
	if (in->update && in->dest2 >= 0) {
		p->reg_ready[in->dest2] = t + c->lat_int;
		p->reg_cause[in->dest2] = CAUSE_DEP;
	}
	if (in->writes_ca) {
		p->ca_ready = t + c->lat_ca;
		p->ca_cause = CAUSE_CARRY;
	}
	if (in->writes_cr) {
		p->cr_ready = t + c->lat_cmp;
		p->cr_cause = CAUSE_DEP;
	}
	if (in->writes_ctr && in->br == BR_NONE) {
		p->ctr_ready = t + c->lat_spr;
		p->ctr_cause = CAUSE_DEP;
	}
	if (in->writes_lr)
		p->lr_ready = t + c->lat_spr;
	track(p, in, has_ea, ea);
	if (in->br != BR_NONE) {
		p->br = in;
		p->br_issue = t;
	}
}

uint64_t pipe_end(const struct pipe *p, uint32_t count[MC_N], uint32_t cause[CAUSE_N])
{
	uint64_t end = p->last_issue + p->c->taken_branch, extra[CAUSE_N];
	unsigned i;

	memcpy(extra, p->cause, sizeof(extra));
	/* the return: taken, as predicted */
	extra[CAUSE_ISSUE] += 1;
	extra[CAUSE_BRANCH] += p->c->taken_branch - 1;
	if (p->reg_ready[3] > end) {
		extra[p->reg_cause[3]] += p->reg_ready[3] - end;
		end = p->reg_ready[3];
	}
	for (i = 0; i < MC_N; i++)
		count[i] = p->count[i];
	if (p->br)
		count[MC_BRANCH_TAKEN]++;
	for (i = 0; i < CAUSE_N; i++)
		cause[i] = (uint32_t)extra[i];
	return end;
}

void pipe_touch(struct pipe *p, uint32_t ea, bool store)
{
	struct line *l = cache_find(&p->cache, ea);
	bool castout;

	if (!l)
		l = cache_fill(&p->cache, ea, 0, &castout);
	if (store)
		l->dirty = true;
}

void pipe_flush(struct pipe *p, uint32_t ea)
{
	cache_flush_line(&p->cache, ea, false);
}
