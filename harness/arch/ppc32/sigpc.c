/* The program counter a signal interrupted, 32-bit PowerPC: NIP, general
   register slot 32 of the frame uc_regs points to. */
#include <ucontext.h>

#include "call/watchdog.h"

const void *sig_pc(const void *ucontext)
{
	const ucontext_t *uc = ucontext;

	return (const void *)uc->uc_mcontext.uc_regs->gregs[32];
}
