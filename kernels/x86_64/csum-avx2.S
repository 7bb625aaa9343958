/* csum_partial in AVX2: 32-byte lanes into 64-bit sums and sums of high
   halves, scalar tail (csum-avx2-body.h). */
#include "csum-avx2-body.h"

CSUM_AVX2 csum_x86_64_avx2, 0

	.section .note.GNU-stack,"",@progbits
