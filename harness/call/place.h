/* Code placement: where a kernel's code sits against 64-byte boundaries,
   and copies of it moved by a chosen offset (the code_offset sweep). */
#ifndef CSUMBENCH_PLACE_H
#define CSUMBENCH_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "call/kernel.h"

#define CODE_OFFSET_NONE (-1)	/* the kernel where the linker put it */
#define CODE_OFFSET_MAX 63

static inline unsigned place_mod64(const void *addr)
{
	return (unsigned)((uintptr_t)addr & 63);
}

/* The entry of k's hot loop mod 64, or -1 when its source does not mark
   it; for a copy, where the copy's loop is. */
int place_loop_mod64(const struct kernel *k);

/* A copy of k's code in fresh executable memory, its entry offset bytes
   past a 64-byte boundary; one per (k, offset), living until
   place_free().  Built-in
   kernels are position-independent and free of relocations (checked by
   tests/placement.sh), so the copy is the same program at a new address.
   NULL and why in err for kernels that cannot be moved (.so kernels,
   sanitizer builds, a binary without its symbol table). */
const struct kernel *place_copy(const struct kernel *k, unsigned offset,
				char *err, size_t errlen);
/* Whether place_copy can copy k (not a .so kernel, KERNEL_FIXED or a
   sanitizer build). */
bool place_movable(const struct kernel *k);
/* A new copy of k for layout re-randomisation (layout.h): its entry mod
   64 at mod64, in a line and page that rnd picks. */
const struct kernel *place_copy_random(const struct kernel *k, unsigned mod64,
				       uint64_t rnd, char *err, size_t errlen);
void place_free(void);

/* Makes code written as data visible to instruction fetch: GCC's
   __builtin___clear_cache, or a port's arch/<arch>/icache.c where that
   emits nothing (32-bit PowerPC). */
void place_sync_icache(void *p, size_t len);

#endif
