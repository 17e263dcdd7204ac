/* agi-unpack internals: option values and the run itself. */
#ifndef AGI_UNPACK_H
#define AGI_UNPACK_H

#include <stdint.h>
#include <jansson.h>
#include "image.h"
#include "relic/agi.h"

typedef struct unpack_select {
    uint8_t want[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
} unpack_select;

typedef struct unpack_opts {
    const char *game_dir, *out_dir;
    int list, json, have_select;
    int render_sounds;             /* --sounds: export_sound.c */
    int raw_only;                  /* --raw: payloads and JSON, no images or sources */
    int write_asm;             /* --asm: logic listings beside the sources */
    const agi_profile *profile;
    unpack_select select;
    unsigned scale;           /* picture/view images: enlargement (0 = 1) */
    cli_aspect aspect;        /* --aspect [2:1|4:3] */
    unsigned fps;             /* view loop GIFs (0 = 10) */
    unsigned agipal;          /* --palette N: AGIPAL pal.N for images (0 = EGA) */
} unpack_opts;

typedef struct unpack_ctx {
    const unpack_opts *o;
    agi_game game;
    uint8_t palette[16 * 3];       /* colours of picture and view images */
    unsigned extensions;           /* AGI_EXT_* found (agi_extensions_detect) */
    char ext_why[4][240];
    unsigned ext_why_count;
    json_t *resources;
    int errors;
    int warnings;                  /* data read the lenient way the interpreter reads it */
    int io_failed;
} unpack_ctx;

int unpack_parse_only(const char *arg, unpack_select *sel);
int unpack_run(const unpack_opts *o);

/* For exporters (export.c): write OUT/rel (bytes, or JSON when doc is set),
 * refusing names that leave OUT; returns nonzero on failure (reported). */
int unpack_write(unpack_ctx *x, const char *rel, const void *data, size_t len, const json_t *doc);
/* Reports a decoding error of one resource: one stderr line naming the
 * volume file and offset, status "error" in its row, exit status 1. */
void unpack_fail(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, relic_err *err, json_t *row);
/* Reports a decoder's warning (count > 0): printed once per resource with
 * its volume offset (payload_offset inside the expanded payload), counted
 * in game.json "warnings", and kept in the row's "warning". */
void unpack_warn(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, unsigned count, const char *msg,
                 size_t payload_offset, json_t *row);
/* Runs every exporter registered for the resource's kind (export.c). */
void unpack_export(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, const relic_buf *payload,
                   json_t *row);

#endif
