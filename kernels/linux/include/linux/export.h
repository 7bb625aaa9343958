/* EXPORT_SYMBOL: nothing to export from a user-space build (make ab).
   In assembly it closes the function it follows, as Linux's checksum
   files place it right after each one: its .size, which csumbench's
   layouts need to copy the code. */
#ifndef CSB_LINUX_EXPORT_H
#define CSB_LINUX_EXPORT_H

#ifdef __ASSEMBLY__
#define EXPORT_SYMBOL(name) .size name, . - name
#else
#define EXPORT_SYMBOL(name) extern int csb_exported_##name
#endif
#define EXPORT_SYMBOL_GPL EXPORT_SYMBOL

#endif
