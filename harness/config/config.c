/* Config files: "key = value" lines, "#" comments, lists separated by
   commas or spaces, ranges "A..B/STEP" (add) and "A..B*FACTOR" (multiply),
   sizes with K/M/G suffixes (powers of 1024). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "workload/mix.h"
#include "call/place.h"
#include "timer/timer.h"
#include "lib/xalloc.h"

const char *const cache_state_name[CACHE_NSTATES] = { "warm", "cold",
						       "cold-ring", "ring",
						       "cold-read",
						       "after-switch" };

/* The setting being applied: a mix file is found beside its config. */
static const struct origin *applying;

#define LIST_MAX 100000
/* Larger than any setting takes, small enough that ranges cannot overflow. */
#define NUM_MAX (UINT64_C(1) << 40)

struct list {
	int64_t *v;
	size_t n, cap;
};

static int list_push(struct list *l, int64_t x, char *err, size_t errlen)
{
	if (l->n == LIST_MAX) {
		snprintf(err, errlen, "more than %d values in one list", LIST_MAX);
		return -1;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v), "a config list");
	}
	l->v[l->n++] = x;
	return 0;
}

/* A whole number with an optional K/M/G suffix; negative numbers are
   reported as such so the message can say so. */
static int parse_num(const char *s, int64_t *out, char *err, size_t errlen)
{
	const char *p = s;
	uint64_t v = 0, mul = 1;
	int base = 10, digits = 0;

	if (*p == '-' && isdigit((unsigned char)p[1])) {
		snprintf(err, errlen, "negative number '%s'", s);
		return -1;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (; *p; p++, digits++) {
		int d;
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (v > NUM_MAX) {
			snprintf(err, errlen, "number '%s' is too large", s);
			return -1;
		}
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (digits && *p && !p[1]) {
		switch (*p) {
		case 'k': case 'K': mul = 1u << 10; p++; break;
		case 'm': case 'M': mul = 1u << 20; p++; break;
		case 'g': case 'G': mul = 1u << 30; p++; break;
		}
	}
	if (!digits || *p) {
		snprintf(err, errlen, "malformed number '%s', expected digits with "
			 "an optional K, M or G suffix", s);
		return -1;
	}
	if (v > NUM_MAX / mul) {
		snprintf(err, errlen, "number '%s' is too large", s);
		return -1;
	}
	*out = (int64_t)(v * mul);
	return 0;
}

/* One list item: a number, or a range expanded into l. */
static int parse_item(const char *tok, struct list *l, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *dots, *step;
	int64_t a, b, s;
	int mul;

	dots = strstr(tok, "..");
	if (!dots) {
		if (parse_num(tok, &a, err, errlen))
			return -1;
		return list_push(l, a, err, errlen);
	}
	snprintf(buf, sizeof(buf), "%s", tok);
	dots = buf + (dots - tok);
	*dots = '\0';
	step = strpbrk(dots + 2, "/*");
	if (!step) {
		snprintf(err, errlen, "range '%s' has no step, expected A..B/STEP "
			 "or A..B*FACTOR", tok);
		return -1;
	}
	mul = *step == '*';
	*step = '\0';
	if (parse_num(buf, &a, err, errlen) || parse_num(dots + 2, &b, err, errlen) ||
	    parse_num(step + 1, &s, err, errlen))
		return -1;
	if (a > b) {
		snprintf(err, errlen, "range '%s' runs backwards, expected A <= B", tok);
		return -1;
	}
	if (!mul && s == 0) {
		snprintf(err, errlen, "range '%s' has step 0, expected a step >= 1", tok);
		return -1;
	}
	if (mul && (s < 2 || a == 0)) {
		snprintf(err, errlen, "range '%s' never grows, expected A >= 1 and "
			 "a factor >= 2", tok);
		return -1;
	}
	for (;;) {
		if (list_push(l, a, err, errlen))
			return -1;
		if (mul ? a > b / s : a > b - s)
			break;	/* the next value would pass B */
		a = mul ? a * s : a + s;
	}
	return 0;
}

/* Splits value on commas and white space.  Words (none, all, warm...) are
   handed to word(), which returns 1 if it took the word, 0 if not. */
static int parse_list(const char *value, struct list *l,
		      int (*word)(const char *, struct list *),
		      char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *p = buf, *tok;

	snprintf(buf, sizeof(buf), "%s", value);
	for (;;) {
		size_t n;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		n = strcspn(p, ", \t");
		tok = p;
		p += n;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == ',') {
			p++;
			while (isspace((unsigned char)*p))
				p++;
			if (*p == ',' || !*p) {
				snprintf(err, errlen, "empty item in list '%s'", value);
				return -1;
			}
		}
		tok[n] = '\0';
		if (n == 0) {
			snprintf(err, errlen, "empty item in list '%s'", value);
			return -1;
		}
		if (word && word(tok, l))
			continue;
		if (parse_item(tok, l, err, errlen))
			return -1;
	}
	return 0;
}

/* A list of words (kernels, cache states): reports an empty item, as in
   "warm,,cold" or "c64,", which strtok would pass over silently. */
static int words_have_gap(const char *value, char *err, size_t errlen)
{
	const char *p = value;
	int item = 0;	/* a word since the last comma */

	for (; *p; p++) {
		if (*p == ',') {
			if (!item)
				break;
			item = 0;
		} else if (!isspace((unsigned char)*p)) {
			item = 1;
		}
	}
	if (*p || !item) {
		snprintf(err, errlen, "empty item in list '%s'", value);
		return -1;
	}
	return 0;
}

static int word_none(const char *w, struct list *l)
{
	char err[8];

	if (strcmp(w, "none") != 0)
		return 0;
	list_push(l, PREFETCH_NONE, err, sizeof(err));
	return 1;
}

static int bounded(struct list *l, int64_t lo, int64_t hi, const char *what,
		   const char *expect, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i] != PREFETCH_NONE && (l->v[i] < lo || l->v[i] > hi)) {
			snprintf(err, errlen, "%s %lld out of range, expected %s",
				 what, (long long)l->v[i], expect);
			return -1;
		}
	return 0;
}

