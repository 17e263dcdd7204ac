/* AGI pictures (agi-spec picture_resources.md): the command stream drawn
 * onto two 160x168 planes of 4-bit values, visual colour and
 * priority/control, plus the 16-colour EGA palette both are shown with. */
#ifndef RELIC_AGI_PICTURE_H
#define RELIC_AGI_PICTURE_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi_profile.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_PIC_WIDTH 160
#define AGI_PIC_HEIGHT 168
#define AGI_PIC_CELLS (AGI_PIC_WIDTH * AGI_PIC_HEIGHT) /* 26,880 */

/* The 16 EGA colours as RGB triples, index = AGI colour number. */
extern const uint8_t agi_ega_palette[16 * 3];

/* Nearest-neighbour enlargement of a w x h index image into dst
 * (w*sx by h*sy): each pixel becomes an sx by sy block.  sx = 2 * scale
 * gives the EGA screen's double-wide pixels. */
void agi_scale(const uint8_t *src, unsigned w, unsigned h, unsigned sx, unsigned sy, uint8_t *dst);

/* Called after every executed command (see agi_picture_opts.on_command). */
typedef void (*agi_picture_step_fn)(void *ctx, unsigned long command, const uint8_t *visual, const uint8_t *priority);

typedef struct agi_picture_opts {
    int overlay;                    /* draw over the planes as given (else clear to 15 / 4 first) */
    unsigned long max_steps;        /* stop after this many commands; 0 = no limit */
    agi_picture_step_fn on_command; /* optional: sees the planes after each command */
    void *ctx;
} agi_picture_opts;

typedef struct agi_picture_stats {
    unsigned long commands; /* commands executed (bytes 0xf0.. dispatched) */
    unsigned long fills;    /* seeds that filled at least one cell */
    unsigned long ignored;  /* bytes skipped at command boundaries */
    size_t end_offset;      /* offset of the final 0xff, or where the step limit stopped */
    int stopped;            /* 1 when max_steps ended the drawing early */
} agi_picture_stats;

/* What to draw and where: the expanded payload, the profile whose rules
 * apply (required: NULL is RELIC_EUSAGE, there is no default), and the two
 * planes, AGI_PIC_CELLS bytes each, row-major, one value 0..15 per byte. */
typedef struct agi_picture_args {
    const uint8_t *payload;
    size_t len;
    const agi_profile *profile;
    uint8_t *visual, *priority;
    const agi_picture_opts *opts; /* may be NULL */
} agi_picture_args;

/* Draws a picture.  A stream without its final 0xff, a truncated raw
 * operand, or a command byte the profile does not define (0xfb..0xfe in
 * profiles with patterns) is RELIC_EDATA with the offset; the planes then
 * hold what was drawn up to there.  st may be NULL. */
int agi_picture_draw(const agi_picture_args *a, agi_picture_stats *st, relic_err *err);

/* ---- the form of a picture resource (picture_form.c) ---------------------
 * A picture resource holds the vector command stream above, or an
 * extension's raw bitmap (AGI256, AGI256-2: agi256.c).  Which one is decided here
 * once, for every tool; a new form is one row in picture_form.c. */
typedef enum agi_picture_form_id { AGI_PICTURE_FORM_VECTOR, AGI_PICTURE_FORM_AGI256 } agi_picture_form_id;

/* What a raw bitmap's decoding filled in or left out (warn when non-zero). */
typedef struct agi_picture_raw_info {
    unsigned white_filled; /* pixels past a short payload, left white */
    size_t ignored_bytes;  /* bytes past the screen */
} agi_picture_raw_info;

typedef struct agi_picture_form {
    agi_picture_form_id id;
    const char *name;   /* "vector", "agi256" */
    unsigned extension; /* the AGI_EXT_* flags (agi_ext.h), any of which a game's data must show; 0: none */
    unsigned colors;    /* palette entries of the visual plane: 16 or 256 */
    /* A raw bitmap's decoder: fills the 160x168 visual plane with palette
     * indices (the priority plane has none; it stays cleared, 4).  NULL
     * for the vector form (agi_picture_draw). */
    int (*decode_raw)(const uint8_t *data, size_t len, uint8_t visual[AGI_PIC_CELLS], agi_picture_raw_info *info,
                      relic_err *err);
    /* The palette of a raw form (colors RGB triples); NULL: the game's EGA
     * palette. */
    void (*palette)(uint8_t *rgb);
} agi_picture_form;

/* The form of a picture payload.  extensions: the AGI_EXT_* flags the
 * game's data shows (agi_extensions_detect): a raw form needs its flag
 * there and the payload's shape; NULL for a payload read without its game,
 * whose shape is then its only evidence.  Never NULL: the vector form when
 * no raw form fits. */
const agi_picture_form *agi_picture_form_of(const uint8_t *data, size_t len, const unsigned *extensions);

#ifdef __cplusplus
}
#endif

#endif
