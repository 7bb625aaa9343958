/* CPU features a kernel needs, checked at run time: a binary built once
   runs on every CPU of its arch and lists what it cannot run there. */
#ifndef CSUMBENCH_CPUFEAT_H
#define CSUMBENCH_CPUFEAT_H

/* Whether this CPU, and the OS (for register state it must save), has
   the feature: 1 yes, 0 no, -1 a name this arch does not know.  *label
   gets the name people know it by ("AVX-512BW").  Each arch that checks
   features has an arch/<arch>/cpufeat.c; elsewhere every name is unknown. */
int cpufeat_has(const char *name, const char **label);

/* NULL when every feature in needs (space-separated) is there; else
   "needs X" for the first missing one (static storage). */
const char *cpufeat_missing(const char *needs);

#endif
