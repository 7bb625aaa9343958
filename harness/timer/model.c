/* The ppc32 core model's clock (docs/model.md): core cycles the model
   estimates for kernel calls, one per instruction elsewhere.  Only under
   the model's QEMU plugin (make bench RUNNER=model), which writes it. */
#include <stdio.h>

#include "model/model.h"
#include "timer/timer.h"

static char what[240] = "the core model's cycles (estimates, not measured)";

static int model_setup(char *err, size_t errlen)
{
	if (!model_attached()) {
		snprintf(err, errlen, "timer 'model' counts only under the core "
			 "model's plugin (make bench ARCH=ppc32 CPU=... RUNNER=model)");
		return -1;
	}
	snprintf(what, sizeof(what), "%s; core cycles", model_about());
	return 0;
}

static uint64_t model_read(void)
{
	return model_ticks();
}

/* Not a rate in time: calibrated against the clock as an emulator's pace
   is, and marked so (ns and MB/s of a model run are not a board's). */
static double model_hz(void)
{
	return 0;
}

const struct timer timer_model = {
	.name = "model",
	.what = what,
	.counts_cycles = true,
	.fixed_rate = true,
	.setup = model_setup,
	.read = model_read,
	.hz = model_hz,
};
