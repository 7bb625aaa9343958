/* csumbench tune --reset: each value the state file keeps written back
   where tune changed it, a line for each; what could not be put back
   stays in the file for the next try, the rest is forgotten. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/tune.h"
#include "lib/platform.h"

/* One setting put back, and its line: true when it is done with
   (back, or gone). */
static bool put_back(const struct tune_saved *e)
{
	char now[TUNE_VALUE], label[48], text[3 * TUNE_VALUE], since[TUNE_VALUE + 32] = "";
	const char *what = "?", *status = "reset";
	bool done = true;
	int err;

	tune_path_known(e->path, &what, label, sizeof(label));
	if (!platform_sysroot_read(e->path, now, sizeof(now))) {
		status = "note";
		snprintf(text, sizeof(text), "not there any more: nothing to put back");
	} else if (!strcmp(now, e->was)) {
		status = "ok";
		snprintf(text, sizeof(text), "%s already", now);
	} else if ((err = tune_write(e->path, e->was))) {
		status = "left";
		done = false;
		snprintf(text, sizeof(text), "%s: could not put %s back: %s%s", now,
			 e->was, (err == EACCES || err == EPERM) && geteuid() ?
			 "needs root, " : "", strerror(err));
	} else {
		if (strcmp(now, e->set))
			snprintf(since, sizeof(since), " (tune had set %s)", e->set);
		snprintf(text, sizeof(text), "%s -> %s%s", now, e->was, since);
	}
	tune_line(status, what, label, "%s", text);
	return done;
}

int tune_reset(const char *file)
{
	struct tune_state s, keep = { 0 };
	size_t i;
	int rc;

	if ((rc = tune_state_load(&s, file)))
		return rc;
	if (!s.n) {
		printf("csumbench tune --reset: nothing to put back (no %s)\n", file);
		return 0;
	}
	printf("csumbench tune --reset: putting back the values in %s\n", file);
	for (i = 0; i < s.n; i++)
		if (!put_back(&s.e[i]))
			tune_state_add(&keep, s.e[i].path, s.e[i].was, s.e[i].set);
	tune_lines_end();
	rc = tune_state_save(&keep, file);
	if (!rc && keep.n)
		printf("%zu left in %s: csumbench tune --reset tries them again\n",
		       keep.n, file);
	tune_state_free(&s);
	tune_state_free(&keep);
	return rc ? rc : keep.n ? 1 : 0;
}
