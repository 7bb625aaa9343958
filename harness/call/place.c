/* Code placement.  A copy for code_offset is the kernel's bytes, taken
   from its address and its size in the ELF symbol table of
   /proc/self/exe, put at the offset past a 64-byte boundary of a fresh
   page and made executable.  Every offset is a copy, 0 included, so the
   offsets differ only in where the code sits. */
#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "call/place.h"
#include "lib/xalloc.h"
#include "model/model.h"

struct copy {
	struct kernel k;
	const struct kernel *of;
	unsigned offset;
	void *map;
	size_t len;
	bool shared;		/* code_offset's: one per (kernel, offset) */
};

/* The code copies mapped so far: a placed kernel is called through its
   copy for the whole run, and place_free unmaps them all. */
static struct copy **copies;
static size_t ncopies;

/* GCC's builtin makes fresh code visible where the arch needs it, except
   on 32-bit PowerPC, where it emits nothing: arch/ppc32/icache.c
   replaces this. */
__attribute__((weak)) void place_sync_icache(void *p, size_t len)
{
	__builtin___clear_cache((char *)p, (char *)p + len);
}

int place_loop_mod64(const struct kernel *k)
{
	return k->loop ? (int)place_mod64(k->loop) : -1;
}

static int read_at(int fd, void *buf, size_t n, off_t at)
{
	return pread(fd, buf, n, at) == (ssize_t)n ? 0 : -1;
}

/* The size in bytes of the function sym in this program's ELF symbol
   table, or 0 when it cannot be found. */
