/* Macros shared by the arm64 kernels (GNU as, AAPCS64). */
#ifndef ARM64_ASM_H
#define ARM64_ASM_H

/* Entry points on a 64-byte boundary, as every kernel's, so the link
   order never moves one against a fetch block or cache line. */
#define ENTRY(name) \
	.text; .p2align 6; .globl name; .type name,%function; name: ENTRY_BRANCH
/* In csumbench.ko under a kernel with branch target identification, an
   indirect call's target must begin with "bti c" (hint 34: a nop on
   older cores); the user-space binary's bytes stay as they were. */
#if defined(__KERNEL__) && defined(CONFIG_ARM64_BTI_KERNEL)
#define ENTRY_BRANCH hint 34
#else
#define ENTRY_BRANCH
#endif
#define END(name) \
	.size name,.-name

/* The hot loop: on the build's loop boundary (CSUMBENCH_LOOP_ALIGN, from
   harness/arch/arm64/arch.mk), and marked with the symbol name_loop so
   the harness can report where it sits.  The padding (nops, which as emits for
   .balign in code) runs once, on entry. */
#define LOOP(name) \
	.balign CSUMBENCH_LOOP_ALIGN; .globl name##_loop; .hidden name##_loop; \
	name##_loop:

#endif
