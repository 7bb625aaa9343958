/* What this binary is: the bytes that ran, hashed, so that two results
   files tell whether one build made them (# build:; csumreport compare
   says when the builds differ). */
#include <stdio.h>
#include <stdlib.h>

#include "lib/build.h"
#include "lib/sha256.h"

/* The binary's bytes, read whole through /proc/self/exe (qemu-user
   shows the guest's there too); NULL when they cannot be read. */
static unsigned char *read_self(size_t *n)
{
	FILE *f = fopen("/proc/self/exe", "rb");
	unsigned char *buf = NULL, *grown;
	size_t cap = 0, got;

	*n = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 1u << 20;
			grown = realloc(buf, cap);
			if (!grown) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = grown;
		}
		got = fread(buf + *n, 1, cap - *n, f);
		*n += got;
		if (got == 0) {
			if (ferror(f)) {
				free(buf);
				buf = NULL;
			}
			break;
		}
	}
	fclose(f);
	return buf;
}

const char *build_binary(void)
{
	static char line[160];
	unsigned char *bytes;
	char hex[65];
	size_t n;

	if (line[0])
		return line;
	bytes = read_self(&n);
	if (!bytes) {
		snprintf(line, sizeof(line), "not known (/proc/self/exe could not be read)");
		return line;
	}
	sha256_hex(bytes, n, hex);
	free(bytes);
	snprintf(line, sizeof(line), "sha256 %s (%zu bytes, /proc/self/exe)", hex, n);
	return line;
}
