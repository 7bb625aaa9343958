/* What arch/powerpc/lib/checksum_32.S takes from ppc_asm.h (make ab),
   written for csumbench.  Registers by number, as GNU as takes them
   without -mregnames; a global function starts on a 64-byte boundary,
   as csumbench's own kernels do, so where the linker put it does not
   decide a result.  No exception table in user space: EX_TABLE
   records nothing (the harness never hands a kernel a bad address). */
#ifndef CSB_PPC32_ASM_PPC_ASM_H
#define CSB_PPC32_ASM_PPC_ASM_H

#define r0 0
#define r1 1
#define r2 2
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
#define r13 13
#define r14 14
#define r15 15
#define r16 16
#define r17 17
#define r18 18
#define r19 19
#define r20 20
#define r21 21
#define r22 22
#define r23 23
#define r24 24
#define r25 25
#define r26 26
#define r27 27
#define r28 28
#define r29 29
#define r30 30
#define r31 31

#define _GLOBAL(name) \
	.text; .p2align 6; .globl name; .type name,@function; name:
#define EX_TABLE(from, to)

#endif
