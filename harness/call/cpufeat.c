/* The features of a kernel's needs, one word at a time. */
#include <stdio.h>
#include <string.h>

#include "call/cpufeat.h"

/* Arches without an arch/<arch>/cpufeat.c know no feature names. */
__attribute__((weak)) int cpufeat_has(const char *name, const char **label)
{
	*label = name;
	return -1;
}

const char *cpufeat_missing(const char *needs)
{
	static char why[96];
	char word[32];
	const char *p = needs, *label;
	size_t n;

	while (*p) {
		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (!n)
			break;
		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		p += n;
		switch (cpufeat_has(word, &label)) {
		case 1:
			continue;
		case 0:
			snprintf(why, sizeof(why), "needs %s", label);
			return why;
		default:
			snprintf(why, sizeof(why), "needs '%s' (a feature this "
				 "build cannot check)", word);
			return why;
		}
	}
	return NULL;
}
