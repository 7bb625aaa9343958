/* The annotations checksum files use, as GCC spells them in user space
   (make ab; csumbench's own, not the kernel's header). */
#ifndef CSB_LINUX_COMPILER_H
#define CSB_LINUX_COMPILER_H

#include <linux/types.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __force
#define __bitwise
#define __always_inline inline __attribute__((__always_inline__))
#define noinline __attribute__((__noinline__))
#define __maybe_unused __attribute__((__unused__))
#define __no_sanitize_address __attribute__((__no_sanitize_address__))

#endif
