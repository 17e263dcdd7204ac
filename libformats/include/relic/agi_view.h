/* AGI views (agi-spec view_resources.md): loops of cels, run-length rows,
 * the embedded description, and the stateful mirroring a loop selection
 * performs on the loaded resource. */
#ifndef RELIC_AGI_VIEW_H
#define RELIC_AGI_VIEW_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi_profile.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One distinct cel structure of the payload; loops that point at the same
 * bytes share it, and with it its orientation state. */
typedef struct agi_cel {
    size_t offset; /* payload offset of the cel header */
    uint8_t width, height;
    uint8_t control;        /* current control byte (bits 0x70 change on mirroring) */
    uint8_t stored_control; /* as in the file */
    uint8_t transparent;    /* control & 0x0f; a wide cel's whole control byte */
    /* 1: an AGI256 0xF00F cel (agi_view_decode_agi256): each row byte is
     * one pixel of that colour, 0 ends the row, and it never mirrors. */
    uint8_t wide;
    uint8_t *rows; /* current row stream, `height` zero-terminated rows */
    size_t rows_len;
    size_t rows_cap;
} agi_cel;

/* One distinct loop structure (shared the same way). */
typedef struct agi_loop_data {
    size_t offset;
    uint8_t header; /* current first byte (2.230: bits 0x30 change) */
    uint8_t stored_header;
    unsigned cel_count;
    unsigned *cel; /* indices into agi_view.cels */
} agi_loop_data;

typedef struct agi_view {
    int packed_loops;    /* profile 2.230 loop headers */
    int wide;            /* an AGI256 view: every cel wide */
    uint8_t reserved[2]; /* payload bytes 0 and 1 */
    unsigned loop_count;
    unsigned *loop; /* loop number -> index into loops */
    agi_loop_data *loops;
    unsigned loops_len;
    agi_cel *cels;
    unsigned cels_len;
    size_t description_offset; /* 0: none */
    uint8_t *description;      /* zero-terminated bytes, NULL when none */
    size_t description_len;
    /* Oddities read the way the interpreter reads them (a loop with fewer
     * cels than its header says, a row wider than its cel when mirrored):
     * counted, the first described, never fatal. */
    unsigned warnings;
    size_t warning_offset; /* payload offset of the first */
    char warning[160];
} agi_view;

/* Decodes the structure and copies every cel's rows (each row must end
 * inside the payload).  p NULL: 2.936 rules.  On error v holds nothing. */
int agi_view_decode(const uint8_t *payload, size_t len, const agi_profile *p, agi_view *v, relic_err *err);
/* The same for an AGI256 game's 0xF00F view (agi_ext.h): the loop and cel
 * tables as above, every cel wide (ScummVM engines/agi view.cpp
 * decodeView, sprite blitting: a whole byte per pixel, no run lengths, no
 * mirroring, the cel header's third byte the whole clear key). */
int agi_view_decode_agi256(const uint8_t *payload, size_t len, const agi_profile *p, agi_view *v, relic_err *err);
void agi_view_free(agi_view *v);

/* Selecting a loop, as the interpreter does before drawing it: per-cel
 * (or, in 2.230, per-loop) orientation state is compared with the loop
 * number and the shared rows are mirrored when it differs.  The only error
 * is running out of memory. */
int agi_view_select_loop(agi_view *v, unsigned loop, relic_err *err);

/* The cel at (loop, cel) as currently oriented. */
const agi_cel *agi_view_cel(const agi_view *v, unsigned loop, unsigned cel);
/* Pixels of a cel, width*height bytes row-major; transparent pixels hold
 * the cel's transparent colour. */
void agi_cel_pixels(const agi_cel *c, uint8_t *out);

/* The composition primitive ("Baseline placement", "Transparency and
 * priority composition"): draws cel c with its left edge at x and its
 * bottom row at baseline_y, at object priority p (0..15), onto the two
 * 160x168 planes.  Placement is adjusted as the spec says (a top above
 * row 0 shifts the cel left and down; a right edge past 159 moves it
 * left); cells left of or below the surface are skipped.  As AGI 2.936
 * draws into its linear 160-byte-wide buffer, a row's runs are drawn whole
 * (past the cel's width, and past column 159 on into the rows below) and
 * a visible run of length 0 counts 65536 cells. */
void agi_cel_draw(const agi_cel *c, int x, int baseline_y, uint8_t p, uint8_t *visual, uint8_t *priority);

/* A mirrored row is at most this many bytes longer than its source: up to
 * 255 pixels of leading transparent runs of 15. */
#define AGI_VIEW_MIRROR_EXTRA 19
/* Mirrors one row (`row` up to and including its zero) into out (room for
 * at least rowlen + AGI_VIEW_MIRROR_EXTRA bytes); returns the mirrored
 * length.  A row wider than the cel is shifted right by (width - total)
 * mod 256 pixels, as AGI 2.936 mirrors it. */
size_t agi_view_mirror_row(const uint8_t *row, size_t rowlen, unsigned width, uint8_t transparent, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