static int cmp_item(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;

	/* by value, then by position: the first of equal values leads */
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

/* A value listed twice (64, 64; or ranges that overlap) is one point,
   measured once: duplicates would be timed twice and pooled into one
   row by tools that read the results.  First occurrences keep their
   order; sorting makes this n log n for lists of 100000. */
static void list_unique(struct list *l)
{
	int64_t (*v)[2] = xcalloc(l->n, sizeof(*v), "a config list");
	bool *dup = xcalloc(l->n + 1, sizeof(*dup), "a config list");
	size_t i, n;

	for (i = 0; i < l->n; i++) {
		v[i][0] = l->v[i];
		v[i][1] = (int64_t)i;
	}
	qsort(v, l->n, sizeof(*v), cmp_item);
	for (i = 1; i < l->n; i++)
		if (v[i][0] == v[i - 1][0])
			dup[v[i][1]] = true;
	for (i = 0, n = 0; i < l->n; i++)
		if (!dup[i])
			l->v[n++] = l->v[i];
	l->n = n;
	free(v);
	free(dup);
}

static int set_u32_list(uint32_t **dst, size_t *n, struct list *l)
{
	size_t i;

	list_unique(l);

	free(*dst);
	*dst = xcalloc(l->n, sizeof(**dst), "a config list");
	for (i = 0; i < l->n; i++)
		(*dst)[i] = (uint32_t)l->v[i];
	*n = l->n;
	return 0;
}

/* sizes = mix:FILE, FILE relative to the config's folder (to the
   working folder for --set). */
static int key_mix(struct config *c, const char *file, char *err, size_t errlen)
{
	char path[4096];
	const char *slash = applying && applying->line > 0 ?
			    strrchr(applying->file, '/') : NULL;
	struct mix *m;

	if (!*file) {
		snprintf(err, errlen, "'mix:' names no file, expected mix:FILE "
			 "(a 'size weight' list or a pcap/pcapng capture)");
		return -1;
	}
	if (slash && file[0] != '/')
		snprintf(path, sizeof(path), "%.*s/%s",
			 (int)(slash - applying->file), applying->file, file);
	else
		snprintf(path, sizeof(path), "%s", file);
	m = mix_load(path, err, errlen);
	if (!m)
		return -1;
	mix_free(c->mix);
	c->mix = m;
	free(c->sizes);
	c->sizes = xmalloc(sizeof(*c->sizes), "the sizes");
	c->sizes[0] = SIZE_MIX;
	c->nsizes = 1;
	return 0;
}

static int key_sizes(struct config *c, const char *v, char *err, size_t errlen)
{
	struct list l = { 0 };
	int r;

	if (!strncmp(v, "mix:", 4))
		return key_mix(c, v + 4, err, errlen);
	if (strstr(v, "mix:")) {
		snprintf(err, errlen, "a mix is the whole value: sizes = mix:FILE, "
			 "not beside other sizes");
		return -1;
	}
	r = parse_list(v, &l, NULL, err, errlen) ||
		bounded(&l, 1, SIZE_MAX_BYTES, "size",
			"1 to 1073741824 bytes (1G)", err, errlen);
	if (!r) {
		set_u32_list(&c->sizes, &c->nsizes, &l);
		mix_free(c->mix);
		c->mix = NULL;
	}
	free(l.v);
	return r ? -1 : 0;
}

static int key_aligns(struct config *c, const char *v, char *err, size_t errlen)
{
	struct list l = { 0 };
	int r = parse_list(v, &l, NULL, err, errlen) ||
		bounded(&l, 0, ALIGN_MAX, "alignment", "0 to 4095 bytes",
			err, errlen);
	if (!r)
		set_u32_list(&c->aligns, &c->naligns, &l);
	free(l.v);
	return r ? -1 : 0;
}

/* A list of "none" (-1) and numbers from 0 to max, for prefetch
   distances and code offsets; what and range word the messages. */
static int none_or_numbers(const char *v, const char *what, int64_t max,
			   const char *range, int32_t **dst, size_t *n,
			   char *err, size_t errlen)
{
	struct list l = { 0 };
	size_t i;
	int r = parse_list(v, &l, word_none, err, errlen);

	if (r && strstr(err, "negative"))
		snprintf(err, errlen, "negative %s in '%s', expected %s", what, v,
			 range);
	r = r || bounded(&l, 0, max, what, range, err, errlen);
	if (!r) {
		list_unique(&l);
		free(*dst);
		*dst = xcalloc(l.n, sizeof(**dst), "a config list");
		for (i = 0; i < l.n; i++)
			(*dst)[i] = (int32_t)l.v[i];
		*n = l.n;
	}
	free(l.v);
	return r ? -1 : 0;
}

static int key_prefetch(struct config *c, const char *v, char *err, size_t errlen)
{
	return none_or_numbers(v, "prefetch distance", PREFETCH_MAX,
			       "none or 0 to 65536 bytes", &c->prefetch,
			       &c->nprefetch, err, errlen);
}

/* A count from 1 to max, for samples and repeat. */
static int count(const char *v, const char *what, int64_t max, unsigned *out,
		 char *err, size_t errlen)
{
	int64_t n;

	if (parse_num(v, &n, err, errlen)) {
		if (strstr(err, "negative"))
			snprintf(err, errlen, "negative %s '%s', expected 1 to %lld",
				 what, v, (long long)max);
		return -1;
	}
	if (n < 1 || n > max) {
		snprintf(err, errlen, "%s %lld out of range, expected 1 to %lld",
			 what, (long long)n, (long long)max);
		return -1;
	}
	*out = (unsigned)n;
	return 0;
}

static int key_samples(struct config *c, const char *v, char *err, size_t errlen)
{
	return count(v, "sample count", SAMPLES_MAX, &c->samples, err, errlen);
}

static int key_repeat(struct config *c, const char *v, char *err, size_t errlen)
{
	return count(v, "repeat count", REPEAT_MAX, &c->repeat, err, errlen);
}

static int key_order(struct config *c, const char *v, char *err, size_t errlen)
{
	if (strcmp(v, "rounds") == 0)
		c->order = ORDER_ROUNDS;
	else if (strcmp(v, "sequential") == 0)
		c->order = ORDER_SEQUENTIAL;
	else {
		snprintf(err, errlen, "order '%s', expected rounds or sequential", v);
		return -1;
	}
	return 0;
}

static int key_seed(struct config *c, const char *v, char *err, size_t errlen)
{
	int64_t n;

	if (strcmp(v, "auto") == 0) {
		c->seed = 0;
		return 0;
	}
	if (parse_num(v, &n, err, errlen) || n < 1 || n > INT64_C(0xffffffffff)) {
		snprintf(err, errlen, "seed '%s', expected auto or a number from 1 "
			 "to 1099511627775", v);
		return -1;
	}
	c->seed = (uint64_t)n;
	return 0;
}

/* layouts = R (1 to 64): code copies and buffer slots each sample draws
   from (layout.h); 1 keeps everything in one place. */
static int key_layouts(struct config *c, const char *v, char *err,
		       size_t errlen)
{
	int64_t n;

	if (parse_num(v, &n, err, errlen) || n < 1 || n > LAYOUTS_MAX) {
		snprintf(err, errlen, "layouts '%s', expected 1 (no re-randomising) "
			 "to %d copies", v, LAYOUTS_MAX);
		return -1;
	}
	c->layouts = (unsigned)n;
	return 0;
}

static int key_code_offset(struct config *c, const char *v, char *err,
			   size_t errlen)
{
	return none_or_numbers(v, "code offset", CODE_OFFSET_MAX,
			       "none or 0 to 63 bytes past a 64-byte boundary",
			       &c->code_offset, &c->ncode_offset, err, errlen);
}

/* "all" is every kernel of the ops the config selects (csum when it
   selects none); names are kept as given and filtered by ops later
   (config_resolve), so the two keys may come in either order. */
static int key_kernels(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	const struct kernel **ks = NULL;
	unsigned char *all = NULL;
	size_t n = 0, i, j;
	char *tok, *save = NULL;

	if (words_have_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		const struct kernel *add[256];
		size_t nadd = 0;
		bool from_all = strcmp(tok, "all") == 0;

		if (from_all) {
			/* Those that cannot run on this CPU are listed
			   by csumbench list, not timed. */
			for (i = 0; i < kernel_count && nadd < 256; i++)
				if (!kernel_table[i].pseudo &&
				    !kernel_unavailable(&kernel_table[i]))
					add[nadd++] = &kernel_table[i];
		} else {
			const char *why;

			add[0] = kernel_find(tok, err, errlen);
			why = add[0] ? kernel_unavailable(add[0]) : NULL;
			if (why)
				snprintf(err, errlen, "kernel '%s' cannot run on "
					 "this CPU: %s (csumbench list says what "
					 "runs here)", tok, why);
			if (!add[0] || why) {
				free(ks);
				free(all);
				return -1;
			}
			nadd = 1;
		}
		for (i = 0; i < nadd; i++) {
			/* Listed twice, or one .so symbol by two paths: the
			   same code, measured once. */
			for (j = 0; j < n && ks[j] != add[i] &&
			     !(ks[j]->fn == add[i]->fn && ks[j]->prefetch == add[i]->prefetch); j++)
				;
			if (j < n) {
				all[j] &= from_all;	/* named: not filtered as all's */
				continue;
			}
			ks = xreallocarray(ks, n + 1, sizeof(*ks), "the kernel list");
			all = xrealloc(all, n + 1, "the kernel list");
			all[n] = from_all;
			ks[n++] = add[i];
		}
	}
	free(c->kernels);
	free(c->kernel_from_all);
	c->kernels = ks;
	c->kernel_from_all = all;
	c->nkernels = n;
	return 0;
}

static int key_ops(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i, j;

	if (words_have_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		const struct op *o = op_find(tok);
		if (!o) {
			size_t m = (size_t)snprintf(err, errlen, "unknown op '%s', "
						    "expected one of:", tok);
			for (i = 0; i < op_count && m < errlen; i++)
				m += (size_t)snprintf(err + m, errlen - m, " %s",
						      op_table[i]->name);
			return -1;
		}
		for (j = 0; j < n && c->ops[j] != o; j++)
			;
		if (j == n)
			c->ops[n++] = o;
	}
	c->nops = n;
	return 0;
}

static int key_cache(struct config *c, const char *v, char *err, size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i;
	int seen[CACHE_NSTATES] = { 0 };

	if (words_have_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		for (i = 0; i < CACHE_NSTATES; i++)
			if (strcmp(tok, cache_state_name[i]) == 0)
				break;
		if (i == CACHE_NSTATES) {
			snprintf(err, errlen, "unknown cache state '%s', expected "
				 "warm, cold, cold-read, cold-ring, ring and/or "
				 "after-switch", tok);
			return -1;
		}
		if (!seen[i]++)
			c->caches[n++] = (int)i;
	}
	c->ncaches = n;
	return 0;
}

static int key_timer(struct config *c, const char *v, char *err, size_t errlen)
{
	const char *names = timer_names();
	size_t n = strlen(v);
	const char *p;

	/* Checked against the names this build has; availability at run time. */
	for (p = strstr(names, v); p; p = strstr(p + 1, v))
		if ((p == names || p[-1] == ' ') && (p[n] == ',' || !p[n]))
			break;
	if (!p || strchr(v, ',') || strchr(v, ' ')) {
		snprintf(err, errlen, "unknown timer '%s', expected one of: %s",
			 v, names);
		return -1;
	}
	snprintf(c->timer, sizeof(c->timer), "%s", v);
	return 0;
}

/* "auto" (0), or a number in [lo, hi]: 0, or -1 if it is neither. */
static int auto_or_real(const char *v, double lo, double hi, double *out)
{
	char *end;
	double x;

	if (strcmp(v, "auto") == 0) {
		*out = 0;
		return 0;
	}
	errno = 0;
	x = strtod(v, &end);
	if (end == v || *end || errno || !(x >= lo && x <= hi))
		return -1;
	*out = x;
	return 0;
}

static int key_cycles_per_tick(struct config *c, const char *v, char *err,
			       size_t errlen)
{
	/* Above 0: the smallest double will do as the bound. */
	if (auto_or_real(v, 1e-300, 1e6, &c->cycles_per_tick)) {
		snprintf(err, errlen, "cycles_per_tick '%s', expected auto or a "
			 "positive number such as 16 or 1.6", v);
		return -1;
	}
	return 0;
}

static int key_cpu(struct config *c, const char *v, char *err, size_t errlen)
{
	int64_t n;

	if (strcmp(v, "none") == 0 || strcmp(v, "auto") == 0) {
		c->cpu = v[0] == 'n' ? CPU_NONE : CPU_AUTO;
		return 0;
	}
	if (parse_num(v, &n, err, errlen) || n > 1023) {
		snprintf(err, errlen, "cpu '%s', expected auto, none or a CPU "
			 "number 0 to 1023", v);
		return -1;
	}
	c->cpu = (int)n;
	return 0;
}

static int key_emulated(struct config *c, const char *v, char *err,
			size_t errlen)
{
	if (strcmp(v, "auto") == 0)
		c->emulated = -1;
	else if (strcmp(v, "yes") == 0)
		c->emulated = 1;
	else if (strcmp(v, "no") == 0)
		c->emulated = 0;
	else {
		snprintf(err, errlen, "emulated '%s', expected auto, yes or no", v);
		return -1;
	}
	return 0;
}

/* Set by the runner that starts the harness (scripts/bench.sh): what
   nothing inside a virtual board can see for itself. */
static int key_runner(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	size_t n = strlen(v);

	if (n == 0 || n >= sizeof(c->runner) ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		   "0123456789._:@/-") != n) {
		snprintf(err, errlen, "runner '%s', expected 1 to %zu letters, "
			 "digits or . _ : @ / - (e.g. vboard:sam460ex)", v,
			 sizeof(c->runner) - 1);
		return -1;
	}
	memcpy(c->runner, v, n + 1);
	return 0;
}

