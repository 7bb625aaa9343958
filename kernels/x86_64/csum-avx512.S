/* csum_partial in AVX-512: 64-byte lanes into 64-bit sums and sums of
   high halves, masked tail (csum-avx512-body.h). */
#include "csum-avx512-body.h"

CSUM_AVX512 csum_x86_64_avx512, 0

	.section .note.GNU-stack,"",@progbits
