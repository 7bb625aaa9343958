/* The gate as the sweep runs it: a kernel checked by its op's own gate
   (harness/op/), at the op's spread and at a run's sizes. */
#include <stdio.h>

#include "registry/table.h"

int verify_kernel(const struct kernel *k, int dist, char *err, size_t errlen)
{
	if (k->pseudo) {
		snprintf(err, errlen, "%s: not a checksum (%s)", k->name, k->desc);
		return VERIFY_WRONG;
	}
	return k->op->verify(k, dist, err, errlen);
}

int verify_sizes(const struct kernel *k, int dist, const uint32_t *sizes,
		 size_t nsizes, const uint32_t *aligns, size_t naligns,
		 char *err, size_t errlen)
{
	if (k->pseudo || !nsizes || !naligns)
		return verify_kernel(k, dist, err, errlen);
	return k->op->verify_sizes(k, dist, sizes, nsizes, aligns, naligns,
				   err, errlen);
}
