/* Byte counts named the way the tables show them (lib/args.c reads
   them: args_size). */
#include <stdio.h>

#include "read/sizes.h"

const char *size_label(unsigned size, char *buf, size_t n)
{
	if (size == 0)		/* a size mix replayed (size = mix) */
		snprintf(buf, n, "mix");
	else if (size >= 1u << 30 && size % (1u << 30) == 0)
		snprintf(buf, n, "%u GiB", size >> 30);
	else if (size >= 1u << 20 && size % (1u << 20) == 0)
		snprintf(buf, n, "%u MiB", size >> 20);
	else if (size >= 1024 && size % 1024 == 0)
		snprintf(buf, n, "%u KiB", size / 1024);
	else
		snprintf(buf, n, "%u B", size);
	return buf;
}
