/* Macros shared by the 32-bit PowerPC kernels. */
#ifndef PPC32_ASM_H
#define PPC32_ASM_H

/* GNU as takes bare numbers for registers unless given -mregnames. */
#define r0 0
#define r3 3
#define r4 4
#define r5 5
#define r6 6
#define r7 7
#define r8 8
#define r9 9
#define r10 10
#define r11 11
#define r12 12

/* Condition-register bits of cr7 after "mtcrf 0x01,len": bit 30 is the
   length's value-2 bit, bit 31 its value-1 bit. */
#define LEN_HAS_2 30
#define LEN_HAS_1 31

/* Entry points on a 64-byte boundary, as every kernel's, so the link
   order never moves one against a line or fetch boundary. */
#define ENTRY(name) \
	.text; .p2align 6; .globl name; .type name,@function; name:
#define END(name) \
	.size name,.-name

/* The hot loop: on the build's loop boundary (CSUMBENCH_LOOP_ALIGN, from
   harness/arch/ppc32/arch.mk), and marked with the symbol name_loop so
   the harness can report where it sits.  The padding nops run once, on entry. */
#define LOOP(name) \
	.balign CSUMBENCH_LOOP_ALIGN; .globl name##_loop; .hidden name##_loop; \
	name##_loop:

#endif
