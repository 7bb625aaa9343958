/* Whether one build made both sides of a comparison: the runs' lines
   # compiler:, # cflags:, # kernel_cflags: and # build: (the binary's
   hash; then pcap, libpfm, static, sanitize, the CPU preset).  A rebuild
   between the runs (a package that changed what the build found, other
   flags) changes the figures as a code change would, so it is said. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "lib/xalloc.h"
#include "text/wrap.h"

/* The binary's hash of a # build: value (up to the ';'), or its
   features (after it). */
static char *build_part(const char *build, int features)
{
	const char *semi = strchr(build, ';');

	if (features) {
		const char *f = semi ? semi + 1 : "";

		return xstrdup(f + strspn(f, " "), "the comparison");
	}
	return xstrndup(build, semi ? (size_t)(semi - build) : strlen(build),
			"the comparison");
}

/* "NAME: before X, after Y" onto list ("; " between) when they differ. */
static void differs(char *list, size_t n, const char *name, const char *b,
		    const char *a)
{
	size_t at = strlen(list);

	if (strcmp(b, a) && at < n)
		snprintf(list + at, n - at, "%s%s: before '%s', after '%s'",
			 at ? "; " : "", name, b, a);
}

/* The hash's first 12 hex digits, for a line a person reads. */
static const char *short_hash(const char *h)
{
	return strncmp(h, "sha256 ", 7) ? h : h + 7;
}

void compare_print_builds(const struct results *b, const struct results *a)
{
	char *bh, *ah, *bf, *af, list[2048] = "";

	if (!strcmp(b->path, a->path) ||
	    (*b->run_id && !strcmp(b->run_id, a->run_id)))
		return;		/* one run: one build */
	if (!*b->build || !*a->build) {
		print_wrapped("", "note: %s records no build (# build:, from "
			      "csumbench before 2026-12), so whether one build made "
			      "both runs is not known", !*b->build && !*a->build ?
			      "neither run" : !*b->build ? "the before run" :
			      "the after run");
		return;
	}
	bh = build_part(b->build, 0), ah = build_part(a->build, 0);
	bf = build_part(b->build, 1), af = build_part(a->build, 1);
	differs(list, sizeof(list), "compiler", b->compiler, a->compiler);
	differs(list, sizeof(list), "cflags", b->cflags, a->cflags);
	differs(list, sizeof(list), "kernel_cflags", b->kernel_cflags, a->kernel_cflags);
	differs(list, sizeof(list), "build options", bf, af);
	if (list[0])
		print_wrapped("", "WARNING: different builds: %s: a change may be "
			      "the build's, not the code's", list);
	else if (strcmp(bh, ah))
		print_wrapped("", "note: different binaries (sha256 %.12s before, "
			      "%.12s after), one compiler, flags and build options: "
			      "as a change to the code built in makes them",
			      short_hash(bh), short_hash(ah));
	free(bh);
	free(ah);
	free(bf);
	free(af);
}
