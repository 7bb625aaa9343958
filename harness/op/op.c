/* The ops, in the order list and the CSV show them. */
#include <string.h>

#include "call/kernel.h"

const struct op *const op_table[] = { &op_csum, &op_ip_fast_csum, &op_csum_copy,
				      &op_load };
const size_t op_count = sizeof(op_table) / sizeof(op_table[0]);
_Static_assert(sizeof(op_table) / sizeof(op_table[0]) <= OP_MAX,
	       "OP_MAX (op.h) must hold every op");

const struct op *op_find(const char *name)
{
	size_t i;

	for (i = 0; i < op_count; i++)
		if (strcmp(op_table[i]->name, name) == 0)
			return op_table[i];
	return NULL;
}

/* The first pseudo-kernel of the op in the table: each op has one. */
const struct kernel *op_empty(const struct op *o)
{
	size_t i;

	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].pseudo && kernel_table[i].op == o)
			return &kernel_table[i];
	return NULL;
}

int op_any_size(uint32_t size, char *err, size_t errlen)
{
	(void)size, (void)err, (void)errlen;
	return 0;
}

unsigned op_any_align(const struct kernel *k)
{
	(void)k;
	return 1;
}
