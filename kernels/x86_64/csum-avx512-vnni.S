/* csum_partial by vpdpwssd: two vector ops per 64 bytes, the words made
   signed by an XOR (csum-avx512-vnni-body.h). */
#include "csum-avx512-vnni-body.h"

CSUM_AVX512_VNNI csum_x86_64_avx512_vnni, 0

	.section .note.GNU-stack,"",@progbits
