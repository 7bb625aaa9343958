/* The harness's side of the model's mailbox (box.h). */
#include "model/model.h"

/* Found by the plugin through its symbol: kept, and written in full. */
__attribute__((used)) struct model_box csumbench_model_box = {
	.magic = MODEL_BOX_MAGIC,
};

bool model_attached(void)
{
	return *(volatile uint32_t *)&csumbench_model_box.attached != 0;
}

static void note(uintptr_t entry, size_t len)
{
	struct model_box *b = &csumbench_model_box;

	b->code[b->nkernels].entry = (uint32_t)entry;
	b->code[b->nkernels].len = (uint32_t)len;
	/* (the count last: the plugin reads up to it) */
	__atomic_store_n(&b->nkernels, b->nkernels + 1, __ATOMIC_RELEASE);
}

int model_note_code(const void *at, size_t len)
{
	if (csumbench_model_box.nkernels >= MODEL_MAX_KERNELS)
		return model_attached() ? -1 : 0;
	note((uintptr_t)at, len);
	return 0;
}

void model_note_dist(int arg, int dist)
{
	csumbench_model_box.dist = (uint32_t)dist;
	/* the first argument is r3 in the SysV PowerPC ABI */
	csumbench_model_box.dist_reg = arg >= 0 ? 3 + (uint32_t)arg : 0;
}

uint64_t model_ticks(void)
{
	volatile struct model_box *b = &csumbench_model_box;
	uint64_t t = b->ticks;

	/* the plugin adds in the host's byte order */
	if (b->host_order != 0x01020304)
		t = __builtin_bswap64(t);
	return t;
}

const char *model_about(void)
{
	return model_attached() ? csumbench_model_box.about : NULL;
}

const char *model_preset(void)
{
	return model_attached() ? csumbench_model_box.preset : NULL;
}
