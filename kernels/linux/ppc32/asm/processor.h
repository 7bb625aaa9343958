/* Included by arch/powerpc/lib/checksum_32.S for nothing it uses. */
