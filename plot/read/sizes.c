/* Byte counts: read the way csumbench's config takes them (a whole number
   with an optional B, K, M or G, powers of 1024, so "64K" means 65536),
   and named the way the tables show them. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "read/sizes.h"

int parse_size(const char *s, unsigned *out)
{
	static const struct {
		const char *suffix;
		unsigned long long mul;
	} units[] = {
		{ "", 1 }, { "b", 1 }, { "k", 1ull << 10 }, { "kib", 1ull << 10 },
		{ "m", 1ull << 20 }, { "mib", 1ull << 20 }, { "g", 1ull << 30 },
		{ "gib", 1ull << 30 },
	};
	unsigned long long v = 0;
	const char *p = s;
	size_t i;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		v = v * 10 + (unsigned long long)(*p - '0');
		if (v > 0xffffffffull)
			return -2;
	}
	/* "4 KiB", as a table heads its column, reads back too. */
	if (*p == ' ' && p[1])
		p++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(p, units[i].suffix))
			break;
	if (i == sizeof(units) / sizeof(units[0]) || v == 0)
		return -1;
	if (v > 0xffffffffull / units[i].mul)
		return -2;
	*out = (unsigned)(v * units[i].mul);
	return 0;
}

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
