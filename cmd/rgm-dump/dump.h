/* rgm-dump's parts: option set, the JSON report, its text form, the VM run,
 * the map assembler. */
#ifndef RGM_DUMP_H
#define RGM_DUMP_H

#include <jansson.h>
#include "relic/rgm.h"
#include "relic/rgm_soupdef.h"

typedef struct dump_opts {
    const char *file, *actor, *def_path, *run, *trace, *out;
    int json, strings, vars, attrs, placements, all, assemble;
    unsigned long ticks, max_steps, task_len, seed;
} dump_opts;

typedef struct dump_ctx {
    const dump_opts *o;
    rgm_map map;
    soup_def def;
    int json_oom; /* sticky (relic_json_set): a lost member makes no report */
} dump_ctx;

/* Fills doc; returns a relic code (errors reported by the caller). */
int dump_report(dump_ctx *x, json_t *doc, relic_err *err);
void dump_print_text(const json_t *doc);
int dump_run(dump_ctx *x, json_t *doc, relic_err *err);
/* Builds the RGM map of the source file src; returns an exit code
 * (errors already printed). */
int dump_assemble(const char *src, const char *out, const char *def_path);

#endif
