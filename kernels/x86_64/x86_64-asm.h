/* Macros shared by the x86-64 kernels (AT&T syntax, SysV ABI). */
#ifndef X86_64_ASM_H
#define X86_64_ASM_H

/* Entry points on a 64-byte boundary, as every kernel's, so the link
   order never moves one against a fetch window or op-cache line. */
#define ENTRY(name) \
	.text; .p2align 6; .globl name; .type name,@function; name:
#define END(name) \
	.size name,.-name

/* The hot loop: on the build's loop boundary (CSUMBENCH_LOOP_ALIGN, from
   mk/arch-x86_64.mk), and marked with the symbol name_loop so the harness
   can report where it sits.  The padding (multi-byte nops, which as emits
   for .balign in code) runs once, on entry. */
#define LOOP(name) \
	.balign CSUMBENCH_LOOP_ALIGN; .globl name##_loop; .hidden name##_loop; \
	name##_loop:

#endif
