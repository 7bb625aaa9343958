/* csumbench tune's lines: "STATUS  what  LABEL: text".  IRQs' lines that
   say the same become one, their numbers as ranges ("IRQs 24-26,28-35:
   3 -> 1"), as pyperf words it: a server has hundreds of IRQs. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cmd/tune.h"

#define GROUPS 16
#define RANGES 64

/* Lines held back while IRQs go on: each text, and its IRQs' ranges. */
static struct group {
	char status[8], what[16], text[3 * TUNE_VALUE];
	int lo[RANGES], hi[RANGES], n, count;
} held[GROUPS];
static int nheld;

void tune_lines_end(void)
{
	const struct group *g;
	int i, j;

	for (i = 0; i < nheld; i++) {
		g = &held[i];
		printf("%-5s %-11s IRQ%s ", g->status, g->what, g->count > 1 ? "s" : "");
		for (j = 0; j < g->n; j++)
			if (g->lo[j] == g->hi[j])
				printf("%s%d", j ? "," : "", g->lo[j]);
			else
				printf("%s%d-%d", j ? "," : "", g->lo[j], g->hi[j]);
		printf(": %s\n", g->text);
	}
	nheld = 0;
}

/* IRQ irq into the group that says text (IRQs come in rising order). */
static void hold(const char *status, const char *what, int irq, const char *text)
{
	struct group *g = NULL;
	int i;

	for (i = 0; i < nheld && !g; i++)
		if (!strcmp(held[i].status, status) && !strcmp(held[i].what, what) &&
		    !strcmp(held[i].text, text) && held[i].n < RANGES)
			g = &held[i];
	if (g && g->hi[g->n - 1] == irq - 1) {
		g->hi[g->n - 1] = irq;
		g->count++;
		return;
	}
	if (!g) {
		if (nheld == GROUPS)
			tune_lines_end();
		g = &held[nheld++];
		snprintf(g->status, sizeof(g->status), "%s", status);
		snprintf(g->what, sizeof(g->what), "%s", what);
		snprintf(g->text, sizeof(g->text), "%s", text);
		g->n = g->count = 0;
	}
	g->lo[g->n] = g->hi[g->n] = irq;
	g->n++;
	g->count++;
}

void tune_line(const char *status, const char *what, const char *label,
	       const char *fmt, ...)
{
	char text[3 * TUNE_VALUE];
	va_list ap;
	int irq;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (label && sscanf(label, "IRQ %d", &irq) == 1) {
		hold(status, what, irq, text);
		return;
	}
	tune_lines_end();
	if (label)
		printf("%-5s %-11s %s: %s\n", status, what, label, text);
	else
		printf("%-5s %-11s %s\n", status, what, text);
}
