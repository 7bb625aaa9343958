/* Reporters: one file per format. */
#ifndef CSUMBENCH_REPORT_H
#define CSUMBENCH_REPORT_H

#include <stdio.h>

#include "sweep/sweep.h"

/* "# key: value" lines describing the run; CSV readers skip them. */
void report_meta(FILE *f, const struct sweep *b);
/* One row per point and repeat (the columns of CSV_HEADER). */
void report_csv(FILE *f, const struct sweep *b);
/* Google Benchmark's JSON (json.c): an entry per point and repeat. */
void report_json(FILE *f, const struct sweep *b);
/* A date's zone as Google Benchmark writes it: ...+0100 as ...+01:00,
   in place (date has room for one more character); else unchanged. */
void json_zone_colon(char *date);
/* One row per sample. */
void report_samples_csv(FILE *f, const struct sweep *b);
/* Best kernel per size and cache state, for people. */
void report_summary(FILE *f, const struct sweep *b);

#define CSV_KEY "kernel,arch,op,size,align,cache,prefetch,code_offset," \
	"load,rx_prefetch"
#define CSV_HEADER CSV_KEY ",code_mod64,loop_mod64,repeat,timer,samples," \
	"iters,ticks_min,ticks_median,ticks_mean,ticks_max,ticks_p99," \
	"ticks_stddev,ticks_iqr,outliers,floor_ticks,cycles_per_tick," \
	"cycles_per_byte,cycles_per_byte_net,bytes_per_cycle,cycles_per_kb," \
	"ns_per_call,mb_per_s,roofline_fraction,preempted,region_steps," \
	"call_min,call_p99,call_p999,call_max,call_mean,below_overhead," \
	"call_max_unpreempted,calls_preempted,calls_below_step"
#define CSV_SAMPLES_HEADER CSV_KEY ",repeat,round,ticks,cycles_per_byte,layout,slot"

#endif