static int key_kernel_timeout(struct config *c, const char *v, char *err,
			      size_t errlen)
{
	if (auto_or_real(v, 0.01, 86400, &c->kernel_timeout)) {
		snprintf(err, errlen, "kernel_timeout '%s', expected auto or "
			 "seconds from 0.01 to 86400", v);
		return -1;
	}
	return 0;
}

/* A list of words from names[n], each kept once in order of appearance. */
static int word_list(const char *v, const char *const *names, size_t nnames,
		     const char *what, int *out, size_t *nout, char *err,
		     size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i, m;
	bool seen[8] = { false };

	if (words_have_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		for (i = 0; i < nnames && strcmp(tok, names[i]); i++)
			;
		if (i == nnames) {
			m = (size_t)snprintf(err, errlen, "unknown %s '%s', expected",
					     what, tok);
			for (i = 0; i < nnames && m < errlen; i++)
				m += (size_t)snprintf(err + m, errlen - m, "%s %s",
						      i ? (i + 1 == nnames ? " and/or" : ",") : "",
						      names[i]);
			return -1;
		}
		if (!seen[i]) {
			seen[i] = true;
			out[n++] = (int)i;
		}
	}
	*nout = n;
	return 0;
}

static int key_load(struct config *c, const char *v, char *err, size_t errlen)
{
	return word_list(v, load_state_name, LOAD_NSTATES, "load", c->loads,
			 &c->nloads, err, errlen);
}

