/* x86-64: csum_partial(buff, len, sum) is C, out of line; the copies
   go through csum_partial_copy_generic(src, dst, len), assembly, whose
   only callers are its three C wrappers: where kprobe events refuse
   assembly, those are probed instead, and see every copy.  Arguments go
   in rdi, rsi, rdx (System V AMD64 ABI); the length is an int, the low
   half. */
#include <stddef.h>

#include "tracefs/targets.h"

const struct trace_target trace_targets[] = {
	{ "csum", 0, "csum_partial", "%si" },
	{ "copy", 0, "csum_partial_copy_generic", "%dx" },
	{ "copy", 1, "csum_and_copy_from_user", "%dx" },
	{ "copy", 1, "csum_and_copy_to_user", "%dx" },
	{ "copy", 1, "csum_partial_copy_nocheck", "%dx" },
	{ NULL, 0, NULL, NULL }
};
