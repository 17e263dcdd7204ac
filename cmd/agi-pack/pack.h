/* agi-pack internals. */
#ifndef AGI_PACK_H
#define AGI_PACK_H

#include <jansson.h>
#include "relic/agi.h"

typedef struct pack_opts {
    const char *src_dir, *out_dir;
    agi_build_opts build;
    const agi_profile *profile; /* --profile; NULL: game.json's, else any */
    int keep_layout;            /* --keep-layout: game.json's "container" */
} pack_opts;

/* What logic sources are compiled against (pack_logic.c). */
typedef struct pack_names {
    agi_words words;
    agi_objects objects;
    int have_words, have_objects;
    const agi_profile *profile;
    unsigned extensions; /* AGI_EXT_* named in game.json's "extensions" */
} pack_names;

int pack_names_load(const pack_opts *o, pack_names *n, relic_err *err);
void pack_names_free(pack_names *n);
/* Compiles SRC/logic/logicNNN.lgc (else assembles logicNNN.asm) into out:
 * 1 done, 0 no source, -1 error
 * (err says file:line:column). */
int pack_logic_source(const pack_opts *o, const pack_names *n, unsigned num, relic_buf *out, relic_err *err);

/* SRC/name as JSON: NULL with *failed 0 when absent, NULL with *failed 1
 * and err set (file, line) when it does not parse (pack_logic.c). */
json_t *pack_json_load(const char *src_dir, const char *name, relic_err *err, int *failed);

int pack_run(const pack_opts *o);

#endif