static int key_load_kind(struct config *c, const char *v, char *err,
			 size_t errlen)
{
	static const char *const kinds[] = { "stream", "sched" };
	int k[2];
	size_t n, i;

	if (word_list(v, kinds, 2, "load kind", k, &n, err, errlen))
		return -1;
	c->load_kind = 0;
	for (i = 0; i < n; i++)
		c->load_kind |= k[i] ? LOAD_SCHED : LOAD_STREAM;
	return 0;
}

static int key_load_cpus(struct config *c, const char *v, char *err,
			 size_t errlen)
{
	struct list l = { 0 };
	size_t i;
	int r;

	if (!strcmp(v, "auto")) {
		free(c->load_cpus);
		c->load_cpus = NULL;
		c->nload_cpus = 0;
		return 0;
	}
	r = parse_list(v, &l, NULL, err, errlen) ||
	    bounded(&l, 0, LOAD_CPUS_LIST_MAX - 1, "CPU", "auto or CPU numbers "
		    "0 to 255", err, errlen);
	if (!r) {
		list_unique(&l);
		free(c->load_cpus);
		c->load_cpus = xcalloc(l.n, sizeof(*c->load_cpus), "load_cpus");
		for (i = 0; i < l.n; i++)
			c->load_cpus[i] = (int)l.v[i];
		c->nload_cpus = l.n;
	}
	free(l.v);
	return r ? -1 : 0;
}

