/* The core model's counts, checked against kernels whose counts are known
 * by construction (model-known.S).  Runs under qemu-ppc with the model's
 * plugin (tests/model.sh), which finds this program's mailbox by its
 * symbol as it finds csumbench's, and prints per call:
 *   NAME cycles=C int=I carry=A load=L store=S taken=T not_taken=N
 *        dcbt=D dcbz=Z dcbf=F other=O lines=M unknown=U
 * and, for known_mem, each traced data address less buf's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/box.h"

__attribute__((used)) struct model_box csumbench_model_box = {
	.magic = MODEL_BOX_MAGIC,
};

uint32_t known_loop(uint32_t n);
uint32_t known_mem(void *buf);

static void print_call(const char *name)
{
	const struct model_box *b = &csumbench_model_box;

	printf("%s cycles=%u int=%u carry=%u load=%u store=%u taken=%u "
	       "not_taken=%u dcbt=%u dcbz=%u dcbf=%u other=%u lines=%u unknown=%u\n",
	       name, b->cycles, b->count[MC_INT], b->count[MC_CARRY],
	       b->count[MC_LOAD], b->count[MC_STORE], b->count[MC_BRANCH_TAKEN],
	       b->count[MC_BRANCH_NOT_TAKEN], b->count[MC_DCBT], b->count[MC_DCBZ],
	       b->count[MC_DCBF], b->count[MC_OTHER], b->lines_missed, b->ea_unknown);
}

int main(void)
{
	struct model_box *b = &csumbench_model_box;
	static const uint32_t loops[] = { 1, 2, 10, 1000 };
	unsigned char *buf = aligned_alloc(64, 4096);
	uint32_t i;
	char name[32];

	if (!buf)
		return 1;
	b->code[0].entry = (uint32_t)(uintptr_t)known_loop;
	b->code[1].entry = (uint32_t)(uintptr_t)known_mem;
	b->nkernels = 2;
	if (!b->attached) {
		fprintf(stderr, "model-counts: the model's plugin is not attached\n");
		return 2;
	}
	for (i = 0; i < sizeof(loops) / sizeof(loops[0]); i++) {
		if (known_loop(loops[i]) != loops[i])
			return 1;
		snprintf(name, sizeof(name), "loop%u", loops[i]);
		print_call(name);
	}
	b->trace = 1;
	known_mem(buf);
	print_call("mem");
	for (i = 0; i < b->ntrace; i++)
		if (b->rec[i].ea)
			printf("mem ea class=%u offset=%ld\n", b->rec[i].cls,
			       (long)b->rec[i].ea - (long)(uintptr_t)buf);
	return 0;
}
