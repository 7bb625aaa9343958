/* The ops, in the order list and the CSV show them. */
#include <string.h>

#include "op/op.h"

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
