/* avx512-vnni with a prefetch of p + dist once per 64 bytes: eight
   prefetcht0 per 512-byte iteration, the distance in r9
   (csum-avx512-vnni-body.h). */
#include "csum-avx512-vnni-body.h"

CSUM_AVX512_VNNI csum_x86_64_avx512_vnni_prefetch, 1

	.section .note.GNU-stack,"",@progbits
