/* avx2 with a prefetch of p + dist once per 64 bytes: two prefetcht0 per
   128-byte iteration, the distance in r9 (csum-avx2-body.h). */
#include "csum-avx2-body.h"

CSUM_AVX2 csum_x86_64_avx2_prefetch, 1

	.section .note.GNU-stack,"",@progbits
