/* Kernel space (space = kernel): the harness's side of csumbench.ko.
   The module's kernels join the kernel table as kernels whose calls are
   requests to /dev/csumbench (module/csumbench-uapi.h); the harness
   plans, gates on its own data through them, and takes their samples
   from the module's timed regions. */
#ifndef CSUMBENCH_KSPACE_H
#define CSUMBENCH_KSPACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "call/kernel.h"

#define KSPACE_DEVICE "/dev/csumbench"
/* the module's largest call (CSB_MAX_LEN) */
#define CSB_MAX_LEN_BYTES (1u << 20)

/* Opens the device and reads its kernels, once.  0, or -1 and why. */
int kspace_open(char *err, size_t errlen);
bool kspace_opened(void);
/* The device closed, its kernels forgotten (their pointers with them):
   csumbench ab's parent, whose processes each open it in turn. */
void kspace_close(void);
/* The module's kernel of that name, or NULL. */
const struct kernel *kspace_find(const char *name);
size_t kspace_count(void);
const struct kernel *kspace_at(size_t i);
/* The op's empty call in the module: the floor of its points. */
const struct kernel *kspace_empty(const struct op *o);
/* "name name..." of the module's checksum kernels, for messages. */
const char *kspace_names(void);

/* One call of k on the caller's bytes, in the kernel: what call/kernel.h's
   kernel_csum() and its kin do for a module kernel.  A request the module
   refuses ends the run with a message (exit 2). */
uint32_t kspace_call(const struct kernel *k, const void *src, void *dst,
		     int len, uint32_t sum, int dist);

/* The module's buffers for a run (cold: room for cold regions). */
int kspace_setup(uint64_t seed, uint32_t max_len, uint32_t max_align,
		 uint32_t max_pf, bool cold, char *err, size_t errlen);
/* The most calls of a cold region the buffers hold. */
uint64_t kspace_cold_calls(void);
/* The in-kernel gate at every size and alignment of the run: 0, or -1
   and why (a disagreement, or a refusal). */
int kspace_gate(const struct kernel *k, int dist, const uint32_t *sizes,
		size_t nsizes, const uint32_t *aligns, size_t naligns,
		char *err, size_t errlen);
/* One timed region of calls (0: the timer reads alone): 0 and its
   ticks, or -1 and why. */
int kspace_time(const struct kernel *k, uint32_t len, uint32_t align,
		bool cold, int dist, uint64_t calls, uint64_t *ticks,
		char *err, size_t errlen);
/* The module's get_cycles() ticks per second, its timer and flush. */
double kspace_tick_hz(void);
const char *kspace_timer(void);
const char *kspace_flush(void);
/* The bytes of k's code (a kernel function: the kernel's own), malloc'd,
   with its symbol and address.  0, or -1 and why. */
int kspace_code(const struct kernel *k, unsigned char **bytes, size_t *n,
		const char **sym, uint64_t *addr, char *err, size_t errlen);
/* The results' lines of a kernel-space run: "# space: kernel", the
   module's timer, flush and bound, the kernel's release, and one
   "# kernel_function:" per kernel:* kernel in kernels[]. */
void kspace_meta(FILE *f, const struct kernel *const *kernels, size_t n);

#endif
