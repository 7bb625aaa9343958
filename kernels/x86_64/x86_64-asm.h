/* Macros shared by the x86-64 kernels (AT&T syntax, SysV ABI). */
#ifndef X86_64_ASM_H
#define X86_64_ASM_H

/* Entry points on a 64-byte boundary, as every kernel's, so the link
   order never moves one against a fetch window or op-cache line. */
#define ENTRY(name) \
	.text; .p2align 6; .globl name; .type name,@function; name: ENTRY_BRANCH
/* In csumbench.ko under a kernel with indirect branch tracking, an
   indirect call's target must begin with endbr64 (a nop elsewhere);
   the user-space binary's bytes stay as they were. */
#if defined(__KERNEL__) && defined(CONFIG_X86_KERNEL_IBT)
#define ENTRY_BRANCH endbr64
#else
#define ENTRY_BRANCH
#endif
#define END(name) \
	.size name,.-name

/* The hot loop: on the build's loop boundary (CSUMBENCH_LOOP_ALIGN, from
   harness/arch/x86_64/arch.mk), and marked with the symbol name_loop so
   the harness can report where it sits.  The padding (multi-byte nops, which as emits
   for .balign in code) runs once, on entry.  An assembler macro, so that
   kernels written as macros (their name an argument) mark it too. */
.macro LOOP_AT name
	.balign	CSUMBENCH_LOOP_ALIGN
	.globl	\name\()_loop
	.hidden	\name\()_loop
\name\()_loop:
.endm
#define LOOP(name) LOOP_AT name

/* The vector kernels' ends, in assembler macros (used by those that
   need them).  The four 64-bit lanes of ymm0 added into \dst (rax
   unless named; ymm1 scratch); the eight of zmm0 into rax likewise. */
.macro HADD_YMM0 dst=rax
	vextracti128 $1,%ymm0,%xmm1
	vpaddq	%xmm1,%xmm0,%xmm0
	vpshufd	$0x4e,%xmm0,%xmm1
	vpaddq	%xmm1,%xmm0,%xmm0
	vmovq	%xmm0,%\dst
.endm

.macro HADD_ZMM0_RAX
	vextracti64x4 $1,%zmm0,%ymm1
	vpaddq	%ymm1,%ymm0,%ymm0
	HADD_YMM0
.endm

/* rax folded to 32 bits with the end-around carry, the result in eax
   (rdx scratch): every x86-64 csum kernel's end. */
.macro FOLD_RAX
	movq	%rax,%rdx
	shrq	$32,%rdx
	addl	%edx,%eax
	adcl	$0,%eax
.endm
/* The same, then the incoming sum in r8d added the same way. */
.macro FOLD_RAX_ADD_R8D
	FOLD_RAX
	addl	%r8d,%eax
	adcl	$0,%eax
.endm

#endif
