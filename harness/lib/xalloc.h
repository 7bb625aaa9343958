/* Memory that is there or a clear end: an allocation that fails says
   what it was for and how much, the temporary files registered with
   xalloc_on_fail are removed, and the program exits 1.  Never abort(),
   which says nothing, leaves temporaries and dumps core.  Used by the
   harness, csumbench-gb and csumreport alike. */
#ifndef CSUMBENCH_XALLOC_H
#define CSUMBENCH_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* what: what the memory is for, as a message names it ("the rx ring's
   buffers").  A size of 0 is taken as 1, so the result is never NULL. */
void *xmalloc(size_t n, const char *what);
/* n x size, the product checked: an overflow is a shortage too. */
void *xcalloc(size_t n, size_t size, const char *what);
void *xrealloc(void *p, size_t n, const char *what);
/* realloc of p to n elements of size, the product checked. */
void *xreallocarray(void *p, size_t n, size_t size, const char *what);
char *xstrdup(const char *s, const char *what);
char *xstrndup(const char *s, size_t n, const char *what);
char *xasprintf(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *xvasprintf(const char *what, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* The end itself, for other allocators (mmap, posix_memalign): "PROG:
   out of memory: WHAT (N bytes): why" on stderr, the cleanups, exit 1.
   err is the errno it failed with (0: none given). */
void xalloc_fail(const char *what, size_t bytes, int err)
	__attribute__((noreturn));

/* Run, most recent first, before xalloc_fail exits (at most 8): each
   removes what its module left half made.  They must not allocate. */
typedef void xalloc_cleanup_fn(void);
void xalloc_on_fail(xalloc_cleanup_fn *fn);

/* The room left for this process to allocate, in bytes, as far as it
   can be known: RLIMIT_AS less what is mapped now, and the system's
   MemAvailable; SIZE_MAX when neither limits it.  For refusing a size
   taken from input before allocating it. */
size_t xalloc_room(void);

#endif
