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

#ifdef __cplusplus
}
#endif

#endif
