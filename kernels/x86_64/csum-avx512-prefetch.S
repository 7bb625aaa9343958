/* avx512 with a prefetch of p + dist once per 64 bytes: four prefetcht0
   per 256-byte iteration, the distance in r9 (csum-avx512-body.h). */
#include "csum-avx512-body.h"

CSUM_AVX512 csum_x86_64_avx512_prefetch, 1

	.section .note.GNU-stack,"",@progbits
