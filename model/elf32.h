/* The symbols of a 32-bit big-endian ELF file (the static csumbench the
 * model runs): where a variable is, and how long a function is. */
#ifndef CSUMBENCH_MODEL_ELF32_H
#define CSUMBENCH_MODEL_ELF32_H

#include <stddef.h>
#include <stdint.h>

struct sym {
	uint32_t value, size;
	unsigned type;		/* STT_FUNC 2, STT_OBJECT 1 ... */
	const char *name;
};

struct symtab {
	struct sym *s;
	size_t n;
	char *file;		/* the file's bytes, names point into it */
};

/* 0, or -1 and why in err. */
int symtab_load(const char *path, struct symtab *t, char *err, size_t errlen);
const struct sym *symtab_find(const struct symtab *t, const char *name);
/* The function starting at addr: its length (its .size, else up to the
   next function), 0 when no function starts there. */
uint32_t symtab_func_len(const struct symtab *t, uint32_t addr);

#endif
