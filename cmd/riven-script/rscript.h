/* riven-script internals: the loaded archives and their NAME resources,
 * shared by the listing, decompiling, extracting and running parts. */
#ifndef RSCRIPT_H
#define RSCRIPT_H

#include <jansson.h>
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven.h"
#include "relic/riven_script_json.h"

typedef struct rs_archive {
    const char *path;
    relic_map map; /* archives are mapped: they can be tens of MB */
    mhk_archive a;
} rs_archive;

typedef struct rs_ctx {
    rs_archive *ar;
    size_t n;
    riven_names names[6]; /* NAME 1..5 from the first archive that has each */
    riven_nameset ns;
    int json;
    const char *audio_format;
} rs_ctx;

typedef struct rs_opts {
    int list, all, run, build, have_card, have_hotspot, nclicks;
    unsigned long card, hotspot, max_steps;
    const char *extract, *trace, *vars, *out;
    const char *clicks[64];
} rs_opts;

/* The resource and its archive, or NULL. */
const mhk_resource *rs_find(const rs_ctx *c, uint32_t tag, uint16_t id, const rs_archive **which);
/* Prints doc as JSON or as the text the caller's formatter makes from it. */
int rs_print(const rs_ctx *c, json_t *doc, int (*text)(const json_t *, relic_buf *, relic_err *));

json_t *rs_list(const rs_ctx *c);
int rs_list_text(const json_t *doc, relic_buf *out, relic_err *err);
/* Decompiled cards and hotspots (card < 0: all). */
int rs_decompile(const rs_ctx *c, long card, long hotspot, json_t **doc, relic_err *err);
int rs_decompile_text(const json_t *doc, relic_buf *out, relic_err *err);
int rs_extract(const rs_ctx *c, const char *out_dir, json_t **summary, relic_err *err);
int rs_run(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err);

#endif
