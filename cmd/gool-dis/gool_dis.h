/* gool-dis internals: options and the three modes (list/disassemble,
 * assemble, run). */
#ifndef GOOL_DIS_CMD_H
#define GOOL_DIS_CMD_H

#include <stdint.h>
#include "relic/buf.h"
#include "relic/gool.h"
#include "relic/gool_isa.h"
#include "relic/nsf.h"

#define GD_MAX_EVENTS 64

typedef struct gd_event {
    uint32_t event;
    unsigned frame;
} gd_event;

typedef struct gd_opts {
    const char *input, *entry, *code, *pool, *out, *trace;
    int all, json, run, assemble, addresses;
    gool_game game;
    unsigned long state, frames, max_steps, seed;
    gd_event events[GD_MAX_EVENTS];
    unsigned nevents;
    char **inputs;
    int ninputs;
} gd_opts;

int gd_list(const gd_opts *o);
int gd_code(const gd_opts *o);
int gd_assemble(const gd_opts *o);
int gd_run(const gd_opts *o);

/* Reads FILE: a bare entry (*bare = 1, data holds it) or an NSF file (nsf). */
int gd_load(const char *path, relic_buf *data, nsf_file *nsf, int *bare, relic_err *err);
/* Finds and decodes the GOOL entry NAME (or the bare entry). */
int gd_entry(const gd_opts *o, const relic_buf *data, const nsf_file *nsf, int bare, gool_entry *g, relic_err *err);

#endif
