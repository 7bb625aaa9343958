/* Flusher selection: the arch's instruction where linked, else eviction. */
#include <stddef.h>
#include <string.h>

#include "cache/flush.h"

const struct flusher *flush_select(const char *name)
{
	const struct flusher *const all[] = {
		&flush_arch, &flush_evict,
	};
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] && (!name || strcmp(all[i]->name, name) == 0))
			return all[i];
	return NULL;
}
