/* A build without libpfm4 (LIBPFM=0, static and cross builds): the
 * generic names of generic.c are all there is. */
#include "events/events.h"

const char *events_pfm_version(void)
{
	return NULL;
}

int events_pfm_encode(const char *name, void *attr, size_t attr_size,
		      char *err, size_t errlen)
{
	(void)name;
	(void)attr;
	(void)attr_size;
	(void)err;
	(void)errlen;
	return 1;
}

const char *events_pfm_each(events_pfm_fn *fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	return "";
}
