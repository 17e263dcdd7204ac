/* agi-unpack internals: option values and the run itself (unpack.c). */
#ifndef AGI_UNPACK_H
#define AGI_UNPACK_H

#include <stdint.h>
#include <jansson.h>
#include "image.h"
#include "relic/agi.h"

typedef struct unpack_select {
    uint8_t want[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
} unpack_select;

/* --views: which forms of each view are written (views/viewNNN.json always). */
enum {
    UNPACK_VIEW_CELS = 1,   /* loopL_celC.png */
    UNPACK_VIEW_SHEETS = 2, /* loopL.png */
    UNPACK_VIEW_GIFS = 4,   /* loopL.gif */
    UNPACK_VIEW_ALL = 7
};

typedef struct unpack_opts {
    const char *game_dir, *out_dir;
    int list, json, have_select;
    int probe;         /* --json without -o or --list: say what the game is, write nothing */
    int render_sounds; /* --sounds: export_sound.c */
    int raw_only;      /* --raw: payloads and JSON, no images or sources */
    int write_asm;     /* --asm: logic listings beside the sources */
    const agi_profile *profile;
    unpack_select select;
    unsigned scale;    /* picture/view images: enlargement (0 = 1) */
    cli_aspect aspect; /* --aspect [1:1|2:1|4:3] */
    int aspect_given;  /* 0: pictures and cels 1:1, view sheets and GIFs 2:1 */
    unsigned fps;      /* view loop GIFs (0 = 10) */
    unsigned jobs;     /* -j: workers (0 = one per processor) */
    unsigned views;    /* UNPACK_VIEW_* bits */
    unsigned agipal;   /* --palette N: AGIPAL pal.N for images (0 = EGA) */
    /* Set by unpack_run for the exporters (every worker shares them). */
    uint8_t palette[16 * 3]; /* colours of picture and view images */
    unsigned extensions;     /* AGI_EXT_* found (agi_extensions_detect) */
} unpack_opts;

int unpack_parse_only(const char *arg, unpack_select *sel);
/* "cels,sheets,gifs" (any of them, or "none") into UNPACK_VIEW_* bits. */
int unpack_parse_views(const char *arg, unsigned *views);
int unpack_run(const unpack_opts *o);

#endif
