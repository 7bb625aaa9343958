/* ELF32 big-endian symbol tables (the System V gABI's layout). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/elf32.h"

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t be16(const unsigned char *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static char *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		*len = (size_t)n;
	} else {
		snprintf(err, errlen, "%s: cannot be read", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Whether [off, off + n) lies in a file of len bytes. */
static int inside(size_t len, uint32_t off, uint64_t n)
{
	return (uint64_t)off + n <= len;
}

int symtab_load(const char *path, struct symtab *t, char *err, size_t errlen)
{
	size_t len;
	unsigned char *f = (unsigned char *)read_all(path, &len, err, errlen);
	uint32_t shoff, i;
	unsigned shentsize, shnum;

	memset(t, 0, sizeof(*t));
	if (!f)
		return -1;
	t->file = (char *)f;
	if (len < 52 || memcmp(f, "\177ELF", 4) || f[4] != 1 || f[5] != 2) {
		snprintf(err, errlen, "%s: not a 32-bit big-endian ELF file", path);
		return -1;
	}
	shoff = be32(f + 32);
	shentsize = be16(f + 46);
	shnum = be16(f + 48);
	if (shentsize < 40 || !inside(len, shoff, (uint64_t)shnum * shentsize)) {
		snprintf(err, errlen, "%s: its section headers lie outside it", path);
		return -1;
	}
	for (i = 0; i < shnum; i++) {
		const unsigned char *sh = f + shoff + i * shentsize, *str;
		uint32_t off = be32(sh + 16), size = be32(sh + 20), link = be32(sh + 24);
		uint32_t stroff, strsize, j;

		if (be32(sh + 4) != 2 || link >= shnum)		/* SHT_SYMTAB */
			continue;
		str = f + shoff + link * shentsize;
		stroff = be32(str + 16);
		strsize = be32(str + 20);
		if (!inside(len, off, size) || !inside(len, stroff, strsize) || !strsize) {
			snprintf(err, errlen, "%s: its symbol table lies outside it", path);
			return -1;
		}
		t->s = calloc(size / 16 + 1, sizeof(*t->s));
		if (!t->s) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		f[stroff + strsize - 1] = '\0';
		for (j = 0; j + 16 <= size; j += 16) {
			const unsigned char *s = f + off + j;
			uint32_t name = be32(s);

			if (name >= strsize)
				continue;
			t->s[t->n].name = (const char *)f + stroff + name;
			t->s[t->n].value = be32(s + 4);
			t->s[t->n].size = be32(s + 8);
			t->s[t->n].type = s[12] & 15;
			t->n++;
		}
		return 0;
	}
	snprintf(err, errlen, "%s: no symbol table (stripped?)", path);
	return -1;
}

const struct sym *symtab_find(const struct symtab *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->s[i].name, name))
			return &t->s[i];
	return NULL;
}

uint32_t symtab_func_len(const struct symtab *t, uint32_t addr)
{
	uint32_t next = UINT32_MAX;
	size_t i;
	int found = 0;

	for (i = 0; i < t->n; i++) {
		if (t->s[i].type != 2)
			continue;
		if (t->s[i].value == addr) {
			if (t->s[i].size)
				return t->s[i].size;
			found = 1;
		} else if (t->s[i].value > addr && t->s[i].value < next) {
			next = t->s[i].value;
		}
	}
	return found && next != UINT32_MAX ? next - addr : 0;
}
