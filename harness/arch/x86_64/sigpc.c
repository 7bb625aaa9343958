/* The program counter a signal interrupted, x86-64. */
#include <ucontext.h>

#include "call/watchdog.h"

const void *sig_pc(const void *ucontext)
{
	const ucontext_t *uc = ucontext;

	return (const void *)uc->uc_mcontext.gregs[REG_RIP];
}