static int key_ring(struct config *c, const char *v, char *err, size_t errlen)
{
	return count(v, "ring size", RING_MAX, &c->ring, err, errlen);
}

static int key_rx_batch(struct config *c, const char *v, char *err,
			size_t errlen)
{
	return count(v, "rx_batch", RX_BATCH_MAX, &c->rx_batch, err, errlen);
}

static int key_rx_prefetch(struct config *c, const char *v, char *err,
			   size_t errlen)
{
	return word_list(v, rx_prefetch_name, RXPF_NPOLICIES, "rx_prefetch",
			 c->rx_prefetch, &c->nrx_prefetch, err, errlen);
}

/* A list of descriptor counts: rx_prefetch = next is timed at each. */
static int key_rx_ahead(struct config *c, const char *v, char *err,
			size_t errlen)
{
	char buf[CONFIG_LINE_MAX + 1];
	char *tok, *save = NULL;
	size_t n = 0, i;
	unsigned a[RX_AHEAD_MAX];

	if (words_have_gap(v, err, errlen))
		return -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		unsigned x;
		if (count(tok, "rx_prefetch_ahead", RING_MAX - 1, &x, err, errlen))
			return -1;
		for (i = 0; i < n && a[i] != x; i++)
			;
		if (i < n)
			continue;
		if (n == RX_AHEAD_MAX) {
			snprintf(err, errlen, "more than %d rx_prefetch_ahead "
				 "values, expected at most %d", RX_AHEAD_MAX,
				 RX_AHEAD_MAX);
			return -1;
		}
		a[n++] = x;
	}
	if (!n) {
		snprintf(err, errlen, "no rx_prefetch_ahead value, expected "
			 "descriptor counts such as 1, 2, 4");
		return -1;
	}
	memcpy(c->rx_ahead, a, n * sizeof(*a));
	c->nrx_ahead = n;
	return 0;
}

static int key_rx_work(struct config *c, const char *v, char *err,
		       size_t errlen)
{
	int64_t n;

	if (parse_num(v, &n, err, errlen) || n < 0 || n > RX_WORK_MAX) {
		snprintf(err, errlen, "rx_work '%s', expected 0 to %d dependent "
			 "adds per packet", v, RX_WORK_MAX);
		return -1;
	}
	c->rx_work = (unsigned)n;
	return 0;
}

static int key_timing(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	if (!strcmp(v, "batch") || !strcmp(v, "per-call")) {
		c->timing = strcmp(v, "batch") ? TIMING_PER_CALL : TIMING_BATCH;
		return 0;
	}
	snprintf(err, errlen, "timing '%s', expected batch or per-call", v);
	return -1;
}

static int key_events(struct config *c, const char *v, char *err,
		      size_t errlen)
{
	return events_parse(&c->events, v, err, errlen);
}

/* roofline = auto | none | KERNEL: the load kernel a run includes at its
   own sizes and cache states (config_resolve adds it). */
static int key_roofline(struct config *c, const char *v, char *err,
			size_t errlen)
{
	const struct kernel *k;
	const char *why;
	size_t n, i;

	if (!strcmp(v, "auto") || !strcmp(v, "none")) {
		c->roofline_mode = strcmp(v, "auto") ? ROOFLINE_NONE : ROOFLINE_AUTO;
		c->roofline_named = NULL;
		return 0;
	}
	k = kernel_find(v, err, errlen);
	why = k ? kernel_unavailable(k) : NULL;
	if (k && k->op == &op_load && !k->pseudo && !why) {
		c->roofline_mode = ROOFLINE_KERNEL;
		c->roofline_named = k;
		return 0;
	}
	n = (size_t)snprintf(err, errlen, "'%s'%s%s, expected auto, none or a "
			     "load kernel that runs here:", v,
			     why ? " cannot run on this CPU: " : k ? " is not a "
			     "load kernel" : " is no kernel", why ? why : "");
	for (i = 0; i < kernel_count && n < errlen; i++)
		if (kernel_table[i].op == &op_load && !kernel_table[i].pseudo &&
		    !kernel_unavailable(&kernel_table[i]))
			n += (size_t)snprintf(err + n, errlen - n, " %s",
					      kernel_table[i].name);
	return -1;
}

