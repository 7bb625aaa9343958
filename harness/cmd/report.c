/* Where csumreport is, for the commands that hand it their files
   (ab's verdict, show): csumbench runs on the board, csumreport is the
   host's, and a build tree has both. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/report.h"
#include "lib/xalloc.h"

bool report_find(const char *given, char *out, size_t n)
{
	char self[2048], *slash, *path, *dir, *save = NULL;
	ssize_t len;

	if (given) {
		snprintf(out, n, "%s", given);
		return access(out, X_OK) == 0;
	}
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len > 0 && n > sizeof(self) + 32) {
		self[len] = '\0';
		if ((slash = strrchr(self, '/'))) {
			*slash = '\0';
			snprintf(out, n, "%s/csumreport", self);
			if (access(out, X_OK) == 0)
				return true;
			snprintf(out, n, "%s/../host/csumreport", self);
			if (access(out, X_OK) == 0)
				return true;
		}
	}
	if (!getenv("PATH"))
		return false;
	path = xstrdup(getenv("PATH"), "PATH");
	for (dir = strtok_r(path, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(out, n, "%s/csumreport", *dir ? dir : ".");
		if (access(out, X_OK) == 0) {
			free(path);
			return true;
		}
	}
	free(path);
	return false;
}
