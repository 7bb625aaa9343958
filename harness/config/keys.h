/* The config keys, each described once (keys.c): name, the values it
   takes, its default and one line of help, with the setter the parser
   calls and where the config records the line that set it. */
#ifndef CSUMBENCH_CONFIG_KEYS_H
#define CSUMBENCH_CONFIG_KEYS_H

#include <stddef.h>

/* Room for every key (keys.c checks). */
#define CONFIG_KEYS_MAX 64

struct config;
struct origin;

struct config_key {
	const char *name;
	/* Checks v and stores it; -1 with what was expected in err. */
	int (*set)(struct config *c, const char *v, char *err, size_t errlen);
	/* offsetof the struct origin it records, 0 when none. */
	size_t origin;
	const char *values;	/* what it takes, its range */
	const char *def;	/* as a config writes it; NULL: unset */
	const char *help;	/* one line */
};

extern const struct config_key config_keys[];
extern const size_t config_nkeys;

/* The workload keys' setters (keys-workload.c). */
int key_load(struct config *c, const char *v, char *err, size_t errlen);
int key_load_kind(struct config *c, const char *v, char *err, size_t errlen);
int key_load_cpus(struct config *c, const char *v, char *err, size_t errlen);
int key_ring(struct config *c, const char *v, char *err, size_t errlen);
int key_rx_batch(struct config *c, const char *v, char *err, size_t errlen);
int key_rx_prefetch(struct config *c, const char *v, char *err, size_t errlen);
int key_rx_ahead(struct config *c, const char *v, char *err, size_t errlen);
int key_rx_work(struct config *c, const char *v, char *err, size_t errlen);
int key_timing(struct config *c, const char *v, char *err, size_t errlen);

#endif
