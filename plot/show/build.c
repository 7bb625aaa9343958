/* csumreport show's build: which csumbench, built how, wrote the file. */
#include "read/results.h"
#include "show/show.h"

void show_build(const struct results *r)
{
	show_title("build");
	show_key(r, "csumbench", "csumbench");
	show_key(r, "written", "date");
	show_key(r, "run", "run_id");
	show_key(r, "compiler", "compiler");
	show_key(r, "cflags", "cflags");
	show_key(r, "kernel cflags", "kernel_cflags");
	show_key(r, "binary", "build");
}
