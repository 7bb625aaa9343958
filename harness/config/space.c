/* space = kernel, as a config: the kernels named become csumbench.ko's
   (kspace/), and what the module does not do is refused naming the key
   that asks for it.  Called first by config_resolve. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call/place.h"
#include "config/config.h"
#include "config/range.h"
#include "csumbench-uapi.h"
#include "kspace/kspace.h"
#include "lib/xalloc.h"
#include "timer/timer.h"
#include "workload/load.h"

/* The module's gate takes every list a config can give (docs/kernel-space.md): a limit of its own would fail a correct kernel. */
_Static_assert(LIST_MAX <= CSB_MAX_LIST, "a sizes or aligns list the module refuses");
_Static_assert(PREFETCH_MAX <= CSB_MAX_PF, "a prefetch distance the module refuses");
_Static_assert(ALIGN_MAX <= CSB_MAX_ALIGN, "an alignment the module refuses");

static int refuse(const struct origin *o, const char *key, const char *why)
{
	char msg[600];

	snprintf(msg, sizeof(msg), "space = kernel: %s", why);
	config_error(o, key, msg);
	return -1;
}

/* Appends k to the list once, marked as "all" brought it or not. */
static void push(const struct kernel ***ks, unsigned char **all, size_t *n,
		 const struct kernel *k, unsigned char from_all)
{
	size_t j;

	for (j = 0; j < *n && (*ks)[j] != k; j++)
		;
	if (j < *n)
		return;
	*ks = xreallocarray(*ks, *n + 1, sizeof(**ks), "the kernels");
	*all = xreallocarray(*all, *n + 1, 1, "the kernels");
	(*ks)[*n] = k;
	(*all)[(*n)++] = from_all;
}

/* The kernels as the module has them: a name is looked up there; "all"
   is every checksum kernel of the module's. */
static int module_kernels(struct config *c)
{
	const struct kernel **ks = NULL;
	unsigned char *all = NULL;
	size_t i, n = 0;
	bool from_all = false;
	char msg[2560];

	for (i = 0; i < c->nkernels; i++) {
		const struct kernel *k = c->kernels[i];
		if (c->kernel_from_all[i]) {
			from_all = true;
			continue;
		}
		if (!k->kspace && !(k = kspace_find(k->name))) {
			snprintf(msg, sizeof(msg), "space = kernel: '%s' is not one of "
				 "csumbench.ko's kernels, which are: %s",
				 c->kernels[i]->name, kspace_names());
			config_error(&c->origin.kernels, "kernels", msg);
			free(ks);
			free(all);
			return -1;
		}
		push(&ks, &all, &n, k, 0);
	}
	for (i = 0; from_all && i < kspace_count(); i++)
		if (!kspace_at(i)->pseudo)
			push(&ks, &all, &n, kspace_at(i), 1);
	free(c->kernels);
	free(c->kernel_from_all);
	c->kernels = ks;
	c->kernel_from_all = all;
	c->nkernels = n;
	return 0;
}

int config_resolve_space(struct config *c)
{
	char err[512];
	size_t i;

	if (c->space == SPACE_USER) {
		for (i = 0; i < c->nkernels; i++)
			if (c->kernels[i]->kspace) {
				snprintf(err, sizeof(err), "%s is timed in the kernel,"
					 " by csumbench.ko: set space = kernel",
					 c->kernels[i]->name);
				config_error(&c->origin.kernels, "kernels", err);
				return -1;
			}
		return 0;
	}
	if (kspace_open(err, sizeof(err))) {
		config_error(&c->origin.space, "space", err);
		return -1;
	}
	if (module_kernels(c))
		return -1;
	for (i = 0; i < c->ncaches; i++)
		if (c->caches[i] != CACHE_WARM && c->caches[i] != CACHE_COLD) {
			snprintf(err, sizeof(err), "csumbench.ko makes warm and cold "
				 "only; %s is timed in user space",
				 cache_state_name[c->caches[i]]);
			return refuse(&c->origin.cache, "cache", err);
		}
	for (i = 0; i < c->ncode_offset; i++)
		if (c->code_offset[i] != CODE_OFFSET_NONE)
			return refuse(&c->origin.code_offset, "code_offset",
				      "the module's kernels stay where the module "
				      "was loaded: expected none");
	for (i = 0; i < c->nloads; i++)
		if (c->loads[i] != LOAD_IDLE)
			return refuse(&c->origin.load, "load", "interrupts are off "
				      "in a region: no load runs beside it; "
				      "expected idle");
	if (c->timing != TIMING_BATCH)
		return refuse(&c->origin.timing, "timing", "the module times a "
			      "region of calls: expected batch");
	if (c->events.n)
		return refuse(&c->origin.events, "events", "events count this "
			      "process, not the module: expected none");
	if (c->mix)
		return refuse(&c->origin.sizes, "sizes", "a mix is replayed in "
			      "user space: expected sizes in bytes");
	for (i = 0; i < c->nsizes; i++)
		if (c->sizes[i] > CSB_MAX_LEN_BYTES) {
			snprintf(err, sizeof(err), "%u B is more than the module's "
				 "largest call, %u B", c->sizes[i],
				 (unsigned)CSB_MAX_LEN_BYTES);
			return refuse(&c->origin.sizes, "sizes", err);
		}
	if (c->roofline_mode == ROOFLINE_KERNEL)
		return refuse(&c->origin.roofline, "roofline", "the module has no "
			      "load kernels: expected auto or none");
	c->roofline_mode = ROOFLINE_NONE;
	/* one copy of each kernel, the module's own */
	c->layouts = 1;
	/* the user-space counter the module's get_cycles() reads, so that
	   the add chain's cycles per tick are the module's ticks' */
	if (!&timer_arch)
		return refuse(&c->origin.timer, "timer", "this build has no arch "
			      "counter to calibrate get_cycles() with");
	if (strcmp(c->timer, "auto") && strcmp(c->timer, timer_arch.name)) {
		snprintf(err, sizeof(err), "the module reads get_cycles(), which "
			 "is '%s' here: expected auto or %s", timer_arch.name,
			 timer_arch.name);
		return refuse(&c->origin.timer, "timer", err);
	}
	snprintf(c->timer, sizeof(c->timer), "%s", timer_arch.name);
	return 0;
}
