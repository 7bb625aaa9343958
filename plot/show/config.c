/* csumreport show's config: what the run was asked to time, the
   sweep's axes as its rows have them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "read/query.h"
#include "read/results.h"
#include "show/show.h"

#define LIST "the list csumreport show prints"

/* "a, b, c" of n words, in a new string. */
static char *joined(const char *const *w, size_t n)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < n; i++)
		len += strlen(w[i]) + 2;
	s = xmalloc(len, LIST);
	s[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			strcat(s, ", ");
		strcat(s, w[i]);
	}
	return s;
}

/* "64, 1500", a size mix as "mix". */
static char *sizes_joined(const unsigned *v, size_t n)
{
	char *s = xmalloc(n * 12 + 1, LIST);
	size_t i, k = 0;

	s[0] = '\0';
	for (i = 0; i < n; i++)
		k += (size_t)(v[i] ? sprintf(s + k, "%s%u", i ? ", " : "", v[i]) :
			      sprintf(s + k, "%smix", i ? ", " : ""));
	return s;
}

/* Each list of what the rows hold, with its count. */
static void axes(const struct results *r)
{
	const char **w;
	unsigned *sizes;
	char *s;
	size_t n;

	n = results_ops(r, &w);
	s = joined(w, n);
	show_field("ops", s);
	free(s);
	free(w);
	n = results_kernels(r, 0, &w);
	s = joined(w, n);
	show_fieldf("kernels", "%zu: %s", n, s);
	free(s);
	free(w);
	n = results_sizes(r, &sizes);
	s = sizes_joined(sizes, n);
	show_field("sizes", s);
	free(s);
	free(sizes);
	n = results_caches(r, &w);
	s = joined(w, n);
	show_field("caches", s);
	free(s);
	free(w);
}

void show_config(const struct results *r)
{
	const char *p = show_meta(r, "processes");

	show_title("config");
	show_key(r, "file", "config");
	axes(r);
	show_key(r, "repeats", "repeat");
	if (show_is_number(p))
		show_fieldf("processes", "%s (each repeat a process of its own)", p);
	else if (p)
		show_field("processes", p);
	else
		show_field("processes", "not recorded (the repeats ran in one "
			   "process, as csumbench run runs them)");
	if (show_is_number(show_meta(r, "samples_per_point")))
		show_fieldf("samples", "%s per point and repeat",
			    show_meta(r, "samples_per_point"));
	else
		show_key(r, "samples", "samples_per_point");
	show_key(r, "order", "order");
	show_key(r, "seed", "seed");
	show_key(r, "layouts", "layouts");
}
