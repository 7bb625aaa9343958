/* csumreport show (show.c): a results CSV's context, where, how and by
   what it was measured, its warnings and what it holds, in 72 columns;
   the sections in machine.c, timing.c, build.c, config.c and
   summary.c, the lines they are made of in field.c. */
#ifndef CSUMREPORT_SHOW_H
#define CSUMREPORT_SHOW_H

#include "read/results.h"

/* The exit status: 0, or 2 for bad usage or input. */
int cmd_show(int argc, char **argv);

/* The first "# key:" line's value, or NULL when the file has none. */
const char *show_meta(const struct results *r, const char *key);
/* A section's title line, a blank line before all but the first. */
void show_title(const char *title);
/* "  key          value", wrapped under the value; NULL or "": "not
   recorded". */
void show_field(const char *key, const char *value);
/* The same, the value made by fmt. */
void show_fieldf(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* show_field of "# key:"'s value, under label. */
void show_key(const struct results *r, const char *label, const char *key);
/* Whether a value is a number alone ("46.3", not "46.3 (how)"): a unit
   can follow it. */
int show_is_number(const char *v);

void show_machine(const struct results *r);
void show_timer(const struct results *r);
void show_clock(const struct results *r);
void show_build(const struct results *r);
void show_config(const struct results *r);
void show_warnings(const struct results *r);
void show_summary(const struct results *r);

#endif
