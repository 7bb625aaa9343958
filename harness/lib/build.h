/* The running binary, hashed (build.c). */
#ifndef CSUMBENCH_BUILD_H
#define CSUMBENCH_BUILD_H

/* "sha256 HEX (N bytes, /proc/self/exe)", or why it is not known;
   computed once. */
const char *build_binary(void);

#endif
