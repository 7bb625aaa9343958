/* What the harness tells the ppc32 core model, and reads from it
   (box.h; docs/model.md).  On a board nothing answers: attached() is
   false and the notes are stores nobody reads. */
#ifndef CSUMBENCH_MODEL_H
#define CSUMBENCH_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/box.h"

extern struct model_box csumbench_model_box;

/* Code for the plugin to time: a kernel's entry (len 0: its symbol's
   length; main, at start) or a copy of one (call/place.c).  0, or -1
   when the model is attached and can follow no more. */
int model_note_code(const void *at, size_t len);
/* The distance the next calls get, in argument arg of their call (from
   0; -1: a kernel that takes none). */
void model_note_dist(int arg, int dist);
/* Whether the plugin is there. */
bool model_attached(void);
/* The model's clock, in core cycles. */
uint64_t model_ticks(void);
/* "MODEL: estimate from the 8xx model (...)", or NULL when not attached. */
const char *model_about(void);
const char *model_preset(void);

#endif
