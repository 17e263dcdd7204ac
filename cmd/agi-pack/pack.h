/* agi-pack internals. */
#ifndef AGI_PACK_H
#define AGI_PACK_H

#include "relic/agi.h"

typedef struct pack_opts {
    const char *src_dir, *out_dir;
    agi_build_opts build;
} pack_opts;

int pack_run(const pack_opts *o);

#endif
