/* 32-bit PowerPC: csum_partial() is an inline wrapper that sums short
   constant lengths itself and calls __csum_partial(buff, len, sum) for
   the rest; the copy is csum_partial_copy_generic(src, dst, len), both
   assembly.  Where kprobe events refuse assembly, the copies from and
   to user space are still seen in their C wrappers (the kernel's own
   copies, csum_partial_copy_nocheck, are not: it is a macro).
   Arguments go in r3, r4, r5 (SysV ppc32 ABI). */
#include <stddef.h>

#include "tracefs/targets.h"

const struct trace_target trace_targets[] = {
	{ "csum", 0, "__csum_partial", "%r4" },
	{ "copy", 0, "csum_partial_copy_generic", "%r5" },
	{ "copy", 1, "csum_and_copy_from_user", "%r5" },
	{ "copy", 1, "csum_and_copy_to_user", "%r5" },
	{ NULL, 0, NULL, NULL }
};