static size_t symbol_size_read(const char *sym)
{
	ElfW(Ehdr) eh;
	ElfW(Shdr) *sh = NULL;
	ElfW(Sym) *syms = NULL;
	char *str = NULL;
	size_t size = 0, i, j;
	int fd = open("/proc/self/exe", O_RDONLY);

	if (fd < 0)
		return 0;
	if (read_at(fd, &eh, sizeof(eh), 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_shentsize != sizeof(*sh) || eh.e_shnum == 0 || eh.e_shnum > 4096)
		goto out;
	sh = malloc(eh.e_shnum * sizeof(*sh));
	if (!sh || read_at(fd, sh, eh.e_shnum * sizeof(*sh), (off_t)eh.e_shoff))
		goto out;
	for (i = 0; i < eh.e_shnum && !size; i++) {
		const ElfW(Shdr) *st = &sh[i], *ss;

		if (st->sh_type != SHT_SYMTAB || st->sh_link >= eh.e_shnum ||
		    st->sh_entsize != sizeof(*syms))
			continue;
		ss = &sh[st->sh_link];
		syms = malloc(st->sh_size);
		str = malloc(ss->sh_size + 1);
		if (!syms || !str || read_at(fd, syms, st->sh_size, (off_t)st->sh_offset) ||
		    read_at(fd, str, ss->sh_size, (off_t)ss->sh_offset))
			goto out;
		str[ss->sh_size] = '\0';
		for (j = 0; j < st->sh_size / sizeof(*syms); j++)
			/* ELF32_ST_TYPE and ELF64_ST_TYPE alike */
			if ((syms[j].st_info & 0xf) == STT_FUNC &&
			    syms[j].st_name < ss->sh_size &&
			    !strcmp(str + syms[j].st_name, sym)) {
				size = syms[j].st_size;
				break;
			}
		free(syms);
		free(str);
		syms = NULL;
		str = NULL;
	}
out:
	free(syms);
	free(str);
	free(sh);
	close(fd);
	return size;
}

/* symbol_size_read, remembered: a run makes a copy per layout. */
static size_t symbol_size(const char *sym)
{
	static const char *seen[64];
	static size_t size[64], n;
	size_t i;

	for (i = 0; i < n; i++)
		if (seen[i] == sym)
			return size[i];
	if (n == 64)
		return symbol_size_read(sym);
	seen[n] = sym;
	size[n] = symbol_size_read(sym);
	return size[n++];
}

/* Whether k cannot be copied, and why in err. */
static bool unmovable(const struct kernel *k, char *err, size_t errlen)
{
#if defined(__SANITIZE_ADDRESS__)
	snprintf(err, errlen, "%s cannot be moved in a sanitizer build: its "
		 "instrumented code calls the runtime by relative address", k->name);
	return true;
#endif
	if (!k->sym && !strcmp(k->arch, "so")) {
		snprintf(err, errlen, "%s is loaded from a shared object and may "
			 "call through its PLT; it runs where it was loaded", k->name);
		return true;
	}
	if (!k->sym) {
		snprintf(err, errlen, "%s calls other code (KERNEL_FIXED); it runs "
			 "where it was linked", k->name);
		return true;
	}
	return false;
}

bool place_movable(const struct kernel *k)
{
	char err[256];

	return !unmovable(k, err, sizeof(err));
}

/* A new copy of k at byte at of fresh pages (at mod 64 is where its
   entry falls against a 64-byte boundary). */
static const struct kernel *copy_at(const struct kernel *k, size_t at,
				    unsigned offset, char *err, size_t errlen)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), size, len;
	struct copy *c;
	unsigned char *m;

	if (unmovable(k, err, errlen))
		return NULL;
	size = symbol_size(k->sym);
	if (!size) {
		snprintf(err, errlen, "no size for %s (%s) in the symbol table of "
			 "/proc/self/exe: is the binary stripped?", k->name, k->sym);
		return NULL;
	}
	len = (at + size + page - 1) / page * page;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (m == MAP_FAILED) {
		snprintf(err, errlen, "mmap for a copy of %s: %s", k->name,
			 strerror(errno));
		return NULL;
	}
	memcpy(m + at, (const void *)k->fn, size);
	if (mprotect(m, len, PROT_READ | PROT_EXEC) != 0) {
		snprintf(err, errlen, "cannot make a copy of %s executable: %s "
			 "(a W^X policy?)", k->name, strerror(errno));
		munmap(m, len);
		return NULL;
	}
	place_sync_icache(m + at, size);
	if (model_note_code(m + at, size)) {
		snprintf(err, errlen, "the core model follows at most %d code "
			 "ranges: a run under it takes fewer layouts", MODEL_MAX_KERNELS);
		munmap(m, len);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c), "a code copy");
	copies = xreallocarray(copies, ncopies + 1, sizeof(*copies), "a code copy");
	c->k = *k;
	c->k.fn = (void (*)(void))(void *)(m + at);
	if (k->loop)
		c->k.loop = m + at + ((const unsigned char *)k->loop -
				      (const unsigned char *)(void *)k->fn);
	c->of = k;
	c->offset = offset;
	c->map = m;
	c->len = len;
	c->shared = false;
	copies[ncopies++] = c;
	return &c->k;
}

const struct kernel *place_copy_random(const struct kernel *k, unsigned mod64,
				       uint64_t rnd, char *err, size_t errlen)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* one of the page's 64-byte lines, then up to 15 pages further on
	   (the bits above the page vary with where mmap puts the copy) */
	size_t line = (size_t)(rnd % (page / 64)), pages = (size_t)(rnd >> 32) % 16;

	return copy_at(k, pages * page + line * 64 + (mod64 & 63), mod64 & 63,
		       err, errlen);
}

const struct kernel *place_copy(const struct kernel *k, unsigned offset,
				char *err, size_t errlen)
{
	const struct kernel *c;
	size_t i;

	for (i = 0; i < ncopies; i++)
		if (copies[i]->shared && copies[i]->of == k &&
		    copies[i]->offset == offset)
			return &copies[i]->k;
	c = copy_at(k, offset, offset, err, errlen);
	if (c)
		copies[ncopies - 1]->shared = true;
	return c;
}

void place_free(void)
{
	size_t i;

	for (i = 0; i < ncopies; i++) {
		munmap(copies[i]->map, copies[i]->len);
		free(copies[i]);
	}
	free(copies);
	copies = NULL;
	ncopies = 0;
}
