#include <asm-generic/byteorder.h>
