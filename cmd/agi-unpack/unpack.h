/* agi-unpack internals: option values and the run itself. */
#ifndef AGI_UNPACK_H
#define AGI_UNPACK_H

#include <stdint.h>
#include "relic/agi.h"

typedef struct unpack_select {
    uint8_t want[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
} unpack_select;

typedef struct unpack_opts {
    const char *game_dir, *out_dir;
    int list, json, have_select;
    const agi_profile *profile;
    unpack_select select;
} unpack_opts;

int unpack_parse_only(const char *arg, unpack_select *sel);
int unpack_run(const unpack_opts *o);

#endif
