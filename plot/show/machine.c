/* csumreport show's machine: what ran the timings, as the run saw it. */
#include <string.h>

#include "read/results.h"
#include "show/show.h"

void show_machine(const struct results *r)
{
	show_title("machine");
	show_key(r, "cpu", "cpu_model");
	show_key(r, "arch", "arch");
	show_key(r, "kernel", "kernel_release");
	show_key(r, "host", "host");
	if (show_meta(r, "runner"))
		show_key(r, "runner", "runner");
	else
		show_field("runner", "not recorded (csumbench writes it for a "
			   "remote run)");
	show_key(r, "virtualized", "virtualized");
	if (r->model[0])
		show_field("model", r->model);
	if (!strcmp(r->emulated, "yes"))
		show_field("emulated", "YES: timed under an emulator (QEMU); its "
			   "figures are the emulator's, not a CPU's");
	else
		show_key(r, "emulated", "emulated");
	show_key(r, "cpu pinned", "cpu_pinned");
}