static const struct key {
	const char *name;
	int (*set)(struct config *, const char *, char *, size_t);
} keys[] = {
	{ "kernels", key_kernels },
	{ "sizes", key_sizes },
	{ "aligns", key_aligns },
	{ "cache", key_cache },
	{ "prefetch", key_prefetch },
	{ "samples", key_samples },
	{ "repeat", key_repeat },
	{ "order", key_order },
	{ "seed", key_seed },
	{ "code_offset", key_code_offset },
	{ "layouts", key_layouts },
	{ "timer", key_timer },
	{ "cycles_per_tick", key_cycles_per_tick },
	{ "cpu", key_cpu },
	{ "emulated", key_emulated },
	{ "runner", key_runner },
	{ "kernel_timeout", key_kernel_timeout },
	{ "ops", key_ops },
	{ "load", key_load },
	{ "load_cpus", key_load_cpus },
	{ "load_kind", key_load_kind },
	{ "ring", key_ring },
	{ "rx_batch", key_rx_batch },
	{ "rx_prefetch", key_rx_prefetch },
	{ "rx_prefetch_ahead", key_rx_ahead },
	{ "rx_work", key_rx_work },
	{ "timing", key_timing },
	{ "events", key_events },
	{ "roofline", key_roofline },
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static void report(const struct origin *o, const char *arg, const char *msg)
{
	if (o->line > 0)
		fprintf(stderr, "%s:%d: %s\n", o->file, o->line, msg);
	else
		fprintf(stderr, "csumbench: --set %s: %s\n", arg ? arg : "", msg);
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Applies one "key = value" text; seen[] catches duplicates in a file. */
static int apply(struct config *c, char *text, const struct origin *o,
		 const char *arg, int *seen)
{
	char err[1024], msg[1200];
	char *eq = strchr(text, '='), *key, *value;
	size_t i;
	int rc;

	if (!eq) {
		snprintf(msg, sizeof(msg), "no '=' in '%s', expected key = value",
			 trim(text));
		report(o, arg, msg);
		return -1;
	}
	*eq = '\0';
	key = trim(text);
	value = trim(eq + 1);
	for (i = 0; i < NKEYS; i++)
		if (strcmp(keys[i].name, key) == 0)
			break;
	if (i == NKEYS) {
		size_t n = (size_t)snprintf(msg, sizeof(msg),
					    "unknown key '%s', expected one of:", key);
		for (i = 0; i < NKEYS && n < sizeof(msg); i++)
			n += (size_t)snprintf(msg + n, sizeof(msg) - n, " %s",
					      keys[i].name);
		report(o, arg, msg);
		return -1;
	}
	if (seen && seen[i]) {
		snprintf(msg, sizeof(msg), "key '%s' given twice (first at line "
			 "%d), expected each key once", key, seen[i]);
		report(o, arg, msg);
		return -1;
	}
	if (!*value) {
		snprintf(msg, sizeof(msg), "empty value for '%s'", key);
		report(o, arg, msg);
		return -1;
	}
	applying = o;
	rc = keys[i].set(c, value, err, sizeof(err));
	applying = NULL;
	if (rc) {
		snprintf(msg, sizeof(msg), "%s: %s", key, err);
		report(o, arg, msg);
		return -1;
	}
	if (seen)
		seen[i] = o->line;
	if (strcmp(key, "cpu") == 0)
		c->cpu_origin = *o;
	if (strcmp(key, "timer") == 0)
		c->timer_origin = *o;
	if (strcmp(key, "code_offset") == 0)
		c->code_offset_origin = *o;
	if (strcmp(key, "kernels") == 0)
		c->kernels_origin = *o;
	if (strcmp(key, "sizes") == 0)
		c->sizes_origin = *o;
	if (strcmp(key, "ops") == 0)
		c->ops_origin = *o;
	if (strcmp(key, "cache") == 0)
		c->cache_origin = *o;
	if (strcmp(key, "load_cpus") == 0)
		c->load_cpus_origin = *o;
	if (strcmp(key, "rx_prefetch_ahead") == 0)
		c->rx_ahead_origin = *o;
	if (strcmp(key, "ring") == 0)
		c->ring_origin = *o;
	if (strcmp(key, "events") == 0)
		c->events_origin = *o;
	if (strcmp(key, "roofline") == 0)
		c->roofline_origin = *o;
	return 0;
}

void config_defaults(struct config *c)
{
	static const struct origin builtin = { "defaults", 0 };
	char err[256];

	memset(c, 0, sizeof(*c));
	key_kernels(c, "all", err, sizeof(err));
	key_sizes(c, "1500", err, sizeof(err));
	key_aligns(c, "0", err, sizeof(err));
	key_cache(c, "warm", err, sizeof(err));
	key_prefetch(c, "none", err, sizeof(err));
	key_code_offset(c, "none", err, sizeof(err));
	c->samples = 31;	/* a median that holds still (README) */
	c->repeat = 1;
	c->order = ORDER_ROUNDS;
	c->layouts = LAYOUTS_DEFAULT;
	snprintf(c->timer, sizeof(c->timer), "auto");
	c->cpu = CPU_AUTO;
	c->emulated = -1;
	key_load(c, "idle", err, sizeof(err));
	c->load_kind = LOAD_STREAM | LOAD_SCHED;
	c->ring = 256;
	c->rx_batch = 64;
	key_rx_prefetch(c, "none", err, sizeof(err));
	c->rx_ahead[0] = 1;
	c->nrx_ahead = 1;
	c->cpu_origin = c->timer_origin = c->code_offset_origin = builtin;
	c->kernels_origin = c->sizes_origin = c->ops_origin = builtin;
	c->cache_origin = c->load_cpus_origin = c->rx_ahead_origin = builtin;
	c->ring_origin = builtin;
	c->events_origin = c->roofline_origin = builtin;
}

/* One line into buf (CONFIG_LINE_MAX bytes and a NUL), read a byte at a
   time so that a file with no end of line (/dev/zero, a binary) is
   stopped at the limit, not read whole.  Returns its length, -1 at the
   end of the file, -2 if longer than the limit, -3 on a read error; *nul
   is the column of a NUL byte, or 0. */
static long read_line(FILE *f, char *buf, long *nul)
{
	long n = 0;
	int ch;

	*nul = 0;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (n == CONFIG_LINE_MAX)
			return -2;
		if (!ch && !*nul)
			*nul = n + 1;
		buf[n++] = (char)ch;
	}
	buf[n] = '\0';
	if (ferror(f))
		return -3;
	return ch == EOF && !n ? -1 : n;
}

int config_load(struct config *c, const char *path)
{
	int seen[NKEYS] = { 0 };
	struct origin o = { path, 0 };
	char line[CONFIG_LINE_MAX + 1], msg[160];
	long len, nul;
	FILE *f;
	int rc = 0;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open config: %s\n", path, strerror(errno));
		return -1;
	}
	c->path = path;
	while ((len = read_line(f, line, &nul)) >= 0 || len == -2) {
		char *hash, *text = line;
		long i;

		o.line++;
		if (len == -2 && nul) {
			snprintf(msg, sizeof(msg), "binary data (byte 0x00 at column "
				 "%ld), expected text lines of key = value", nul);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		if (len == -2) {
			snprintf(msg, sizeof(msg), "line longer than %d characters",
				 CONFIG_LINE_MAX);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		while (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		/* A byte-order mark, as some Windows editors write: not part
		   of the first key. */
		if (o.line == 1 && len >= 3 && !memcmp(line, "\xef\xbb\xbf", 3)) {
			text += 3;
			len -= 3;
			nul = nul > 3 ? nul - 3 : nul;
		}
		for (i = 0; i < len; i++) {
			unsigned char ch = (unsigned char)text[i];
			if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
				break;
		}
		if (nul && nul <= i)
			i = nul - 1;
		if (i < len) {
			snprintf(msg, sizeof(msg), "binary data (byte 0x%02x at column "
				 "%ld), expected text lines of key = value",
				 (unsigned char)text[i], i + 1);
			report(&o, NULL, msg);
			rc = -1;
			break;
		}
		hash = strchr(text, '#');
		if (hash)
			*hash = '\0';
		text = trim(text);
		if (!*text)
			continue;
		if (apply(c, text, &o, NULL, seen)) {
			rc = -1;
			break;
		}
	}
	if (!rc && len == -3) {
		fprintf(stderr, "%s: cannot read config: %s\n", path, strerror(errno));
		rc = -1;
	}
	fclose(f);
	return rc;
}

int config_set(struct config *c, const char *kv)
{
	static const struct origin cmdline = { "--set", 0 };
	char buf[CONFIG_LINE_MAX + 1];

	if (strlen(kv) > CONFIG_LINE_MAX) {
		report(&cmdline, "...", "value longer than 1024 characters");
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", kv);
	return apply(c, buf, &cmdline, kv, NULL);
}

void config_error(const struct origin *o, const char *key, const char *err)
{
	if (o->line > 0)
		fprintf(stderr, "%s:%d: %s: %s\n", o->file, o->line, key, err);
	else
		fprintf(stderr, "csumbench: %s (%s): %s\n", key, o->file, err);
}

bool config_placed(const struct config *c, const struct kernel *k)
{
	return k->sym && k != c->roofline;
}

uint64_t config_points(const struct config *c)
{
	uint64_t n = 0;
	size_t i, o;

	for (i = 0; i < c->nkernels; i++)
		if (!c->kernels[i]->pseudo)
			n += (c->kernels[i]->prefetch ? c->nprefetch : 1) *
			     (config_placed(c, c->kernels[i]) ? c->ncode_offset : 1);
	/* and each op's empty kernel, the floor, at each size, alignment
	   and cache */
	for (o = 0; o < op_count; o++)
		for (i = 0; i < c->nkernels; i++)
			if (c->kernels[i]->op == op_table[o]) {
				n++;
				break;
			}
	for (i = 0, o = 0; i < c->ncaches; i++)
		o += config_rx_policies(c, c->caches[i]);
	return n * o * c->nloads * c->nsizes * c->naligns;
}

static bool has_next(const struct config *c)
{
	size_t i;

	for (i = 0; i < c->nrx_prefetch; i++)
		if (c->rx_prefetch[i] == RXPF_NEXT)
			return true;
	return false;
}

size_t config_rx_policies(const struct config *c, int cache)
{
	if (cache != CACHE_RX)
		return 1;
	return c->nrx_prefetch + (has_next(c) ? c->nrx_ahead - 1 : 0);
}

void config_rx_policy(const struct config *c, size_t xi, int *policy,
		      unsigned *ahead)
{
	size_t i;

	for (i = 0; i < c->nrx_prefetch; i++) {
		size_t n = c->rx_prefetch[i] == RXPF_NEXT ? c->nrx_ahead : 1;
		if (xi < n) {
			*policy = c->rx_prefetch[i];
			*ahead = c->rx_prefetch[i] == RXPF_NEXT ? c->rx_ahead[xi] : 0;
			return;
		}
		xi -= n;
	}
	*policy = RXPF_NONE;
	*ahead = 0;
}

double config_bytes(const struct config *c, uint32_t size)
{
	return size == SIZE_MIX && c->mix ? c->mix->mean : (double)size;
}

static bool op_selected(const struct config *c, const struct op *o)
{
	size_t i;

	for (i = 0; i < c->nops; i++)
		if (c->ops[i] == o)
			return true;
	return false;
}

/* Whether the run times a kernel at a prefetch distance. */
static bool prefetches(const struct config *c)
{
	size_t i, j;

	for (i = 0; i < c->nkernels; i++)
		for (j = 0; c->kernels[i]->prefetch && j < c->nprefetch; j++)
			if (c->prefetch[j] != PREFETCH_NONE)
				return true;
	return false;
}

/* The load kernel that prefetches and runs k at prefetch = none, or k. */
static const struct kernel *prefetching_load(const struct kernel *k)
{
	size_t i;

	if (k->prefetch)
		return k;
	for (i = 0; i < kernel_count; i++)
		if (kernel_table[i].op == &op_load && kernel_table[i].prefetch &&
		    !strcmp(kernel_table[i].nopf, k->name) &&
		    !kernel_unavailable(&kernel_table[i]))
			return &kernel_table[i];
	return k;
}

/* The roofline joins a run that times an op it applies to: the named
   load kernel, or (auto) the last in the table that runs here without a
   prefetch, which is the arch's widest.  In a run that prefetches it is
   that load's prefetching variant, swept over the run's distances: the
   ceiling at a point is the best of them (sweep_link_roofline), so a
   checksum that prefetches is held to loads that prefetch alike. */
static int add_roofline(struct config *c)
{
	const struct kernel *k = c->roofline_named;
	size_t i;
	bool wanted = false;

	c->roofline = NULL;
	for (i = 0; i < c->nkernels; i++)
		wanted |= c->kernels[i]->op->roofline;
	if (c->roofline_mode == ROOFLINE_NONE || !wanted)
		return 0;
	if (!k)
		for (i = kernel_count; i-- > 0;)
			if (kernel_table[i].op == &op_load && !kernel_table[i].pseudo &&
			    !kernel_table[i].prefetch &&
			    !kernel_unavailable(&kernel_table[i])) {
				k = &kernel_table[i];
				break;
			}
	if (!k) {
		config_error(&c->roofline_origin, "roofline", "no load kernel "
			     "runs here (expected roofline = none)");
		return -1;
	}
	if (prefetches(c))
		k = prefetching_load(k);
	c->roofline = k;
	for (i = 0; i < c->nkernels; i++)
		if (c->kernels[i] == k)
			return 0;
	c->kernels = xreallocarray(c->kernels, c->nkernels + 1,
				   sizeof(*c->kernels), "the kernel list");
	c->kernel_from_all = xrealloc(c->kernel_from_all, c->nkernels + 1,
				      "the kernel list");
	c->kernel_from_all[c->nkernels] = 0;
	c->kernels[c->nkernels++] = k;
	return 0;
}

int config_resolve(struct config *c)
{
	char err[512], msg[1024];
	size_t i, n, si, ai;

	for (i = 0, n = 0; i < c->nkernels; i++) {
		const struct kernel *k = c->kernels[i];
		if (c->nops ? !op_selected(c, k->op) :
		    c->kernel_from_all[i] && k->op != &op_csum)
			continue;
		c->kernel_from_all[n] = c->kernel_from_all[i];
		c->kernels[n++] = k;
	}
	c->nkernels = n;
	if (!n) {
		config_error(c->nops ? &c->ops_origin : &c->kernels_origin,
			     c->nops ? "ops" : "kernels",
			     "no kernel left to run: the kernels named are of "
			     "other ops (csumbench list shows each kernel's op)");
		return -1;
	}
	if (add_roofline(c))
		return -1;
	/* Only a run that prefetches ahead in the rx ring cares; the key
	   set last is the one to blame. */
	for (i = 0, n = 0; i < c->ncaches; i++)
		n |= c->caches[i] == CACHE_RX;
	for (i = 0, si = 0; i < c->nrx_prefetch; i++)
		si |= c->rx_prefetch[i] == RXPF_NEXT;
	for (i = 0, ai = 0; i < c->nrx_ahead; i++)
		if (c->rx_ahead[i] > c->rx_ahead[ai])
			ai = i;
	if (n && si && c->rx_ahead[ai] >= c->ring) {
		bool ring_later = c->ring_origin.line > c->rx_ahead_origin.line ||
				  (c->ring_origin.line == 0 &&
				   !strcmp(c->ring_origin.file, "--set"));
		snprintf(msg, sizeof(msg), "rx_prefetch_ahead %u and ring %u: "
			 "expected fewer descriptors ahead than the ring has",
			 c->rx_ahead[ai], c->ring);
		config_error(ring_later ? &c->ring_origin : &c->rx_ahead_origin,
			     ring_later ? "ring" : "rx_prefetch_ahead", msg);
		return -1;
	}
	/* A poll walks at most the ring it polls: a walk past it would
	   come back to descriptors refilled in the same walk. */
	if (n && c->rx_batch > c->ring) {
		snprintf(msg, sizeof(msg), "rx_batch %u and ring %u: expected at "
			 "most as many descriptors per sample as the ring has",
			 c->rx_batch, c->ring);
		config_error(&c->ring_origin, "ring", msg);
		return -1;
	}
	if (c->timing == TIMING_PER_CALL && (n || c->mix)) {
		config_error(&c->cache_origin, "cache", "timing = per-call times "
			     "single calls of warm, cold, cold-read, after-switch and "
			     "cold-ring points; the rx ring and size mixes are walked "
			     "a batch at a time: expected no cache = ring and no mix "
			     "with it");
		return -1;
	}
	if (c->timing == TIMING_PER_CALL && c->events.n) {
		config_error(&c->events_origin, "events", "the counters are read "
			     "around a timed region, and timing = per-call times "
			     "each call alone: expected events = none with it");
		return -1;
	}
	if (c->mix)
		for (i = 0; i < c->ncaches; i++)
			if (c->caches[i] != CACHE_WARM && c->caches[i] != CACHE_RX) {
				config_error(&c->cache_origin, "cache", "a mix "
					     "(sizes = mix:FILE) is replayed warm or "
					     "in the rx ring: expected cache = warm "
					     "and/or ring");
				return -1;
			}
	/* Sizes must suit every op that will be timed (an IPv4 header
	   length for ip_fast_csum); a mix's, every size it has. */
	for (i = 0; i < c->nkernels; i++) {
		const struct kernel *k = c->kernels[i];
		const uint32_t *sz = c->mix ? c->mix->len : c->sizes;
		size_t nsz = c->mix ? c->mix->n : c->nsizes;
		for (si = 0; si < nsz; si++)
			if ((si == 0 || sz[si] != sz[si - 1]) &&
			    k->op->size_ok(sz[si], err, sizeof(err))) {
				snprintf(msg, sizeof(msg), "%s%s%s (kernel %s is op %s)",
					 c->mix ? c->mix->path : "", c->mix ? ": " : "",
					 err, k->name, k->op->name);
				config_error(&c->sizes_origin, "sizes", msg);
				return -1;
			}
	}
	return 0;
}

void config_free(struct config *c)
{
	mix_free(c->mix);
	free(c->load_cpus);
	free(c->kernel_from_all);
	free(c->kernels);
	free(c->sizes);
	free(c->aligns);
	free(c->prefetch);
	free(c->code_offset);
	memset(c, 0, sizeof(*c));
}
